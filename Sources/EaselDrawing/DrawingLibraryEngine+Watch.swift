import EaselCLI
import EaselHost
import EaselPreview
@preconcurrency import Glibc

extension DrawingLibraryEngine {
    /// `host watch`: loads every plugin in the folders, renders every class (and scene) into the
    /// output folder, and again whenever a build changes, until a signal stops it.
    func watch(_ request: WatchRequest, _ invocation: Invocation) throws -> Int32 {
        var options = SessionOptions(directories: request.directories)
        options.classFilter = request.classFilter
        options.assignments = request.assignments
        options.scale = request.scale
        options.scenes = try request.scenes.map { try Scene.read($0) }
        options.pngLevel = request.pngLevel
        options.isolation = request.isolation
        if let traits = request.traits { (options.traits, options.overridesSceneTraits) = (traits, true) }
        // Every build's worker is forked from a launcher that has fonts and the font map loaded.
        if options.isolation != .inProcess { invocation.environment.workers.prepare(warm: true) }
        // Previews are written by a subscriber of the session's events, in front of the printer.
        let previews = try PreviewFileWriter(directory: request.outputDirectory)
        let session = try DesignSession(options: options, environment: invocation.environment, report: previews.writing { event in
            for line in event.lines { print(line) }
            fflush(stdout)
        })
        // Ctrl-C, SIGTERM or a closed terminal (SIGHUP) stop the watch cleanly, even while a plugin
        // call hangs (it is cut short) or the first plugins load.
        HostProcess.stopOnSignal()
        try session.start()
        session.run { !HostProcess.stopRequested }
        session.stop()
        print("stopped")
        return 0
    }
}
