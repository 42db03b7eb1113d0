@preconcurrency import Glibc
import EaselCLI
import EaselHost
import EaselPreview
import EaselServe
import Foundation

extension DrawingLibraryEngine {
    /// `host serve`: the design session and the designer's HTTP server, until a signal stops them;
    /// scene edits not saved are kept beside their scenes.
    func serve(_ request: ServeRequest, _ invocation: Invocation) throws -> Int32 {
        let environment = invocation.environment
        var options = SessionOptions(directories: request.directories)
        options.assignments = request.assignments
        // A scene file that does not exist yet (in a folder that does) is a new, empty scene, as an
        // editor opens a new file: Save scene creates it. (It was refused: no way to start a scene
        // in the designer.)
        options.scenes = try request.scenes.map { file in
            let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
            var isFolder: ObjCBool = false
            guard !FileManager.default.fileExists(atPath: file), file.hasSuffix(".json"),
                  FileManager.default.fileExists(atPath: folder.isEmpty ? "/" : folder, isDirectory: &isFolder), isFolder.boolValue else {
                return try Scene.read(file)
            }
            print("note: \(file) does not exist yet: a new, empty scene (Save scene in the designer creates it)")
            return Scene.new(file: file)
        }
        for scene in options.scenes where FileManager.default.fileExists(atPath: DesignSession.unsavedEditsPath(for: scene.file)) {
            print("note: \(DesignSession.unsavedEditsPath(for: scene.file)) holds edits of \(scene.file) not saved when serve last stopped: the designer offers to restore or discard them")
        }
        options.isolation = request.isolation
        options.scale = 2 // library thumbnails, crisp on high-density screens
        guard let pageDirectory = PageFiles.directory() else {
            throw HostError(.notFound, "the designer's page files (index.html, app.js, app.css) are missing; set $\(PageFiles.environmentVariable) to their folder")
        }
        var configuration = ServeConfiguration(pageDirectory: pageDirectory)
        configuration.programName = CLI.programName
        if let port = request.port { configuration.port = port }
        if let address = request.address { configuration.address = address }

        let hub = EventHub(maximumClients: configuration.maximumEventClients)
        let session = try DesignSession(options: options, environment: environment) { event in
            for line in event.lines { print(line) }
            fflush(stdout)
            DesignerServer.publish(event, to: hub)
        }
        // Workers are forked from a launcher made now, while this process has one thread.
        environment.workers.prepare(warm: true)
        // The port is bound before the plugins load (and after the launcher is forked, which would
        // otherwise hold it open): a port in use was refused only after every plugin had loaded
        // and rendered. The server made below serves on this socket.
        try HTTPServer.reserve(address: configuration.address, port: configuration.port)
        if !configuration.isLoopback {
            configuration.token = DesignerServer.makeToken()
            fputs("\(CLI.programName) serve: warning: listening on \(configuration.address), not only this machine: every request needs the token in the URL below\n", stderr)
        }
        // Before the plugins load: a missing --sources folder was refused only after every plugin
        // had loaded and "watching …" was printed. (Its watcher starts no thread until start().)
        var builder: BuildRunner?
        if let command = request.build {
            builder = try BuildRunner(command: command, sources: request.sources) { session.report($0) }
        }
        // Ctrl-C, SIGTERM or a closed terminal (SIGHUP) stop serve cleanly, even while a plugin call
        // hangs (it is cut short) or the first plugins load.
        HostProcess.stopOnSignal()
        try session.start()
        let server = try DesignerServer(session: session, hub: hub, configuration: configuration)
        print("serving the designer at \(server.url) (Ctrl-C stops)")
        fflush(stdout)
        if request.opensBrowser { openInBrowser(server.url) }
        builder?.start()
        session.run { !HostProcess.stopRequested }
        builder?.stop()
        server.stop()
        // Scene edits live in this process: stopping it must not lose them (nothing the user set
        // is lost). They are kept beside each scene, never written over its file unasked.
        for line in session.keepUnsavedEdits() { print(line) }
        session.stop()
        print("stopped")
        return 0
    }

    private func openInBrowser(_ url: String) {
        var pid = pid_t()
        let status = withCStrings(["xdg-open", url]) { posix_spawnp(&pid, "xdg-open", nil, nil, UnsafeMutablePointer(mutating: $0), environ) }
        if status != 0 { fputs("\(CLI.programName) serve: warning: could not run xdg-open (open \(url) yourself)\n", stderr); return }
        // Reaped when it ends, so that it never lingers as a zombie.
        let child = pid
        Thread.detachNewThread { var s: Int32 = 0; waitpid(child, &s, 0) }
    }
}
