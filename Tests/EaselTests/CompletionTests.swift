import Foundation
import XCTest

/// The shell completions `host completions SHELL` generates load in bash, zsh and fish and complete
/// commands, options and class names; the manual page is valid roff listing every command.
final class CompletionTests: XCTestCase {
    /// A folder with `easel` (the built host) on a PATH of its own, and one plugin to complete.
    private func setUp(_ shell: String) throws -> (root: String, script: String, path: String) {
        let root = try TestPaths.scratch()
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/bin/easel", withDestinationPath: TestPaths.host)
        try FileManager.default.createDirectory(atPath: root + "/plugins", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestPaths.example("RoundedCornerButton"),
                                         toPath: root + "/plugins/libRoundedCornerButton.so")
        let result = try runHost(["completions", shell])
        XCTAssertEqual(result.status, 0, result.stderr)
        let script = root + "/completion." + shell
        try result.stdoutData.write(to: URL(fileURLWithPath: script))
        let path = root + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return (root, script, path)
    }

    private func shell(_ program: String, _ arguments: [String], path: String, home: String) throws -> ProcessResult {
        try runProcess("/usr/bin/env", [program] + arguments,
                       environment: ["PATH": path, "HOME": home, "EASEL_PLUGIN_PATH": "",
                                     "EASEL_REGISTRY_CACHE": home + "/registry.bin"])
    }

    func testBash() throws {
        let (root, script, path) = try setUp("bash")
        XCTAssertEqual(try shell("bash", ["-n", script], path: path, home: root).status, 0)
        let complete = """
            source '\(script)'
            COMP_WORDS=(easel insp); COMP_CWORD=1; _easel; echo "commands: ${COMPREPLY[*]}"
            COMP_WORDS=(easel inspect --js); COMP_CWORD=2; _easel; echo "options: ${COMPREPLY[*]}"
            COMP_WORDS=(easel inspect --plugins '\(root)/plugins' Rou); COMP_CWORD=4; _easel; echo "classes: ${COMPREPLY[*]}"
            COMP_WORDS=(host completions z); COMP_CWORD=2; _easel; echo "shells: ${COMPREPLY[*]}"
            complete -p easel host
            """
        let result = try shell("bash", ["-c", complete], path: path, home: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("commands: inspect\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("options: --json\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("classes: RoundedCornerButton\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("shells: zsh\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("complete -F _easel easel"), result.stdout)
    }

    func testZsh() throws {
        let (root, script, path) = try setUp("zsh")
        XCTAssertEqual(try shell("zsh", ["-n", script], path: path, home: root).status, 0)
        // A real interactive zsh in a pseudo-terminal: type, press Tab, read what the line became.
        let functions = root + "/functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: script, toPath: functions + "/_easel")
        func complete(_ line: String, expecting: String) throws -> String {
            let driver = """
                zmodload zsh/zpty
                zpty z 'zsh -f -i'
                zpty -w z "PROMPT='> '; fpath=('\(functions)' \\$fpath); autoload -U compinit; compinit -u -d '\(root)/dump'; print RE''ADY"
                local out= chunk
                for i in {1..50}; do
                  sleep 0.1
                  while zpty -r -t z chunk; do out+=$chunk; done
                  [[ $out == *READY* ]] && break
                done
                out=
                zpty -w -n z '\(line)'$'\\t'
                for i in {1..50}; do
                  sleep 0.1
                  while zpty -r -t z chunk; do out+=$chunk; done
                  [[ $out == *'\(expecting)'* ]] && break
                done
                zpty -d z
                print -r -- "$out"
                """
            return try shell("zsh", ["-f", "-c", driver], path: path, home: root).stdout
        }
        let command = try complete("easel insp", expecting: "easel inspect")
        XCTAssertTrue(command.contains("easel inspect"), command)
        let classes = try complete("easel inspect --plugins \(root)/plugins Rou", expecting: "RoundedCornerButton")
        XCTAssertTrue(classes.contains("RoundedCornerButton"), classes)
    }

    func testFish() throws {
        let (root, script, path) = try setUp("fish")
        XCTAssertEqual(try shell("fish", ["--no-execute", script], path: path, home: root).status, 0)
        let result = try shell("fish", ["-c", """
            source '\(script)'
            complete -C 'easel insp'
            complete -C 'easel inspect --js'
            complete -C 'easel inspect --plugins \(root)/plugins Rou'
            complete -C 'host completions ba'
            """], path: path, home: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("inspect\tshow a class"), result.stdout)
        XCTAssertTrue(result.stdout.contains("--json\t"), result.stdout)
        XCTAssertTrue(result.stdout.contains("RoundedCornerButton"), result.stdout)
        XCTAssertTrue(result.stdout.contains("bash\n"), result.stdout)
        XCTAssertEqual(result.stderr, "")
    }

    func testManualPageIsRoffListingEveryCommand() throws {
        let result = try runHost(["manual"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = result.stdout
        XCTAssertTrue(page.hasPrefix(".\\\" easel(1)"), page)
        for command in ["list", "inspect", "render", "watch", "gallery", "new", "completions", "manual"] {
            XCTAssertTrue(page.contains(".SS \"\(command)\""), "the page describes \(command)")
        }
        XCTAssertTrue(page.contains("\\fB\\-\\-plugins\\fR \\fIDIR\\fR"), "common options")
        // Which common options only the registry's commands take: every one of them (the page left out
        // --timeout and --memory-limit), and those validate takes as well.
        let lines = page.components(separatedBy: "\n")
        let common = lines.firstIndex(of: ".SH COMMON OPTIONS").map { lines[$0 + 1] } ?? ""
        for option in ["plugins", "in\\-process", "timeout", "memory\\-limit", "rescan", "cache"] {
            XCTAssertTrue(common.contains("\\-\\-" + option), "COMMON OPTIONS names --\(option): \(common)")
        }
        XCTAssertTrue(common.contains("(validate, which loads the plugins it checks, takes \\-\\-plugins, \\-\\-in\\-process, \\-\\-timeout and \\-\\-memory\\-limit)"), common)
        XCTAssertFalse(page.unicodeScalars.contains { !$0.isASCII }, "non-ASCII text is escaped")
        let file = try TestPaths.scratch() + "/easel.1"
        try result.stdoutData.write(to: URL(fileURLWithPath: file))
        let groff = try runProcess("/usr/bin/env", ["groff", "-man", "-z", "-ww", file])
        XCTAssertEqual(groff.status, 0)
        XCTAssertEqual(groff.stderr, "", "groff has no warnings")
    }
}
