import Foundation
import XCTest

/// A build for `--build "sh build.sh" --sources src` in `root`: it copies the library named in
/// src/choice.txt (first `choice`) to components/libEvolving.so atomically, or fails as a compiler
/// does when the choice is "broken".
func writeChoosingBuild(in root: String, choice: String) throws {
    try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
    try choice.write(toFile: root + "/src/choice.txt", atomically: true, encoding: .utf8)
    try """
    choice=$(cat src/choice.txt)
    echo "compiling $choice"
    if [ "$choice" = broken ]; then echo "src/choice.txt:1: error: expected a library" >&2; exit 2; fi
    cp "$choice" components/libEvolving.so.tmp && mv components/libEvolving.so.tmp components/libEvolving.so
    """.write(toFile: root + "/build.sh", atomically: true, encoding: .utf8)
}

/// Replies collected from several threads.
final class CollectedReplies: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [HTTPReply?] = []
    func add(_ reply: HTTPReply?) { lock.withLock { replies.append(reply) } }
    var all: [HTTPReply?] { lock.withLock { replies } }
}
