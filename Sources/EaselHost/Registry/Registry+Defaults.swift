// MARK: - Defaults checks, from the cache when made on the same build

extension Registry {
    /// The defaults check of `cls` (``DefaultsCheck``): from the registry cache when it was made on
    /// this build of the class's file (so a warm `inspect` starts no worker), else made now, in a new
    /// instance, and stored. Throws what creating or reading throws.
    package func checkedDefaults(of cls: DesignableClass) throws -> [DefaultMismatch] {
        let info = cls.info
        let file = PluginLoader.absolutePath(info.plugin.path)
        let signature = FileSignature(path: info.plugin.path)
        func mismatches(_ pairs: [(property: String, actual: PropertyValue)]) -> [DefaultMismatch] {
            pairs.compactMap { pair in
                info.properties.first { $0.name == pair.property }.map {
                    DefaultMismatch(file: info.plugin.path, className: info.name, property: $0, actual: pair.actual)
                }
            }
        }
        if let cache, let signature, let stored = cache.checkedDefaults(file: file, className: info.name, signature: signature) {
            return mismatches(stored)
        }
        let found = try DefaultsCheck.check(cls)
        if let cache, let signature, FileSignature(path: info.plugin.path) == signature {
            cache.storeCheckedDefaults(file: file, className: info.name, RegistryCache.CheckedDefaults(
                signature: signature, mismatches: found.map { (property: $0.property.name, actual: $0.actual) }))
            cache.save { environment.diagnostics.warn($0) }
        }
        return found
    }
}
