import Foundation
import XCTest

/// Hostile text and names against the commands that write reports, pages and projects (the QA
/// round of gallery, snapshot, validate, list/inspect and new): each test failed before its fix.
/// The plugin is Tests/Fixtures/markup_plugin.c.

extension InstallTests {
    /// `host new NAME` with a name that is an identifier but a keyword of the project's language, or
    /// a name its template uses itself, is refused before anything is written: `new int --c` wrote
    /// `typedef struct int {…} int;`, `new class` wrote `final class class: UIView`, `new Self
    /// --rust` a crate named `self`, `new UIView` a class inheriting from itself; each project failed
    /// its first build. Ordinary names still reach the next step (the SDK check: none is installed
    /// beside the host in .build).
    func testNewRefusesANameItsProjectCouldNotBuildWith() throws {
        let root = try TestPaths.scratch()
        let refused: [([String], String)] = [
            (["int", "--c"], "'int' is a C keyword, which a C project cannot be named"),
            (["class"], "'class' is a Swift keyword, which a Swift project cannot be named"),
            (["Self", "--swift"], "'Self' is a Swift keyword"),
            (["Self", "--rust"], "'Self' ('self' in the project) is a Rust keyword"),
            (["Fn", "--rust"], "'Fn' ('fn' in the project) is a Rust keyword"),
            (["Std", "--rust"], "'Std' ('std' in the project) is the name of one of Rust's own crates"),
            (["UIView"], "'UIView' is a name the Swift template uses itself, so its project would not build"),
            (["String", "--swift"], "'String' is a name the Swift template uses itself"),
            (["Free", "--c"], "'Free' ('free' in the project) is a name the C template uses itself"),
        ]
        for (arguments, message) in refused {
            let result = try runHost(["new"] + arguments + ["--dir", "project"], directory: root)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("(choose another class name)"), result.stderr)
        }
        for arguments in [["Badge"], ["MyBadge", "--c"], ["Gauge", "--rust"], ["Int", "--swift"], ["Class", "--c"]] {
            let result = try runHost(["new"] + arguments + ["--dir", "project"], directory: root)
            XCTAssertEqual(result.status, 66, "\(arguments) is a fine name: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("the Easel SDK is not installed in"), result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), [], "nothing created")
    }
}
