// MARK: - Looking one class up through the cache's index, without a full load

extension Registry {
    /// The class through the cache's index, without a full load (nil: the index cannot tell).
    func lookUpInIndex(_ name: String) -> ClassInfo? {
        if let info = indexed[name] { return info }
        guard !isLoaded, !options.rescan, explicitFiles == nil, let cache, let cwd = Self.workingDirectory,
              let (found, warnings) = cache.lookup(name, searchPath: options.searchPath.directories, workingDirectory: cwd),
              let all = try? found.classes.classes(), found.position < all.count, all[found.position].name == name else {
            printWarnings()
            return nil
        }
        var info = all[found.position]
        info.plugin.path = found.file
        indexed[name] = info
        indexedLookups += 1
        collectedWarnings += warnings
        printWarnings()
        return info
    }
}
