/// One endpoint of the designer's server: a method, a path pattern and what answers it. The server's
/// routes are one table (``DesignerServer/routes``): requests are dispatched through it, and a path
/// asked with a method it does not take is answered 405 with an `Allow` header read from it (two
/// tables, one dispatching and one listing methods, drifted apart: restore and discard were routed
/// and missing from the list).
///
/// A pattern is a path whose segments are literals or parameters:
/// - `{name}`: any one segment (percent-decoded already), as a string;
/// - `{name:int}`: one segment that is a whole number (`/api/scenes/x` matches no scene route);
/// - `{name*}`: one or more segments, the rest of the path joined by `/` (last only).
///
/// ```swift
/// Route("GET", "/api/classes/{name}") { server, request, p in try server.classDetail(p["name"]) }
/// ```
struct Route: Sendable {
    typealias Answer = @Sendable (DesignerServer, HTTPRequest, RouteParameters) throws -> HTTPResponse

    enum Part: Equatable, Sendable {
        case literal(String)
        case string(String)
        case number(String)
        case rest(String)
    }

    /// GET (which answers HEAD too) or POST; nil: any method (a route that refuses whatever is asked,
    /// such as the API's "no such endpoint"; it is no endpoint, and names no method in `Allow`).
    let method: String?
    let pattern: String
    let parts: [Part]
    let answer: Answer

    init(_ method: String?, _ pattern: String, _ answer: @escaping Answer) {
        self.method = method
        self.pattern = pattern
        self.answer = answer
        parts = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment in
            guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return .literal(String(segment)) }
            let inner = segment.dropFirst().dropLast()
            if inner.hasSuffix("*") { return .rest(String(inner.dropLast())) }
            if inner.hasSuffix(":int") { return .number(String(inner.dropLast(4))) }
            return .string(String(inner))
        }
    }

    /// Whether the route answers `method` (GET routes answer HEAD).
    func takes(_ method: String) -> Bool {
        guard let own = self.method else { return true }
        return own == method || (own == "GET" && method == "HEAD")
    }

    /// The parameters, when `segments` (a path's, without the empty one before its first `/`) match.
    func match(_ segments: [String]) -> RouteParameters? {
        var found = RouteParameters()
        for (i, part) in parts.enumerated() {
            switch part {
            case .rest(let name):
                guard segments.count > i else { return nil }
                found.strings[name] = segments[i...].joined(separator: "/")
                return found
            case _ where i >= segments.count:
                return nil
            case .literal(let text):
                guard segments[i] == text else { return nil }
            case .string(let name):
                found.strings[name] = segments[i]
            case .number(let name):
                guard segments[i].allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(segments[i]) else { return nil }
                found.numbers[name] = n
            }
        }
        return segments.count == parts.count ? found : nil
    }

    /// The routes of `table` whose pattern a path matches first: its endpoint, under every method
    /// it takes (none: no endpoint has the path).
    static func endpoint(_ path: String, in table: [Route]) -> (routes: [Route], parameters: RouteParameters)? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        for route in table {
            guard let parameters = route.match(segments) else { continue }
            return (table.filter { $0.pattern == route.pattern }, parameters)
        }
        return nil
    }

    /// The methods an endpoint takes, as an `Allow` header lists them: GET, HEAD, POST, in that order.
    static func allowed(_ routes: [Route]) -> [String] {
        let methods = Set(routes.compactMap(\.method))
        return ["GET", "POST"].filter(methods.contains).flatMap { $0 == "GET" ? ["GET", "HEAD"] : [$0] }
    }
}

/// The parameters a ``Route``'s pattern took from a path.
struct RouteParameters: Sendable {
    var strings: [String: String] = [:]
    var numbers: [String: Int] = [:]

    /// A `{name}` or `{name*}` parameter ("" when the pattern has none of that name).
    subscript(_ name: String) -> String { strings[name] ?? "" }

    /// A `{name:int}` parameter (0 when the pattern has none of that name).
    func number(_ name: String) -> Int { numbers[name] ?? 0 }
}
