import Glibc

/// Decoded images, keyed by file path and checked against the file's modification time and size,
/// so an image edited on disk is read again (hot reload) and an unchanged one is decoded once.
///
/// Share one cache between the canvases of successive frames. Not thread-safe: use it from one
/// thread at a time.
package final class ImageCache {
    private struct Entry {
        var modified: timespec
        var size: Int
        var result: Result<DecodedImage, ImageDecoder.DecodeFailure>
    }

    private var entries: [String: Entry] = [:]

    /// An empty cache.
    package init() {}

    /// The number of files held (decoded or failed).
    package var count: Int { entries.count }

    /// Forgets every image.
    package func removeAll() {
        entries.removeAll()
    }

    /// The image at `path`, decoded now or earlier if the file has not changed since.
    func image(at path: String) -> Result<DecodedImage, ImageDecoder.DecodeFailure> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            entries[path] = nil
            return .failure(.init("cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        if let entry = entries[path], entry.modified.tv_sec == info.st_mtim.tv_sec,
           entry.modified.tv_nsec == info.st_mtim.tv_nsec, entry.size == Int(info.st_size) {
            return entry.result
        }
        let result = ImageDecoder.decode(path: path)
        entries[path] = Entry(modified: info.st_mtim, size: Int(info.st_size), result: result)
        return result
    }
}
