import Foundation
import XCTest

/// The command line's conventions, run as a user types them: glued short values (`-ofile`),
/// `--option=value`, a repeated `-v` in both spellings, and "did you mean" for a mistyped command.
final class CLITests: XCTestCase {
    func testAShortOptionTakesTheRestOfTheWordAsItsValue() throws {
        let root = try exampleComponents(["Gauge"])
        let result = try runHost(["render", "Gauge", "-oglued.png"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/glued.png"), "-oglued.png wrote glued.png")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/oglued.png"))
    }

    func testALongOptionTakesItsValueAfterAnEqualsSign() throws {
        let root = try exampleComponents(["Gauge"])
        let plain = try runHost(["render", "Gauge", "--size", "40x30", "--scale", "2", "--output", "plain.png"], directory: root)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let joined = try runHost(["render", "Gauge", "--size=40x30", "--scale=2", "--output=joined.png", "--set=value=7"], directory: root)
        XCTAssertEqual(joined.status, 0, joined.stderr)
        let png = try PNGFile(root + "/joined.png")
        XCTAssertEqual(png.width, 80, "--size=40x30 --scale=2")
        XCTAssertEqual(png.height, 60)
        XCTAssertEqual(try PNGFile(root + "/plain.png").width, 80, "the same as the spaced form")
        let flag = try runHost(["list", "--json=yes"], directory: root)
        XCTAssertEqual(flag.status, 64, "a flag takes no value")
        XCTAssertTrue(flag.stderr.contains("'--json' takes no value"), flag.stderr)
    }

    /// A value that starts with a combining mark (a round-trip string validate itself tries) was
    /// refused as "not NAME=VALUE": "=" and the accent are one Character, so no "=" was found.
    func testAValueThatStartsWithACombiningMarkIsAValue() throws {
        let root = try exampleComponents(["Gauge"])
        let value = "\u{301}\u{301}x"
        for arguments in [["--set", "label=" + value], ["--set=label=" + value]] {
            let result = try runHost(["inspect", "Gauge", "--json"] + arguments, directory: root)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            let properties = ((json["classes"] as? [[String: Any]])?.first?["properties"] as? [[String: Any]]) ?? []
            XCTAssertEqual(properties.first { $0["name"] as? String == "label" }?["value"] as? String, value, "\(arguments)")
        }
        let render = try runHost(["render", "Gauge", "--set", "label=" + value, "-o", "accent.png"], directory: root)
        XCTAssertEqual(render.status, 0, render.stderr)
    }

    func testARepeatedVerboseFlagShowsDebugLinesInBothSpellings() throws {
        let root = try componentsFolder(["libHostile.so": try CFixture.build("hostile_plugin.c", defines: ["FAULT=log_deinit_levels"],
                                                                             name: "hostile_log_deinit_levels")])
        let debug = "deinit: debug: freeing 3 atlases", info = "deinit: info: texture cache emptied"
        for spelling in [["-vv"], ["-v", "-v"], ["--verbose", "-v"]] {
            let result = try runHost(["render", "Hostile", "-o", "out.png"] + spelling, directory: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains(debug), "\(spelling): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(info), "\(spelling): \(result.stderr)")
        }
        let once = try runHost(["render", "Hostile", "-o", "out.png", "-v"], directory: root)
        XCTAssertTrue(once.stderr.contains(info), once.stderr)
        XCTAssertFalse(once.stderr.contains(debug), "one -v shows no debug lines: \(once.stderr)")
    }

    func testAMistypedCommandSuggestsTheCloseOne() throws {
        let root = try TestPaths.scratch()
        for (typed, meant) in [("rendr", "render"), ("lsit", "list"), ("inspcet", "inspect")] {
            let result = try runHost([typed, "Gauge"], directory: root)
            XCTAssertEqual(result.status, 64, typed)
            XCTAssertTrue(result.stderr.contains("unknown command '\(typed)' (did you mean '\(meant)'? expected one of: list, inspect, render"),
                          "\(typed): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Run 'host --help' for usage."), result.stderr)
        }
        let far = try runHost(["frobnicate"], directory: root)
        XCTAssertEqual(far.status, 64)
        XCTAssertFalse(far.stderr.contains("did you mean"), "nothing close, no guess: \(far.stderr)")
    }

    /// `host -V` answered "unknown command '-V'": an option where the command goes is an unknown
    /// option (exit 64), with the program's own option it most likely meant; an option of the command
    /// that follows it is said to go after that command.
    func testAnOptionBeforeTheCommandIsAnUnknownOptionWithASuggestion() throws {
        let root = try TestPaths.scratch()
        for (typed, meant) in [("-V", "'--version'"), ("--verison", "'--version'"), ("-H", "'--help'"), ("--hlep", "'--help'")] {
            let result = try runHost([typed], directory: root)
            XCTAssertEqual(result.status, 64, typed)
            XCTAssertTrue(result.stderr.hasPrefix("host: error: unknown option '\(typed)' (did you mean \(meant)? "
                                                  + "before a command the options are --help, -h and --version; expected a command: list, inspect, render"),
                          "\(typed): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("unknown command"), result.stderr)
            XCTAssertTrue(result.stderr.contains("Run 'host --help' for usage."), result.stderr)
        }
        let far = try runHost(["-x"], directory: root)
        XCTAssertEqual(far.status, 64)
        XCTAssertTrue(far.stderr.hasPrefix("host: error: unknown option '-x' (before a command"), far.stderr)
        for (arguments, moved) in [(["-v", "list"], "host list -v"), (["--plugins", "dir", "render", "Gauge"], "host render --plugins dir Gauge")] {
            let result = try runHost(arguments, directory: root)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("'\(arguments[0])' is an option of '\(moved.split(separator: " ").prefix(2).joined(separator: " "))': "
                                                 + "it goes after the command ('\(moved)')"), result.stderr)
        }
        let json = try runHost(["-V", "--json"], directory: root)
        XCTAssertEqual(json.status, 64)
        let error = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any])?["error"] as? [String: Any])
        XCTAssertEqual(error["kind"] as? String, "usage")
        XCTAssertTrue((error["message"] as? String)?.hasPrefix("unknown option '-V' (did you mean '--version'?") == true, "\(error)")
    }

    /// A message quoted a value in full: a 100 kB --set value made a 100 kB error line. Every
    /// message quotes a value through one helper (String.quoted): its first 60 characters, "…"
    /// and how long it was; short values are quoted whole, as before.
    func testAHugeValueIsQuotedShortenedInEveryMessage() throws {
        let root = try exampleComponents(["Gauge"])
        let huge = "x" + String(repeating: "9", count: 99_999)
        let shown = "'x" + String(repeating: "9", count: 59) + "…' (100000 characters)"
        for (arguments, status, message) in [
            (["render", "Gauge", "--set", "value=\(huge)", "-o", "out.png"], Int32(65), "property value: \(shown) is not an integer"),
            (["inspect", "Gauge", "--set", "style=\(huge)"], 65, "property style: \(shown) is not a case of this enum"),
            (["render", "Gauge", "--set", huge, "-o", "out.png"], 64, "--set \(shown) is not NAME=VALUE"),
            (["render", "Gauge", "--scale", huge, "-o", "out.png"], 64, "--scale \(shown) is not a scale"),
            (["render", "Gauge", "--size", huge, "-o", "out.png"], 64, "--size: \(shown) is not a size"),
            (["render", huge, "-o", "out.png"], 66, "no class named \(shown) in ./components"),
            (["render", "Gauge", "--variant", huge, "-o", "out.png"], 65, "no variant named \(shown)"),
            (["render", "Gauge", "--set", "\(huge)=1", "-o", "out.png"], 65,
             "property x\(String(repeating: "9", count: 59))… (100000 characters): no such property"),
        ] {
            let result = try runHost(arguments, directory: root)
            XCTAssertEqual(result.status, status, "\(arguments[0...1]): \(result.stderr.prefix(300))")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments[0...1]): \(result.stderr.prefix(300))")
            XCTAssertLessThan(result.stderr.utf8.count, 2000, "\(arguments[0...1]): \(result.stderr.prefix(300))")
        }
        let short = try runHost(["render", "Gauge", "--set", "value=x1", "-o", "out.png"], directory: root)
        XCTAssertTrue(short.stderr.contains("property value: 'x1' is not an integer"), short.stderr)
    }
}
