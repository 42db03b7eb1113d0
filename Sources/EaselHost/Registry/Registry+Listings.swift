import Glibc

// MARK: - Stored listings: `host list` when nothing changed

extension Registry {
    /// What an earlier `host list` in `mode` (its options: "text", "json strict"…) printed, if it
    /// was made from exactly this walk of the search path: the same files with the same signatures,
    /// the same directories and problems, from the same working directory, by this host. A listing
    /// is a function of these, as each file's cache entry is of its signature; so when nothing
    /// changed, `host list` prints it without decoding a single entry. nil: list as usual (explicit
    /// files, `--rescan`, no cache, or no such listing), then ``storeListing(mode:output:status:)``.
    package func storedListing(mode: String) -> (output: String, warnings: [String], status: Int32)? {
        guard let context = listingContext, let cache else { return nil }
        guard let listing = cache.listing(mode: mode, keyMatches: { listingKey(mode: mode, context, matches: $0) }) else {
            printWarnings() // a corrupt listing is reported
            // The full load leaves the cache to be written once, with the listing.
            pendingListing = true
            return nil
        }
        listedFromCache = true
        return listing
    }

    /// Keeps what `host list` in `mode` printed (stdout, the exit status; this load's warnings) for
    /// the next `list` of the same walk. The cache is rewritten once; a failure to write it was
    /// reported by the load already, or does not matter (the listing is only an optimisation).
    package func storeListing(mode: String, output: String, status: Int32) {
        guard let context = listingContext, let cache else { return }
        var key: [UInt8] = []
        writeListingKey(mode: mode, context) { key += $0; return true }
        let warnings = collectedWarnings.filter { !$0.contains("registry cache") }
        cache.storeListing(mode: mode, RegistryCache.Listing(key: key, output: output, warnings: warnings, status: status))
        let reported = pendingListing // the load's own save, done here: its failure is worth a warning
        pendingListing = false
        cache.save { if reported { environment.diagnostics.warn($0) } }
    }

    /// What a listing is made from besides the mode and the walk: the working directory and the
    /// program that printed it (its file's signature: a rebuilt or upgraded host may print
    /// differently). nil: listings are not stored (explicit files, `--rescan`, no cache).
    private var listingContext: (workingDirectory: String, program: FileSignature)? {
        guard explicitFiles == nil, !options.rescan, cache != nil, let cwd = Self.workingDirectory,
              let program = FileSignature(path: "/proc/self/exe") else { return nil }
        return (cwd, program)
    }

    /// Whether `stored` is exactly the key of a listing in `mode` now. The key is compared piece
    /// by piece as it is written (``writeListingKey(mode:_:_:)``): the key of 10 000 files (1 MB)
    /// is never held whole, and the first difference ends the comparison.
    private func listingKey(mode: String, _ context: (workingDirectory: String, program: FileSignature),
                            matches stored: UnsafeRawBufferPointer) -> Bool {
        var compared = 0
        let whole = writeListingKey(mode: mode, context) { piece in
            guard piece.count <= stored.count - compared else { return false }
            guard piece.isEmpty || piece.withUnsafeBytes({ memcmp(stored.baseAddress! + compared, $0.baseAddress!, piece.count) }) == 0 else {
                return false
            }
            compared += piece.count
            return true
        }
        return whole && compared == stored.count
    }

    /// Writes what a listing is made from, encoded, to `emit`, in pieces of about 16 KB: the
    /// program, the mode, the working directory, the search path and its walk (every directory,
    /// problem, file and signature). `emit` returns false to stop; so does this, then.
    @discardableResult
    private func writeListingKey(mode: String, _ context: (workingDirectory: String, program: FileSignature),
                                 _ emit: ([UInt8]) -> Bool) -> Bool {
        let walk = walked
        let pieceSize = 16 << 10
        var w = BinaryWriter(capacity: pieceSize + 4096)
        w.u64(context.program.size); w.i64(context.program.modified); w.u64(context.program.inode)
        w.string(mode)
        w.string(context.workingDirectory)
        w.array(options.searchPath.directories) { $0.string($1) }
        w.array(walk.directories) { $1.encode(to: &$0) }
        w.array(walk.problems) { $0.string($1) }
        w.u32(UInt32(walk.files.count))
        for i in 0..<walk.files.count {
            walk.files.withPath(at: i) { w.string(utf8: $0) }
            let signature = walk.files.signatures[i]
            w.u64(signature.size); w.i64(signature.modified); w.u64(signature.inode)
            if w.bytes.count >= pieceSize {
                guard emit(w.bytes) else { return false }
                w.removeAll()
            }
        }
        return emit(w.bytes)
    }
}
