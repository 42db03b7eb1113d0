import EaselHost
import EaselPreview
import EaselRender
import Foundation
import Glibc
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
            // What the path's endpoint takes, from the route table (any path: GET, HEAD, POST).
            let allowed = Route.endpoint(request.path, in: Self.routes).map { Route.allowed($0.routes) } ?? []
            return error(405, "method \(request.method) is not allowed (expected \(allowed.isEmpty ? "GET or POST" : allowed.filter { $0 != "HEAD" }.joined(separator: " or ")))",
                         headers: [("Allow", (allowed.isEmpty ? ["GET", "HEAD", "POST"] : allowed).joined(separator: ", "))])
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

    // MARK: - Routes (DesignerServer+Routes.swift)

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


    /// Answers through the route table (``routes``): the route of the path's endpoint that takes the
    /// method; a path no endpoint has is 404; a method the endpoint does not take, 405 with `Allow`.
    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let (routes, parameters) = Route.endpoint(request.path, in: Self.routes) else {
            throw HostError(.notFound, "no such API endpoint: \(request.method) \(request.path) (see the manual, reference/http-api.md)")
        }
        if let route = routes.first(where: { $0.takes(request.method) }) { return try route.answer(self, request, parameters) }
        return methodNotAllowed(request, Route.allowed(routes))
    }

    /// 405 for a method the endpoint does not take, naming those it takes (`Allow`).
    func methodNotAllowed(_ request: HTTPRequest, _ allowed: [String]) -> HTTPResponse {
        let named = allowed.filter { $0 != "HEAD" }
        return error(405, "\(request.method) \(request.path): this endpoint takes \(named.joined(separator: " or "))"
                     + (named == ["POST"] ? " with a JSON body" : "") + " (see the manual, reference/http-api.md)",
                     headers: [("Allow", allowed.joined(separator: ", "))])
    }

    func page(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
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

    func resource(_ className: String, _ relative: String) throws -> HTTPResponse {
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

    func thumbnail(_ className: String) throws -> HTTPResponse {
        guard let state = session.state(of: className) else { throw unknownClass(className) }
        guard let png = state.preview else {
            throw HostError(.notFound, "class \(className) has no preview yet" + (state.failure.map { ": " + $0.reason } ?? ""))
        }
        return HTTPResponse(status: 200, contentType: "image/png", bytes: png, headers: [("Cache-Control", "no-cache")])
    }

    /// `POST /api/values` `{"class": NAME, "values": {name: value|null}}`: values the session holds
    /// for the class (null resets to the default), checked first; answers with the class's detail.
    func setValues(_ request: HTTPRequest) throws -> HTTPResponse {
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
    func publishValuesChanged(_ className: String) {
        hub.publish("values", data: JSON.object([ServeJSON.schema, ("className", .string(className)), ("text", .array([]))]).compactText)
    }

    /// `POST /api/actions` `{"class": NAME, "action": NAME, "argument": VALUE | null}`: calls the action
    /// (easel.actions/1) on the class's live instance; what it changes and the frames it asks for
    /// follow as `values` and `redraw` events. Answers the class as `GET /api/classes/NAME` does.
    /// (Added by the abi work, issue 9.)
    func invokeAction(_ request: HTTPRequest) throws -> HTTPResponse {
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

    func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
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
