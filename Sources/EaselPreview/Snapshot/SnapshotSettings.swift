import EaselHost
import EaselRender
import Foundation

/// `Snapshots/snapshot.json`: the suite's settings, all optional.
///
/// ```json
/// {
///   "scales": [1, 2],
///   "threshold": 0.1,
///   "maxDifferingShare": 0,
///   "ignoreAntialiasing": true,
///   "scenes": ["../Examples/scene.json"],
///   "traits": { "appearance": ["light", "dark"] },
///   "classes": {
///     "Rainbow": { "threshold": 0.2, "maxDifferingShare": 0.001, "scales": [2] },
///     "RoundedCornerButton": { "states": { "pressed": "down 40,20" },
///                              "traits": { "appearance": ["light", "dark"], "direction": ["ltr", "rtl"] } },
///     "Clock": { "skip": true }
///   }
/// }
/// ```
///
/// `traits` is a trait matrix (Interface Builder's trait variations): each trait's values are
/// crossed, and every class and scene is snapshotted in each combination (`--trait NAME=V1,V2`
/// replaces it for a run). `states` are a class's named pointer-step scripts (`host render
/// --play`'s syntax; Storybook's play functions): each variant is also snapshotted in each state.
///
/// `scenes` are paths relative to the snapshot directory, verified with the classes when no
/// class or scene is named on the command line. A class entry overrides the top level for that
/// class; `skip` leaves the class out unless it is named on the command line. The command line
/// (`--scales`, `--threshold`, `--max-differing-share`) overrides both for its run. Unknown keys
/// and values out of range are errors naming the file and the key.
package struct SnapshotSettings: Equatable, Sendable {
    package static let fileName = "snapshot.json"
    package static let defaultScales: [Double] = [1, 2]

    /// One class's overrides; nil: the top level's value.
    package struct ClassSettings: Equatable, Sendable {
        package var threshold: Double?
        package var maxDifferingShare: Double?
        package var ignoresAntialiasing: Bool?
        package var scales: [Double]?
        package var skip = false
        package var traits: [Traits]?
        package var states: [SnapshotState] = []
    }

    /// Run-wide overrides from the command line.
    package struct Overrides: Equatable, Sendable {
        package var threshold: Double?
        package var maxDifferingShare: Double?
        package var scales: [Double]?
        /// `--trait NAME=V1,V2`: the trait matrix of the run.
        package var traits: [Traits]?
        package init(threshold: Double? = nil, maxDifferingShare: Double? = nil, scales: [Double]? = nil, traits: [Traits]? = nil) {
            self.threshold = threshold
            self.maxDifferingShare = maxDifferingShare
            self.scales = scales
            self.traits = traits
        }
    }

    /// The file the settings came from; nil when there is none (defaults).
    package var file: String?
    package var tolerance = SnapshotTolerance.default
    package var scales = SnapshotSettings.defaultScales
    /// Scene files, as paths usable from the current directory.
    package var scenes: [String] = []
    /// The trait matrix (default: the default traits alone).
    package var traits = [Traits.default]
    package var classes: [String: ClassSettings] = [:]

    package init() {}

    /// The settings in `directory`/snapshot.json, or the defaults when there is no such file.
    package static func read(directory: String) throws -> SnapshotSettings {
        let path = directory + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return SnapshotSettings() }
        return try parse(JSONDocument.read(path), directory: directory)
    }

    static func parse(_ doc: JSONDocument, directory: String) throws -> SnapshotSettings {
        var settings = SnapshotSettings()
        settings.file = doc.file
        let root = try doc.object(doc.root, "the document")
        try doc.onlyKeys(root, ["scales", "threshold", "maxDifferingShare", "ignoreAntialiasing", "scenes", "traits", "classes"], "")
        if let v = root["traits"] { settings.traits = try traitMatrix(doc, v, "traits") }
        if let v = root["threshold"] { settings.tolerance.threshold = try share(doc, v, "threshold") }
        if let v = root["maxDifferingShare"] { settings.tolerance.maxDifferingShare = try share(doc, v, "maxDifferingShare") }
        if let v = root["ignoreAntialiasing"] { settings.tolerance.ignoresAntialiasing = try bool(doc, v, "ignoreAntialiasing") }
        if let v = root["scales"] { settings.scales = try scales(doc, v, "scales") }
        if let v = root["scenes"] {
            settings.scenes = try doc.array(v, "scenes").enumerated().map { i, item in
                let path = try doc.string(item, "scenes[\(i)]")
                return path.hasPrefix("/") ? path : directory + "/" + path
            }
        }
        if let v = root["classes"] {
            for (name, entry) in try doc.object(v, "classes") {
                let path = "classes.\(name)"
                let o = try doc.object(entry, path)
                try doc.onlyKeys(o, ["threshold", "maxDifferingShare", "ignoreAntialiasing", "scales", "skip", "traits", "states"], path)
                var c = ClassSettings()
                if let v = o["threshold"] { c.threshold = try share(doc, v, "\(path).threshold") }
                if let v = o["maxDifferingShare"] { c.maxDifferingShare = try share(doc, v, "\(path).maxDifferingShare") }
                if let v = o["ignoreAntialiasing"] { c.ignoresAntialiasing = try bool(doc, v, "\(path).ignoreAntialiasing") }
                if let v = o["scales"] { c.scales = try scales(doc, v, "\(path).scales") }
                if let v = o["skip"] { c.skip = try bool(doc, v, "\(path).skip") }
                if let v = o["traits"] { c.traits = try traitMatrix(doc, v, "\(path).traits") }
                if let v = o["states"] {
                    c.states = try doc.object(v, "\(path).states").map { stateName, script in
                        let statePath = "\(path).states.\(stateName)"
                        guard !stateName.isEmpty, stateName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                            throw doc.error(statePath, "a state's name is letters, digits, - and _ (it becomes part of a file name)")
                        }
                        do { return SnapshotState(name: stateName, play: try PlayScript.parse(try doc.string(script, statePath))) }
                        catch let error as PlayScriptError { throw doc.error(statePath, error.description) }
                    }.sorted { $0.name < $1.name }
                }
                settings.classes[name] = c
            }
        }
        return settings
    }

    /// The tolerance for `className` (nil: a scene) after the class's entry and the run's overrides.
    package func tolerance(for className: String?, _ overrides: Overrides) -> SnapshotTolerance {
        var t = tolerance
        if let className, let c = classes[className] {
            t.threshold = c.threshold ?? t.threshold
            t.maxDifferingShare = c.maxDifferingShare ?? t.maxDifferingShare
            t.ignoresAntialiasing = c.ignoresAntialiasing ?? t.ignoresAntialiasing
        }
        t.threshold = overrides.threshold ?? t.threshold
        t.maxDifferingShare = overrides.maxDifferingShare ?? t.maxDifferingShare
        return t
    }

    /// The trait matrix for `className` (nil: a scene) after the class's entry and the run's overrides.
    package func traits(for className: String?, _ overrides: Overrides) -> [Traits] {
        overrides.traits ?? className.flatMap { classes[$0]?.traits } ?? traits
    }

    /// The scales for `className` (nil: a scene) after the class's entry and the run's overrides.
    package func scales(for className: String?, _ overrides: Overrides) -> [Double] {
        overrides.scales ?? className.flatMap { classes[$0]?.scales } ?? scales
    }

    // MARK: - Values

    static func number(_ doc: JSONDocument, _ value: Any, _ path: String) throws -> Double {
        guard let n = value as? NSNumber, !JSONDocument.isBoolean(n), n.doubleValue.isFinite else {
            throw doc.error(path, "expected a number, found \(doc.describe(value))")
        }
        return n.doubleValue
    }

    static func share(_ doc: JSONDocument, _ value: Any, _ path: String) throws -> Double {
        let n = try number(doc, value, path)
        guard (0...1).contains(n) else { throw doc.error(path, "\(PropertyInfo.formatNumber(n)) is outside 0…1") }
        return n
    }

    static func bool(_ doc: JSONDocument, _ value: Any, _ path: String) throws -> Bool {
        guard let n = value as? NSNumber, JSONDocument.isBoolean(n) else {
            throw doc.error(path, "expected true or false, found \(doc.describe(value))")
        }
        return n.boolValue
    }

    static func scales(_ doc: JSONDocument, _ value: Any, _ path: String) throws -> [Double] {
        let items = try doc.array(value, path)
        guard !items.isEmpty else { throw doc.error(path, "expected at least one scale, e.g. [1, 2]") }
        let values = try items.enumerated().map { i, item in
            let n = try number(doc, item, "\(path)[\(i)]")
            guard RenderOptions.scales.contains(n) else {
                throw doc.error("\(path)[\(i)]", "\(PropertyInfo.formatNumber(n)) is not a scale from \(RenderOptions.scalesText) pixels per point")
            }
            return n
        }
        // A scale given twice is one scale, as in --scales 1,1 (it was "two snapshots would share
        // the reference …", naming neither the file nor the key).
        var unique: [Double] = []
        for v in values where !unique.contains(v) { unique.append(v) }
        return unique
    }

    /// `{"appearance": ["light", "dark"], …}`: a trait matrix (``Traits/matrix(_:)``).
    static func traitMatrix(_ doc: JSONDocument, _ value: Any, _ path: String) throws -> [Traits] {
        let object = try doc.object(value, path)
        let rows = try object.map { name, values in
            (name, try doc.array(values, "\(path).\(name)").enumerated().map { i, v in try doc.string(v, "\(path).\(name)[\(i)]") })
        }
        do { return try Traits.matrix(rows.sorted { a, b in
            (Traits.names.firstIndex { $0.name == a.0 } ?? .max) < (Traits.names.firstIndex { $0.name == b.0 } ?? .max)
        }) } catch let error as TraitError { throw doc.error(path, error.description) }
    }

    /// "1,2" (the --scales syntax) as scales, or a usage-style message.
    package static func parseScales(_ text: String) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let values = parts.compactMap { Double($0) }
        guard !parts.isEmpty, values.count == parts.count, values.allSatisfy({ RenderOptions.scales.contains($0) }) else { return nil }
        var unique: [Double] = []
        for v in values where !unique.contains(v) { unique.append(v) }
        return unique
    }
}
