import CZlib
import Glibc

/// What identifies one build of a file without reading it: size, modification time (ns) and inode.
/// A rebuild, an in-place rewrite and an atomic rename over the file all change it.
struct FileSignature: Hashable {
    var size: UInt64
    var modified: Int64
    var inode: UInt64

    /// The signature of `path`, or nil if it cannot be stat'ed.
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        size = UInt64(st.st_size)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        inode = UInt64(st.st_ino)
    }

    /// The signature of what `st` describes.
    init(_ st: stat) {
        size = UInt64(st.st_size)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        inode = UInt64(st.st_ino)
    }

    init(size: UInt64, modified: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    /// A content hash of the file (CRC-32 and Adler-32 from zlib, with the size), or nil if unreadable.
    /// Computed only when the signature changed, to tell a touched file from a rebuilt one.
    static func contentHash(of path: String) -> UInt64? {
        guard let fd = try? RegularFile.open(path) else { return nil }
        defer { close(fd) }
        var crc = crc32(0, nil, 0)
        var adler = adler32(0, nil, 0)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            crc = crc32(crc, buffer, UInt32(n))
            adler = adler32(adler, buffer, UInt32(n))
        }
        return UInt64(crc) << 32 | UInt64(adler & 0xFFFF_FFFF)
    }
}
