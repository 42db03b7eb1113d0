import CSystem

/// The byte new memory holds in a worker of a filled launcher (``WorkerLauncher``'s `spawn(…fill:)`,
/// for `host validate`'s uninitialised-memory check): malloc's blocks are filled by glibc, and the
/// stack right before each call of a plugin's create, layout and draw by ``paintStack()``.
enum MemoryFill {
    /// nil in every other process.
    static let byte: UInt8? = ProcessEnvironment.current[WorkerLauncher.memoryFillVariable].flatMap { UInt8($0) }

    /// Fills the stack the next call will use with ``byte`` (nothing when there is none).
    @inline(__always)
    static func paintStack() {
        if let byte { easel_paint_stack(byte) }
    }
}
