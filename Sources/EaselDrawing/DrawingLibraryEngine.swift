import EaselCLI

/// The drawing library's side of the commands that draw (``DrawingEngine``): each command has read
/// its command line into a request; this does the work, one extension per command
/// (DrawingLibraryEngine+Render.swift, …).
final class DrawingLibraryEngine: DrawingEngine, @unchecked Sendable {}
