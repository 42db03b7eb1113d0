// MARK: - Checked defaults: the outcome of each class's defaults check, per build of its file

extension RegistryCache {
    /// The outcome of the defaults check of one class of one build of a file.
    struct CheckedDefaults {
        var signature: FileSignature
        /// Property name → what a new instance read, for the properties that differ.
        var mismatches: [(property: String, actual: PropertyValue)]
    }

    /// The key of a class of a file among the defaults checks.
    static func defaultsKey(_ file: String, _ className: String) -> String { file + "\u{0}" + className }

    /// The stored defaults check of class `className` of `file` (absolute), if it was made on this
    /// build of the file.
    func checkedDefaults(file: String, className: String, signature: FileSignature) -> [(property: String, actual: PropertyValue)]? {
        guard let found = defaults[Self.defaultsKey(file, className)], found.signature == signature else { return nil }
        return found.mismatches
    }

    /// Keeps the outcome of the defaults check of `className` of `file` (absolute), for the next save.
    func storeCheckedDefaults(file: String, className: String, _ checked: CheckedDefaults) {
        _ = defaults
        decodedDefaults![Self.defaultsKey(file, className)] = checked
        isDirty = true
    }

    /// Every stored defaults check, by ``defaultsKey(_:_:)``, decoded once (a corrupt section is a
    /// warning, and none).
    var defaults: [String: CheckedDefaults] {
        if let decodedDefaults { return decodedDefaults }
        var result: [String: CheckedDefaults] = [:]
        if let header, let mapped, header.defaultsLength > 0 {
            do {
                var r = BinaryReader(try mapped.copy(header.defaultsOffset, header.defaultsLength, crc: header.defaultsCRC, what: "defaults checks"))
                guard try r.string() == identity else { throw OtherVersion() }
                let count = Int(try r.u32())
                for _ in 0..<count {
                    let file = try r.string()
                    let signature = FileSignature(size: try r.u64(), modified: try r.i64(), inode: try r.u64())
                    let className = try r.string()
                    let mismatches = try r.array { (property: try $0.string(), actual: try $0.propertyValue()) }
                    result[Self.defaultsKey(file, className)] = CheckedDefaults(signature: signature, mismatches: mismatches)
                }
            } catch is OtherVersion {
                // Written by another host version: checked again, silently (not corruption).
                result = [:]
                isDirty = true
            } catch {
                warn("\(path): the registry cache's defaults checks are corrupt (\(error)); checking again")
                result = [:]
                isDirty = true
            }
        }
        decodedDefaults = result
        return result
    }
}
