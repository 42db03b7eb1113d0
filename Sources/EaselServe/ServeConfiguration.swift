import Foundation

/// How `host serve` listens.
package struct ServeConfiguration: Sendable {
    /// The address to bind (numeric). Loopback by default; anything else needs a token.
    package var address = "127.0.0.1"
    package var port: UInt16 = 8750
    /// Required in every request (`?token=`, a cookie, or `Authorization: Bearer`) when set; set
    /// whenever `address` is not a loopback address.
    package var token: String?
    package var maximumBodySize = 1 << 20
    package var maximumEventClients = 32
    package var maximumConnections = 64
    /// Seconds an idle connection (a keep-alive socket between requests, or one that sends nothing)
    /// stays open: 64 idle sockets from a script shut the page out for this long, not minutes.
    /// A request being answered and an event stream are not idle.
    package var idleTimeout: UInt32 = 5
    /// The page's files (see ``PageFiles``).
    package var pageDirectory: String
    /// The name the program was run as (`host` or `easel`), for the messages and the command lines
    /// the server and the page show (`GET /api/classes`' `program`).
    package var programName = "host"

    package init(pageDirectory: String) { self.pageDirectory = pageDirectory }

    /// Whether the address is a loopback one (127.0.0.0/8 or ::1).
    package var isLoopback: Bool { address.hasPrefix("127.") || address == "::1" }
}
