import EaselHost
import Glibc

/// `host new NAME [--swift|--c|--cpp|--rust] [--dir DIR]`: scaffolds a component project that builds with
/// one command against the SDK installed beside this `host` and renders with no edits.
enum NewCommand: Command {
    static let spec = CommandSpec(
        name: "new",
        summary: "create a component project (Swift, C, C++ or Rust) that builds against the installed SDK",
        usage: "NAME",
        positionals: 1...1,
        options: [
            OptionSpec(name: "swift", exclusiveGroup: "language", help: "a Swift package: EaselKit, @IBDesignable, @IBInspectable, didSet (the default)"),
            OptionSpec(name: "c", exclusiveGroup: "language", help: "a C library with a Makefile (pkg-config easel)"),
            OptionSpec(name: "cpp", exclusiveGroup: "language", help: "a C++17 library with a Makefile (pkg-config easel): a table builder, exceptions caught at the boundary"),
            OptionSpec(name: "rust", exclusiveGroup: "language", help: "a Cargo crate using the easel-sys binding"),
            OptionSpec(name: "dir", value: "DIR", help: "the project folder (default ./NAME); it must not exist or be empty"),
        ],
        details: """
            NAME is the component's class name, an identifier such as Badge. The project builds with
            `swift build`, `make` (C, C++) or `cargo build`, has two inspectable properties, and its README says
            how to preview it. It is written to a temporary folder beside DIR and renamed into place.
            """,
        usesRegistry: false)

    static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let name = arguments.positionals[0]
        guard CText.isIdentifier(name) else {
            throw UsageError(message: "\(name.quoted) is not a class name (expected an identifier: a letter or _, then letters, digits or _)")
        }
        let chosen = ProjectLanguage.allCases.filter { arguments.has($0.rawValue) }
        guard chosen.count <= 1 else {
            throw UsageError(message: "choose one language: \(chosen.map { "--\($0.rawValue)" }.joined(separator: " or "))")
        }
        let language = chosen.first ?? .swift
        let sdk = InstalledSDK.ofRunningExecutable()
        if let problem = ProjectTemplate.nameProblem(name, language: language, sdk: sdk) {
            throw UsageError(message: problem)
        }
        if arguments.value("dir") == "" {
            throw UsageError(message: "--dir '' is empty (expected the project's folder; without --dir, ./\(name))")
        }
        try sdk.check(for: language)
        let directory = arguments.value("dir") ?? name
        let project = ProjectTemplate(name: name, language: language, sdk: sdk)
        try project.write(to: directory)
        print("created \(directory)/ (\(language.title)): \(project.files.map(\.path).joined(separator: ", "))")
        print("next:")
        print("  cd \(directory)")
        for line in project.nextSteps { print("  \(line)") }
        return 0
    }
}
