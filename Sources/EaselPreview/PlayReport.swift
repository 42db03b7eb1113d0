import EaselHost

/// What pointer steps did to an instance (`host render --play`): for each step whether the instance
/// handled it and the control events it sent, then the properties it changed, read back.
package struct PlayReport: Equatable {
    package struct Step: Equatable {
        /// The step as written ("down 40,20").
        package var text: String
        /// Whether the instance handled the event (nil: a wait).
        package var handled: Bool?
        /// The control events the instance sent during it (easel.input/1's send_action).
        package var actions: [String]
    }

    package var steps: [Step] = []
    /// The properties the instance changed itself during the steps, with their values read back
    /// (and in the value syntax).
    package var changedValues: [(name: String, value: PropertyValue, text: String)] = []

    package init() {}

    package static func == (a: PlayReport, b: PlayReport) -> Bool {
        a.steps == b.steps && a.changedValues.map(\.name) == b.changedValues.map(\.name)
            && a.changedValues.map(\.value) == b.changedValues.map(\.value)
    }

    /// The error for steps given to a class that takes no input (offers no easel.input/1): bad data (65).
    static func noInput(_ info: ClassInfo) -> HostError {
        HostError(.badData, "takes no pointer input (it offers no \(ExtensionID.input)), so pointer steps cannot drive it",
                  file: info.plugin.path, className: info.name, phase: .input)
    }

    /// Lays `component` out, then applies `script`'s steps in order: pointer events, and waits that
    /// move its animation clock on.
    static func run(_ script: PlayScript, on component: DesignerInstance) throws -> PlayReport {
        var report = PlayReport()
        let texts = script.text.split(separator: ";").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }.filter { !$0.isEmpty }
        try component.layoutIfNeeded()
        var changed: [String] = []
        for (index, step) in script.steps.enumerated() {
            let text = index < texts.count ? texts[index] : ""
            switch step {
            case .wait(let seconds):
                try component.advanceClock(by: seconds)
                report.steps.append(Step(text: text, handled: nil, actions: []))
            case .pointer(let event):
                try component.layoutIfNeeded()
                let handled = try component.pointer(event)
                report.steps.append(Step(text: text, handled: handled, actions: try component.takeSentActions()))
            }
            for (name, _) in try component.takeChangedValues() where !changed.contains(name) { changed.append(name) }
        }
        report.changedValues = try changed.map { name in
            let value = try component.instance.get(name)
            return (name, value, component.info.property(named: name)?.format(value) ?? "\(value)")
        }
        return report
    }

    /// One line per step and one for the changed properties, as `host render --play` prints them.
    package var lines: [String] {
        var lines = steps.map { step -> String in
            guard let handled = step.handled else { return "play: \(step.text)" }
            let sent = step.actions.isEmpty ? "" : "; sent \(step.actions.joined(separator: ", "))"
            return "play: \(step.text): \(handled ? "handled" : "not handled")\(sent)"
        }
        if !changedValues.isEmpty {
            lines.append("play: changed " + changedValues.map { "\($0.name)=\($0.text)" }.joined(separator: ", "))
        }
        return lines
    }
}
