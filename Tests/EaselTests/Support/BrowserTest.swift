import Foundation
import XCTest

/// Runs a Playwright script (Tests/Browser/NAME) against a page, in Debian's Chromium, headless.
/// Playwright for Python and chromium are installed by Scripts/install-deps; a missing one fails
/// the test (a web page is only tested in a real browser).
enum BrowserTest {
    static func run(_ script: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let path = TestPaths.repoRoot + "/Tests/Browser/" + script
        let result = try runProcess("/usr/bin/env", ["python3", path] + arguments)
        XCTAssertEqual(result.status, 0, "\(script): \(result.stderr)\(result.stdout)", file: file, line: line)
    }
}
