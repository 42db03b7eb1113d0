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
///   "classes": {
///     "Rainbow": { "threshold": 0.2, "maxDifferingShare": 0.001, "scales": [2] },
///     "Clock": { "skip": true }
///   }
/// }
/// ```
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
    }

    /// Run-wide overrides from the command line.
    package struct Overrides: Equatable, Sendable {
        package var threshold: Double?
        package var maxDifferingShare: Double?
        package var scales: [Double]?
        package init(threshold: Double? = nil, maxDifferingShare: Double? = nil, scales: [Double]? = nil) {
            self.threshold = threshold
            self.maxDifferingShare = maxDifferingShare
            self.scales = scales
        }
    }

    /// The file the settings came from; nil when there is none (defaults).
    package var file: String?
    package var tolerance = SnapshotTolerance.default
    package var scales = SnapshotSettings.defaultScales
    /// Scene files, as paths usable from the current directory.
    package var scenes: [String] = []
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
        try doc.onlyKeys(root, ["scales", "threshold", "maxDifferingShare", "ignoreAntialiasing", "scenes", "classes"], "")
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
                try doc.onlyKeys(o, ["threshold", "maxDifferingShare", "ignoreAntialiasing", "scales", "skip"], path)
                var c = ClassSettings()
                if let v = o["threshold"] { c.threshold = try share(doc, v, "\(path).threshold") }
                if let v = o["maxDifferingShare"] { c.maxDifferingShare = try share(doc, v, "\(path).maxDifferingShare") }
                if let v = o["ignoreAntialiasing"] { c.ignoresAntialiasing = try bool(doc, v, "\(path).ignoreAntialiasing") }
                if let v = o["scales"] { c.scales = try scales(doc, v, "\(path).scales") }
                if let v = o["skip"] { c.skip = try bool(doc, v, "\(path).skip") }
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
