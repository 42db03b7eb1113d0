import Glibc

/// C copies of a list of names, lent to C callers (easel_runtime_class_name, easel_view_property_name):
/// they stay valid until the list changes (a reload), when the old copies are freed.
final class CStringTable {
    private var names: [String] = []
    private var copies: [UnsafeMutablePointer<CChar>] = []

    deinit { copies.forEach { free($0) } }

    /// The C copy of `names[index]` (nil out of range), copying the list again if it changed.
    func name(_ index: Int, of names: [String]) -> UnsafePointer<CChar>? {
        if names != self.names {
            copies.forEach { free($0) }
            copies = names.map { strdup($0)! }
            self.names = names
        }
        return copies.indices.contains(index) ? UnsafePointer(copies[index]) : nil
    }
}

/// One C string lent to a caller until the next call that lends another (easel_view_get_value's).
final class LentString {
    private var copy: UnsafeMutablePointer<CChar>?

    deinit { free(copy) }

    /// Lends a copy of `text` (nil: nothing), freeing the one lent before.
    func lend(_ text: String?) -> UnsafePointer<CChar>? {
        free(copy)
        copy = text.map { strdup($0)! }
        return copy.map { UnsafePointer($0) }
    }
}
