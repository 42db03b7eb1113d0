/// One plugin file that loaded: its identity and its classes.
package final class PluginRecord {
    package let info: PluginInfo
    /// Its classes, as `host list` shows them.
    package let summaries: [ClassSummary]
    var lazyClasses: LazyClasses
    /// The plugin loaded in this process (in-process isolation), once it was.
    var loaded: LoadedPlugin?

    init(info: PluginInfo, summaries: [ClassSummary], classes: LazyClasses, loaded: LoadedPlugin?) {
        self.info = info
        self.summaries = summaries
        self.lazyClasses = classes
        self.loaded = loaded
    }

    /// Its classes' full descriptions (decoded from the cache on first use; throws if the cache
    /// entry is corrupt: the registry then scans the file again).
    package func classes() throws -> [ClassInfo] { try lazyClasses.classes() }
}
