import Foundation
import Glibc

/// A minimal HTTP/1.1 client over a real TCP socket, so that tests control every header (Host,
/// Origin) byte for byte, as an attacker's browser or script would.
struct HTTPReply {
    let status: Int
    let headers: [String: String]
    let body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    var errorMessage: String { (json["error"] as? [String: Any])?["message"] as? String ?? "" }
}

enum HTTPClient {
    /// Connects to 127.0.0.1:`port`.
    static func connect(_ port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = port.bigEndian
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        let r = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard r == 0 else { close(fd); throw NSError(domain: "connect", code: Int(errno)) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Sends one request (`Connection: close`) and reads the whole reply. `host` nil: the right one.
    static func request(_ port: UInt16, _ method: String, _ path: String, host: String? = nil,
                        headers: [(String, String)] = [], body: [UInt8]? = nil, rawPath: Bool = true) throws -> HTTPReply {
        let fd = try connect(port)
        defer { close(fd) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        send(fd, Array(head.utf8) + (body ?? []))
        return try parse(readAll(fd))
    }

    /// Everything `fd` delivers until the other side closes it (or the receive timeout).
    static func readAll(_ fd: Int32) -> [UInt8] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return data
    }

    static func json(_ port: UInt16, _ path: String, _ object: Any, headers: [(String, String)] = []) throws -> HTTPReply {
        let body = try JSONSerialization.data(withJSONObject: object)
        return try request(port, "POST", path, headers: [("Content-Type", "application/json")] + headers, body: [UInt8](body))
    }

    static func parse(_ data: [UInt8]) throws -> HTTPReply {
        guard let end = (0..<max(0, data.count - 3)).first(where: { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }) else {
            throw NSError(domain: "http", code: 1, userInfo: [NSLocalizedDescriptionKey: "no complete reply (\(data.count) bytes)"])
        }
        let head = String(decoding: data[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(data[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < data.count {
            guard let lineEnd = (i..<data.count - 1).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }) else { break }
            let size = Int(String(decoding: data[i..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            if size == 0 { break }
            out += data[(lineEnd + 2)..<min(data.count, lineEnd + 2 + size)]
            i = lineEnd + 2 + size + 2
        }
        return out
    }
}

/// An open Server-Sent Events connection: events arrive in the background.
/// (Its state is read and written under `lock`, from the reading thread and the test.)
final class EventStreamClient: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var buffer = ""
    private(set) var status = 0
    private var events: [(name: String, data: [String: Any])] = []
    private var consumed = 0
    private var thread: Thread?

    init(port: UInt16) throws {
        fd = try HTTPClient.connect(port)
        HTTPClient.send(fd, Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8))
        let fd = self.fd
        thread = Thread { [weak self] in
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = recv(fd, &chunk, chunk.count, 0)
                if n <= 0 { return }
                guard let self else { return }
                self.lock.lock()
                if self.status == 0 { self.buffer += String(decoding: chunk[0..<n], as: UTF8.self) } else { self.raw += chunk[0..<n] }
                self.parse()
                self.lock.unlock()
            }
        }
        thread!.start()
    }

    deinit { shutdown(fd, Int32(SHUT_RDWR)); Glibc.close(fd) }

    func close() { shutdown(fd, Int32(SHUT_RDWR)) }

    private var raw: [UInt8] = []
    private var chunked = false

    private func parse() {
        if status == 0 {
            guard let r = buffer.range(of: "\r\n\r\n") else { return }
            let head = String(buffer[..<r.lowerBound])
            status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? -1
            chunked = head.lowercased().contains("transfer-encoding: chunked")
            raw = Array(String(buffer[r.upperBound...]).utf8)
            buffer = ""
        } else {
            raw += Array(buffer.utf8)
            buffer = ""
        }
        var text = ""
        if chunked {
            // Take the complete chunks out of the raw bytes.
            while let lineEnd = (0..<max(0, raw.count - 1)).first(where: { raw[$0] == 13 && raw[$0 + 1] == 10 }) {
                let size = Int(String(decoding: raw[0..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16) ?? 0
                guard raw.count >= lineEnd + 2 + size + 2 else { break }
                text += String(decoding: raw[(lineEnd + 2)..<(lineEnd + 2 + size)], as: UTF8.self)
                raw.removeFirst(lineEnd + 2 + size + 2)
                if size == 0 { break }
            }
        } else {
            text = String(decoding: raw, as: UTF8.self)
            raw = []
        }
        pendingText += text
        while let r = pendingText.range(of: "\n\n") {
            let block = String(pendingText[..<r.lowerBound])
            pendingText = String(pendingText[r.upperBound...])
            var name = "message", data = ""
            for line in block.components(separatedBy: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            if !data.isEmpty, let object = (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] {
                events.append((name, object))
            }
        }
    }
    private var pendingText = ""

    /// Where the events received so far end: pass it as `since` to wait for events in any order.
    var mark: Int { lock.lock(); defer { lock.unlock() }; return events.count }

    /// Waits for the next event named `name` (after those already waited for, or, with `since`,
    /// after that mark: events that may come in either order) matching `predicate`.
    func waitFor(_ name: String, timeout: Double = 15, since: Int? = nil,
                 where predicate: ([String: Any]) -> Bool = { _ in true }) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            if let i = events[min(since ?? consumed, events.count)...].firstIndex(where: { $0.name == name && predicate($0.data) }) {
                consumed = max(consumed, i + 1)
                let e = events[i].data
                lock.unlock()
                return e
            }
            lock.unlock()
            usleep(5_000)
        }
        return nil
    }

    var all: [String] { lock.lock(); defer { lock.unlock() }; return events.map { "\($0.name): \($0.data)" } }
}
