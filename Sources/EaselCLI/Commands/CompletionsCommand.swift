/// `host completions bash|zsh|fish`: prints the shell completion script (see ``CompletionScript``).
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions",
        summary: "print the shell completion script for bash, zsh or fish",
        usage: "SHELL",
        positionals: 1...1,
        details: """
            The scripts complete commands, options and class names (from `easel list --names`).
            Scripts/install installs all three. To try one: source <(easel completions bash)
            """,
        usesRegistry: false)

    static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let name = arguments.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError(message: "no completions for \(name.quoted) (expected bash, zsh or fish)")
        }
        print(CompletionScript.script(for: shell, commands: CLI.specs), terminator: "")
        return 0
    }
}
