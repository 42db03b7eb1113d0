import EaselHost
import EaselPreview

/// The server's routes: one table, from which requests are dispatched and `Allow` headers are read
/// (``Route``). Documented in the manual, Docs/reference/http-api.md, in this order.
extension DesignerServer {
    static let routes: [Route] = [
        // Classes and their pictures.
        Route("GET", "/api/classes") { server, _, _ in server.classList() },
        Route("GET", "/api/classes/{name}") { server, _, p in try server.classDetail(p["name"]) },
        Route("GET", "/api/preview") { server, request, _ in try server.preview(request) },
        Route("GET", "/api/thumbnail/{name}") { server, _, p in try server.thumbnail(p["name"]) },
        Route("GET", "/api/resources/{class}/{path*}") { server, _, p in try server.resource(p["class"], p["path"]) },
        Route("POST", "/api/render") { server, request, _ in try server.render(request) },
        // What the designer holds and does to a class's live instance.
        Route("POST", "/api/values") { server, request, _ in try server.setValues(request) },
        Route("POST", "/api/actions") { server, request, _ in try server.invokeAction(request) },
        Route("GET", "/api/traits") { server, _, _ in server.traits() },
        Route("POST", "/api/traits") { server, request, _ in try server.setTraits(request) },
        Route("POST", "/api/pointer") { server, request, _ in try server.pointer(request) },
        // Scenes.
        Route("GET", "/api/scenes") { server, _, _ in server.sceneList() },
        Route("GET", "/api/scenes/{index:int}") { server, _, p in server.json(200, try server.sceneDetail(p.number("index"))) },
        Route("POST", "/api/scenes/{index:int}") { server, request, p in try server.editScene(p.number("index"), request) },
        Route("GET", "/api/scenes/{index:int}/preview") { server, request, p in try server.scenePreview(p.number("index"), request) },
        Route("POST", "/api/scenes/{index:int}/save") { server, _, p in try server.sceneChoice(p.number("index")) { try $0.saveScene(at: $1) } },
        // The file changed on disk under unsaved edits: take the file's, or keep the edits.
        Route("POST", "/api/scenes/{index:int}/reload") { server, _, p in
            try server.sceneChoice(p.number("index")) { _ = try $0.reloadSceneFromDisk(at: $1) }
        },
        Route("POST", "/api/scenes/{index:int}/keep") { server, _, p in try server.sceneChoice(p.number("index")) { try $0.keepSceneEdits(at: $1) } },
        // The edits a previous serve kept as it stopped: take them, or remove their file.
        Route("POST", "/api/scenes/{index:int}/restore") { server, _, p in
            try server.sceneChoice(p.number("index")) { _ = try $0.restoreKeptEdits(at: $1) }
        },
        Route("POST", "/api/scenes/{index:int}/discard") { server, _, p in
            try server.sceneChoice(p.number("index")) { try $0.discardKeptEdits(at: $1) }
        },
        // The event stream.
        Route("GET", "/api/events") { server, _, _ in server.events() },
        // Anything else under /api is no endpoint, whatever the method.
        Route(nil, "/api/{rest*}") { _, request, _ in
            throw HostError(.notFound, "no such API endpoint: \(request.method) \(request.path) (see the manual, reference/http-api.md)")
        },
        // The page's own files.
        Route("GET", "/{file*}") { server, request, p in try server.page(p["file"].isEmpty ? "index.html" : p["file"], request) },
    ]

    /// `GET /api/classes`: every plugin and class loaded, the files that failed, the search path.
    func classList() -> HTTPResponse {
        json(200, ServeJSON.classes(session.snapshot, directories: session.options.directories, program: configuration.programName))
    }

    /// `GET /api/classes/NAME`: the class as the inspector edits it.
    func classDetail(_ name: String) throws -> HTTPResponse {
        guard let detail = ServeJSON.classDetail(session.snapshot, name) else { throw unknownClass(name) }
        return json(200, detail)
    }

    /// `GET /api/events`: the session's events (Server-Sent Events), while a slot is free.
    func events() -> HTTPResponse {
        guard let stream = hub.subscribe() else {
            return error(503, "too many event-stream clients (at most \(hub.maximumClients))")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
                                                   ("X-Accel-Buffering", "no")], body: .stream(stream))
    }
}
