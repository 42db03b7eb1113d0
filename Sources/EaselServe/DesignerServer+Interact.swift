import EaselHost
import EaselPreview
import EaselRender
import Foundation

/// The designer's live component (issue 22): the traits everything is shown with (`GET|POST
/// /api/traits`: the page's Appearance, Direction and Text Size controls) and pointer events sent to
/// a class's live instance (`POST /api/pointer`: its Interact mode), answered with the new frame.
extension DesignerServer {
    /// `GET /api/traits`: the traits the designer shows with, and the values each takes.
    func traits() -> HTTPResponse {
        json(200, traitsJSON(session.snapshot.designerTraits ?? session.options.traits))
    }

    /// `POST /api/traits` `{"appearance": "dark", "direction": "rtl", "size": "extraLarge"}` (any of
    /// them; the others stay): every class and scene is drawn again with them; the `traits` event
    /// tells every page. Answers as `GET /api/traits`.
    func setTraits(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.object(request.body)
        var traits = session.snapshot.designerTraits ?? session.options.traits
        let names = Traits.names.map(\.name)
        for key in body.keys.sorted() {
            guard names.contains(key) else {
                throw HostError(.badData, "request body: \(key): no such trait (expected one of: \(names.joined(separator: ", ")))")
            }
            guard let value = try Self.string(body[key], key) else { continue }
            do { try traits.apply("\(key)=\(value)") } catch let e as TraitError {
                throw HostError(.badData, "request body: \(key): \(e.description)")
            }
        }
        session.setTraits(traits)
        let answer = traitsJSON(traits)
        hub.publish("traits", data: answer.compactText)
        return json(200, answer)
    }

    private func traitsJSON(_ traits: Traits) -> JSON {
        .object([ServeJSON.schema, ("appearance", .string("\(traits.appearance)")), ("direction", .string("\(traits.direction)")),
                 ("size", .string(traits.contentSizeName)),
                 ("values", .object(Traits.names.map { ($0.name, .array($0.values.map(JSON.string))) }))])
    }

    /// `POST /api/pointer` `{"class": NAME, "phase": "down", "x": 40, "y": 20}` (and `button`,
    /// `buttons`, `modifiers`, `clickCount`; `size` "WxH" as the canvas shows it, `scale`, `format`,
    /// `background`): the event goes to the class's live instance (easel.input/1) in its points; the
    /// answer is the frame drawn after it (PNG by default), with `X-Easel-Handled` (true or false),
    /// `X-Easel-Actions` (the control events it sent, comma-separated) and `X-Easel-Changed` (the
    /// properties it changed, now held: a `values` event follows).
    func pointer(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.object(request.body)
        let known = ["class", "phase", "x", "y", "button", "buttons", "modifiers", "clickCount", "size", "scale", "format", "background"]
        for key in body.keys.sorted() where !known.contains(key) {
            throw HostError(.badData, "request body: \(key): unknown key (expected one of: \(known.joined(separator: ", ")))")
        }
        guard let className = try Self.string(body["class"], "class") else { throw HostError(.badData, "request body: expected \"class\"") }
        let phaseName = try Self.string(body["phase"], "phase") ?? ""
        guard let phase = PointerEvent.Phase.allCases.first(where: { $0.name == phaseName }) else {
            throw HostError(.badData, "request body: phase: expected one of: \(PointerEvent.Phase.allCases.map(\.name).joined(separator: ", "))")
        }
        func number(_ key: String) throws -> Double? {
            guard let value = body[key], !(value is NSNull) else { return nil }
            guard let n = value as? NSNumber, !JSONDocument.isBoolean(n), n.doubleValue.isFinite else {
                throw HostError(.badData, "request body: \(key): expected a number")
            }
            return n.doubleValue
        }
        func whole(_ key: String, _ range: ClosedRange<Double>) throws -> UInt32? {
            guard let n = try number(key) else { return nil }
            guard n == n.rounded(), range.contains(n) else {
                throw HostError(.badData, "request body: \(key): expected a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
            }
            return UInt32(n)
        }
        guard let x = try number("x"), let y = try number("y") else {
            throw HostError(.badData, "request body: expected \"x\" and \"y\" (the pointer in the instance's points)")
        }
        let event = PointerEvent(phase, at: Point(x: x, y: y), button: try whole("button", 0...31) ?? 0,
                                 modifiers: try whole("modifiers", 0...15) ?? 0, clickCount: try whole("clickCount", 0...255),
                                 buttons: try whole("buttons", 0...0xFFFF), timestamp: DesignSession.now())
        let format = try Self.format(try Self.string(body["format"], "format") ?? "png", pngLevel: 1)
        let size = try Self.string(body["size"], "size").map { try Self.size($0) }
        let scale = try number("scale") ?? 1
        guard RenderOptions.scales.contains(scale) else {
            throw HostError(.badData, "request body: scale: expected a number of pixels per point from \(RenderOptions.scalesText) (e.g. 1, 2 or 3)")
        }
        let background = try Self.string(body["background"], "background").map { try PropertyInfo.parseColor($0, "background") }
        let info = session.classInfo(named: className)
        guard info != nil else { throw unknownClass(className) }
        var outcome: PointerOutcome?
        var response = try admitted(RenderSubject(name: "class \(className)", file: info?.plugin.path, className: className),
                                    points: size ?? info?.defaultSize, scale: scale, format: format, download: nil) {
            let done = try session.pointer(event, on: className, size: size, scale: scale, background: background, format: format)
            outcome = done
            return done.target
        }
        if let outcome {
            response.headers += [("X-Easel-Handled", outcome.handled ? "true" : "false"),
                                 ("X-Easel-Actions", outcome.actions.joined(separator: ",")),
                                 ("X-Easel-Changed", outcome.changed.joined(separator: ","))]
            if !outcome.changed.isEmpty { publishValuesChanged(className) }
        }
        return response
    }
}
