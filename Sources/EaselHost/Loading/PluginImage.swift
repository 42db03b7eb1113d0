import CSystem
import Glibc

/// A plugin file mapped into this process: a thin wrapper over `dlopen`.
///
/// Each build of a file is loaded from a private copy in an anonymous memory file (`memfd_create`),
/// opened through `/proc/self/fd/N`: `dlopen` of a path that is already open returns the old image
/// (and its old code), and a build tool overwriting the file in place must not change code that is
/// mapped. A memory file has no name on any file system, so nothing is left behind, whatever happens
/// during the load (a constructor that crashes, exits or hangs included). In `/proc/PID/maps` and
/// crash reports the copy shows as `/memfd:libName.so`. The memory file stays open for as long as the
/// image stays mapped (for ever): the dynamic loader recognises images by the path they were opened
/// with, and a descriptor number used again would make it return the old image.
/// Only what the dynamic loader reads is copied (``ELFCheck``): symbol tables and debug information
/// stay behind, which makes the copy of a Swift plugin a third of the file (the copy was a fifth of a
/// one-shot render's time in its worker). No tool could have read them from the copy anyway: a
/// debugger or profiler looks for the image by its name, and a memory file has none on disk.
/// Images are never closed: `dlclose` of an image that contains Swift leaves the Swift runtime with
/// dangling metadata (README, "Never `dlclose`"); memory is bounded by recycling worker processes instead.
final class PluginImage: @unchecked Sendable {
    /// The file as found.
    let path: String
    let handle: UnsafeMutableRawPointer

    private init(path: String, handle: UnsafeMutableRawPointer) {
        self.path = path
        self.handle = handle
    }

    /// The address of an exported symbol, or nil.
    func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }

    /// Loads `path` with `RTLD_LOCAL | RTLD_NOW` from a private copy.
    static func open(_ path: String) throws -> PluginImage {
        let input = try RegularFile.open(path, phase: .load)
        defer { close(input) }
        let length = try ELFCheck.check(fd: input, path: path)
        let copy = try privateCopy(of: input, length: length, path: path)
        let procPath = "/proc/self/fd/\(copy)"
        _ = dlerror()
        guard let handle = dlopen(procPath, RTLD_LOCAL | RTLD_NOW) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown reason"
            // dlerror names the private copy; name the user's file instead.
            let cleaned = why.replacing(procPath, with: path)
            close(copy)
            throw HostError(.pluginFailure, "cannot be loaded: \(cleaned)", file: path, phase: .load)
        }
        return PluginImage(path: path, handle: handle)
    }

    /// Copies the first `length` bytes of the open file `input` into a new memory file and returns
    /// its descriptor.
    private static func privateCopy(of input: Int32, length: UInt64, path: String) throws -> Int32 {
        let base = path.split(separator: "/").last.map(String.init) ?? "plugin.so"
        let output = easel_memory_file(base)
        guard output >= 0 else {
            throw HostError(.internalError, "cannot create a memory file for the private copy: \(String(cString: strerror(errno)))",
                            file: path, phase: .load)
        }
        // In the kernel (sendfile), not through a buffer: a Swift plugin in one call.
        let end = off_t(length)
        var offset: off_t = 0
        while offset < end {
            let n = sendfile(output, input, &offset, Int(end - offset))
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(output)
                throw HostError(.pluginFailure, "cannot be copied: \(String(cString: strerror(e)))", file: path, phase: .load)
            }
            if n == 0 { break } // the file shrank while it was copied: ELFCheck said it was whole
        }
        return output
    }
}
