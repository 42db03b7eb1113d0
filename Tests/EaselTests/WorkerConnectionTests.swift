import Foundation
import XCTest
@testable import EaselHost

/// The framing of the worker protocol over a real socket pair: large frames (pictures) are read
/// straight into their own buffer, whatever pieces they arrive in, and the frames after them are
/// intact.
final class WorkerConnectionTests: XCTestCase {
    private func pair() throws -> (WorkerConnection, WorkerConnection) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw POSIXError(.EIO) }
        return (WorkerConnection(fd: fds[0]), WorkerConnection(fd: fds[1]))
    }

    private func pattern(_ count: Int, seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) &+ seed }
    }

    func testLargeAndSmallFramesArriveWholeAndInOrder() throws {
        let (a, b) = try pair()
        defer { close(a.fd); close(b.fd) }
        let picture = pattern(3 << 20, seed: 7) // larger than the socket's buffer: many reads
        let tail = pattern(1 << 20, seed: 9)
        let fd = a.fd
        let sender = Thread {
            let a = WorkerConnection(fd: fd) // the sending side, on its own thread
            try? a.send([1, 2, 3])
            try? a.send(picture)
            try? a.send([4], then: tail[...])
            try? a.send([])
            try? a.send([5, 6])
        }
        sender.start()
        XCTAssertEqual(try b.receive(budget: 10), [1, 2, 3])
        XCTAssertEqual(try b.receive(budget: 10), picture)
        XCTAssertEqual(try b.receive(budget: 10), [4] + tail)
        XCTAssertEqual(try b.receive(budget: 10), [])
        XCTAssertEqual(try b.receive(budget: 10), [5, 6])
    }

    func testAFrameCutShortByTheOtherSideEndingIsClosedNotAFrame() throws {
        let (a, b) = try pair()
        defer { close(b.fd) }
        // The length of a 1 MiB frame, then half of it, then the end.
        var header = UInt32(1 << 20).littleEndian
        let fd = a.fd
        XCTAssertEqual(withUnsafeBytes(of: &header) { write(fd, $0.baseAddress, 4) }, 4)
        let half = pattern(1 << 19, seed: 3)
        let writer = Thread {
            _ = half.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        XCTAssertThrowsError(try b.receive(budget: 10)) { error in
            XCTAssertEqual(error as? WorkerConnection.Failure, .closed)
        }
    }

    func testReceiveIfReadyPutsALargeFrameTogetherAcrossCalls() throws {
        let (a, b) = try pair()
        defer { close(a.fd); close(b.fd) }
        let picture = pattern(1 << 20, seed: 1)
        let fd = a.fd
        let sender = Thread { let a = WorkerConnection(fd: fd); try? a.send(picture); try? a.send([8]) }
        sender.start()
        var frames: [[UInt8]] = []
        let deadline = Date().addingTimeInterval(10)
        while frames.count < 2, Date() < deadline {
            if let frame = try b.receiveIfReady() { frames.append(frame) } else { usleep(1000) }
        }
        XCTAssertEqual(frames, [picture, [8]])
    }
}
