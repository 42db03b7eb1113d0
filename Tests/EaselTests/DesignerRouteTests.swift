@testable import EaselServe
import Foundation
import XCTest

/// The designer's server routes every request through one table (DesignerServer+Routes.swift):
/// each endpoint answers the methods it lists and no other, with a 405 whose `Allow` the same table
/// gives. (Two tables drifted: restore and discard were routed, and missing from the methods listed.)
final class DesignerRouteTests: XCTestCase {
    /// A path the pattern matches: Gauge for a class, scene 0, a resource file, the page's index.
    static func example(_ route: Route) -> String {
        "/" + route.parts.map { part -> String in
            switch part {
            case .literal(let text): return text
            case .string: return "Gauge"
            case .number: return "0"
            case .rest(let name): return name == "file" ? "index.html" : "x.png"
            }
        }.joined(separator: "/")
    }

    func testTheTableMatchesPathsAsItsPatternsSay() throws {
        let table = DesignerServer.routes
        func endpoint(_ path: String) -> [String] { Route.endpoint(path, in: table).map { Route.allowed($0.routes) } ?? ["none"] }
        XCTAssertEqual(endpoint("/api/scenes/0"), ["GET", "HEAD", "POST"])
        XCTAssertEqual(endpoint("/api/scenes/0/restore"), ["POST"])
        XCTAssertEqual(endpoint("/api/scenes/0/discard"), ["POST"])
        XCTAssertEqual(endpoint("/api/traits"), ["GET", "HEAD", "POST"])
        XCTAssertEqual(endpoint("/api/resources/Gauge/a/b.svg"), ["GET", "HEAD"])
        XCTAssertEqual(endpoint("/api/scenes/x"), [], "not a scene number: no endpoint (the API's 404)")
        XCTAssertEqual(endpoint("/api/scenes/+1"), [], "a number is digits only")
        XCTAssertEqual(endpoint("/api/nothing"), [])
        XCTAssertEqual(endpoint("/"), ["GET", "HEAD"], "the page")
        let matched = try XCTUnwrap(Route.endpoint("/api/resources/Gauge/icons/star.svg", in: table))
        XCTAssertEqual(matched.parameters["class"], "Gauge")
        XCTAssertEqual(matched.parameters["path"], "icons/star.svg")
        XCTAssertEqual(Route.endpoint("/api/scenes/12/preview", in: table)?.parameters.number("index"), 12)
        // Every pattern is distinct per method, and every endpoint names a method.
        var seen = Set<String>()
        for route in table {
            XCTAssertTrue(seen.insert("\(route.method ?? "*") \(route.pattern)").inserted, "\(route.pattern) twice")
        }
    }

    /// Every route, asked over a real socket with a method it does not take, is 405 with the
    /// methods of its endpoint in `Allow`, and with one it takes is neither 404 nor 405.
    func testEveryRouteAnswersItsMethodsAndNamesThemInAllow() throws {
        let root = try exampleComponents(["Gauge"])
        try #"{"size": "120x120", "instances": [{"class": "Gauge", "frame": "0,0,100,100"}]}"#
            .write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let process = try WatchProcess(["--port", "0", "--scene", "board.json"], directory: root, command: "serve")
        defer { process.stop() }
        let line = process.waitForLine(containing: "serving the designer at http://") ?? ""
        let port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }, line)
        let json = [("Content-Type", "application/json")]
        for route in DesignerServer.routes {
            guard let method = route.method else { continue }
            let path = Self.example(route)
            let allowed = Route.allowed(DesignerServer.routes.filter { $0.pattern == route.pattern }).joined(separator: ", ")
            for other in ["GET", "POST", "PUT", "DELETE"] where !route.takes(other) && !allowed.contains(other) {
                let reply = try HTTPClient.request(port, other, path, headers: json, body: other == "GET" ? nil : Array("{}".utf8))
                XCTAssertEqual(reply.status, 405, "\(other) \(path): \(reply.text)")
                XCTAssertEqual(reply.headers["allow"], allowed, "\(other) \(path)")
            }
            if method == "GET" && path != "/api/events" {
                let reply = try HTTPClient.request(port, "GET", path)
                XCTAssertFalse([404, 405].contains(reply.status) && !path.hasPrefix("/api/resources"), "GET \(path): \(reply.status) \(reply.text)")
            }
        }
        XCTAssertTrue(process.isRunning)
    }

    /// The server's files stay readable: none over 400 lines (DesignerServer.swift was 528, with two
    /// routing tables in it).
    func testTheServerFilesStayUnderFourHundredLines() throws {
        let folder = TestPaths.repoRoot + "/Sources/EaselServe"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".swift") {
            let lines = try String(contentsOfFile: folder + "/" + name, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            XCTAssertLessThanOrEqual(lines, 400, "\(name) has \(lines) lines")
        }
    }
}
