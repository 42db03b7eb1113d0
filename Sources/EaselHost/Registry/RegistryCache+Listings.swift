import Glibc

// MARK: - Listings: what `host list` printed, with what it was made from

extension RegistryCache {
    /// What one `host list` printed, and what it was made from.
    struct Listing {
        /// The listing's inputs, encoded (the walk of the search path: every file and signature).
        var key: [UInt8]
        var output: String
        var warnings: [String]
        var status: Int32
    }

    /// The listing stored for `mode`, if `keyMatches` says that what it was made from (its key,
    /// where it lies in the file) is what it would be made from now. The record is checked against
    /// its checksum and read in place: only the text printed is copied. A corrupt listing is a
    /// warning, and nil (the caller lists again and stores a good one).
    func listing(mode: String, keyMatches: (UnsafeRawBufferPointer) -> Bool) -> (output: String, warnings: [String], status: Int32)? {
        do {
            guard let reference = try storedListingReferences().first(where: { $0.mode == mode })?.record,
                  let mapped else { return nil }
            return try mapped.withChecked(reference.start, Int(reference.length), crc: reference.crc, what: "listing") { record in
                var r = BorrowedBinaryReader(record)
                guard keyMatches(try r.blob()) else { return nil }
                let output = try r.string()
                let warnings = try r.array { try $0.string() }
                return (output, warnings, Int32(bitPattern: try r.u32()))
            }
        } catch {
            warn("\(path): the registry cache's listing is corrupt (\(error)); listing again")
            isDirty = true
            return nil
        }
    }

    /// Keeps `listing` as the one of `mode`, for the next save (the other modes' are kept as stored).
    func storeListing(mode: String, _ listing: Listing) {
        newListings[mode] = listing
        isDirty = true
    }

    /// The listings section's table: each mode and where its record lies (empty: none).
    func storedListingReferences() throws -> [(mode: String, record: BlobReference)] {
        guard let header, let mapped, header.listingsLength > 0 else { return [] }
        var r = BinaryReader(try mapped.copy(header.listingsOffset, header.listingsLength, crc: header.listingsCRC, what: "listings"))
        guard try r.string() == identity else { return [] }
        return try r.array { (mode: try $0.string(), record: try BlobReference(from: &$0)) }
    }
}
