/// Plugin log lines as a worker prints them ("warning: …", "error: …", "info: …", "debug: …"), and
/// how the host passes them on.
///
/// A build's init runs in every worker that loads it: a command with a cold registry cache scans the
/// file in one, then loads it in another to render, inspect or check it. What init logs is shown the
/// first time only: a line printed while a build loads is not shown again for the same build (its
/// ``FileSignature``: a rebuild logs afresh).
enum PluginLogLine {
    /// Passes `line` on to `diagnostics`; `loading`: the builds the call that printed it loads.
    static func forward(_ line: String, loading builds: [FileSignature] = [], to diagnostics: Diagnostics) {
        if !builds.isEmpty, !diagnostics.isFirstShowing(line, loading: builds) { return }
        for (prefix, isWarning) in [("warning: ", true), ("error: ", true), ("info: ", false), ("debug: ", false)]
        where line.hasPrefix(prefix) {
            let text = String(line.dropFirst(prefix.count))
            if isWarning {
                // What a load logs is said once, also when this process loaded the build itself.
                if builds.isEmpty { diagnostics.warn(text) } else { diagnostics.warnOnce(text) }
            } else if prefix == "info: " {
                diagnostics.verbose(text)
            } else {
                diagnostics.debug(text)
            }
            return
        }
    }
}
