import EaselHost

/// One loaded build: what `loaded`/`reloaded … build N in … ms` reports.
package struct BuildReport: Sendable {
    package var file: String
    /// The file as printed: relative to the watched directory.
    package var label: String
    package var build: Int
    package var isReload: Bool
    package var seconds: Double
    package var loadSeconds: Double
    package var renderSeconds: Double
    package var outcomes: [RenderOutcome]
    /// The classes this build provides.
    package var classes: [String]

    /// A report of build `build` of `file` (times in seconds; `outcomes` in the order drawn).
    package init(file: String, label: String, build: Int, isReload: Bool, seconds: Double, loadSeconds: Double,
                 renderSeconds: Double, outcomes: [RenderOutcome], classes: [String]) {
        self.file = file
        self.label = label
        self.build = build
        self.isReload = isReload
        self.seconds = seconds
        self.loadSeconds = loadSeconds
        self.renderSeconds = renderSeconds
        self.outcomes = outcomes
        self.classes = classes
    }

    /// Seconds as the lines say them: "12.3 ms".
    static func ms(_ seconds: Double) -> String {
        let tenths = (seconds * 10_000).rounded() / 10
        return "\(tenths) ms"
    }

    /// The line `host watch` prints for it: "reloaded libGauge.so build 2 in 12.3 ms (…): Gauge → previews/Gauge.png".
    package var summary: String {
        "\(isReload ? "reloaded" : "loaded") \(label) build \(build) in \(Self.ms(seconds)) (load \(Self.ms(loadSeconds)), render \(Self.ms(renderSeconds))): "
            + (outcomes.isEmpty ? "no classes rendered" : outcomes.map(\.text).joined(separator: ", "))
    }
}
