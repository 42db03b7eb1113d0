/// Starts worker processes.
///
/// A program that will create threads (the live designer's HTTP server) calls ``prepare()`` first,
/// while it is still single-threaded, so that later worker starts never fork a multi-threaded
/// process. Single-threaded commands need not call it.
public enum WorkerLauncher {
    /// Gets the launcher ready before the process creates threads. Idempotent.
    public static func prepare() {}
}
