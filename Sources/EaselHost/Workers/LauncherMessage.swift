@preconcurrency import Glibc

/// One control message of the launcher: fixed size, native byte order (both ends are the same binary).
struct LauncherMessage {
    enum Op: UInt32 { case spawn = 1, state, kill, shutdown, forget }
    static let size = 32
    var op: Op
    var pid: pid_t = 0
    var value: Int64 = 0
    var state: WorkerLauncher.State = .unknown

    init(op: Op, pid: pid_t = 0, value: Int64 = 0) {
        self.op = op
        self.pid = pid
        self.value = value
    }

    init?(_ bytes: [UInt8]) {
        func field<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
        }
        guard bytes.count == Self.size, let op = Op(rawValue: field(0, UInt32.self)) else { return nil }
        self.op = op
        pid = field(4, Int32.self)
        value = field(8, Int64.self)
        switch field(16, UInt32.self) {
        case 1: state = .running
        case 2: state = .ended(WorkerLauncher.Ending(status: field(20, Int32.self), maximumResidentKilobytes: Int(field(24, Int64.self))))
        default: state = .unknown
        }
    }

    func encoded() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.size)
        func put<T: FixedWidthInteger>(_ v: T, _ offset: Int) {
            withUnsafeBytes(of: v) { for (i, b) in $0.enumerated() { bytes[offset + i] = b } }
        }
        put(op.rawValue, 0)
        put(pid, 4)
        put(value, 8)
        switch state {
        case .running: put(UInt32(1), 16)
        case .ended(let e): put(UInt32(2), 16); put(e.status, 20); put(Int64(e.maximumResidentKilobytes), 24)
        case .unknown: put(UInt32(0), 16)
        }
        return bytes
    }
}
