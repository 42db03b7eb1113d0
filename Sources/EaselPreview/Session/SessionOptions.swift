import EaselHost

/// What a ``DesignSession`` watches and how it renders: the same for `host watch` and `host serve`.
/// (Where previews are written is no option of the session's: `host watch` writes them through a
/// ``PreviewFileWriter``; `host serve` keeps them in memory.)
package struct SessionOptions {
    /// The plugin folders, in search-path order (a class two files provide comes from the path that
    /// sorts first).
    package var directories: [String]
    /// Classes to render; empty: every class.
    package var classFilter: Set<String> = []
    /// Values the host owns across reloads (`--set`).
    package var assignments: [PropertyAssignment] = []
    /// Pixels per point; nil: 1 for classes, a scene's own `scale` for scenes.
    package var scale: Double?
    /// The traits classes are shown with (`--trait`); scenes keep their own unless
    /// ``overridesSceneTraits`` (a `--trait` given on the command line wins, as for `host render`).
    package var traits: Traits = .default
    package var overridesSceneTraits = false
    /// PNG compression level: previews want speed.
    package var pngLevel: Int = 1
    /// Where plugin code runs; in workers, the time budget of each call.
    package var isolation: Isolation = .default
    /// Quiet time after a file was closed or renamed into place, to coalesce bursts of events.
    package var settle: Double = 0.002
    /// Quiet time after which a file still open for writing is looked at anyway.
    package var writeQuiet: Double = 0.5
    /// How long a deleted file may take to come back before its classes are unloaded.
    package var deleteGrace: Double = 0.15
    /// Scenes re-rendered whenever a class they use is reloaded (`host watch` writes each as
    /// `<scene name>.png`); their attributes are values the host owns, like `assignments`.
    package var scenes: [Scene] = []

    /// Watches `directories` (the other options at their defaults).
    package init(directories: [String]) {
        self.directories = directories
    }

    /// Watches one folder.
    package init(directory: String) {
        self.init(directories: [directory])
    }

    /// The time budget of each plugin call in a worker.
    package var timeout: Double {
        if case .workers(let t) = isolation { return t }
        return Isolation.defaultTimeout
    }
}
