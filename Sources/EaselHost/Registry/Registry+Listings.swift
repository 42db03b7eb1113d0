// MARK: - Stored listings: `host list` when nothing changed

extension Registry {
    /// What an earlier `host list` in `mode` (its options: "text", "json strict"…) printed, if it
    /// was made from exactly this walk of the search path: the same files with the same signatures,
    /// the same directories and problems, from the same working directory, by this host. A listing
    /// is a function of these, as each file's cache entry is of its signature; so when nothing
    /// changed, `host list` prints it without decoding a single entry. nil: list as usual (explicit
    /// files, `--rescan`, no cache, or no such listing), then ``storeListing(mode:output:status:)``.
    package func storedListing(mode: String) -> (output: String, warnings: [String], status: Int32)? {
        guard let key = listingKey(mode: mode), let cache else { return nil }
        guard let listing = cache.listing(mode: mode, key: key) else {
            printWarnings() // a corrupt listing is reported
            // The full load leaves the cache to be written once, with the listing.
            pendingListing = true
            return nil
        }
        listedFromCache = true
        return (listing.output, listing.warnings, listing.status)
    }

    /// Keeps what `host list` in `mode` printed (stdout, the exit status; this load's warnings) for
    /// the next `list` of the same walk. The cache is rewritten once; a failure to write it was
    /// reported by the load already, or does not matter (the listing is only an optimisation).
    package func storeListing(mode: String, output: String, status: Int32) {
        guard let key = listingKey(mode: mode), let cache else { return }
        let warnings = collectedWarnings.filter { !$0.contains("registry cache") }
        cache.storeListing(mode: mode, RegistryCache.Listing(key: key, output: output, warnings: warnings, status: status))
        let reported = pendingListing // the load's own save, done here: its failure is worth a warning
        pendingListing = false
        cache.save { if reported { environment.diagnostics.warn($0) } }
    }

    /// What a listing is made from, encoded: the program that printed it (its file's signature: a
    /// rebuilt or upgraded host may print differently), the mode, the working directory, the search
    /// path and its walk.
    private func listingKey(mode: String) -> [UInt8]? {
        guard explicitFiles == nil, !options.rescan, cache != nil, let cwd = Self.workingDirectory,
              let program = FileSignature(path: "/proc/self/exe") else { return nil }
        let walk = walked
        var w = BinaryWriter(capacity: 64 * walk.files.count + 256)
        w.u64(program.size); w.i64(program.modified); w.u64(program.inode)
        w.string(mode)
        w.string(cwd)
        w.array(options.searchPath.directories) { $0.string($1) }
        w.array(walk.directories) { $1.encode(to: &$0) }
        w.array(walk.problems) { $0.string($1) }
        w.u32(UInt32(walk.files.count))
        for (i, file) in walk.files.enumerated() {
            w.string(file)
            let signature = i < walk.signatures.count ? walk.signatures[i] : FileSignature(path: file)
            w.u64(signature?.size ?? 0); w.i64(signature?.modified ?? -1); w.u64(signature?.inode ?? 0)
        }
        return w.bytes
    }
}
