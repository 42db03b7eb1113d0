import Foundation
import XCTest

/// The README and the manual (Docs/) as a newcomer reads them, checked against the built `host`: the
/// commands table (Docs/reference/commands.md) names every option each command accepts (its usage
/// line, `host COMMAND --help`) and no option it does not, and each command's section lists the
/// options of its `--help`; usage lines say which options are required or exclusive; the files the
/// pages name are in the repository; and the validation page's commands run as written from a clone
/// where `Scripts/setup` put the examples in `./components` (`host validate libGauge.so …` was "no
/// such file").
final class ReadmeReferenceTests: XCTestCase {
    /// The page that holds the commands table and each command's options.
    static let commandsPage = "Docs/reference/commands.md"

    static func commandsReference() throws -> String {
        try Documentation.read(commandsPage)
    }

    /// The commands `host --help` lists.
    static func commands() throws -> [String] {
        let help = try runHost(["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let lines = help.stdout.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "Commands:") else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// `--name` and `-x` words of a text (markdown's `\|` separators included).
    static func optionNames(in text: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])(--[a-z][a-z-]*|-[a-z])(?![A-Za-z0-9-])")
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).map { String(text[Range($0.range, in: text)!]) })
    }

    /// The usage line of `host COMMAND --help`.
    static func usageLine(_ command: String) throws -> String {
        let help = try runHost([command, "--help"])
        XCTAssertEqual(help.status, 0, "\(command) --help: \(help.stderr)")
        guard let line = help.stdout.components(separatedBy: "\n").first(where: { $0.hasPrefix("Usage: ") }) else {
            XCTFail("\(command) --help has no usage line:\n\(help.stdout)")
            return ""
        }
        return line
    }

    func testTheCommandsTableNamesEveryOptionOfEveryCommandAndNoOther() throws {
        let readme = try Self.commandsReference()
        let lines = readme.components(separatedBy: "\n")
        guard let commonStart = readme.range(of: "Options every command that reads the plugins takes:"),
              let commonEnd = readme.range(of: "lists every option it takes.", range: commonStart.upperBound..<readme.endIndex) else {
            return XCTFail("\(Self.commandsPage): the paragraph on the common options is gone")
        }
        let common = Self.optionNames(in: String(readme[commonStart.lowerBound..<commonEnd.upperBound]))
        let commands = try Self.commands()
        XCTAssertEqual(commands.count, 11, "host --help lists the commands: \(commands)")
        for command in commands {
            guard let row = lines.first(where: { $0.hasPrefix("| `host \(command) ") || $0.hasPrefix("| `host \(command)`") }) else {
                XCTFail("\(Self.commandsPage): the commands table has no row for host \(command)")
                continue
            }
            // The row's first cell: the command line.
            let cells = row.components(separatedBy: "` |")
            let synopsis = cells.first ?? row
            let accepted = Self.optionNames(in: try Self.usageLine(command).replacingOccurrences(of: "Usage: ", with: ""))
            XCTAssertFalse(accepted.isEmpty, command)
            let shown = Self.optionNames(in: synopsis)
            for option in accepted.sorted() where !shown.contains(option) && !common.contains(option) {
                XCTFail("host \(command) accepts \(option) (its usage line), which the commands table of \(Self.commandsPage) does not show")
            }
            for option in shown.sorted() where !accepted.contains(option) {
                XCTFail("the commands table of \(Self.commandsPage) shows host \(command) \(option), which its usage line does not list")
            }
        }
    }

    func testUsageLinesShowOptionalOptionsBracketedAndExclusiveOrJointOnesInOneBracket() throws {
        let render = try Self.usageLine("render")
        XCTAssertTrue(render.contains(" [-o|--output FILE] "), "render writes CLASS.png without -o: \(render)")
        let root = try exampleComponents(["Gauge"])
        let new = try Self.usageLine("new")
        XCTAssertTrue(new.contains(" [--swift|--c|--rust] "), "new takes one language: \(new)")
        let both = try runHost(["new", "Badge", "--c", "--rust"], directory: try TestPaths.scratch())
        XCTAssertEqual(both.status, 64, "and only one: \(both.stderr)")
        let serve = try Self.usageLine("serve")
        XCTAssertTrue(serve.contains(" [--build CMD --sources DIR…] "), "serve's --build and --sources go together: \(serve)")
        let alone = try runHost(["serve", "--port", "0", "--build", "true"], directory: root)
        XCTAssertEqual(alone.status, 64, "and not one without the other: \(alone.stderr)")
    }

    /// Each command's section of the commands page ("### `host COMMAND`") shows its usage line as
    /// `--help` prints it, and a row for every option its `--help` lists beyond the common ones.
    func testEachCommandsSectionListsTheOptionsOfItsHelp() throws {
        let common: Set<String> = ["--plugins", "--in-process", "--timeout", "--memory-limit", "--rescan", "--cache",
                                   "--verbose", "--help", "-v", "-h"]
        for command in try Self.commands() {
            let section = try Documentation.section("### `host \(command)`", in: Self.commandsPage)
            let usage = try Self.usageLine(command).replacingOccurrences(of: "Usage: ", with: "")
            XCTAssertTrue(section.contains("```\n" + usage + "\n```"), "\(Self.commandsPage): host \(command)'s usage line is not the one --help prints:\n\(usage)")
            let help = try runHost([command, "--help"]).stdout.components(separatedBy: "\n")
            guard let start = help.firstIndex(of: "Options:") else { XCTFail("host \(command) --help has no options"); continue }
            let optionLines = help[(start + 1)...].prefix { $0.hasPrefix("  ") }
            let rows = section.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
            for line in optionLines {
                guard let name = Self.optionNames(in: line).filter({ $0.hasPrefix("--") }).first, !common.contains(name) else { continue }
                // --json is common where it only prints errors as JSON.
                if name == "--json", line.contains("print errors as JSON") { continue }
                XCTAssertTrue(rows.contains { Self.optionNames(in: $0.components(separatedBy: "` |")[0]).contains(name) },
                              "\(Self.commandsPage): host \(command)'s section has no row for \(name), which its --help lists")
            }
        }
    }

    /// The files the README and the manual name (links, relative to the page; `Sources/…`, `Plugins/…`
    /// and the like in code spans, relative to the repository) are in the repository.
    func testTheFilesTheReadmeNamesAreInTheRepository() throws {
        var named = 0
        for page in try Documentation.pages() {
            let text = try Documentation.read(page)
            XCTAssertFalse(text.contains("/work/"), "\(page) refers to the team's machine")
            let quoted = try NSRegularExpression(pattern: "`((?:Sources|Scripts|Plugins|Docs|Examples|Tests|Bindings|Snapshots|\\.ci)/[^`<>* ]*)`")
            for match in quoted.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let path = String(text[Range(match.range(at: 1), in: text)!])
                // Placeholders (Plugins/NAME/NAME.swift) and elisions (Plugins/…) name no one file.
                if path.contains("NAME") || path.contains("…") { continue }
                XCTAssertTrue(FileManager.default.fileExists(atPath: TestPaths.repoRoot + "/" + path),
                              "\(page) names \(path), which is not in the repository")
                named += 1
            }
            let folder = (page as NSString).deletingLastPathComponent
            for link in Documentation.links(in: text) where !link.contains("://") && !link.hasPrefix("#") {
                let path = String(link.split(separator: "#")[0])
                let resolved = Documentation.normalized(folder.isEmpty ? path : folder + "/" + path)
                XCTAssertTrue(resolved.map { FileManager.default.fileExists(atPath: TestPaths.repoRoot + "/" + $0) } ?? false,
                              "\(page) links \(link), which is not in the repository")
                named += 1
            }
        }
        XCTAssertGreaterThan(named, 100, "the pages name files")
        // The README itself names files of the repository (the header, the guides).
        XCTAssertGreaterThan(Documentation.links(in: try Documentation.read("README.md")).count, 20)
    }

    func testTheValidationSectionsCommandsRunAsWrittenFromTheClone() throws {
        let readme = try Documentation.read("Docs/reference/validation.md")
        guard let section = readme.range(of: "# Validation (`host validate`)"),
              let start = readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex),
              let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex) else {
            return XCTFail("Docs/reference/validation.md has no ```sh block")
        }
        let commands = readme[start.upperBound..<end.lowerBound].components(separatedBy: "\n")
            .map { $0.components(separatedBy: "#").first!.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        XCTAssertEqual(commands.count, 3, "\(commands)")
        let root = try exampleComponents(["Gauge"])
        for command in commands {
            XCTAssertTrue(command.hasPrefix("host "), command)
            // `host` is this build's (Debian's DNS host may be on the PATH too), and as runHost
            // runs it: no plugin path from the environment, the test run's own registry cache.
            let environment = ["PATH": TestPaths.products + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
                               "EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": TestPaths.runDirectory + "/registry.bin"]
            let result = try runProcess("/bin/sh", ["-c", command], environment: environment, directory: root)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
        }
    }

    /// The C++ example's build command, run as written from the repository's root (it named
    /// `CppBadge.cpp` beside `-I Sources/CEasel/include`, which no one folder holds), into a scratch folder.
    func testTheCppBuildCommandRunsFromTheRepositorysRoot() throws {
        let readme = try Documentation.read("Docs/guides/cpp.md").replacingOccurrences(of: "\n", with: " ")
        guard let start = readme.range(of: "`c++ -std=c++17"),
              let end = readme.range(of: "`", range: readme.index(after: start.lowerBound)..<readme.endIndex) else {
            return XCTFail("Docs/guides/cpp.md has no c++ command")
        }
        let command = String(readme[readme.index(after: start.lowerBound)..<end.lowerBound])
        XCTAssertTrue(command.hasSuffix(" -o components/libCppBadge.so"), command)
        let output = try TestPaths.scratch() + "/libCppBadge.so"
        let build = try runProcess("/bin/sh", ["-c", command.replacingOccurrences(of: "components/libCppBadge.so", with: output)],
                                   directory: TestPaths.repoRoot)
        XCTAssertEqual(build.status, 0, "\(command): \(build.stderr)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output), command)
    }

    /// The architecture page's repository layout names every folder of the repository's root and every
    /// `Sources/` target (the C module maps, CSystem, easel-bench, Examples/ and Snapshots/ were missing).
    func testTheLayoutSectionNamesEveryFolderAndTarget() throws {
        let readme = try Documentation.read("Docs/architecture.md")
        guard let section = readme.range(of: "## Repository layout\n"),
              let start = readme.range(of: "```\n", range: section.upperBound..<readme.endIndex),
              let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex) else {
            return XCTFail("Docs/architecture.md has no repository layout block")
        }
        let layout = readme[start.upperBound..<end.lowerBound].components(separatedBy: "\n")
        // The first column of each entry: up to the first run of spaces ("Sources/EaselHost"), or the
        // whole line when it is a list ("Sources/CCairo, CFFI, …"); indented lines continue the text.
        let named = Set(layout.filter { !$0.hasPrefix(" ") }.flatMap { line -> [String] in
            let column = line.contains(", ") && !line.contains("  ") ? line : String(line.components(separatedBy: "  ")[0])
            return column.components(separatedBy: ", ")
        })
        let fm = FileManager.default
        let root = TestPaths.repoRoot
        // The folders git holds (not what the tools write into a clone: components/, gallery/, …).
        let files = try runProcess("/usr/bin/env", ["git", "-C", root, "ls-files"])
        XCTAssertEqual(files.status, 0, files.stderr)
        let folders = Set(files.stdout.components(separatedBy: "\n").filter { $0.contains("/") && !$0.hasPrefix(".") }
            .map { String($0.prefix { $0 != "/" }) })
        XCTAssertTrue(folders.contains("Sources"), "\(folders)")
        for folder in folders.sorted() {
            XCTAssertTrue(named.contains(folder + "/") || named.contains { $0.hasPrefix(folder + "/") },
                          "Docs/architecture.md's repository layout does not name \(folder)/")
        }
        for target in try fm.contentsOfDirectory(atPath: root + "/Sources").sorted() {
            XCTAssertTrue(named.contains("Sources/" + target) || named.contains(target)
                              || named.contains { $0.hasPrefix("Sources/\(target)/") },
                          "Docs/architecture.md's repository layout does not name Sources/\(target)")
        }
    }
}
