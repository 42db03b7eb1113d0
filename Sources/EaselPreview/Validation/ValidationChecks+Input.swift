import EaselHost
import EaselRender
import Foundation

/// The checks of ABI 1.2's live components: pointer input (easel.input/1) and traits (easel.traits/1).
/// The input checks run on the classes that offer easel.input/1 (skipped when none does); the traits
/// check on every class, since the host offers traits to all.
extension ValidationChecks {
    /// The 1.2 checks, in the order they run (before `deinit`, which ends the plugin).
    static let liveComponentChecks: [ValidationCheck] = [
        ValidationCheck(name: "input-hit-test", summary: "the hit test accepts points inside the bounds and refuses points far outside, the same answer every time (easel.input/1)", budget: 20, needsLoad: true, body: inputHitTest),
        ValidationCheck(name: "input-outside", summary: "pointer events outside the bounds are safe: a drag held far outside, released and cancelled there, and hover outside (no crash, no hang, properties in range, still draws)", budget: 30, needsLoad: true, body: inputOutside),
        ValidationCheck(name: "input-determinism", summary: "a fixed pointer sequence gives the same answers, control events, changed values and pixels after every step on two fresh instances", budget: 60, needsLoad: true, body: inputDeterminism),
        ValidationCheck(name: "input-destroy", summary: "destroying an instance right after a down, and during a drag, with no up, is safe (the host never sends events after destroy)", budget: 30, needsLoad: true, body: inputDestroy),
        ValidationCheck(name: "traits-round-trip", summary: "an instance created dark and changed to light draws as one created light, and back as one created dark; the same from light (easel.traits/1; classes that fail determinism are not compared)", budget: 60, needsLoad: true, body: traitsRoundTrip),
    ]

    /// How far outside its bounds a hit test may accept a point before it fails: UIKit lets a small
    /// control's point(inside:) grow its target (44 points is Apple's minimum); farther is a bug.
    static let hitSlop = 44.0

    // MARK: - input-hit-test

    static func inputHitTest(_ c: ValidationContext) throws {
        var checked: [String] = []
        for (cls, size) in try inputClasses(c) {
            let info = cls.info
            let instance = try fresh(cls, size)
            try instance.layout(size: size)
            let w = size.width, h = size.height
            let inside = grid(size)
            var accepted = 0
            for p in inside {
                let first = try instance.hitTest(p, size: size)
                if try instance.hitTest(p, size: size) != first {
                    c.fail("class \(info.name): the hit test answered \(first) and then \(!first) for \(describe(p)): it must depend only on the point, the size and the properties")
                }
                if first { accepted += 1 }
            }
            if accepted == 0 {
                c.fail("class \(info.name): the hit test accepts none of the \(inside.count) points of a 5×5 grid inside its bounds \(format(size)): a down is sent only where it accepts, so it can never be pressed")
            }
            let far = [Point(x: -(w + hitSlop), y: h / 2), Point(x: 2 * w + hitSlop, y: h / 2), Point(x: w / 2, y: -(h + hitSlop)),
                       Point(x: w / 2, y: 2 * h + hitSlop), Point(x: -1e6, y: -1e6), Point(x: 1e6, y: 1e6)]
            let wrong = try far.filter { try instance.hitTest($0, size: size) }
            if !wrong.isEmpty {
                c.fail("class \(info.name): the hit test accepts \(wrong.map(describe).joined(separator: ", ")), far outside its bounds \(format(size)): is a bounds check missing?")
            }
            let near = [Point(x: -1, y: h / 2), Point(x: w + 1, y: h / 2), Point(x: w / 2, y: -1), Point(x: w / 2, y: h + 1)]
            let grown = try near.filter { try instance.hitTest($0, size: size) }
            if !grown.isEmpty, wrong.isEmpty {
                c.warn("class \(info.name): the hit test accepts \(grown.map(describe).joined(separator: ", ")), just outside its bounds \(format(size)) (a target larger than the view, as UIKit allows a small control; a designer shows only the frame)")
            }
            checked.append("\(info.name) (\(accepted) of \(inside.count) points inside accepted)")
            try c.checkBudget()
        }
        if !checked.isEmpty { c.note("inside accepted, far outside refused, the same answers twice: " + checked.joined(separator: ", ")) }
    }

    // MARK: - input-outside

    static func inputOutside(_ c: ValidationContext) throws {
        var checked: [String] = []
        for (cls, size) in try inputClasses(c) {
            let info = cls.info
            let component = try DesignerInstance(cls, frame: Rect(size: size))
            try component.layoutIfNeeded()
            let p = format(try pressPoints(component.instance, size: size).first ?? Point(x: size.width / 2, y: size.height / 2))
            let far = farPoints(size).map(format)
            let script = "enter \(p); down \(p); " + far.map { "move \($0)" }.joined(separator: "; ") + "; up \(far[0]); "
                + "down \(p); move \(far[1]); cancel \(far[1]); move \(far[2]); leave \(far[2])"
            guard try play(script, on: component, c, context: "events outside its bounds \(format(size))") else { continue }
            for prop in info.properties {
                let value = try component.instance.get(prop.name)
                do { try prop.check(value) } catch let error as HostError {
                    c.fail("class \(info.name): after a drag outside its bounds, property \(prop.name) is \(prop.format(value)): \(error.message)")
                }
            }
            do { _ = try InstancePixels.render(component.instance, size: size) } catch let error as HostError {
                c.fail("class \(info.name): after events outside its bounds it does not draw: \(PluginValidator.describe(error, inClass: info.name))")
            }
            checked.append(info.name)
            try c.checkBudget()
        }
        if !checked.isEmpty { c.note("dragged to ±1000000 points, released, cancelled and hovered outside, properties in range, still drawn: " + checked.joined(separator: ", ")) }
    }

    // MARK: - input-determinism

    /// What one step of a pointer sequence did.
    struct StepOutcome: Equatable {
        var handled: Bool?
        var actions: [String]
        var changed: [String]
        var picture: RGBAImage

        var summary: String {
            let answer = handled.map { $0 ? "handled" : "not handled" } ?? "waited"
            return answer + (actions.isEmpty ? "" : ", sent \(actions.joined(separator: ", "))")
                + (changed.isEmpty ? "" : ", changed \(changed.joined(separator: ", "))")
        }
    }

    static func inputDeterminism(_ c: ValidationContext) throws {
        var checked: [String] = []
        for (cls, size) in try inputClasses(c) {
            let info = cls.info
            let sizing = try DesignerInstance(cls, frame: Rect(size: size))
            try sizing.layoutIfNeeded()
            let points = try pressPoints(sizing.instance, size: size)
            let p = format(points.first ?? Point(x: size.width / 2, y: size.height / 2)), q = format(points.last ?? Point(x: 1, y: 1))
            let text = "enter \(p); down \(p); move \(q); up \(q); wait 250; down \(p); up \(p); down \(q); move \(p); cancel \(p); leave \(p)"
            let script = try PlayScript.parse(text)
            let steps = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            var runs: [[StepOutcome]] = []
            for _ in 0..<2 {
                let component = try DesignerInstance(cls, frame: Rect(size: size))
                try component.layoutIfNeeded()
                var outcomes: [StepOutcome] = []
                for step in script.steps {
                    var handled: Bool?
                    switch step {
                    case .wait(let seconds): try component.advanceClock(by: seconds)
                    case .pointer(let event):
                        try component.layoutIfNeeded()
                        handled = try component.pointer(event)
                    }
                    let actions = try component.takeSentActions()
                    let changed = try component.takeChangedValues().map { "\($0.name)=\(info.property(named: $0.name)?.format($0.value) ?? "\($0.value)")" }
                    outcomes.append(StepOutcome(handled: handled, actions: actions, changed: changed,
                                                picture: try InstancePixels.render(component.instance, size: size)))
                }
                runs.append(outcomes)
                try c.checkBudget()
            }
            if let i = runs[0].indices.first(where: { runs[0][$0] != runs[1][$0] }) {
                let (a, b) = (runs[0][i], runs[1][i])
                let what = a.summary != b.summary ? "the first instance: \(a.summary); the second: \(b.summary)"
                    : "the pictures differ (\(differing(a.picture, b.picture)))"
                c.fail("class \(info.name): the same pointer sequence on two fresh instances differs at step \(i + 1) \(steps[i].quoted): \(what): does input depend on state shared between instances, on time or on memory never set? (the sequence: \(text))")
            }
            checked.append(info.name)
        }
        if !checked.isEmpty { c.note("the same answers, events, values and pixels after each of 11 steps, twice: " + checked.joined(separator: ", ")) }
    }

    // MARK: - input-destroy

    static func inputDestroy(_ c: ValidationContext) throws {
        // A destroy that fails in a worker is a warning (the instance's work is done): heard here.
        let heard = Locked<[String]>([])
        var probe: PluginProbe?
        if c.isolated {
            let environment = HostEnvironment(diagnostics: Diagnostics(warnings: { line in heard.withValue { $0.append(line) } }),
                                              renderer: c.environment.renderer, workers: c.environment.workers)
            probe = try PluginProbes.make(path: c.path, isolation: c.isolation, environment: environment)
        }
        defer { probe?.stop() }
        let classes = try probe?.load() ?? c.classes()
        var checked: [String] = []
        for (cls, size) in try inputClasses(c, classes) {
            let info = cls.info
            // (Events outside the bounds are input-outside's: here the press stays inside.)
            for (label, drag) in [("right after a down", false), ("during a drag", true)] {
                var component: DesignerInstance? = try DesignerInstance(cls, frame: Rect(size: size))
                try component!.layoutIfNeeded()
                let points = try pressPoints(component!.instance, size: size)
                let p = format(points.first ?? Point(x: size.width / 2, y: size.height / 2))
                let steps = "down \(p)" + (drag ? "; move \(format(points.last ?? Point(x: 1, y: 1)))" : "")
                guard try play(steps, on: component!, c, context: "before destroy") else { break }
                component = nil // destroy, with the press never ended
                let lines = heard.withValue { l -> [String] in
                    defer { l = [] }
                    return l
                }
                for line in lines {
                    // "FILE: class NAME: why [phase: destroy] (after …)": the file and the class are the message's own.
                    var text = line.replacingOccurrences(of: " (after the instance was used: what it drew is kept)", with: "")
                    for known in [c.path + ": ", "class \(info.name): "] where text.hasPrefix(known) { text = String(text.dropFirst(known.count)) }
                    c.fail("class \(info.name): destroyed \(label), with no up: \(text)")
                }
            }
            checked.append(info.name)
            try c.checkBudget()
        }
        if !c.isolated { c.note("with --in-process a destroy that crashes ends the validator itself: run without it to see the failure") }
        if !checked.isEmpty { c.note("destroyed right after a down and during a drag, no up: \(checked.joined(separator: ", "))") }
    }

    // MARK: - traits-round-trip

    static func traitsRoundTrip(_ c: ValidationContext) throws {
        var same: [String] = [], differ: [String] = []
        let light = Traits(appearance: .light), dark = Traits(appearance: .dark)
        // Pictures of two instances are compared: a class whose instances draw differently anyway
        // (the determinism check's failures) would fail here too, blamed on its traits.
        let undetermined = try nondeterministicClasses(c)
        for cls in try c.classes() {
            let info = cls.info
            if undetermined.contains(info.name) {
                c.note("class \(info.name): not compared: two instances draw differently whatever their traits (see the determinism check)")
                continue
            }
            guard let size = try pictureSize(cls, c) else { continue }
            let created = [light.appearance: try InstancePixels.render(try fresh(cls, size, traits: light), size: size),
                           dark.appearance: try InstancePixels.render(try fresh(cls, size, traits: dark), size: size)]
            if created[.light] == created[.dark] { same.append(info.name) } else { differ.append(info.name) }
            for (start, other) in [(dark, light), (light, dark)] {
                let instance = try fresh(cls, size, traits: start)
                _ = try InstancePixels.render(instance, size: size)
                for (step, traits) in [("changed to \(other.appearance)", other), ("changed back to \(start.appearance)", start)] {
                    try instance.setTraits(traits)
                    let picture = try InstancePixels.render(instance, size: size)
                    if picture != created[traits.appearance] {
                        c.fail("class \(info.name): created \(start.appearance), then \(step), it draws differently from an instance created \(traits.appearance) (\(differing(created[traits.appearance]!, picture))): does it read the appearance only in create? Read the traits when drawing, or listen for changes (easel_class_traits.traits_changed; traitCollectionDidChange)")
                        break
                    }
                }
            }
            try c.checkBudget()
        }
        if !differ.isEmpty { c.note("created dark then light and back, and light then dark and back, as created: \(differ.joined(separator: ", "))") }
        if !same.isEmpty { c.note("the same in both appearances: \(same.joined(separator: ", "))") }
    }

    // MARK: - Helpers

    /// The classes the determinism check fails, found by running it on the side.
    static func nondeterministicClasses(_ c: ValidationContext) throws -> Set<String> {
        let side = ValidationContext(path: c.path, probe: c.probe, seed: c.seed, isolation: c.isolation, budget: c.budget,
                                     environment: c.environment)
        try determinism(side)
        let names = try c.classes().map(\.info.name)
        return Set(names.filter { name in side.failures.contains { $0.hasPrefix("class \(name): ") } })
    }

    /// The classes that take pointer input, with the size they are drawn at; skips the check when none.
    static func inputClasses(_ c: ValidationContext, _ classes: [DesignableClass]? = nil) throws -> [(DesignableClass, Size)] {
        let all = try classes ?? c.classes()
        let input = all.filter(\.info.takesInput)
        if input.isEmpty { c.skip("no class takes pointer input (\(ExtensionID.input))") }
        return try input.compactMap { cls in try pictureSize(cls, c).map { (cls, $0) } }
    }

    /// A fresh instance made for `traits`, prepared for the designer.
    static func fresh(_ cls: DesignableClass, _ size: Size, traits: Traits) throws -> DesignableInstance {
        let instance = try cls.makeInstance(frame: Rect(size: size), traits: traits)
        try instance.prepareForDesigner()
        return instance
    }

    /// The centres of a 5×5 grid over the bounds.
    static func grid(_ size: Size) -> [Point] {
        (0..<5).flatMap { j in (0..<5).map { i in Point(x: ((Double(i) + 0.5) * size.width / 5).rounded(), y: ((Double(j) + 0.5) * size.height / 5).rounded()) } }
    }

    /// The grid's points the hit test accepts, nearest the centre first.
    static func pressPoints(_ instance: DesignableInstance, size: Size) throws -> [Point] {
        let centre = Point(x: size.width / 2, y: size.height / 2)
        func distance(_ p: Point) -> Double { (p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y) }
        return try grid(size).filter { try instance.hitTest($0, size: size) }.sorted { distance($0) < distance($1) }
    }

    /// Points far outside the bounds, every side, out to the farthest a play step may name.
    static func farPoints(_ size: Size) -> [Point] {
        let w = size.width, h = size.height
        return [Point(x: -1e6, y: -1e6), Point(x: 1e6, y: 1e6), Point(x: 2 * w + hitSlop, y: h / 2), Point(x: -(w + hitSlop), y: h / 2),
                Point(x: w / 2, y: 2 * h + hitSlop), Point(x: w / 2, y: -(h + hitSlop)), Point(x: 1e6, y: -1e6), Point(x: -1, y: -1)]
    }

    /// Plays `text` (``PlayScript``'s syntax) on `component`, step by step; a step that fails is a
    /// failure naming it. Returns whether every step ran.
    static func play(_ text: String, on component: DesignerInstance, _ c: ValidationContext, context: String) throws -> Bool {
        let script = try PlayScript.parse(text)
        let steps = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        for (i, step) in script.steps.enumerated() {
            do {
                switch step {
                case .wait(let seconds): try component.advanceClock(by: seconds)
                case .pointer(let event): _ = try component.pointer(event)
                }
                _ = try component.takeSentActions()
                _ = try component.takeChangedValues()
            } catch let error as HostError {
                c.fail("class \(component.info.name): step \(i + 1) \(steps[i].quoted) of \(context) failed: \(PluginValidator.describe(error, inClass: component.info.name)) (the steps: \(text))")
                return false
            }
        }
        return true
    }

    /// A point as a play step writes it ("40,20").
    static func format(_ p: Point) -> String { "\(PropertyInfo.formatNumber(p.x)),\(PropertyInfo.formatNumber(p.y))" }
    /// A point in a message ("(40, 20)").
    static func describe(_ p: Point) -> String { "(\(PropertyInfo.formatNumber(p.x)), \(PropertyInfo.formatNumber(p.y)))" }
}
