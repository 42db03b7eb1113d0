import Glibc

/// `mkdir -p`: creates `dir` and its missing parents (mode 0755), ignoring failures; callers check
/// what they need (e.g. that the directory is writable) themselves.
public func makeDirectories(_ dir: String) {
    var current = dir.hasPrefix("/") ? "" : "."
    for part in dir.split(separator: "/") {
        current += "/\(part)"
        mkdir(current, 0o755)
    }
}

/// The names in a directory, without "." and ".." and hidden entries, or nil if it cannot be read.
func visibleEntries(of dir: String) -> [String]? {
    guard let d = opendir(dir) else { return nil }
    defer { closedir(d) }
    var names: [String] = []
    while let entry = readdir(d) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
        if !name.hasPrefix(".") { names.append(name) }
    }
    return names
}
