@preconcurrency import Glibc

/// The process's environment variables (what FoundationEssentials' `ProcessInfo.processInfo.environment`
/// gives), read from `environ` at each call. EaselHost does not import Foundation: the CLI's commands
/// that never draw start without it (README, "Process start").
package enum ProcessEnvironment {
    /// Every variable, by name (for a name given twice, the first).
    package static var current: [String: String] {
        var variables: [String: String] = [:]
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ // NULL after clearenv()
        guard var entry = start else { return variables }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let (name, value) = text.split(atFirst: "="), variables[name] == nil {
                variables[name] = value
            }
            entry += 1
        }
        return variables
    }
}
