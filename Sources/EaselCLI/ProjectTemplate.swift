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
        // The staging folder first, with the reason it cannot be made: creating it in a folder not
        // writable said "cannot create Package.swift: No such file or directory" (the folder that
        // failed went unnoticed, and the file's errno named the wrong cause).
        if let slash = directory.lastIndex(of: "/"), slash != directory.startIndex { try makeFolders(String(directory[..<slash])) }
        guard mkdir(staging, 0o755) == 0 else {
            let why = String(cString: strerror(errno))
            throw HostError(.cannotCreate, "cannot create the project folder: \(why)", file: directory)
        }
        defer { removeTree(staging) }
        for file in files {
            let path = staging + "/" + file.path
            if let slash = path.lastIndex(of: "/") { try makeFolders(String(path[..<slash])) }
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

/// Makes the folder `path` and those above it that are missing (as `mkdir -p`); throws, naming the
/// first it cannot make, what mkdir says (one that exists already is fine).
private func makeFolders(_ path: String) throws {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        current += "/" + part
        if mkdir(current, 0o755) != 0 && errno != EEXIST {
            let why = String(cString: strerror(errno))
            throw HostError(.cannotCreate, "cannot create the folder: \(why)", file: path.hasPrefix("/") ? current : String(current.dropFirst(2)))
        }
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

// MARK: - Names a project cannot have

extension ProjectTemplate {
    /// Why `name` cannot name a project in `language`, or nil. The name becomes the Swift class,
    /// module and target, or (as `snakeName`) the C struct type or the Rust crate: a keyword there,
    /// or an identifier the template's own code uses, makes a project that does not build
    /// (`host new int --c` wrote `typedef struct int {…} int;`, `host new class` wrote
    /// `final class class: UIView`, `host new Self --rust` a crate named `self`).
    static func nameProblem(_ name: String, language: ProjectLanguage, sdk: InstalledSDK) -> String? {
        let word = language == .swift ? name : ProjectTemplate(name: name, language: language, sdk: sdk).snakeName
        let shown = word == name ? name.quoted : "\(name.quoted) (\(word.quoted) in the project)"
        if language == .rust, ["std", "core", "alloc", "proc_macro", "test"].contains(word) {
            return "\(shown) is the name of one of Rust's own crates, which a Rust project cannot be named (choose another class name)"
        }
        if keywords(of: language).contains(word) {
            return "\(shown) is a \(language.title) keyword, which a \(language.title) project cannot be named (choose another class name)"
        }
        if templateIdentifiers(language: language, sdk: sdk).contains(word) {
            return "\(shown) is a name the \(language.title) template uses itself, so its project would not build (choose another class name)"
        }
        return nil
    }

    private static func keywords(of language: ProjectLanguage) -> Set<String> {
        switch language {
        case .swift:
            return ["associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
                    "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
                    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
                    "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
                    "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
                    "Self", "super", "throws", "true", "try", "_", "Type", "Protocol"]
        case .c:
            return ["auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
                    "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
                    "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
                    "volatile", "while", "bool", "true", "false", "nullptr", "alignas", "alignof", "constexpr",
                    "static_assert", "thread_local", "typeof", "typeof_unqual", "_"]
        case .rust:
            return ["as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if",
                    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "static",
                    "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn",
                    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
                    "virtual", "yield", "try", "union", "gen", "_"]
        }
    }

    /// The identifiers in the code a template writes (comments and string literals left out), for a
    /// name the template could not be using.
    private static func templateIdentifiers(language: ProjectLanguage, sdk: InstalledSDK) -> Set<String> {
        let placeholder = "EaselNewPlaceholderName"
        let template = ProjectTemplate(name: placeholder, language: language, sdk: sdk)
        let code = template.files.filter { [".swift", ".c", ".rs"].contains(where: $0.path.hasSuffix) }
        var words = Set<String>()
        for file in code { words.formUnion(identifiers(in: file.text)) }
        words.remove(placeholder)
        words.remove(template.snakeName)
        return words
    }

    /// The identifiers of C-like source text: `//` and `/* */` comments and one-line `"…"` strings skipped.
    static func identifiers(in text: String) -> Set<String> {
        let bytes = Array(text.utf8)
        var words = Set<String>()
        var i = 0
        func isStart(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 }
        func isPart(_ c: UInt8) -> Bool { isStart(c) || (c >= 48 && c <= 57) }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { i += 1 }
            } else if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
            } else if c == UInt8(ascii: "\"") {
                i += 1
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") && bytes[i] != UInt8(ascii: "\n") {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i += 1
            } else if isStart(c), i == 0 || !isPart(bytes[i - 1]) {
                let start = i
                while i < bytes.count && isPart(bytes[i]) { i += 1 }
                words.insert(String(decoding: bytes[start..<i], as: UTF8.self))
            } else {
                i += 1
            }
        }
        return words
    }
}
