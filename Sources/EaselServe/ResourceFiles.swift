import EaselHost
import Foundation
import Glibc

/// Files the server may send: only below a root folder (the page's files, a plugin's resources),
/// never through `..`, an absolute path, an empty or hidden segment, or a symbolic link that leads
/// out of the root or to a hidden name in it. The request path arrives percent-decoded, so `%2e%2e`
/// is `..` here.
enum ResourceFiles {
    /// The regular file `relative` below `root`, resolved; nil if it does not exist or escapes.
    /// The path asked for and the path it resolves to obey the same rules: `dotlink.svg` linking
    /// to `.hidden.svg` beside it was served, though `.hidden.svg` itself was not.
    static func file(_ relative: String, under root: String) -> String? {
        guard let realRoot = realPath(root), isPlain(relative), let real = realPath(root + "/" + relative),
              real.hasPrefix(realRoot + "/"), isPlain(String(real.dropFirst(realRoot.count + 1))) else { return nil }
        var st = stat()
        guard stat(real, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return real
    }

    /// Whether `relative` is a path below a folder with no empty, hidden (`.`, `..`, `.name`) or
    /// absolute part, no NUL and no backslash.
    private static func isPlain(_ relative: String) -> Bool {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\0"), !relative.contains("\\") else { return false }
        return relative.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") }
    }

    /// The largest file sent: a 2 GB file in a resource folder was read whole for each request
    /// (3.2 GB of memory, longer than a browser waits), and the Image field lists every image.
    static let largestFile = 64 << 20

    /// The bytes of a file ``file(_:under:)`` found (nil: gone meanwhile); larger than
    /// ``largestFile``, or no longer a regular file: a ``HostError`` naming it and `expected`.
    static func contents(_ path: String, expected: String) throws -> [UInt8]? {
        try RegularFile.read(path, maximumSize: largestFile, expected: expected)
    }

    /// The image files in a plugin's resource folder, relative to it, sorted.
    /// Each folder is walked once, by (device, inode): five symbolic links to `.` in a resource
    /// folder made the walk exponential (97 656 "images" and 4.7 s for each GET /api/classes/NAME,
    /// under the session's lock; eight links, minutes).
    static func images(for pluginPath: String) -> [String] {
        let root = PluginLoader.resourceDirectory(for: pluginPath)
        var found: [String] = []
        struct Folder: Hashable { let device: UInt64, inode: UInt64 }
        var visited: Set<Folder> = []
        func walk(_ dir: String, _ prefix: String, depth: Int) {
            var own = stat()
            guard depth < 8, stat(dir, &own) == 0, visited.insert(Folder(device: UInt64(own.st_dev), inode: UInt64(own.st_ino))).inserted,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = dir + "/" + name
                var st = stat()
                guard stat(path, &st) == 0 else { continue }
                if st.st_mode & S_IFMT == S_IFDIR { walk(path, prefix + name + "/", depth: depth + 1); continue }
                let lower = name.lowercased()
                // Only what a request for it is sent (not a link to a hidden file or out of the folder).
                if [".png", ".svg", ".jpg", ".jpeg"].contains(where: lower.hasSuffix), file(prefix + name, under: root) != nil {
                    found.append(prefix + name)
                }
            }
        }
        walk(root, "", depth: 0)
        return found
    }

    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// The content type for a file name.
    static func contentType(_ name: String) -> String {
        let lower = name.lowercased()
        if lower.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if lower.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if lower.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if lower.hasSuffix(".png") { return "image/png" }
        if lower.hasSuffix(".svg") { return "image/svg+xml" }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return "image/jpeg" }
        if lower.hasSuffix(".pdf") { return "application/pdf" }
        if lower.hasSuffix(".json") { return "application/json" }
        return "application/octet-stream"
    }
}

/// Where the page's files (index.html, app.js, app.css) are: `$EASEL_PAGE_DIR`, else the install
/// location (`<prefix>/share/easel/page` beside `<prefix>/bin/host`), else the source tree this
/// binary was built from.
package enum PageFiles {
    package static let environmentVariable = "EASEL_PAGE_DIR"

    package static func directory() -> String? {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment[environmentVariable], !env.isEmpty { candidates.append(env) }
        if let exe = ResourceFiles.realPath("/proc/self/exe") {
            let bin = (exe as NSString).deletingLastPathComponent
            candidates.append(((bin as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/easel/page"))
        }
        candidates.append(((#filePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Page"))
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/index.html") }
    }
}
