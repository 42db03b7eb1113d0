import EaselHost
import EaselPreview
import EaselRender
import Foundation
import Glibc

/// How `host serve` listens.
package struct ServeConfiguration: Sendable {
    /// The address to bind (numeric). Loopback by default; anything else needs a token.
    package var address = "127.0.0.1"
    package var port: UInt16 = 8750
    /// Required in every request (`?token=`, a cookie, or `Authorization: Bearer`) when set; set
    /// whenever `address` is not a loopback address.
    package var token: String?
    package var maximumBodySize = 1 << 20
    package var maximumEventClients = 32
    package var maximumConnections = 64
    /// Seconds an idle connection (a keep-alive socket between requests, or one that sends nothing)
    /// stays open: 64 idle sockets from a script shut the page out for this long, not minutes.
    /// A request being answered and an event stream are not idle.
    package var idleTimeout: UInt32 = 5
    /// The page's files (see ``PageFiles``).
    package var pageDirectory: String
    /// The name the program was run as (`host` or `easel`), for the messages and the command lines
    /// the server and the page show (`GET /api/classes`' `program`).
    package var programName = "host"

    package init(pageDirectory: String) { self.pageDirectory = pageDirectory }

    /// Whether the address is a loopback one (127.0.0.0/8 or ::1).
    package var isLoopback: Bool { address.hasPrefix("127.") || address == "::1" }
}

/// The live designer's HTTP server: the page, the JSON API (schema `easel.serve/1`) and the event
/// stream, on top of a ``DesignSession`` (the one engine of reloads, values and renders).
///
/// Security, as a local server a browser talks to must have it:
/// - it binds 127.0.0.1 unless told otherwise, and then requires a random token;
/// - a request whose `Host` is not a loopback name or address with the server's port is refused
///   (DNS rebinding), unless the server was bound elsewhere on purpose (then the token protects it);
/// - a POST whose `Origin` is not the server's own, or whose body is not `application/json`, is
///   refused (CSRF: a form or a foreign page cannot send JSON without a preflight, which is never
///   granted); other methods are refused;
/// - a request another site's page makes (`Sec-Fetch-Site` cross-site or same-site: an `<img>`, a
///   fetch, an EventSource) is refused, whatever its method; a link followed to the page is not;
/// - only the page's files and plugins' resource folders are served, never through `..` (decoded or
///   not), absolute paths, hidden names or symbolic links that lead out;
/// - bodies are bounded (413), event-stream clients are bounded (503), renders obey the renderer's
///   size limits and each plugin call its time budget.
///
/// Thread rule: requests arrive on the connections' threads, concurrently. Those that call a plugin
/// (previews, renders, actions) go through the session's lock; edits that need none (values, scene
/// edits, saves, a scene file's choices) take only the session's state lock (see ``DesignSession``) and
/// answer from the snapshot they publish; those that only read (the class list, a class, thumbnails, resources, scenes,
/// the page's files, the event stream) read one ``SessionSnapshot`` and never wait for a plugin
/// call in progress (a draw that hangs until its time budget).
package final class DesignerServer: @unchecked Sendable {
    package let configuration: ServeConfiguration
    package let session: DesignSession
    package let hub: EventHub
    private var http: HTTPServer!
    /// Identical previews queued behind a plugin call share one render.
    let renders = SharedRenders()
    /// Every render's memory, reserved before it draws (``RenderAdmission``).
    let admission = RenderAdmission()

    package init(session: DesignSession, hub: EventHub, configuration: ServeConfiguration) throws {
        self.session = session
        self.hub = hub
        self.configuration = configuration
        http = try HTTPServer(address: configuration.address, port: configuration.port,
                              maximumBodySize: configuration.maximumBodySize,
                              maximumConnections: configuration.maximumConnections, idleTimeout: configuration.idleTimeout,
                              gate: { [unowned self] in self.gate($0) },
                              handler: { [unowned self] in self.respond($0) })
        try http.start() // only now: a request queued meanwhile reads `port`, that is `http`
    }

    /// The port the server listens on.
    package var port: UInt16 { http.port }

    /// The page's address (with the token when there is one).
    package var url: String {
        let host = configuration.address.contains(":") ? "[\(configuration.address)]" : configuration.address
        return "http://\(host):\(port)/" + (configuration.token.map { "?token=\($0)" } ?? "")
    }

    package func stop() {
        hub.close()
        http.stop()
    }

    /// Pushes a session event to the page.
    package static func publish(_ event: SessionEvent, to hub: EventHub) {
        let (name, data) = ServeJSON.event(event)
        hub.publish(name, data: data.compactText)
    }

    /// Whether `given` is `token`, compared in a time that does not depend on where they differ
    /// (only on the length given), so that the token cannot be guessed a character at a time.
    static func token(_ given: String?, matches token: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(token.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<a.count { difference |= a[i] ^ (i < b.count ? b[i] : 0) }
        return difference == 0
    }

    /// A random token: 128 bits from the kernel, hex.
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator() // getrandom(2)
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    // MARK: - The gate: decided from the headers, before any body is read

    func gate(_ request: HTTPRequest) -> HTTPResponse? {
        guard ["GET", "HEAD", "POST"].contains(request.method) else {
            return error(405, "method \(request.method) is not allowed (expected GET or POST)", headers: [("Allow", "GET, HEAD, POST")])
        }
        guard request.path.hasPrefix("/") else {
            // "GET http://evil.example/x": answered as the page file "ttp://evil.example/x".
            return error(400, "the request target \(request.path.quoted) is not a path (expected one starting with /)")
        }
        if configuration.isLoopback {
            let host = request.header("host") ?? ""
            let allowed = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
            guard allowed.contains(host.lowercased()) else {
                return error(421, "Host \(host.quoted) is not this server (expected one of: \(allowed.joined(separator: ", ")))")
            }
        }
        if let token = configuration.token {
            let given = request.query["token"] ?? request.cookies["easel_token"]
                ?? request.header("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
            guard Self.token(given, matches: token) else { return error(403, "a token is required (open the URL \(configuration.programName) serve printed)") }
        }
        // Fetch metadata, which browsers send with every request: what another site's page asks for
        // (an <img> of /api/preview at 10000×10000, over and over; an EventSource taking the event
        // slots) is refused whatever its method; following a link to the page is not. An <img> or
        // EventSource sends no Origin (or one the POST rule never sees), so the rule below missed them.
        if let site = request.header("sec-fetch-site"), site != "same-origin", site != "none" {
            let navigation = request.method == "GET" && request.header("sec-fetch-mode") == "navigate" && !request.path.hasPrefix("/api/")
            guard navigation else {
                return error(403, "\(request.method) \(request.path) came from another site's page (Sec-Fetch-Site: \(site)); only the designer's own page may ask (expected same-origin)")
            }
        }
        if request.method == "POST" {
            if let origin = request.header("origin") {
                let own = "http://" + (request.header("host") ?? "")
                guard origin == own else {
                    return error(403, "Origin \(origin.quoted) is not this server's (\(own)); cross-site requests are refused")
                }
            }
            // Exactly application/json (parameters allowed; a charset only UTF-8, JSON's own).
            let type = request.header("content-type") ?? ""
            let media = MediaType(type)
            guard media?.essence == "application/json", media?.parameter("charset").map({ $0.lowercased() == "utf-8" }) ?? true else {
                return error(415, "the body must be JSON (Content-Type: application/json), not \(type.quoted)")
            }
        }
        return nil
    }

    // MARK: - Routes

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let start = DesignSession.now()
            var response = try route(request)
            // How long the server took, request in to image bytes out (Scripts/bench-serve reads it).
            if response.headers.contains(where: { $0.0 == "Content-Type" && $0.1.hasPrefix("image/") || $0.1 == "application/pdf" }) {
                response.headers.append(("Server-Timing", "render;dur=\(String(format: "%.3f", (DesignSession.now() - start) * 1000))"))
            }
            return response
        } catch let e as HostError {
            return json(ServeJSON.status(e), ServeJSON.error(e))
        } catch let refusal as RenderRefusal {
            var response = json(503, ServeJSON.error(refusal.error))
            if let seconds = refusal.retryAfter { response.headers.append(("Retry-After", String(seconds))) }
            return response
        } catch {
            return json(500, ServeJSON.error(HostError(.internalError, "\(error)")))
        }
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = request.path
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch (request.method, segments.first ?? "") {
        case ("POST", "api"):
            switch segments.dropFirst().first {
            case "render": return try render(request)
            case "values": return try setValues(request)
            case "actions": return try invokeAction(request)
            case "scenes":
                let rest = Array(segments.dropFirst(2))
                if rest.count == 1, let i = Int(rest[0]) { return try editScene(i, request) }
                if rest.count == 2, let i = Int(rest[0]) {
                    switch rest[1] {
                    case "save": try session.saveScene(at: i)
                    // The file changed on disk under unsaved edits: take the file's, or keep the edits.
                    case "reload": try session.reloadSceneFromDisk(at: i)
                    case "keep": try session.keepSceneEdits(at: i)
                    // The edits a previous serve kept as it stopped: take them, or remove their file.
                    case "restore": try session.restoreKeptEdits(at: i)
                    case "discard": try session.discardKeptEdits(at: i)
                    default: throw HostError(.notFound, "no such endpoint: POST \(path) (expected save, reload, keep, restore or discard)")
                    }
                    publishScene(i)
                    return json(200, try sceneDetail(i))
                }
            default: break
            }
        case (_, "api"):
            switch Array(segments.dropFirst()) {
            case ["classes"]:
                return json(200, ServeJSON.classes(session.snapshot, directories: session.options.directories, program: configuration.programName))
            case let s where s.count == 2 && s[0] == "classes":
                guard let detail = ServeJSON.classDetail(session.snapshot, s[1]) else { throw unknownClass(s[1]) }
                return json(200, detail)
            case ["preview"]: return try preview(request)
            case let s where s.count == 2 && s[0] == "thumbnail": return try thumbnail(s[1])
            case let s where s.count >= 3 && s[0] == "resources": return try resource(s[1], s[2...].joined(separator: "/"))
            case ["scenes"]:
                let snapshot = session.snapshot
                return json(200, .object([ServeJSON.schema, ("scenes", .array(snapshot.openScenes.enumerated().map { i, s in
                    .object([("file", .string(s.scene.file)), ("dirty", .bool(s.edited)), ("instances", .integer(Int64(s.scene.instances.count))),
                             ("deletedOnDisk", .bool(snapshot.sceneFileStatus(at: i).deletedOnDisk)),
                             ("newFile", .bool(snapshot.sceneFileStatus(at: i).isNew))])
                }))]))
            case let s where s.count == 2 && s[0] == "scenes":
                guard let i = Int(s[1]) else { break }
                return json(200, try sceneDetail(i))
            case let s where s.count == 3 && s[0] == "scenes" && s[2] == "preview":
                guard let i = Int(s[1]) else { break }
                return try scenePreview(i, request)
            case ["events"]:
                guard let stream = hub.subscribe() else {
                    return error(503, "too many event-stream clients (at most \(hub.maximumClients))")
                }
                return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
                                                           ("X-Accel-Buffering", "no")], body: .stream(stream))
            default: break
            }
        case ("POST", _):
            break
        default:
            return try page(path == "/" ? "index.html" : String(path.dropFirst()), request)
        }
        if segments.first == "api" {
            let allowed = Self.methods(of: Array(segments.dropFirst()))
            if !allowed.isEmpty {
                // GET /api/render was "no such API endpoint", as if there were none.
                let names = allowed.contains("GET") ? allowed + ["HEAD"] : allowed
                return error(405, "\(request.method) \(path): this endpoint takes \(allowed.joined(separator: " or "))"
                             + (allowed == ["POST"] ? " with a JSON body" : "") + " (see the manual, reference/http-api.md)",
                             headers: [("Allow", names.joined(separator: ", "))])
            }
        }
        throw HostError(.notFound, "no such API endpoint: \(request.method) \(path) (see the manual, reference/http-api.md)")
    }

    /// The methods the API endpoint at `segments` (after `/api`) answers; none: there is no such endpoint.
    static func methods(of segments: [String]) -> [String] {
        let scene = segments.count >= 2 && segments[0] == "scenes" && Int(segments[1]) != nil
        switch segments.count {
        case 1 where ["render", "values", "actions"].contains(segments[0]): return ["POST"]
        case 1 where ["classes", "preview", "scenes", "events"].contains(segments[0]): return ["GET"]
        case 2 where ["classes", "thumbnail"].contains(segments[0]): return ["GET"]
        case 2 where scene: return ["GET", "POST"]
        case 3 where scene && segments[2] == "preview": return ["GET"]
        case 3 where scene && ["save", "reload", "keep"].contains(segments[2]): return ["POST"]
        case 3... where segments[0] == "resources": return ["GET"]
        default: return []
        }
    }

    private func page(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        guard let file = ResourceFiles.file(name, under: configuration.pageDirectory),
              let data = try ResourceFiles.contents(file, expected: "a page file") else {
            throw HostError(.notFound, "no such page file: /\(name)")
        }
        // The page may save scenes: it is never framed by another page (clickjacking).
        var headers: [(String, String)] = [("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
                                           ("X-Frame-Options", "DENY"),
                                           ("Content-Security-Policy", "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")]
        if let token = configuration.token, Self.token(request.query["token"], matches: token) {
            headers.append(("Set-Cookie", "easel_token=\(token); Path=/; HttpOnly; SameSite=Strict"))
        }
        return HTTPResponse(status: 200, contentType: ResourceFiles.contentType(name), bytes: data, headers: headers)
    }

    private func resource(_ className: String, _ relative: String) throws -> HTTPResponse {
        guard let info = session.classInfo(named: className) else { throw unknownClass(className) }
        let root = PluginLoader.resourceDirectory(for: info.plugin.path)
        let file = ResourceFiles.file(relative, under: root)
        let found: [UInt8]?
        do { found = try file.flatMap { try ResourceFiles.contents($0, expected: "a resource") } } catch let e as HostError {
            throw e.with(className: className)
        }
        guard let file, let data = found else {
            throw HostError(.notFound, "no such resource \(relative.quoted) of class \(className)", file: root)
        }
        // A plugin's SVG opened on its own (a new tab) ran its scripts at the designer's origin, which
        // may save scenes: resources are shown sandboxed, with no script (an <img> is unaffected).
        return HTTPResponse(status: 200, contentType: ResourceFiles.contentType(file), bytes: data,
                            headers: [("X-Content-Type-Options", "nosniff"),
                                      ("Content-Security-Policy", "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")])
    }

    private func thumbnail(_ className: String) throws -> HTTPResponse {
        guard let state = session.state(of: className) else { throw unknownClass(className) }
        guard let png = state.preview else {
            throw HostError(.notFound, "class \(className) has no preview yet" + (state.failure.map { ": " + $0.reason } ?? ""))
        }
        return HTTPResponse(status: 200, contentType: "image/png", bytes: png, headers: [("Cache-Control", "no-cache")])
    }

    /// `POST /api/values` `{"class": NAME, "values": {name: value|null}}`: values the session holds
    /// for the class (null resets to the default), checked first; answers with the class's detail.
    private func setValues(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.object(request.body)
        guard let className = try Self.string(body["class"], "class") else { throw HostError(.badData, "request body: expected \"class\"") }
        guard let values = body["values"] as? [String: Any] else { throw HostError(.badData, "request body: values: expected an object") }
        var changes: [(name: String, text: String?)] = []
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            changes.append((name, value is NSNull ? nil : try AttributeText.text(value, path: "values.\(name)", file: "request body")))
        }
        try session.setValues(changes, for: className)
        publishValuesChanged(className)
        guard let detail = ServeJSON.classDetail(session.snapshot, className) else { throw unknownClass(className) }
        return json(200, detail)
    }

    /// Tells every page that the values held for a class changed (an edit or an action, from any
    /// page or script): the `values` event. Values live in the server, so that every tab shows the
    /// same; the other tabs went on showing the old values and frame until they were reloaded.
    private func publishValuesChanged(_ className: String) {
        hub.publish("values", data: JSON.object([ServeJSON.schema, ("className", .string(className)), ("text", .array([]))]).compactText)
    }

    /// `POST /api/actions` `{"class": NAME, "action": NAME, "argument": VALUE | null}`: calls the action
    /// (easel.actions/1) on the class's live instance; what it changes and the frames it asks for
    /// follow as `values` and `redraw` events. Answers the class as `GET /api/classes/NAME` does.
    /// (Added by the abi work, issue 9.)
    private func invokeAction(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.object(request.body)
        guard let className = try Self.string(body["class"], "class") else { throw HostError(.badData, "request body: expected \"class\"") }
        guard let action = try Self.string(body["action"], "action") else { throw HostError(.badData, "request body: expected \"action\"") }
        try session.withLock {
            guard let info = session.classInfo(named: className) else { throw unknownClass(className) }
            let text = try body["argument"].flatMap { $0 is NSNull ? nil : try AttributeText.text($0, path: "argument", file: "request body") }
            let argument = try info.requireAction(action).parse(text, file: "request body", className: className)
            try session.invoke(action, argument: argument, on: className)
        }
        publishValuesChanged(className)
        guard let detail = ServeJSON.classDetail(session.snapshot, className) else { throw unknownClass(className) }
        return json(200, detail)
    }

    /// A scene as the designer edits it: the document, whether it has unsaved edits, the classes its
    /// instances use (as `GET /api/classes/NAME` describes them) and, by class name, their plugins'
    /// image resources (the Image chooser's list).
    private func sceneDetail(_ index: Int) throws -> JSON {
        let snapshot = session.snapshot // (one state throughout; no plugin call)
        let scenes = snapshot.openScenes
        guard scenes.indices.contains(index) else { throw HostError(.notFound, "no scene number \(index) (there are \(scenes.count))") }
        let scene = scenes[index].scene
        let names = Array(Set(scene.instances.map(\.className))).sorted()
        var classes: [JSON] = []
        var resources: [(String, JSON)] = []
        var unavailable: [(String, JSON)] = []
        for name in names {
            guard case .object(let members)? = ServeJSON.classDetail(snapshot, name),
                  let cls = members.first(where: { $0.0 == "class" })?.1 else {
                unavailable.append((name, unavailableClass(name, snapshot)))
                continue
            }
            classes.append(cls)
            resources.append((name, members.first { $0.0 == "resources" }?.1 ?? .array([])))
        }
        let status = snapshot.sceneFileStatus(at: index)
        return .object([ServeJSON.schema, ("file", .string(scene.file)), ("dirty", .bool(scenes[index].edited)),
                        ("revision", .integer(Int64(snapshot.sceneRevision(at: index)))),
                        ("fileError", sceneFileError(status.error)),
                        ("changedOnDisk", .bool(status.changedOnDisk)), ("deletedOnDisk", .bool(status.deletedOnDisk)),
                        ("newFile", .bool(status.isNew)),
                        ("keptEdits", snapshot.offeredKeptEditsFile(at: index).map(JSON.string) ?? .null),
                        ("document", scene.document),
                        ("instanceIds", .array(scene.instances.map { .integer(Int64($0.identity ?? 0)) })),
                        ("classes", .array(classes)), ("resources", .object(resources)),
                        ("unavailable", .object(unavailable))])
    }

    /// `POST /api/scenes/N` `{"document": {…scene…}}`: the edited scene, checked (structure, and the
    /// attributes that changed against their classes) before it replaces the open one.
    private func editScene(_ index: Int, _ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.object(request.body)
        guard let document = body["document"] else { throw HostError(.badData, "request body: expected \"document\" (a scene object)") }
        let scenes = session.openScenes
        guard scenes.indices.contains(index) else { throw HostError(.notFound, "no scene number \(index)") }
        let scene = try Scene.parse(try JSONSerialization.data(withJSONObject: document), file: scenes[index].scene.file)
        let revision = try body["revision"].map { value -> Int in
            guard let n = value as? NSNumber, let i = Int(exactly: n.doubleValue), i >= 0 else {
                throw HostError(.badData, "request body: revision: expected the scene's revision (a whole number from GET /api/scenes/\(index))")
            }
            return i
        }
        // Who each instance is (GET /api/scenes/N's instanceIds, null for one the edit adds): the
        // values held for an instance follow it, not its place in the list.
        let identities = try body["instanceIds"].map { value -> [Int?] in
            guard let list = value as? [Any] else {
                throw HostError(.badData, "request body: instanceIds: expected an array (one identity or null per instance, from GET /api/scenes/\(index))")
            }
            return try list.enumerated().map { i, item in
                if item is NSNull { return nil }
                guard let n = item as? NSNumber, let id = Int(exactly: n.doubleValue) else {
                    throw HostError(.badData, "request body: instanceIds[\(i)]: expected an instance's identity (a whole number from GET /api/scenes/\(index)) or null")
                }
                return id
            }
        }
        let now = try session.replaceScene(at: index, with: scene, basedOn: revision, identities: identities)
        // Every page showing the scene reads it again (another tab's next edit undid this one).
        publishScene(index)
        return json(200, .object([ServeJSON.schema, ("dirty", .bool(true)), ("revision", .integer(Int64(now))),
                                  ("instanceIds", .array(session.sceneInstanceIdentities(at: index).map { .integer(Int64($0)) }))]))
    }

    /// Why a scene's instances of `name` cannot be drawn: no loaded build provides the class (the
    /// close names of those that are loaded, and the files that failed to load, with why).
    private func unavailableClass(_ name: String, _ snapshot: SessionSnapshot) -> JSON {
        let rejected = snapshot.rejectedFiles
        if let own = rejected.first(where: { $0.failure.className == name }) {
            return .object([("className", .string(name)), ("file", .string(own.file)),
                            ("message", .string("its plugin failed to load: \(own.failure.error.with(file: own.file).description)"))])
        }
        let loaded = snapshot.loadedBuilds.flatMap { $0.classes.map(\.name) }
        let close = Registry.closeNames(to: name, in: Array(Set(loaded)).sorted())
        var message = "no loaded plugin provides the class \(name)" + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)")
        if !rejected.isEmpty {
            message += "; files that failed to load: " + rejected.map { "\($0.file) (\($0.failure.reason))" }.joined(separator: ", ")
        }
        return .object([("className", .string(name)), ("file", .null), ("message", .string(message))])
    }

    /// Tells every page showing scene `index` to read it again (its revision, or its file's status).
    private func publishScene(_ index: Int) {
        hub.publish("scene", data: JSON.object([ServeJSON.schema, ("index", .integer(Int64(index))),
                                                ("revision", .integer(Int64(session.sceneRevision(at: index)))),
                                                ("text", .array([]))]).compactText)
    }

    /// Why scene `index`'s file on disk is not a scene now, as an error with the instance and the
    /// key concerned (`instances[1]`, `frame`) taken from the path its message starts with.
    private func sceneFileError(_ e: HostError?) -> JSON {
        guard let e, case .object(var members) = ServeJSON.failure(PluginFailure(e)) else { return .null }
        let path = e.message.prefix { $0 != ":" && $0 != " " }
        if path.hasPrefix("instances[") {
            let instance = path.prefix { $0 != "]" } + "]"
            members.append(("instance", .string(String(instance))))
            let key = path.dropFirst(instance.count).drop { $0 == "." }
            if !key.isEmpty { members.append(("key", .string(String(key)))) }
        } else if !path.isEmpty, e.message.dropFirst(path.count).hasPrefix(":") {
            members.append(("key", .string(String(path))))
        }
        return .object(members)
    }

    // MARK: - Helpers

    func unknownClass(_ name: String) -> HostError {
        let known = Array(session.loadedBuilds.flatMap { $0.classes.map(\.name) }).sorted()
        let close = Registry.closeNames(to: name, in: known)
        return HostError(.notFound, "no class named \(name.quoted) is loaded"
                         + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"))
    }

    func json(_ status: Int, _ value: JSON) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", bytes: Array(value.compactText.utf8),
                     headers: [("Cache-Control", "no-store")])
    }

    private func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json",
                     bytes: Array(JSON.object([ServeJSON.schema, ("error", .object([("message", .string(message))]))]).compactText.utf8),
                     headers: headers)
    }

    static func object(_ body: [UInt8]) throws -> [String: Any] {
        let value: Any
        // Where and why, as for a scene file: "line 1, column 9: invalid JSON (Invalid value)".
        do { value = try JSONDocument(data: Data(body), file: "request body").root } catch let e as HostError {
            throw HostError(.badData, "request body: \(e.message); expected a JSON object")
        }
        guard let object = value as? [String: Any] else { throw HostError(.badData, "request body: expected a JSON object") }
        return object
    }

    static func string(_ value: Any?, _ key: String) throws -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let s = value as? String else { throw HostError(.badData, "request body: \(key): expected a string") }
        return s
    }

    static func format(_ text: String, pngLevel: Int) throws -> OutputFormat {
        switch text.lowercased() {
        case "png": return .png(compressionLevel: pngLevel)
        case "svg": return .svg
        case "pdf": return .pdf
        default: throw HostError(.badData, "format \(text.quoted) is not png, svg or pdf")
        }
    }

    static func size(_ text: String) throws -> Size {
        do { return try PropertyInfo.parseSize(text, "size") } catch let e as HostError {
            throw HostError(.badData, "size: \(e.message)")
        }
    }

    static func scale(_ text: String?) throws -> Double {
        guard let text else { return 1 }
        guard let s = Double(text), RenderOptions.scales.contains(s) else {
            throw HostError(.badData, "scale \(text.quoted) is not a scale from \(RenderOptions.scalesText) (expected e.g. 1, 2 or 3)")
        }
        return s
    }
}
