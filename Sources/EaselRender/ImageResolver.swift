import Glibc

/// Where an image name led: the file found (if any) and every path that was looked at, in order.
package struct ImageResolution: Equatable {
    /// The absolute path of the file found, or nil when no candidate exists.
    package var path: String?
    /// Every path tried, in the order tried (the found one included), for error messages.
    package var tried: [String]

    /// A resolution result.
    package init(path: String?, tried: [String]) {
        self.path = path
        self.tried = tried
    }
}

/// Turns the image names a component passes to `draw_image` / `image_size` into files.
///
/// The canvas calls `resolve` at most once per name and canvas. Implement it to search wherever
/// your component's resources live; `ResourceImageResolver` implements the rule of easel.h.
package protocol ImageResolver: AnyObject {
    /// The file for `name`, and every path tried.
    func resolve(_ name: String) -> ImageResolution
}

/// The rule easel.h states: first `resourceDirectory/name`, then `name` as given (absolute, or
/// relative to `workingDirectory`).
///
/// ```swift
/// let resolver = ResourceImageResolver(resourceDirectory: "/opt/components/Gauge.resources")
/// resolver.resolve("needle.svg").path   // "/opt/components/Gauge.resources/needle.svg" if it exists
/// ```
package final class ResourceImageResolver: ImageResolver {
    /// The plugin's resource directory (easel_host.resource_dir); nil when it has none.
    package let resourceDirectory: String?
    /// Where relative names are looked up after the resource directory.
    package let workingDirectory: String

    /// A resolver searching `resourceDirectory` first, then the name as given. `workingDirectory`
    /// defaults to the process's current directory.
    package init(resourceDirectory: String?, workingDirectory: String? = nil) {
        self.resourceDirectory = resourceDirectory
        self.workingDirectory = workingDirectory ?? ResourceImageResolver.currentDirectory()
    }

    /// See `ImageResolver.resolve`.
    package func resolve(_ name: String) -> ImageResolution {
        var tried: [String] = []
        if name.isEmpty { return ImageResolution(path: nil, tried: tried) }
        if !name.hasPrefix("/"), let directory = resourceDirectory, !directory.isEmpty {
            tried.append(Self.join(directory, name))
        }
        tried.append(name.hasPrefix("/") ? name : Self.join(workingDirectory, name))
        for candidate in tried where Self.isRegularFile(candidate) {
            return ImageResolution(path: candidate, tried: tried)
        }
        return ImageResolution(path: nil, tried: tried)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
