import EaselHost
import EaselJSON
import Glibc

/// `host inspect CLASS|FILE.so`: a class's details and its properties grouped as the inspector shows
/// them, laid out like gst-inspect-1.0; with `--set`, the values read back through the getters.
package enum InspectCommand: Command {
    package static let spec = CommandSpec(
        name: "inspect",
        summary: "show a class's (or a plugin file's) inspectable properties",
        usage: "CLASS|FILE.so",
        positionals: 1...1,
        options: [
            OptionSpec(name: "set", value: "NAME=VALUE", repeatable: true,
                       help: "create an instance, set a property through its setter, and show every value read back"),
            OptionSpec(name: "action", value: "NAME[=VALUE]", repeatable: true,
                       help: "after the --set values, run an action (in order) and show every value read back"),
            .trait,
            OptionSpec(name: "json", help: "print JSON (schema easel.inspect/1: the manual, reference/json.md)"),
        ],
        details: """
        Value syntax for --set: Int 42 · CGFloat/Double 12.5 · String text · Bool true/false · Point x,y ·
        Size WxH · Rect x,y,w,h · Color #RRGGBB or #RRGGBBAA · Image a resource path · Enum a case name ·
        Insets top,left,bottom,right.
        """)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let target = arguments.positionals[0]
        let (registry, classes) = try resolve(target, invocation)
        let assignments = try arguments.assignments()
        let actions = arguments.all("action").map(RenderCommand.parseAction)
        let traits = try arguments.traits()
        // Any of these makes an instance whose values are read back; without them the class is described.
        let makesInstance = !assignments.isEmpty || !actions.isEmpty || arguments.has("trait")
        if makesInstance, classes.count != 1 {
            let options = ["--set", "--action", "--trait"].filter { arguments.has(String($0.dropFirst(2))) }
            throw UsageError(message: "\(target) has \(classes.count) classes; \(options.joined(separator: ", ")) needs one (inspect a class by name)")
        }
        // Describing a class comes from the registry; plugin code runs only now, in a worker: one
        // fresh instance per class for the defaults check (easel.h, DEFAULTS), which --set then uses.
        var inspected: [Inspected] = []
        for info in classes {
            var result = Inspected(info: info)
            // A typo fails before any plugin code runs.
            if !assignments.isEmpty { _ = try info.parse(assignments) }
            let parsedActions = try info.parseActions(actions)
            guard let cls = try registry.designableClass(named: info.name) else {
                throw registry.unknownClass(info.name)
            }
            do {
                if !makesInstance {
                    // From the registry cache when this build was checked before: no plugin code runs.
                    result.mismatches = try registry.checkedDefaults(of: cls)
                } else {
                    let instance = try cls.makeInstance(frame: Rect(size: info.defaultSize), traits: traits)
                    result.mismatches = try DefaultsCheck.mismatches(of: instance)
                    (result.current, result.reported, result.sentActions) = try applying(assignments, parsedActions, to: instance)
                }
            } catch let error as HostError where !makesInstance {
                // Without --set the description stands on its own: say why the check could not run.
                invocation.environment.diagnostics.warn("\(info.plugin.path): class \(info.name): the defaults could not be checked: \(error.message)")
            }
            for m in result.mismatches ?? [] { invocation.environment.diagnostics.warn(m.message) }
            inspected.append(result)
        }
        if arguments.has("json") {
            let list = inspected.map {
                InspectJSON.describe($0.info, current: $0.current, reported: $0.reported, sentActions: $0.sentActions,
                                     traits: traits, mismatches: $0.mismatches)
            }
            print(JSON.object([("schema", .string("easel.inspect/1")), ("classes", .array(list))]).text, terminator: "")
        } else {
            // The plugin's strings can neither drive the terminal (escape sequences in a summary) nor
            // start a line (a line feed in one): each line is escaped whole.
            let lines = inspected.enumerated().flatMap { i, r in
                (i == 0 ? [] : [""]) + InspectText.describe(r.info, current: r.current, reported: r.reported,
                                                            sentActions: r.sentActions, traits: traits, mismatches: r.mismatches ?? [])
            }
            print(TerminalText.lines(lines), terminator: "")
        }
        return 0
    }

    /// What inspecting one class found.
    struct Inspected {
        let info: ClassInfo
        /// The values read back after --set.
        var current: [String: PropertyValue]?
        /// Properties the component said it changed itself (property_changed) during the sets and actions.
        var reported: Set<String> = []
        /// The actions the component sent (easel.actions/1 send_action, UIControl.sendActions) meanwhile.
        var sentActions: [String] = []
        /// nil: the defaults could not be checked.
        var mismatches: [DefaultMismatch]?
        init(info: ClassInfo) { self.info = info }
    }

    /// A class by name on the search path, or every class of one plugin file.
    static func resolve(_ target: String, _ invocation: Invocation) throws -> (Registry, [ClassInfo]) {
        if target.hasSuffix(".so") || target.contains("/") {
            try checkPluginFile(target)
            let registry = Registry(files: [target], isolation: try invocation.isolation(), environment: invocation.environment)
            if let failure = registry.failures.first { throw failure }
            guard let plugin = registry.plugins.first else { return (registry, []) }
            return (registry, try plugin.classes().map { info in
                var info = info
                info.plugin.path = plugin.info.path
                return info
            })
        }
        let registry = try invocation.registry()
        guard let info = try registry.classInfo(named: target) else { throw registry.unknownClass(target) }
        return (registry, [info])
    }

    /// Runs each setter in order on `instance`, then each action, then reads every property back;
    /// also returns the properties the component reported changing itself (property_changed) and
    /// the actions it sent meanwhile.
    static func applying(_ assignments: [(name: String, value: String)],
                         _ actions: [(name: String, argument: PropertyValue?)] = [],
                         to instance: DesignableInstance) throws -> ([String: PropertyValue], Set<String>, [String]) {
        let info = instance.info
        let parsed = try info.parse(assignments)
        _ = try instance.takeRequests()
        for (name, value) in parsed { try instance.set(name, to: value) }
        for (name, argument) in actions { try instance.invoke(name, argument: argument) }
        let requests = try instance.takeRequests()
        var values: [String: PropertyValue] = [:]
        for property in info.properties { values[property.name] = try instance.get(property.name) }
        return (values, Set(requests.changedProperties), requests.sentActions)
    }
}
