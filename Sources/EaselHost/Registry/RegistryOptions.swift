/// How a ``Registry`` finds, scans and runs plugins.
package struct RegistryOptions: Sendable {
    package var searchPath: PluginSearchPath
    /// Where plugin code runs (scans included).
    package var isolation: Isolation
    /// The registry cache file; nil: no cache (every file is scanned).
    package var cacheFile: String?
    /// Scan every file again, whatever the cache says (`--rescan`).
    package var rescan: Bool
    /// Which program the cache's sections belong to: another host version or ABI writes another
    /// identity, and its sections are replaced without a warning (tests set it to play an older host).
    package var cacheIdentity = RegistryCache.hostIdentity

    /// `$EASEL_REGISTRY_CACHE`, else `$XDG_CACHE_HOME/easel/registry-v4.bin` (`~/.cache/…`).
    package static var defaultCacheFile: String { RegistryCache.defaultPath }
    /// `~/.cache/easel/registry-v4.bin`, for help texts.
    package static var defaultCacheFileText: String { "~/.cache/easel/" + RegistryCache.fileName }

    package init(searchPath: PluginSearchPath, isolation: Isolation = .default,
                cacheFile: String? = RegistryOptions.defaultCacheFile, rescan: Bool = false) {
        self.searchPath = searchPath
        self.isolation = isolation
        self.cacheFile = cacheFile
        self.rescan = rescan
    }
}
