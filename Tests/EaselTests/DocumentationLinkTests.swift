import Foundation
import XCTest

/// The documentation's links hold: every relative link of README.md and of every page under Docs/
/// opens a file or folder of the repository (never one outside it), and a link's `#anchor` names a
/// heading of the page it opens (as GitHub makes anchors). The README stays a guide: at most 250
/// lines, the reference being in Docs/.
final class DocumentationLinkTests: XCTestCase {
    func testEveryRelativeLinkOpensAFileOfTheRepositoryAndEveryAnchorAHeading() throws {
        let fm = FileManager.default
        let root = TestPaths.repoRoot
        let pages = try Documentation.pages()
        XCTAssertTrue(pages.contains("Docs/architecture.md") && pages.contains("Docs/reference/commands.md"), "\(pages)")
        var checked = 0, anchored = 0
        for page in pages {
            let text = try Documentation.read(page)
            let folder = (page as NSString).deletingLastPathComponent
            for link in Documentation.links(in: text) {
                if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("mailto:") { continue }
                XCTAssertFalse(link.contains("://") || link.hasPrefix("/") || link.hasPrefix("~"),
                               "\(page): the link \(link) leads out of the repository")
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target: String
                if parts[0].isEmpty {
                    target = page
                } else {
                    let decoded = parts[0].removingPercentEncoding ?? parts[0]
                    guard let resolved = Documentation.normalized(folder.isEmpty ? decoded : folder + "/" + decoded) else {
                        XCTFail("\(page): the link \(link) leads out of the repository")
                        continue
                    }
                    var isDirectory: ObjCBool = false
                    XCTAssertTrue(fm.fileExists(atPath: root + "/" + resolved, isDirectory: &isDirectory),
                                  "\(page): the link \(link) opens nothing (\(resolved) is not in the repository)")
                    target = resolved
                    checked += 1
                    if isDirectory.boolValue { continue }
                }
                if parts.count == 2 {
                    guard target.hasSuffix(".md") else { continue }
                    let anchors = Documentation.anchors(of: try Documentation.read(target))
                    XCTAssertTrue(anchors.contains(parts[1]),
                                  "\(page): the link \(link) names no heading of \(target) (its anchors: \(anchors.sorted()))")
                    anchored += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "the documentation links its pages and the repository's files")
        XCTAssertGreaterThan(anchored, 10, "and headings")
    }

    func testTheReadmeIsAGuideOfAtMost250LinesThatLinksIntoTheManual() throws {
        let readme = try Documentation.read("README.md")
        let lines = readme.components(separatedBy: "\n").count - (readme.hasSuffix("\n") ? 1 : 0)
        XCTAssertLessThanOrEqual(lines, 250, "README.md is the guide; the reference goes into Docs/")
        // The two commands a newcomer runs, unchanged.
        XCTAssertTrue(readme.contains("\nScripts/setup    #"), "the README gives Scripts/setup")
        XCTAssertTrue(readme.contains("\nScripts/test     #"), "and Scripts/test")
        // Every page of the manual is reachable from the README, directly or through a page it links.
        var reached: Set<String> = ["README.md"]
        var queue = ["README.md"]
        while let page = queue.popLast() {
            let folder = (page as NSString).deletingLastPathComponent
            // (A page that is not there is the other test's failure.)
            guard let text = try? Documentation.read(page) else { continue }
            for link in Documentation.links(in: text) where !link.contains("://") {
                let path = String(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                guard path.hasSuffix(".md"), let resolved = Documentation.normalized(folder.isEmpty ? path : folder + "/" + path),
                      !reached.contains(resolved) else { continue }
                reached.insert(resolved)
                queue.append(resolved)
            }
        }
        for page in try Documentation.pages() {
            XCTAssertTrue(reached.contains(page), "\(page) cannot be reached from README.md")
        }
    }

    /// The anchors the checker computes are GitHub's.
    func testAnchorsAreMadeAsGitHubMakesThem() {
        let text = """
        # Title
        ## `host list --json`
        ## Errors (`--json`)
        ## Hot reload (`host watch`)
        ```
        ## not a heading
        ```
        ## Title
        ## `Scripts/bench-startup`
        """
        XCTAssertEqual(Documentation.anchors(of: text),
                       ["title", "host-list---json", "errors---json", "hot-reload-host-watch", "title-1", "scriptsbench-startup"])
        XCTAssertEqual(Documentation.links(in: "[a](x.md) `[b](y.md)` [`c`](z.md#q)\n```\n[d](w.md)\n```"), ["x.md", "z.md#q"])
        XCTAssertEqual(Documentation.normalized("Docs/guides/../../README.md"), "README.md")
        XCTAssertNil(Documentation.normalized("Docs/../../elsewhere"))
    }
}
