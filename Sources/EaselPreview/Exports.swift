// The JSON writer and the documented list/inspect schemas live below the renderer (EaselJSON), so
// that the commands that never draw can use them without it; EaselPreview's users get them as before.
@_exported import EaselJSON
