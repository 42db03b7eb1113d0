import EaselHost
import EaselPreview

/// The JSON of the live designer's HTTP API (schema `easel.serve/1`, documented in the README).
enum ServeJSON {
    static let schema: (String, JSON) = ("schema", .string("easel.serve/1"))

    /// A failure: the host's message and everything taken apart from it.
    static func failure(_ f: PluginFailure) -> JSON {
        .object([
            ("message", .string(f.error.description)),
            ("reason", .string(f.reason)),
            ("kind", .string(f.error.kind.rawValue)),
            ("file", .optional(f.file)),
            ("className", .optional(f.className)),
            ("property", .optional(f.property)),
            ("phase", .optional(f.phase)),
            ("signal", .optional(f.signal)),
            ("exitStatus", f.exitStatus.map { .integer(Int64($0)) } ?? .null),
            ("timedOut", .bool(f.timedOut)),
            ("output", .array(f.output.map(JSON.string))),
        ])
    }

    /// `{"schema": …, "error": {…}}`.
    static func error(_ e: HostError) -> JSON {
        .object([schema, ("error", failure(PluginFailure(e)))])
    }

    /// The HTTP status for an error.
    static func status(_ e: HostError) -> Int {
        switch e.kind {
        case .usage: return 400
        case .badData: return 422
        case .notFound: return 404
        case .pluginFailure: return 502
        case .cannotCreate, .internalError: return 500
        }
    }

    /// An event for the page: its SSE name and data, with the lines `host watch` prints for it.
    static func event(_ event: SessionEvent) -> (String, JSON) {
        var members: [(String, JSON)] = [schema]
        let name: String
        switch event {
        case .started(let dirs, let count, _):
            name = "started"
            members += [("directories", .array(dirs.map(JSON.string))), ("plugins", .integer(Int64(count)))]
        case .loaded(let r):
            name = "reload"
            members += [("file", .string(r.file)), ("build", .integer(Int64(r.build))), ("isReload", .bool(r.isReload)),
                        ("classes", .array(r.classes.map(JSON.string))), ("outcomes", .array(r.outcomes.map(outcome))),
                        ("milliseconds", .number((r.seconds * 10_000).rounded() / 10))]
        case .removed(let file, _, let build, let outcomes):
            name = "reload"
            members += [("file", .string(file)), ("build", .integer(Int64(build))), ("removed", .bool(true)),
                        ("outcomes", .array(outcomes.map(outcome)))]
        case .sceneRendered(let scene, let o):
            name = "reload"
            members += [("scene", .string(scene)), ("outcomes", .array([outcome(o)]))]
        case .sceneFile(let index, let file, let change):
            // Pages showing the scene read it again (the file's scene, or its status: an error or
            // a change under unsaved edits).
            name = "scene"
            let kind: String
            switch change {
            case .reloaded: kind = "reloaded"
            case .invalid: kind = "invalid"
            case .changedUnderEdits: kind = "changedUnderEdits"
            case .removed: kind = "removed"
            }
            members += [("index", .integer(Int64(index))), ("file", .string(file)), ("fileChange", .string(kind))]
        case .rejected(let file, _, let f, let kept):
            name = "failure"
            var failure = f
            failure.error = f.error.with(file: file, phase: .load)
            members += [("file", .string(file)), ("className", .null), ("rejected", .bool(true)),
                        ("keptBuild", kept.map { .integer(Int64($0)) } ?? .null), ("failure", ServeJSON.failure(failure))]
        case .failure(let className, let f, let stale):
            name = "failure"
            members += [("file", .optional(f.file)), ("className", .string(className)), ("rejected", .bool(false)),
                        ("staleBuild", stale.map { .integer(Int64($0)) } ?? .null), ("failure", failure(f))]
        case .recovered(let className, let file, let build):
            name = "recovered"
            members += [("className", .string(className)), ("file", .string(file)), ("build", .integer(Int64(build)))]
        case .schema(let className, let diff):
            name = "schema"
            members += [("className", .string(className)), ("changes", .array(diff.parts.map(JSON.string)))]
        case .value(let notice, let scene, let instance):
            name = "notice"
            members += [("scene", .optional(scene)), ("instance", .optional(instance))]
            switch notice {
            case .dropped(let a, let c, let why):
                members += [("className", .string(c)), ("property", .string(a.name)), ("dropped", .bool(true)), ("why", .string(why))]
            case .restored(let a, let c):
                members += [("className", .string(c)), ("property", .string(a.name)), ("restored", .bool(true))]
            }
        case .notice:
            name = "notice"
        case .buildOutput(let command, let line):
            name = "build"
            members += [("command", .string(command)), ("line", .string(line))]
        case .redrawn(let className, let frame, _):
            name = "redraw"
            members += [("className", .string(className)), ("frame", .integer(Int64(frame)))]
        case .buildFinished(let command, let status, let seconds):
            name = "build"
            members += [("command", .string(command)), ("finished", .bool(true)), ("status", .integer(Int64(status))),
                        ("milliseconds", .number((seconds * 10_000).rounded() / 10))]
        }
        members.append(("text", .array(event.lines.map(JSON.string))))
        return (name, .object(members))
    }

    static func outcome(_ o: RenderOutcome) -> JSON {
        switch o {
        case .rendered(let c, _, _): return .object([("className", .string(c)), ("state", .string("rendered"))])
        case .failed(let c): return .object([("className", .string(c)), ("state", .string("failed"))])
        case .gone(let c, _): return .object([("className", .string(c)), ("state", .string("gone"))])
        case .scene(let s, _, _): return .object([("scene", .string(s)), ("state", .string("rendered"))])
        case .sceneFailed(let s): return .object([("scene", .string(s)), ("state", .string("failed"))])
        }
    }

    /// `GET /api/classes`: `host list --json`'s content from the builds the session has loaded, with
    /// each class's state (one snapshot: no plugin call, and never waiting for one).
    static func classes(_ session: SessionSnapshot, directories: [String], program: String) -> JSON {
        let builds = session.loadedBuilds
        return .object([
            schema,
            ("program", .string(program)),
            ("searchPath", .array(directories.map(JSON.string))),
            ("plugins", .array(builds.map { build in
                var plugin = build.classes.first?.plugin ?? PluginInfo(path: build.file, id: "", name: "", version: "", summary: nil, abi: "")
                plugin.path = build.file
                return ListJSON.plugin(plugin, classes: build.classes.map { cls in
                    ListJSON.classEntry(name: cls.name, displayName: cls.displayName, summary: cls.summary, group: cls.group,
                                        registered: session.isProvider(build.file, of: cls.name),
                                        extra: [("build", .integer(Int64(build.build))), ("state", state(session, cls.name))])
                })
            })),
            ("failures", .array(session.rejectedFiles.map { ListJSON.failure($0.failure.error) })),
            ("warnings", .array(builds.flatMap { build in
                build.classes.filter { !session.isProvider(build.file, of: $0.name) }.compactMap { cls -> JSON? in
                    guard let provider = builds.first(where: { session.isProvider($0.file, of: cls.name) }) else { return nil }
                    return .string("class \(cls.name) is registered by both \(provider.file) and \(build.file); using \(provider.file) (it comes first on the search path)")
                }
            })),
        ])
    }

    /// A class's preview state: failing (with why) or not, and the build its last good preview came from.
    static func state(_ session: SessionSnapshot, _ className: String) -> JSON {
        guard let s = session.state(of: className) else { return .null }
        return .object([
            ("failing", .bool(s.failure != nil)),
            ("stale", .bool(s.failure != nil && s.preview != nil)),
            ("previewBuild", s.previewBuild.map { .integer(Int64($0)) } ?? .null),
            ("previewRevision", .integer(Int64(s.previewRevision))),
            ("failure", s.failure.map(failure) ?? .null),
        ])
    }

    /// `GET /api/classes/NAME`: `host inspect --json`'s class, with every property's current value as
    /// `value`/`valueText` (as the instance has it: the value the session holds, else the default, or
    /// what the component changed it to itself) and `held` (whether the session holds one), the
    /// class's state and its plugin's image resources (from one snapshot).
    static func classDetail(_ session: SessionSnapshot, _ name: String) -> JSON? {
        guard let info = session.classInfo(named: name) else { return nil }
        let current = Dictionary(session.values(for: name).map { ($0.name, $0.value) }, uniquingKeysWith: { _, b in b })
        let values = session.currentValues(for: name)
        return .object([
            schema,
            ("class", InspectJSON.describe(info, current: values, held: Set(current.keys))),
            ("state", state(session, name)),
            ("resources", .array(ResourceFiles.images(for: info.plugin.path).map(JSON.string))),
            ("defaults", .bool(matches(info, current, []))),
            ("currentVariants", .array(info.variants.filter { v in
                (try? info.parse(v.attributes.map { ($0.key, $0.value) })).map { matches(info, current, $0) } ?? false
            }.map { .string($0.name) })),
        ])
    }

    /// Whether the values held (`current`) are the class's defaults with `attributes` over them
    /// (read-only properties aside): what the variant picker shows as the current choice.
    static func matches(_ info: ClassInfo, _ current: [String: PropertyValue], _ attributes: [(name: String, value: PropertyValue)]) -> Bool {
        let set = Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { _, b in b })
        return info.properties.allSatisfy { p in
            p.isReadOnly || (current[p.name] ?? p.defaultValue) == (set[p.name] ?? p.defaultValue)
        }
    }
}
