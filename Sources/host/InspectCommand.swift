import EaselHost
import Glibc

/// `host inspect CLASS|FILE.so`: a class's details and its properties grouped as the inspector shows
/// them, laid out like gst-inspect-1.0; with `--set`, the values read back through the getters.
enum InspectCommand: Command {
    static let spec = CommandSpec(
        name: "inspect",
        summary: "show a class's (or a plugin file's) inspectable properties",
        usage: "CLASS|FILE.so [--set name=value]… [--json] [--plugins DIR]…",
        positionals: 1...1,
        options: [
            OptionSpec(name: "set", value: "NAME=VALUE", repeatable: true,
                       help: "create an instance, set a property through its setter, and show every value read back"),
            OptionSpec(name: "json", help: "print JSON (schema easel.inspect/1, see README)"),
        ],
        details: """
        Value syntax for --set: Int 42 · CGFloat/Double 12.5 · String text · Bool true/false · Point x,y ·
        Size WxH · Rect x,y,w,h · Color #RRGGBB or #RRGGBBAA · Image a resource path · Enum a case name ·
        Insets top,left,bottom,right.
        """)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let target = arguments.positionals[0]
        let classes = try resolve(target, arguments)
        let assignments = try arguments.all("set").map(parseAssignment)
        var current: [String: [String: PropertyValue]] = [:]
        if !assignments.isEmpty {
            guard classes.count == 1 else {
                throw UsageError(message: "\(target) has \(classes.count) classes; --set needs one (inspect a class by name)")
            }
            current[classes[0].info.name] = try applying(assignments, to: classes[0])
        }
        if arguments.has("json") {
            let list = classes.map { InspectJSON.describe($0.info, current: current[$0.info.name]) }
            print(JSON.object([("schema", .string("easel.inspect/1")), ("classes", .array(list))]).text, terminator: "")
        } else {
            print(classes.map { InspectText.describe($0.info, current: current[$0.info.name]) }
                .joined(separator: "\n\n"))
        }
        return 0
    }

    /// A class by name on the search path, or every class of one plugin file.
    static func resolve(_ target: String, _ arguments: ParsedArguments) throws -> [DesignableClass] {
        if target.hasSuffix(".so") || target.contains("/") {
            guard access(target, F_OK) == 0 else {
                throw HostError(.notFound, "no such file (expected a plugin .so)", file: target)
            }
            let registry = Registry(files: [target])
            if let failure = registry.failures.first { throw failure }
            return registry.plugins.first?.classes ?? []
        }
        let registry = CLI.registry(arguments)
        guard let cls = registry.designableClass(named: target) else { throw unknownClass(target, registry) }
        return [cls]
    }

    /// "no class named …", with suggestions, the known classes and how many files failed.
    static func unknownClass(_ name: String, _ registry: Registry) -> HostError {
        var message = "no class named '\(name)' in \(registry.searchPath.directories.joined(separator: ", "))"
        let hints = registry.suggestions(for: name)
        if !hints.isEmpty { message += "; did you mean \(hints.joined(separator: ", "))?" }
        else if !registry.classes.isEmpty {
            message += " (expected one of: \(registry.classes.map(\.info.name).joined(separator: ", ")))"
        }
        if !registry.failures.isEmpty {
            message += "; \(registry.failures.count) file\(registry.failures.count == 1 ? "" : "s") failed to load (see host list)"
        }
        return HostError(.notFound, message)
    }

    static func parseAssignment(_ text: String) throws -> (name: String, value: String) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
            throw UsageError(message: "--set '\(text)' is not NAME=VALUE")
        }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }

    /// Creates an instance, runs each setter in order, and reads every property back.
    static func applying(_ assignments: [(name: String, value: String)],
                         to cls: DesignableClass) throws -> [String: PropertyValue] {
        let info = cls.info
        // Parse everything first: a typo fails before any plugin code runs.
        var parsed: [(String, PropertyValue)] = []
        for (name, text) in assignments {
            guard let property = info.property(named: name) else {
                let known = info.properties.map(\.name).joined(separator: ", ")
                throw HostError(.badData, "no such property (expected one of: \(known))",
                                file: info.plugin.path, className: info.name, property: name)
            }
            do { parsed.append((name, try property.parse(text))) } catch let e as HostError {
                throw e.with(file: info.plugin.path, className: info.name, property: name)
            }
        }
        let instance = try cls.makeInstance(frame: Rect(size: info.defaultSize))
        for (name, value) in parsed { try instance.set(name, to: value) }
        var values: [String: PropertyValue] = [:]
        for property in info.properties { values[property.name] = try instance.get(property.name) }
        return values
    }
}
