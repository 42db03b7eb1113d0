/// A named attribute set of a class (easel.h, extension `easel.variants/1`): one of the states a
/// designer and a snapshot test should see, such as "pill" or "disabled".
package struct VariantInfo: Equatable, Codable, Sendable {
    /// One attribute of a variant: a property name and its value in the value syntax.
    package struct Attribute: Equatable, Codable, Sendable {
        package var key: String
        package var value: String
        package init(key: String, value: String) { self.key = key; self.value = value }
    }

    package var name: String
    package var displayName: String
    package var summary: String?
    /// In the plugin's order; the host applies them in the class's property order.
    package var attributes: [Attribute]

    package init(name: String, displayName: String? = nil, summary: String? = nil, attributes: [Attribute]) {
        self.name = name
        self.displayName = displayName ?? DisplayName.derive(from: name)
        self.summary = summary
        self.attributes = attributes
    }

    /// The attributes as `name=value` pairs, for ``ClassInfo/parse(_:file:)``.
    package var assignments: [(name: String, value: String)] { attributes.map { ($0.key, $0.value) } }
}

/// A named method a designer can trigger (easel.h, extension `easel.actions/1`), IBAction-like:
/// "highlight", "animateTo(progress)".
package struct ActionInfo: Equatable, Codable, Sendable {
    package var name: String
    package var displayName: String
    package var summary: String?
    /// The argument's type, range, cases and default, described as a property named after the
    /// action; nil when the action takes no argument.
    package var argument: PropertyInfo?

    package init(name: String, displayName: String? = nil, summary: String? = nil, argument: PropertyInfo?) {
        self.name = name
        self.displayName = displayName ?? DisplayName.derive(from: name)
        self.summary = summary
        self.argument = argument
    }

    /// "animateTo(CGFloat)" or "highlight()", as `host inspect` lists it.
    package var signature: String { "\(name)(\(argument?.type.name ?? ""))" }
}

/// The extension ids this host knows (easel.h, EXTENSIONS).
package enum ExtensionID {
    /// Per class: named attribute sets.
    package static let variants = "easel.variants/1"
    /// Per class: methods a designer can trigger.
    package static let actions = "easel.actions/1"
    /// The host's: the animation clock.
    package static let clock = "easel.clock/1"
    /// Per class (1.2): pointer input and hit tests; the host's half takes control events.
    package static let input = "easel.input/1"
    /// Per class (1.2): told of trait changes; the host's half gives the traits.
    package static let traits = "easel.traits/1"
    /// The per-class ids the host looks up, in the order `host inspect` lists them.
    package static let classExtensions = [variants, actions, input, traits]
}

extension ActionInfo {
    /// `argument` checked against the action (present iff it takes one; type, range, cases), or an
    /// error naming the file, class and action and what was expected.
    package func check(_ argument: PropertyValue?, file: String?, className: String) throws -> PropertyValue? {
        switch (self.argument, argument) {
        case (nil, nil): return nil
        case (nil, .some):
            throw HostError(.badData, "action \(name) takes no argument (expected \(name), not \(name)=VALUE)",
                            file: file, className: className)
        case (.some(let p), nil):
            // (The default argument is what an editor offers first, not a value for an omitted one.)
            throw HostError(.badData, "action \(name) needs an argument (expected \(name)=VALUE, VALUE \(p.type.syntax); e.g. \(name)=\(p.format(p.defaultValue)), its default)",
                            file: file, className: className)
        case (.some(let p), .some(let value)):
            do { try p.check(value) } catch let e as HostError {
                throw HostError(.badData, "action \(name): \(e.message)", file: file, className: className)
            }
            return value
        }
    }

    /// The argument of `--action NAME=TEXT` (nil TEXT: `--action NAME`), parsed and checked.
    package func parse(_ text: String?, file: String?, className: String) throws -> PropertyValue? {
        guard let text, let p = argument else { return try check(text.map { .string($0) }, file: file, className: className) }
        do { return try check(try p.parse(text), file: file, className: className) } catch let e as HostError where e.className == nil {
            throw HostError(.badData, "action \(name): \(e.message)", file: file, className: className)
        }
    }
}
