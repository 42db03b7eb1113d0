import Glibc

/// A response body in memory of its own, sent to every connection that answers with it without a
/// copy (libmicrohttpd keeps it until it is done; identical previews that shared one render send
/// one buffer), and what it holds on to until then (``holding``: a render's memory reservation,
/// given back when the last connection has sent it).
package final class ResponseBuffer: @unchecked Sendable {
    /// The bytes (never changed after `init`).
    let base: UnsafeMutableRawPointer
    package let count: Int
    /// Kept alive as long as the buffer is.
    private let holding: AnyObject?

    /// A copy of `bytes`, holding `holding`.
    package init(_ bytes: [UInt8], holding: AnyObject? = nil) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { if let from = $0.baseAddress { memory.copyMemory(from: from, byteCount: $0.count) } }
        base = memory
        count = bytes.count
        self.holding = holding
    }

    deinit { base.deallocate() }

    /// The bytes, copied out (for tests and for whoever needs an array).
    package var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: count)) }
}
