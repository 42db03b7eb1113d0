/// `host manual`: prints the manual page, easel(1), in roff (see ``ManualPage``):
/// `easel manual | man -l -`.
enum ManualCommand: Command {
    static let spec = CommandSpec(
        name: "manual",
        summary: "print the manual page (roff; read it with: easel manual | man -l -)",
        usage: "",
        usesRegistry: false)

    static func run(_: Invocation) throws -> Int32 {
        print(ManualPage.roff(commands: CLI.specs), terminator: "")
        return 0
    }
}
