import CEasel

/// The worker protocol, version 1: what the host asks a worker process and what it answers.
///
/// Frames on the worker's fd 3 (a socketpair; the worker's stdout and stderr go elsewhere, so a
/// plugin that prints cannot corrupt it): a little-endian u32 length, then that many bytes written
/// with ``BinaryWriter``: a u8 message code and the message's fields. The worker speaks first with
/// `hello`; then every request gets exactly one response, except `scan`, which gets one `scanned`
/// per file and then `ok`. Besides, the worker may send `requested` at any time, from any thread (an
/// instance asked for layout, a redraw or a read-back: easel_instance_host); it answers no request,
/// and the host fetches the requests themselves with `takeRequests` when it wants them.
enum WorkerRequest: Equatable {
    /// Load each file, validate it and describe it; nothing is kept.
    case scan(paths: [String])
    /// Load a file and keep it for instances.
    case load(path: String)
    /// init(frame:), the instance made for `traits` (easel.traits/1).
    case create(instance: UInt32, className: String, frame: Rect, traits: Traits)
    case createFromArchive(instance: UInt32, className: String, archive: Archive, traits: Traits)
    case set(instance: UInt32, property: String, value: PropertyValue)
    case get(instance: UInt32, property: String)
    case prepare(instance: UInt32)
    case awake(instance: UInt32)
    case layout(instance: UInt32, size: Size)
    /// Draw into a display list; `transform` is the user → device transform of the parent's canvas.
    case draw(instance: UInt32, rect: Rect, transform: easel_affine_transform)
    case intrinsicSize(instance: UInt32)
    case destroy(instance: UInt32)
    case quit
    /// Calls an action (easel.actions/1); the argument was checked by the host.
    case invoke(instance: UInt32, action: String, argument: PropertyValue?)
    /// The instance's requests since the last take (answered with `requests`).
    case takeRequests(instance: UInt32)
    /// Controls the instance's animation clock (easel.clock/1).
    case clock(instance: UInt32, control: ClockControl)
    // For `host validate` (PluginProbe):
    /// Load a file in this worker and report every descriptor problem (none: it is valid).
    case problems(path: String)
    /// malloc's bytes in use and the resident set size of the worker.
    case memory
    /// create(frame) → destroy, `count` times, in the worker.
    case cycle(className: String, count: UInt32, frame: Rect)
    /// Start (true) or end (false) capturing what is written to fd 1; ending answers the bytes.
    case captureOutput(begin: Bool)
    /// Destroy every instance and call every loaded plugin's deinit.
    case finish
    /// Draw an instance straight onto the renderer's canvas in the worker (no display list).
    case renderDirectly(instance: UInt32, size: Size, scale: Double)
    /// Draw an instance (already laid out) onto a transparent picture of `size` points at `scale`,
    /// in the worker: what a one-shot PNG render of one class composites (answered with `raster`).
    case rasterize(instance: UInt32, size: Size, scale: Double)
    /// A pointer event (easel.input/1), answered with whether the instance handled it.
    case pointer(instance: UInt32, event: PointerEvent)
    /// A hit test (easel.input/1), answered with the instance's yes or no.
    case hitTest(instance: UInt32, point: Point)
    /// New traits (easel.traits/1): the instance hears of the change.
    case traits(instance: UInt32, traits: Traits)

    static func == (a: WorkerRequest, b: WorkerRequest) -> Bool { a.encoded() == b.encoded() }

    /// What the worker is doing while it answers, for error messages.
    var phase: HostError.Phase {
        switch self {
        case .scan: return .validate
        case .load: return .load
        case .create, .createFromArchive: return .create
        case .set: return .set
        case .get: return .get
        case .prepare: return .prepare
        case .awake: return .awake
        case .layout: return .layout
        case .draw: return .draw
        case .intrinsicSize: return .layout
        case .destroy: return .destroy
        case .quit: return .deinitialize
        case .invoke: return .action
        case .takeRequests, .clock: return .draw
        case .cycle: return .create
        case .problems: return .validate
        case .memory, .captureOutput: return .load
        case .finish: return .deinitialize
        case .renderDirectly, .rasterize: return .draw
        case .pointer, .hitTest: return .input
        case .traits: return .traits
        }
    }

    func encoded() -> [UInt8] {
        var w = BinaryWriter()
        switch self {
        case .scan(let paths): w.u8(1); w.array(paths) { $0.string($1) }
        case .load(let path): w.u8(2); w.string(path)
        case .create(let i, let c, let f, let t): w.u8(3); w.u32(i); w.string(c); w.rect(f); w.traits(t)
        case .createFromArchive(let i, let c, let a, let t):
            w.u8(4); w.u32(i); w.string(c); w.rect(a.frame)
            w.array(a.attributes) { $0.string($1.key); $0.string($1.value) }
            w.string(a.source)
            w.traits(t)
        case .set(let i, let p, let v): w.u8(5); w.u32(i); w.string(p); w.propertyValue(v)
        case .get(let i, let p): w.u8(6); w.u32(i); w.string(p)
        case .prepare(let i): w.u8(7); w.u32(i)
        case .awake(let i): w.u8(8); w.u32(i)
        case .layout(let i, let s): w.u8(9); w.u32(i); w.size(s)
        case .draw(let i, let r, let t):
            w.u8(10); w.u32(i); w.rect(r)
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { w.f64(v) }
        case .intrinsicSize(let i): w.u8(11); w.u32(i)
        case .destroy(let i): w.u8(12); w.u32(i)
        case .quit: w.u8(13)
        case .invoke(let i, let a, let v): w.u8(14); w.u32(i); w.string(a); w.optional(v) { $0.propertyValue($1) }
        case .takeRequests(let i): w.u8(15); w.u32(i)
        case .clock(let i, let control):
            w.u8(16); w.u32(i)
            switch control {
            case .advance(let seconds): w.u8(0); w.f64(seconds)
            case .realTime: w.u8(1)
            }
        case .problems(let path): w.u8(17); w.string(path)
        case .memory: w.u8(18)
        case .cycle(let c, let n, let f): w.u8(19); w.string(c); w.u32(n); w.rect(f)
        case .captureOutput(let begin): w.u8(20); w.bool(begin)
        case .finish: w.u8(21)
        case .renderDirectly(let i, let s, let scale): w.u8(22); w.u32(i); w.size(s); w.f64(scale)
        case .rasterize(let i, let s, let scale): w.u8(23); w.u32(i); w.size(s); w.f64(scale)
        case .pointer(let i, let e):
            w.u8(24); w.u32(i); w.u32(e.phase.rawValue); w.f64(e.location.x); w.f64(e.location.y)
            w.u32(e.button); w.u32(e.modifiers); w.u32(e.clickCount); w.u32(e.buttons); w.f64(e.timestamp)
        case .hitTest(let i, let p): w.u8(25); w.u32(i); w.f64(p.x); w.f64(p.y)
        case .traits(let i, let t): w.u8(26); w.u32(i); w.traits(t)
        }
        return w.bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> WorkerRequest {
        var r = BinaryReader(bytes)
        let code = try r.u8()
        switch code {
        case 1: return .scan(paths: try r.array { try $0.string() })
        case 2: return .load(path: try r.string())
        case 3: return .create(instance: try r.u32(), className: try r.string(), frame: try r.rect(), traits: try r.traits())
        case 4:
            let i = try r.u32(), c = try r.string(), f = try r.rect()
            let attributes = try r.array { (key: try $0.string(), value: try $0.string()) }
            let archive = Archive(frame: f, attributes: attributes, source: try r.optionalString())
            return .createFromArchive(instance: i, className: c, archive: archive, traits: try r.traits())
        case 5: return .set(instance: try r.u32(), property: try r.string(), value: try r.propertyValue())
        case 6: return .get(instance: try r.u32(), property: try r.string())
        case 7: return .prepare(instance: try r.u32())
        case 8: return .awake(instance: try r.u32())
        case 9: return .layout(instance: try r.u32(), size: try r.size())
        case 10:
            let i = try r.u32(), rect = try r.rect()
            let t = easel_affine_transform(a: try r.f64(), b: try r.f64(), c: try r.f64(), d: try r.f64(),
                                           tx: try r.f64(), ty: try r.f64())
            return .draw(instance: i, rect: rect, transform: t)
        case 11: return .intrinsicSize(instance: try r.u32())
        case 12: return .destroy(instance: try r.u32())
        case 13: return .quit
        case 14: return .invoke(instance: try r.u32(), action: try r.string(), argument: try r.optional { try $0.propertyValue() })
        case 15: return .takeRequests(instance: try r.u32())
        case 16:
            let i = try r.u32()
            switch try r.u8() {
            case 0: return .clock(instance: i, control: .advance(try r.f64()))
            case 1: return .clock(instance: i, control: .realTime)
            default: throw BinaryReader.Invalid(description: "unknown clock control")
            }
        case 17: return .problems(path: try r.string())
        case 18: return .memory
        case 19: return .cycle(className: try r.string(), count: try r.u32(), frame: try r.rect())
        case 20: return .captureOutput(begin: try r.bool())
        case 21: return .finish
        case 22: return .renderDirectly(instance: try r.u32(), size: try r.size(), scale: try r.f64())
        case 23: return .rasterize(instance: try r.u32(), size: try r.size(), scale: try r.f64())
        case 24:
            let i = try r.u32()
            guard let phase = PointerEvent.Phase(rawValue: try r.u32()) else { throw BinaryReader.Invalid(description: "unknown pointer phase") }
            let location = Point(x: try r.f64(), y: try r.f64())
            return .pointer(instance: i, event: PointerEvent(phase, at: location, button: try r.u32(), modifiers: try r.u32(),
                                                             clickCount: try r.u32(), buttons: try r.u32(), timestamp: try r.f64()))
        case 25: return .hitTest(instance: try r.u32(), point: Point(x: try r.f64(), y: try r.f64()))
        case 26: return .traits(instance: try r.u32(), traits: try r.traits())
        default: throw BinaryReader.Invalid(description: "unknown request code \(code)")
        }
    }
}

/// What a file scan found.
enum ScanOutcome: Equatable {
    case plugin(PluginInfo, [ClassInfo])
    case failed(HostError)
}

/// A worker's answers.
enum WorkerResponse: Equatable {
    case hello(protocolVersion: UInt32, pid: Int32)
    case ok
    case value(PropertyValue)
    case size(Size)
    case plugin(PluginInfo, [ClassInfo])
    case scanned(path: String, outcome: ScanOutcome)
    /// A display list (see ``DisplayListPlayer``).
    case drawn([UInt8])
    case failure(HostError)
    /// The answer to `takeRequests`.
    case requests(InstanceRequests)
    /// Not an answer: sent whenever an instance asks for something while nothing was pending.
    case requested(instance: UInt32)
    /// Every descriptor problem of a file.
    case problems([HostError])
    case memory(MemoryUsage)
    /// Bytes (captured output).
    case bytes([UInt8])
    /// Straight RGBA pixels.
    case pixels(RawImage)
    /// A picture drawn in the worker (see ``Raster``).
    case raster(Raster)

    static let protocolVersion: UInt32 = 1

    func encoded() -> [UInt8] {
        let (head, tail) = encodedParts()
        return tail.isEmpty ? head : head + tail
    }

    /// The message as a head and a tail that follows it: a raster's pixels are the tail, sent from
    /// where they are (``WorkerConnection/send(_:then:)``); every other message is all head.
    func encodedParts() -> (head: [UInt8], tail: ArraySlice<UInt8>) {
        // Display lists and pictures are written once, into a buffer of their size.
        var w: BinaryWriter
        switch self {
        case .drawn(let list): w = BinaryWriter(capacity: 64 + list.count)
        case .bytes(let b): w = BinaryWriter(capacity: 64 + b.count)
        case .pixels(let image): w = BinaryWriter(capacity: 64 + image.rgba.count)
        default: w = BinaryWriter()
        }
        switch self {
        case .hello(let v, let pid): w.u8(1); w.u32(v); w.u32(UInt32(bitPattern: pid))
        case .ok: w.u8(2)
        case .value(let v): w.u8(3); w.propertyValue(v)
        case .size(let s): w.u8(4); w.size(s)
        case .plugin(let p, let classes): w.u8(5); w.pluginInfo(p); w.array(classes) { $0.classInfo($1) }
        case .scanned(let path, let outcome):
            w.u8(6); w.string(path)
            switch outcome {
            case .plugin(let p, let classes): w.u8(0); w.pluginInfo(p); w.array(classes) { $0.classInfo($1) }
            case .failed(let e): w.u8(1); w.hostError(e)
            }
        case .drawn(let list): w.u8(7); w.blob(list)
        case .failure(let e): w.u8(8); w.hostError(e)
        case .requests(let r):
            w.u8(9); w.bool(r.layout); w.bool(r.redraw); w.array(r.changedProperties) { $0.string($1) }
            w.array(r.sentActions) { $0.string($1) }
        case .requested(let i): w.u8(10); w.u32(i)
        case .problems(let list): w.u8(11); w.array(list) { $0.hostError($1) }
        case .memory(let m): w.u8(12); w.u64(m.allocatedBytes); w.u64(m.residentBytes)
        case .bytes(let b): w.u8(13); w.blob(b)
        case .pixels(let image): w.u8(14); w.u32(UInt32(image.width)); w.u32(UInt32(image.height)); w.blob(image.rgba)
        case .raster(let raster):
            w.u8(15); w.u32(UInt32(raster.width)); w.u32(UInt32(raster.height))
            w.array(raster.missingImages) { $0.string($1) }
            w.array(raster.warnings) { $0.string($1) }
            w.u32(UInt32(raster.pixels.count)) // the pixels follow: a blob
            return (w.bytes, raster.pixels)
        }
        return (w.bytes, [])
    }

    static func decode(_ bytes: [UInt8]) throws -> WorkerResponse {
        var r = BinaryReader(bytes)
        let code = try r.u8()
        switch code {
        case 1: return .hello(protocolVersion: try r.u32(), pid: Int32(bitPattern: try r.u32()))
        case 2: return .ok
        case 3: return .value(try r.propertyValue())
        case 4: return .size(try r.size())
        case 5: return .plugin(try r.pluginInfo(), try r.array { try $0.classInfo() })
        case 6:
            let path = try r.string()
            switch try r.u8() {
            case 0: return .scanned(path: path, outcome: .plugin(try r.pluginInfo(), try r.array { try $0.classInfo() }))
            case 1: return .scanned(path: path, outcome: .failed(try r.hostError()))
            default: throw BinaryReader.Invalid(description: "unknown scan outcome")
            }
        case 7: return .drawn(try r.blob())
        case 8: return .failure(try r.hostError())
        case 9:
            return .requests(InstanceRequests(layout: try r.bool(), redraw: try r.bool(),
                                              changedProperties: try r.array { try $0.string() },
                                              sentActions: try r.array { try $0.string() }))
        case 10: return .requested(instance: try r.u32())
        case 11: return .problems(try r.array { try $0.hostError() })
        case 12: return .memory(MemoryUsage(allocatedBytes: try r.u64(), residentBytes: try r.u64()))
        case 13: return .bytes(try r.blob())
        case 15:
            let width = Int(try r.u32()), height = Int(try r.u32())
            let missingImages = try r.array { try $0.string() }, warnings = try r.array { try $0.string() }
            let pixels = try r.blobSlice()
            guard pixels.count == width * height * 4 else { throw BinaryReader.Invalid(description: "a raster of the wrong size") }
            return .raster(Raster(width: width, height: height, pixels: pixels, missingImages: missingImages, warnings: warnings))
        case 14:
            let w = Int(try r.u32()), h = Int(try r.u32())
            return .pixels(RawImage(width: w, height: h, rgba: try r.blob()))
        default: throw BinaryReader.Invalid(description: "unknown response code \(code)")
        }
    }
}

/// A picture an instance drew in a worker: premultiplied native-endian ARGB32 pixels, rows of
/// `width * 4` bytes, and what the canvas noticed while drawing.
package struct Raster: Equatable, Sendable {
    package var width: Int
    package var height: Int
    /// A slice, so that a picture decoded from a worker's message is not copied out of it.
    package var pixels: ArraySlice<UInt8>
    /// Images that could not be found or read: the whole message for each.
    package var missingImages: [String]
    /// Everything else the canvas diagnosed (ignored arguments, missing glyphs).
    package var warnings: [String]

    package init(width: Int, height: Int, pixels: ArraySlice<UInt8>, missingImages: [String] = [], warnings: [String] = []) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.missingImages = missingImages
        self.warnings = warnings
    }
}
