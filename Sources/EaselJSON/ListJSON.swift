import EaselHost

/// The parts of `host list --json` (schema easel.list/1, documented in the README), shared by the
/// CLI and the live designer's `GET /api/classes`.
package enum ListJSON {
    /// A plugin file and its classes.
    package static func plugin(_ info: PluginInfo, classes: [JSON]) -> JSON {
        .object([
            ("path", .string(info.path)),
            ("id", .string(info.id)),
            ("name", .string(info.name)),
            ("version", .string(info.version)),
            ("summary", .optional(info.summary)),
            ("abi", .string(info.abi)),
            ("classes", .array(classes)),
        ])
    }

    /// One class of a plugin; `extra` members follow the documented ones.
    package static func classEntry(name: String, displayName: String, summary: String?, group: String,
                                  registered: Bool, extra: [(String, JSON)] = []) -> JSON {
        .object([
            ("name", .string(name)),
            ("displayName", .string(displayName)),
            ("summary", .optional(summary)),
            ("group", .string(group)),
            ("registered", .bool(registered)),
        ] + extra)
    }

    /// A file that failed to load.
    package static func failure(_ failure: HostError) -> JSON {
        .object([
            ("path", .optional(failure.file)),
            ("phase", .optional(failure.phase?.rawValue)),
            ("className", .optional(failure.className)),
            ("property", .optional(failure.property)),
            ("message", .string(failure.message)),
        ])
    }
}
