import Foundation
import XCTest

/// The SDK as Scripts/install installs it from this build, into a scratch prefix, once per test run:
/// what the GTK demo and a Swift application embedding components are built against.
enum InstalledSDK {
    nonisolated(unsafe) private static var installed: Result<String, Error>?

    /// The prefix (installing it the first time).
    static func prefix() throws -> String {
        if installed == nil {
            installed = Result {
                let prefix = try TestPaths.scratch("installed-sdk") + "/prefix"
                let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", prefix, "--from", TestPaths.products])
                guard install.status == 0 else {
                    throw NSError(domain: "Scripts/install", code: Int(install.status), userInfo: [NSLocalizedDescriptionKey: install.stderr])
                }
                return prefix
            }
        }
        return try installed!.get()
    }
}
