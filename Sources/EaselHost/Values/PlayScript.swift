/// Pointer steps applied to an instance after layout, as Storybook's play functions drive a story:
/// `down 40,20; move 60,20; up 60,20; wait 200` (`host render --play`, scenes, snapshot.json).
///
/// A step is `PHASE X,Y [MODIFIER…] [BUTTON]` with PHASE one of down, move, up, cancel, enter, leave
/// (a point in the instance's coordinates, points), MODIFIER one of shift, control, alt, meta, and
/// BUTTON one of primary (the default), secondary, middle; or `wait MS`, which moves the instance's
/// clock on (animations run). Events are 1/60 s apart on the clock. A down within 0.5 s of the last
/// up, at most 4 points from it, counts as the next click (a double click).
package struct PlayScript: Equatable, Sendable {
    package enum Step: Equatable, Sendable {
        case pointer(PointerEvent)
        /// Seconds to let pass on the instance's clock.
        case wait(Double)
    }

    package var steps: [Step]
    /// The script as written, for messages and round trips.
    package var text: String

    package init(steps: [Step], text: String) {
        self.steps = steps
        self.text = text
    }

    /// Parses a script; throws a message naming the step and what was expected.
    package static func parse(_ text: String) throws -> PlayScript {
        var steps: [Step] = []
        var clock = 0.0
        var held: UInt32 = 0
        var lastUp: (time: Double, location: Point, clicks: UInt32)?
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: " \t\n") }
        for (index, part) in parts.enumerated() {
            if part.isEmpty {
                if index == parts.count - 1 && index > 0 { continue } // a trailing ";"
                throw PlayScriptError("step \(index + 1) is empty (expected e.g. \"down 40,20\" or \"wait 100\")")
            }
            let words = part.split(separator: " ").map(String.init)
            let context = "step \(index + 1) \(part.quoted)"
            if words[0] == "wait" {
                guard words.count == 2, let ms = Double(words[1]), ms.isFinite, ms >= 0, ms <= 60_000 else {
                    throw PlayScriptError("\(context): expected \"wait MS\" with MS from 0 to 60000")
                }
                clock += ms / 1000
                steps.append(.wait(ms / 1000))
                continue
            }
            guard let phase = PointerEvent.Phase.allCases.first(where: { $0.name == words[0] }) else {
                throw PlayScriptError("\(context): \(words[0].quoted) is not a step (expected one of: \(PointerEvent.Phase.allCases.map(\.name).joined(separator: ", ")), wait)")
            }
            guard words.count >= 2, let point = Self.point(words[1]) else {
                throw PlayScriptError("\(context): expected \"\(phase.name) X,Y\" with a point in the instance's coordinates")
            }
            var modifiers: UInt32 = 0, button: UInt32 = 0
            for word in words.dropFirst(2) {
                if let bit = Self.modifierNames.firstIndex(of: word) { modifiers |= 1 << UInt32(bit) }
                else if let b = Self.buttonNames.firstIndex(of: word) { button = UInt32(b) }
                else {
                    throw PlayScriptError("\(context): \(word.quoted) is not a modifier (\(Self.modifierNames.joined(separator: ", "))) or a button (\(Self.buttonNames.joined(separator: ", ")))")
                }
            }
            clock += 1.0 / 60
            var clicks: UInt32 = 0
            switch phase {
            case .down:
                if let last = lastUp, clock - last.time <= 0.5, abs(last.location.x - point.x) <= 4, abs(last.location.y - point.y) <= 4 {
                    clicks = last.clicks + 1
                } else {
                    clicks = 1
                }
                held |= 1 << button
            case .up:
                clicks = held == 0 ? 1 : Self.clicksOfLastDown(steps)
                held &= ~(1 << button)
                lastUp = (clock, point, clicks)
            case .cancel:
                held = 0
            default:
                break
            }
            steps.append(.pointer(PointerEvent(phase, at: point, button: button, modifiers: modifiers, clickCount: clicks,
                                               buttons: held, timestamp: clock)))
        }
        guard !steps.isEmpty else { throw PlayScriptError("no steps (expected e.g. \"down 40,20; up 40,20\")") }
        return PlayScript(steps: steps, text: text)
    }

    package static let modifierNames = ["shift", "control", "alt", "meta"]
    package static let buttonNames = ["primary", "secondary", "middle"]

    private static func clicksOfLastDown(_ steps: [Step]) -> UInt32 {
        for step in steps.reversed() {
            if case .pointer(let e) = step, e.phase == .down { return e.clickCount }
        }
        return 1
    }

    private static func point(_ text: String) -> Point? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite,
              abs(x) <= 1e6, abs(y) <= 1e6 else { return nil }
        return Point(x: x, y: y)
    }
}

/// Why a play script was refused.
package struct PlayScriptError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
