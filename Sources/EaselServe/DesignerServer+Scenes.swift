import EaselHost
import EaselPreview
import EaselRender
import Foundation

/// The scene endpoints (`GET /api/scenes`, `GET|POST /api/scenes/N`, `POST /api/scenes/N/ACTION`):
/// a scene as the designer edits it, its edits, and what its file on disk says.
extension DesignerServer {
    /// `GET /api/scenes`: the open scenes, each with its file, unsaved edits and file status.
    func sceneList() -> HTTPResponse {
        let snapshot = session.snapshot
        return json(200, .object([ServeJSON.schema, ("scenes", .array(snapshot.openScenes.enumerated().map { i, s in
            .object([("file", .string(s.scene.file)), ("dirty", .bool(s.edited)), ("instances", .integer(Int64(s.scene.instances.count))),
                     ("deletedOnDisk", .bool(snapshot.sceneFileStatus(at: i).deletedOnDisk)),
                     ("newFile", .bool(snapshot.sceneFileStatus(at: i).isNew))])
        }))]))
    }

    /// `POST /api/scenes/N/CHOICE`: one of the choices about scene `index` and its file (save,
    /// reload, keep, restore, discard: `choice` calls the session's); answers the scene as `GET` does.
    func sceneChoice(_ index: Int, _ choice: (DesignSession, Int) throws -> Void) throws -> HTTPResponse {
        try choice(session, index)
        publishScene(index)
        return json(200, try sceneDetail(index))
    }

    /// A scene as the designer edits it: the document, whether it has unsaved edits, the classes its
    /// instances use (as `GET /api/classes/NAME` describes them) and, by class name, their plugins'
    /// image resources (the Image chooser's list).
    func sceneDetail(_ index: Int) throws -> JSON {
        let snapshot = session.snapshot // (one state throughout; no plugin call)
        let scenes = snapshot.openScenes
        guard scenes.indices.contains(index) else { throw HostError(.notFound, "no scene number \(index) (there are \(scenes.count))") }
        let scene = scenes[index].scene
        let names = Array(Set(scene.instances.map(\.className))).sorted()
        var classes: [JSON] = []
        var resources: [(String, JSON)] = []
        var unavailable: [(String, JSON)] = []
        for name in names {
            guard case .object(let members)? = ServeJSON.classDetail(snapshot, name),
                  let cls = members.first(where: { $0.0 == "class" })?.1 else {
                unavailable.append((name, unavailableClass(name, snapshot)))
                continue
            }
            classes.append(cls)
            resources.append((name, members.first { $0.0 == "resources" }?.1 ?? .array([])))
        }
        let status = snapshot.sceneFileStatus(at: index)
        return .object([ServeJSON.schema, ("file", .string(scene.file)), ("dirty", .bool(scenes[index].edited)),
                        ("revision", .integer(Int64(snapshot.sceneRevision(at: index)))),
                        ("fileError", sceneFileError(status.error)),
                        ("changedOnDisk", .bool(status.changedOnDisk)), ("deletedOnDisk", .bool(status.deletedOnDisk)),
                        ("newFile", .bool(status.isNew)),
                        ("keptEdits", snapshot.offeredKeptEditsFile(at: index).map(JSON.string) ?? .null),
                        ("document", scene.document),
                        ("instanceIds", .array(scene.instances.map { .integer(Int64($0.identity ?? 0)) })),
                        ("classes", .array(classes)), ("resources", .object(resources)),
                        ("unavailable", .object(unavailable))])
    }

    /// `POST /api/scenes/N` `{"document": {…scene…}}`: the edited scene, checked (structure, and the
    /// attributes that changed against their classes) before it replaces the open one.
    func editScene(_ index: Int, _ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.object(request.body)
        guard let document = body["document"] else { throw HostError(.badData, "request body: expected \"document\" (a scene object)") }
        let scenes = session.openScenes
        guard scenes.indices.contains(index) else { throw HostError(.notFound, "no scene number \(index)") }
        let scene = try Scene.parse(try JSONSerialization.data(withJSONObject: document), file: scenes[index].scene.file)
        let revision = try body["revision"].map { value -> Int in
            guard let n = value as? NSNumber, let i = Int(exactly: n.doubleValue), i >= 0 else {
                throw HostError(.badData, "request body: revision: expected the scene's revision (a whole number from GET /api/scenes/\(index))")
            }
            return i
        }
        // Who each instance is (GET /api/scenes/N's instanceIds, null for one the edit adds): the
        // values held for an instance follow it, not its place in the list.
        let identities = try body["instanceIds"].map { value -> [Int?] in
            guard let list = value as? [Any] else {
                throw HostError(.badData, "request body: instanceIds: expected an array (one identity or null per instance, from GET /api/scenes/\(index))")
            }
            return try list.enumerated().map { i, item in
                if item is NSNull { return nil }
                guard let n = item as? NSNumber, let id = Int(exactly: n.doubleValue) else {
                    throw HostError(.badData, "request body: instanceIds[\(i)]: expected an instance's identity (a whole number from GET /api/scenes/\(index)) or null")
                }
                return id
            }
        }
        let now = try session.replaceScene(at: index, with: scene, basedOn: revision, identities: identities)
        // Every page showing the scene reads it again (another tab's next edit undid this one).
        publishScene(index)
        return json(200, .object([ServeJSON.schema, ("dirty", .bool(true)), ("revision", .integer(Int64(now))),
                                  ("instanceIds", .array(session.sceneInstanceIdentities(at: index).map { .integer(Int64($0)) }))]))
    }

    /// Why a scene's instances of `name` cannot be drawn: no loaded build provides the class (the
    /// close names of those that are loaded, and the files that failed to load, with why).
    func unavailableClass(_ name: String, _ snapshot: SessionSnapshot) -> JSON {
        let rejected = snapshot.rejectedFiles
        if let own = rejected.first(where: { $0.failure.className == name }) {
            return .object([("className", .string(name)), ("file", .string(own.file)),
                            ("message", .string("its plugin failed to load: \(own.failure.error.with(file: own.file).description)"))])
        }
        let loaded = snapshot.loadedBuilds.flatMap { $0.classes.map(\.name) }
        let close = Registry.closeNames(to: name, in: Array(Set(loaded)).sorted())
        var message = "no loaded plugin provides the class \(name)" + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)")
        if !rejected.isEmpty {
            message += "; files that failed to load: " + rejected.map { "\($0.file) (\($0.failure.reason))" }.joined(separator: ", ")
        }
        return .object([("className", .string(name)), ("file", .null), ("message", .string(message))])
    }

    /// Tells every page showing scene `index` to read it again (its revision, or its file's status).
    func publishScene(_ index: Int) {
        hub.publish("scene", data: JSON.object([ServeJSON.schema, ("index", .integer(Int64(index))),
                                                ("revision", .integer(Int64(session.sceneRevision(at: index)))),
                                                ("text", .array([]))]).compactText)
    }

    /// Why scene `index`'s file on disk is not a scene now, as an error with the instance and the
    /// key concerned (`instances[1]`, `frame`) taken from the path its message starts with.
    func sceneFileError(_ e: HostError?) -> JSON {
        guard let e, case .object(var members) = ServeJSON.failure(PluginFailure(e)) else { return .null }
        let path = e.message.prefix { $0 != ":" && $0 != " " }
        if path.hasPrefix("instances[") {
            let instance = path.prefix { $0 != "]" } + "]"
            members.append(("instance", .string(String(instance))))
            let key = path.dropFirst(instance.count).drop { $0 == "." }
            if !key.isEmpty { members.append(("key", .string(String(key)))) }
        } else if !path.isEmpty, e.message.dropFirst(path.count).hasPrefix(":") {
            members.append(("key", .string(String(path))))
        }
        return .object(members)
    }
}
