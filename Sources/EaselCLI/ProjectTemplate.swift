import EaselHost
import Glibc

/// The languages `host new` scaffolds (the option names: --swift, --c, --rust).
enum ProjectLanguage: String, CaseIterable {
    case swift, c, rust

    var title: String {
        switch self {
        case .swift: return "Swift"
        case .c: return "C"
        case .rust: return "Rust"
        }
    }
}

/// A new component project: its files, filled in for one class name and the installed SDK.
///
/// Every template (ProjectTemplate+Swift.swift, +C, +Rust) makes the same component — a rounded
/// box with a title, two inspectable properties (`title`, a String, and `cornerRadius`, a CGFloat in
/// 0…40) and one variant (`pill`) — so that the three can be compared line for line, and each builds
/// with one command and renders with no edits.
struct ProjectTemplate {
    let name: String
    let language: ProjectLanguage
    let sdk: InstalledSDK

    /// A file of the project: its path inside the project folder and its text.
    struct File {
        let path: String
        let text: String
    }

    var files: [File] {
        switch language {
        case .swift: return swiftFiles
        case .c: return cFiles
        case .rust: return rustFiles
        }
    }

    /// What to run in the project folder: build, then preview.
    var nextSteps: [String] {
        let build: String
        let plugins: String
        switch language {
        case .swift: (build, plugins) = ("swift build", ".build/debug")
        case .c: (build, plugins) = ("make", ".")
        case .rust: (build, plugins) = ("cargo build", "target/debug")
        }
        return [build, "easel render \(name) --plugins \(plugins) -o \(name).png"]
    }

    /// The crate name for Rust (`Badge` → `badge`, `MyBadge` → `my_badge`) and the reverse-DNS id.
    var snakeName: String {
        var out = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase, index > 0, !out.hasSuffix("_") { out += "_" }
            out += character.lowercased()
        }
        return out
    }

    var pluginID: String { "com.example." + snakeName.replacing("_", with: "-") }

    /// Writes the project into `directory`, which must not exist or be empty: the files go into a
    /// temporary folder beside it that is then renamed into place, so a failure leaves nothing behind.
    func write(to directory: String) throws {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR, (visibleOrHiddenEntries(of: directory) ?? ["?"]).isEmpty else {
                throw HostError(.cannotCreate, "cannot create the project here: it exists and is not an empty folder",
                                file: directory)
            }
        }
        let staging = "\(directory).new-\(getpid())"
        defer { removeTree(staging) }
        for file in files {
            let path = staging + "/" + file.path
            if let slash = path.lastIndex(of: "/") { makeDirectories(String(path[..<slash])) }
            guard let handle = fopen(path, "wx") else {
                throw HostError(.cannotCreate, "cannot create \(file.path): \(String(cString: strerror(errno)))", file: path)
            }
            let written = fwrite(file.text, 1, file.text.utf8.count, handle)
            guard fclose(handle) == 0, written == file.text.utf8.count else {
                throw HostError(.cannotCreate, "cannot write \(file.path)", file: path)
            }
        }
        guard rename(staging, directory) == 0 else {
            throw HostError(.cannotCreate, "cannot create the project folder: \(String(cString: strerror(errno)))",
                            file: directory)
        }
    }

    /// Replaces `@NAME@`, `@SNAKE@`, `@ID@` and `@PREFIX@` in a template.
    func fill(_ template: String) -> String {
        template.replacing("@NAME@", with: name)
            .replacing("@SNAKE@", with: snakeName)
            .replacing("@ID@", with: pluginID)
            .replacing("@PREFIX@", with: sdk.prefix)
    }
}

/// Every name in a directory but "." and ".."; nil if it cannot be read.
private func visibleOrHiddenEntries(of directory: String) -> [String]? {
    guard let d = opendir(directory) else { return nil }
    defer { closedir(d) }
    var names: [String] = []
    while let entry = readdir(d) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}

/// Removes a folder and what is in it (the staging folder of a project that could not be written).
private func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
        for name in visibleOrHiddenEntries(of: path) ?? [] { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}
