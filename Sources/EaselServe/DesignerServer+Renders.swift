import EaselHost
import EaselPreview
import EaselRender
import Foundation

/// The endpoints that render (`GET /api/preview`, `GET /api/scenes/N/preview`, `POST /api/render`),
/// each through the render admission gate (``RenderAdmission``): memory reserved at the size asked
/// before anything is drawn (refused with 503 and `Retry-After` when the budget cannot take it),
/// drawing and encoding in one of a few slots, the real size reserved once drawn, and the file's
/// bytes held, and sent without a copy, until the last connection has them.
extension DesignerServer {
    /// What a render is, for the gate's messages and errors: "class Gauge", its file, its class.
    struct RenderSubject {
        var name: String
        var file: String?
        var className: String?
    }

    /// `GET /api/preview?class=…&size=WxH&scale=N&format=png|svg|pdf&background=#RRGGBB`: the class
    /// with the values the session holds (what the canvas shows). Identical previews waiting for the
    /// session's lock share one render (``SharedRenders``).
    func preview(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let className = request.query["class"] else { throw HostError(.usage, "preview: missing ?class=NAME") }
        let format = try Self.format(request.query["format"] ?? "png", pngLevel: 1)
        let size = try request.query["size"].map { try Self.size($0) }
        let scale = try Self.scale(request.query["scale"])
        let background = try request.query["background"].map { try PropertyInfo.parseColor($0, "background") }
        let info = session.classInfo(named: className)
        let subject = RenderSubject(name: "class \(className)", file: info?.plugin.path, className: className)
        return try renders.answer(SharedRenders.key(request)) { begin in
            try admitted(subject, points: size ?? info?.defaultSize, scale: scale, format: format,
                         download: request.query["download"].map { _ in className }) {
                try session.withLock {
                    begin()
                    return try session.render(className: className, size: size, scale: scale, background: background, format: format)
                }
            }
        }
    }

    /// `GET /api/scenes/N/preview[?scale=N][&format=…]`: the scene as it is now.
    func scenePreview(_ index: Int, _ request: HTTPRequest) throws -> HTTPResponse {
        try renders.answer(SharedRenders.key(request)) { begin in
            let format = try Self.format(request.query["format"] ?? "png", pngLevel: 1)
            let scale = try request.query["scale"].map { try Self.scale($0) }
            let scenes = session.openScenes
            let scene = scenes.indices.contains(index) ? scenes[index].scene : nil
            let name = scene?.file.split(separator: "/").last.map { String($0.split(separator: ".").first ?? "scene") }
            let subject = RenderSubject(name: "scene \(scene?.file ?? "number \(index)")", file: scene?.file)
            return try admitted(subject, points: scene?.size, scale: scale ?? scene?.scale ?? 1, format: format,
                                download: request.query["download"] != nil ? name : nil) {
                try session.withLock { begin(); return try session.renderScene(at: index, scale: scale, format: format) }
            }
        }
    }

    /// `POST /api/render`: what `host render` renders with the same arguments.
    func render(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.object(request.body)
        let known = ["class", "size", "scale", "format", "attributes", "background", "pngLevel", "scene", "traits"]
        for key in body.keys.sorted() where !known.contains(key) {
            throw HostError(.badData, "request body: \(key): unknown key (expected one of: \(known.joined(separator: ", ")))")
        }
        let level = try (body["pngLevel"]).map { value -> Int in
            guard let n = value as? NSNumber, let i = Int(exactly: n.doubleValue), (0...9).contains(i) else {
                throw HostError(.badData, "request body: pngLevel: expected a level from 0 to 9")
            }
            return i
        } ?? 6
        let format = try Self.format(try Self.string(body["format"], "format") ?? "png", pngLevel: level)
        let scale: Double? = try body["scale"].map { v in
            guard let n = v as? NSNumber, RenderOptions.scales.contains(n.doubleValue) else {
                throw HostError(.badData, "request body: scale: expected a number of pixels per point from \(RenderOptions.scalesText) (e.g. 1, 2 or 3)")
            }
            return n.doubleValue
        }
        let background = try Self.string(body["background"], "background").map { try PropertyInfo.parseColor($0, "background") }
        let traits = try body["traits"].map { try Self.traits($0) }
        if let sceneObject = body["scene"] {
            let data = try JSONSerialization.data(withJSONObject: sceneObject)
            let scene = try Scene.parse(data, file: "request body: scene")
            let names = Array(Set(session.loadedBuilds.flatMap { $0.classes.map(\.name) })).sorted() // (a mistyped class's "did you mean")
            return try admitted(RenderSubject(name: "the scene of the request body"), points: scene.size, scale: scale ?? scene.scale ?? 1,
                                format: format, download: nil) {
                try session.withLock {
                    try SceneRender.render(scene, classes: { self.session.designableClass(named: $0) }, classNames: names,
                                           format: format, scale: scale, background: background, traits: traits)
                }
            }
        }
        guard let className = try Self.string(body["class"], "class") else {
            throw HostError(.badData, "request body: expected \"class\" (a class name) or \"scene\" (a scene object)")
        }
        var assignments: [(name: String, value: String)] = []
        if let attributes = body["attributes"] {
            guard let a = attributes as? [String: Any] else { throw HostError(.badData, "request body: attributes: expected an object") }
            // By name: a JSON object has no order, and the first name the class does not declare is the
            // one an error names.
            for (key, value) in a.sorted(by: { $0.key < $1.key }) {
                assignments.append((key, try AttributeText.text(value, path: "attributes.\(key)", file: "request body")))
            }
        }
        let size = try Self.string(body["size"], "size").map { try Self.size($0) }
        let info = session.classInfo(named: className)
        let subject = RenderSubject(name: "class \(className)", file: info?.plugin.path, className: className)
        return try admitted(subject, points: size ?? info?.defaultSize, scale: scale ?? 1, format: format, download: nil) {
            try session.withLock { () throws -> RenderTarget in
                guard let cls = session.designableClass(named: className) else { throw unknownClass(className) }
                // In the class's property order, as scenes apply attributes.
                var request = ComponentRenderRequest(className: className, format: format)
                request.assignments = cls.info.inPropertyOrder(assignments)
                request.size = size
                request.scale = scale ?? 1
                request.background = background
                request.traits = traits ?? .default
                request.drawsInWorker = false // (see ComponentRenderRequest: the server's renderer is started)
                do { return try ComponentRender.render(cls, request) } catch let e as HostError {
                    // A size the renderer refuses was reported with no file, class or phase (what the
                    // body named is known: fill it in).
                    throw e.with(file: cls.info.plugin.path, className: className,
                                 phase: e.property == nil && e.kind == .badData ? .render : nil)
                }
            }
        }
    }

    /// `traits` of a request body: `{"appearance": "dark", "direction": "rtl", "size": "xl"}`, as
    /// `--trait` takes them (the others at their defaults).
    static func traits(_ value: Any) throws -> Traits {
        guard let object = value as? [String: Any] else {
            throw HostError(.badData, "request body: traits: expected an object (e.g. {\"appearance\": \"dark\"})")
        }
        var traits = Traits.default
        for key in object.keys.sorted() {
            guard let text = object[key] as? String else { throw HostError(.badData, "request body: traits.\(key): expected a string") }
            do { try traits.apply("\(key)=\(text)") } catch let e as TraitError {
                throw HostError(.badData, "request body: traits.\(key): \(e.description)")
            }
        }
        return traits
    }

    /// Renders through the gate: reserves `points` at `scale` (pixels for PNG, square points for SVG
    /// and PDF; nil: nothing before drawing, the size is learnt from the render), runs `render` in a
    /// slot, reserves its real size, encodes it and answers its bytes, holding the reservation down
    /// to their size until they are sent. Running out of memory on the way is a 503 naming the
    /// subject and the size, as the gate's refusals are.
    func admitted(_ subject: RenderSubject, points: Size?, scale: Double, format: OutputFormat, download: String?,
                  render: () throws -> RenderTarget) throws -> HTTPResponse {
        var factor = 1.0, unit = "points"
        if case .png = format { factor = scale; unit = "pixels" }
        func describe(_ w: Int, _ h: Int) -> String { "\(subject.name) at \(w)×\(h) \(unit)" }
        // The size asked, in whole pixels (nil: learnt from the render; a size the renderer refuses
        // reserves nothing, as it draws nothing).
        let asked = points.flatMap { size -> (Int, Int)? in
            let w = (size.width * factor - 1e-9).rounded(.up), h = (size.height * factor - 1e-9).rounded(.up)
            guard w.isFinite, h.isFinite, w >= 1, h >= 1, w * h <= Double(RenderTarget.maximumPixels) else { return nil }
            return (Int(w), Int(h))
        }
        let ticket = try admission.reserve(pixels: asked.map { $0.0 * $0.1 } ?? 0, for: asked.map { describe($0.0, $0.1) } ?? subject.name,
                                           file: subject.file, className: subject.className)
        return try admission.withSlot {
            let target: RenderTarget
            do { target = try render() } catch let e as HostError where e.kind == .internalError && e.message.contains("out of memory") {
                throw outOfMemory(e, subject, asked.map { describe($0.0, $0.1) } ?? subject.name)
            }
            let drawn = describe(target.pixelWidth, target.pixelHeight)
            try ticket.resize(toBytes: target.pixelWidth * target.pixelHeight * RenderAdmission.bytesPerPixel,
                              for: drawn, file: subject.file, className: subject.className)
            let bytes: [UInt8]
            do { bytes = try DesignSession.encode(target, className: subject.className, file: subject.file) }
            catch let h as HostError where h.message.contains("out of memory") { throw outOfMemory(h, subject, drawn) }
            let ext = format.fileExtension
            var headers: [(String, String)] = [("Content-Type", ResourceFiles.contentType("x." + ext)), ("Cache-Control", "no-store")]
            if let download { headers.append(("Content-Disposition", "attachment; filename=\"\(download).\(ext)\"")) }
            try ticket.resize(toBytes: bytes.count, for: drawn) // (smaller: always granted)
            return HTTPResponse(status: 200, headers: headers, body: .buffer(ResponseBuffer(bytes, holding: ticket)))
        }
    }

    /// Memory ran out while rendering `what`: a refusal (503, `Retry-After`) naming the subject's
    /// file and class and the size asked (it was a 500 with neither).
    private func outOfMemory(_ e: HostError, _ subject: RenderSubject, _ what: String) -> RenderRefusal {
        RenderRefusal(HostError(.internalError, "out of memory rendering \(what): \(e.message); retry in \(RenderAdmission.retryAfter) s, or ask for a smaller size or scale",
                                file: e.file ?? subject.file, className: e.className ?? subject.className),
                      retryAfter: RenderAdmission.retryAfter)
    }
}
