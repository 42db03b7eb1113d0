import EaselHost
import EaselRender
import Foundation

/// A scene: our storyboard. A canvas size and background, and instances of component classes placed
/// at frames, each with attributes applied as user-defined runtime attributes.
///
/// ```json
/// {
///   "size": "640x480",
///   "background": "#F2F2F7",
///   "instances": [
///     { "class": "Rainbow", "frame": "20,20,600,434", "attributes": { "firstColor": "#FF0000" } },
///     { "class": "Gauge", "name": "cpu", "frame": "20,20,120,120", "attributes": { "value": 80, "style": "pie" } }
///   ]
/// }
/// ```
/// `size` is required (`WxH` in points); `background` (`#RRGGBB[AA]`, default transparent) and
/// `scale` (pixels per point, default 1) are optional. Each instance needs `class` and `frame`
/// (`x,y,w,h`); `attributes` (property → value in the `--set` syntax; numbers and booleans may be
/// JSON numbers and booleans), `variant` (one of the class's variants, easel.variants/1: its attributes
/// come first and the instance's own override them) and `name` (for messages) are optional. Instances
/// are drawn in order, later ones on top. Attributes are applied in the class's property order.
/// Since ABI 1.2, `traits` (an object: `appearance` light|dark, `direction` ltr|rtl, `size` a text
/// size) says what every instance is shown with, and an instance's `play` (pointer steps, as
/// `host render --play` writes them) is applied to it after layout.
package struct Scene: Equatable {
    package struct Instance: Equatable {
        package var className: String
        package var name: String?
        package var frame: Rect
        package var attributes: [(key: String, value: String)]
        /// Where it is in the document, for messages: "instances[2]".
        package var path: String
        /// One of the class's variants; its attributes apply before ``attributes``.
        package var variant: String? = nil
        /// Pointer steps applied after layout (ABI 1.2, easel.input/1); nil: none.
        package var play: PlayScript? = nil
        /// Who the instance is in a designer's session, whatever its place (nil: not given one; not
        /// in the file, nor compared by `==`): values held for an instance across reloads, and the
        /// designer's edits, follow it when instances before it are removed or reordered.
        package var identity: Int? = nil

        package static func == (a: Instance, b: Instance) -> Bool {
            a.className == b.className && a.name == b.name && a.frame == b.frame && a.path == b.path && a.variant == b.variant
                && a.play == b.play
                && a.attributes.map(\.key) == b.attributes.map(\.key) && a.attributes.map(\.value) == b.attributes.map(\.value)
        }
    }

    package var file: String
    package var size: Size
    package var background: Color?
    package var scale: Double?
    /// What every instance is shown with (default: light, left-to-right, large text).
    package var traits = Traits.default
    package var instances: [Instance]

    /// Reads and checks a scene file. Errors name the file and the line (syntax) or field (structure)
    /// and say what was expected.
    package static func read(_ path: String) throws -> Scene {
        try parse(JSONDocument.read(path, expected: expectedFile))
    }

    /// What a scene file is, in messages about one that cannot be read.
    static let expectedFile = "a scene JSON file"

    /// The bytes of the scene file `path` as they are now (nil: nothing there), read as ``read(_:)``
    /// reads them: only a regular file of at most 16 MiB; anything else throws, naming the file.
    static func contents(_ path: String) throws -> Data? {
        try JSONDocument.contents(path, expected: expectedFile)
    }

    /// A new, empty scene for `file` (400×300 points, transparent, no instances), which the designer
    /// opens when the file does not exist yet: saving it creates the file.
    package static func new(file: String) -> Scene {
        Scene(file: file, size: Size(width: 400, height: 300), background: nil, scale: nil, instances: [])
    }

    /// The most instances a scene holds: each is drawn (within its call's budget) on every render,
    /// and the designer renders on every edit; 14 000 instances held `host serve` for 7 s a render.
    package static let maximumInstances = 1000

    /// Parses scene JSON held in memory (`file` names it in messages).
    package static func parse(_ data: Data, file: String) throws -> Scene {
        try parse(JSONDocument(data: data, file: file))
    }

    static func parse(_ doc: JSONDocument) throws -> Scene {
        let root = try doc.object(doc.root, "the document")
        try doc.onlyKeys(root, ["size", "background", "scale", "traits", "instances"], "")
        let s = try typed(doc, root["size"], "size", PropertyInfo.parseSize)
        guard s.width > 0, s.height > 0 else {
            throw doc.error("size", "must be positive (expected WxH, e.g. 640x480)")
        }
        var background: Color?
        if root["background"] != nil { background = try typed(doc, root["background"], "background", PropertyInfo.parseColor) }
        var scale: Double?
        if let value = root["scale"] {
            guard let n = value as? NSNumber, !JSONDocument.isBoolean(n), RenderOptions.scales.contains(n.doubleValue) else {
                // The number itself ("found a number" said nothing to the author of `"scale": 0`).
                let found = (value as? NSNumber).map { JSONDocument.isBoolean($0) ? "a boolean" : PropertyInfo.formatNumber($0.doubleValue) } ?? doc.describe(value)
                throw doc.error("scale", "expected a number of pixels per point from \(RenderOptions.scalesText), found \(found)")
            }
            scale = n.doubleValue
        }
        var instances: [Instance] = []
        let items = try doc.array(root["instances"], "instances")
        guard items.count <= maximumInstances else {
            throw doc.error("instances", "\(items.count) instances is more than a scene holds (expected at most \(maximumInstances))")
        }
        for (i, item) in items.enumerated() {
            let path = "instances[\(i)]"
            let o = try doc.object(item, path)
            try doc.onlyKeys(o, ["class", "name", "variant", "frame", "attributes", "play"], path)
            let className = try doc.string(o["class"], "\(path).class")
            let name = try o["name"].map { try doc.string($0, "\(path).name") }
            let frame = try typed(doc, o["frame"], "\(path).frame", PropertyInfo.parseRect)
            guard frame.width >= 0, frame.height >= 0 else {
                throw doc.error("\(path).frame", "width and height must not be negative")
            }
            var attributes: [(String, String)] = []
            if let a = o["attributes"] {
                for (key, value) in try doc.object(a, "\(path).attributes") {
                    attributes.append((key, try doc.valueText(value, "\(path).attributes.\(key)")))
                }
            }
            var instance = Instance(className: className, name: name, frame: frame,
                                    attributes: attributes.sorted { $0.0 < $1.0 }, path: path)
            instance.variant = try o["variant"].map { try doc.string($0, "\(path).variant") }
            if let value = o["play"] {
                let text = try doc.string(value, "\(path).play")
                do { instance.play = try PlayScript.parse(text) } catch let e as PlayScriptError {
                    throw doc.error("\(path).play", e.description)
                }
            }
            instances.append(instance)
        }
        var scene = Scene(file: doc.file, size: s, background: background, scale: scale, instances: instances)
        if let value = root["traits"] { scene.traits = try Self.traits(doc, value, "traits") }
        return scene
    }

    /// A `traits` object: {"appearance": "dark", "direction": "rtl", "size": "extraLarge"}.
    static func traits(_ doc: JSONDocument, _ value: Any, _ path: String) throws -> Traits {
        var traits = Traits.default
        for (key, item) in try doc.object(value, path).sorted(by: { $0.key < $1.key }) {
            let text = try doc.string(item, "\(path).\(key)")
            do { try traits.apply("\(key)=\(text)") } catch let e as TraitError { throw doc.error("\(path).\(key)", e.description) }
        }
        return traits
    }

    /// Gives the instances without an identity the one of the same instance in `old` (the scene
    /// they replace): by name when named (with its class), else the one at the same place with
    /// the same class and no name. Each of `old`'s identities goes to one instance at most.
    package mutating func carryIdentities(from old: Scene) {
        var taken = Set(instances.compactMap(\.identity))
        for i in instances.indices where instances[i].identity == nil {
            let instance = instances[i]
            let match: Instance?
            if let name = instance.name {
                match = old.instances.first { $0.name == name && $0.className == instance.className }
            } else if i < old.instances.count, old.instances[i].name == nil, old.instances[i].className == instance.className {
                match = old.instances[i]
            } else {
                match = nil
            }
            if let id = match?.identity, taken.insert(id).inserted { instances[i].identity = id }
        }
    }

    /// A value in the value syntax at `path`, read by `parse`.
    static func typed<T>(_ doc: JSONDocument, _ value: Any?, _ path: String,
                         _ parse: (String, String) throws -> T) throws -> T {
        let text = try doc.string(value, path)
        do { return try parse(text, path) } catch let e as HostError {
            throw doc.error(path, e.message)
        }
    }
}
