import EaselHost
import Foundation

/// What a snapshot run writes for people and CI systems: JUnit XML and the failure report's
/// index.html.
package enum SnapshotReport {
    /// The marker file that says a directory is a snapshot report (and may be emptied by the next run).
    package static let marker = ".easel-snapshot-report"

    /// Counts of a run's results.
    package struct Summary: Equatable, Sendable {
        package var passed = 0, failed = 0, errors = 0, recorded = 0
        package var total: Int { passed + failed + errors + recorded }

        package init(_ results: [SnapshotResult]) {
            for r in results {
                switch r.status {
                case .passed: passed += 1
                case .failed: failed += 1
                case .error: errors += 1
                case .recorded: recorded += 1
                }
            }
        }

        /// "10 passed, 2 failed (1 error)" (+ ", 1 recorded"): errors (a render or a plugin file that
        /// failed) count as failed.
        package var line: String {
            var text = "\(passed) passed, \(failed + errors) failed"
            if errors > 0 { text += " (\(errors) error\(errors == 1 ? "" : "s"))" }
            if recorded > 0 { text += ", \(recorded) recorded" }
            return text
        }
    }

    // MARK: - JUnit

    /// JUnit XML (the Ant/Jenkins dialect GitHub, GitLab and Jenkins read): one test suite per class
    /// or scene, one test case per snapshot named `<variant>@<scale>x`. A failed snapshot has a
    /// `<failure>`, one that could not render an `<error>`; recorded ones pass and say so in
    /// `<system-out>`.
    /// Plugin files that failed to load come first, as errors of a suite named "plugins".
    package static func junit(_ results: [SnapshotResult], loadFailures: [HostError] = [], name: String = "host snapshot") -> String {
        let summary = Summary(results)
        let total = results.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escape(name))\" tests=\"\(summary.total + loadFailures.count)\" failures=\"\(summary.failed)\" errors=\"\(summary.errors + loadFailures.count)\" time=\"\(seconds(total))\">\n"
        if !loadFailures.isEmpty {
            xml += "  <testsuite name=\"plugins\" tests=\"\(loadFailures.count)\" failures=\"0\" errors=\"\(loadFailures.count)\" skipped=\"0\" time=\"0.000\">\n"
            for failure in loadFailures {
                let file = failure.file ?? "plugin"
                xml += "    <testcase classname=\"plugins\" name=\"\(escape(file))\" time=\"0.000\">\n"
                xml += "      <error type=\"load\" message=\"\(escape(firstLine(failure.description)))\">\(escape(failure.description))</error>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        var groups: [(String, [SnapshotResult])] = []
        for r in results {
            if let i = groups.firstIndex(where: { $0.0 == r.snapshot.group }) { groups[i].1.append(r) } else { groups.append((r.snapshot.group, [r])) }
        }
        for (group, items) in groups {
            let s = Summary(items)
            xml += "  <testsuite name=\"\(escape(group))\" tests=\"\(s.total)\" failures=\"\(s.failed)\" errors=\"\(s.errors)\" skipped=\"0\" time=\"\(seconds(items.reduce(0) { $0 + $1.seconds }))\">\n"
            for r in items {
                let name = "\(r.snapshot.label)@\(SnapshotCase.format(r.snapshot.scale))x"
                xml += "    <testcase classname=\"\(escape(group))\" name=\"\(escape(name))\" time=\"\(seconds(r.seconds))\""
                let detail = ([r.message ?? ""] + artifactLines(r)).filter { !$0.isEmpty }.joined(separator: "\n")
                switch r.status {
                case .passed:
                    xml += "/>\n"
                    continue
                case .failed:
                    xml += ">\n      <failure type=\"snapshot\" message=\"\(escape(r.message ?? "failed"))\">\(escape(detail))</failure>\n"
                case .error:
                    xml += ">\n      <error type=\"\(r.writeFailed ? "write" : "render")\" message=\"\(escape(firstLine(r.message ?? "error")))\">\(escape(detail))</error>\n"
                case .recorded:
                    xml += ">\n      <system-out>recorded: \(escape(r.message ?? ""))</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func artifactLines(_ r: SnapshotResult) -> [String] {
        guard let a = r.artifacts else { return [] }
        return [a.reference.map { "reference: \($0)" }, a.actual.map { "actual: \($0)" },
                a.difference.map { "difference: \($0)" }].compactMap { $0 }
    }

    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }

    static func firstLine(_ s: String) -> String { String(s.split(separator: "\n", maxSplits: 1).first ?? "") }

    static func escape(_ s: String) -> String { MarkupText.escape(s) }

    // MARK: - HTML

    /// The report page: a summary, then for every failure its message, reference, actual and
    /// difference side by side, and a slider that wipes from the reference to the actual render
    /// laid over it. Image paths are relative to the report directory.
    /// `accept`: the command that takes the failed renders as the new references (shown when some failed).
    package static func html(_ results: [SnapshotResult], loadFailures: [HostError] = [], reportDirectory: String,
                            command: String, accept: String? = nil) -> String {
        var summary = Summary(results)
        summary.errors += loadFailures.count
        let failures = results.filter { $0.status == .failed || $0.status == .error }
        func relative(_ path: String?) -> String? {
            guard let path else { return nil }
            let prefix = reportDirectory.hasSuffix("/") ? reportDirectory : reportDirectory + "/"
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Snapshot report: \(escape(summary.line))</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; margin: 2em; background: #f2f2f7; color: #1c1c1e; }
        header { margin-bottom: 1.5em; } code { font-size: 13px; }
        .failure { background: white; border-radius: 12px; padding: 1em 1.5em; margin-bottom: 1.5em; }
        .failure h2 { margin: 0 0 .3em; font-size: 17px; } .message { color: #c00; white-space: pre-wrap; margin: 0 0 1em; }
        .row { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; } figcaption { color: #6e6e73; font-size: 12px; margin-bottom: .3em; }
        .checker, .compare { background: repeating-conic-gradient(#e5e5ea 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        img { display: block; image-rendering: pixelated; }
        .compare { display: inline-grid; justify-items: start; align-items: start; }
        .compare img { grid-area: 1 / 1; }
        .compare input { grid-area: 2 / 1; width: 100%; margin: .5em 0 0; }
        .zoom { margin-left: 1em; }
        </style></head><body>
        <header><h1>Snapshot report</h1>
        <p><strong>\(escape(summary.line))</strong> · <code>\(escape(command))</code></p>
        \(summary.failed > 0 && accept != nil ? "<p id=\"accept\">If the new pictures are right, accept them: <code>\(escape(accept!))</code></p>" : "")
        <label>Zoom <select id="zoom" class="zoom"><option value="1">1×</option><option value="2">2×</option><option value="4">4×</option></select></label>
        </header>

        """
        for failure in loadFailures {
            html += "<section class=\"failure\" data-status=\"load\"><h2>\(escape(failure.file ?? "plugin")) did not load</h2><p class=\"message\">\(escape(failure.description))</p></section>\n"
        }
        if failures.isEmpty && loadFailures.isEmpty { html += "<p id=\"all-passed\">Every snapshot passed.</p>\n" }
        for (n, r) in failures.enumerated() {
            let a = r.artifacts
            let reference = relative(a?.reference), actual = relative(a?.actual), difference = relative(a?.difference)
            html += "<section class=\"failure\" id=\"\(escape(r.snapshot.id))\" data-status=\"\(r.status.rawValue)\">\n"
            html += "<h2>\(escape(r.snapshot.id))</h2>\n<p class=\"message\">\(escape(r.message ?? ""))</p>\n<div class=\"row\">\n"
            for (caption, src) in [("Reference", reference), ("Actual", actual), ("Difference", difference)] {
                guard let src else { continue }
                html += "<figure><figcaption>\(caption)</figcaption><img class=\"checker zoomable\" src=\"\(escape(src))\" alt=\"\(caption) of \(escape(r.snapshot.id))\"></figure>\n"
            }
            if let reference, let actual {
                html += """
                <figure><figcaption>Reference ◀ slide ▶ actual</figcaption><div class="compare">
                <img class="zoomable" src="\(escape(reference))" alt="reference under the slider">
                <img class="over zoomable" id="over-\(n)" src="\(escape(actual))" alt="actual over the slider" style="clip-path: inset(0 0 0 50%)">
                <input type="range" min="0" max="100" value="50" aria-label="Slider for \(escape(r.snapshot.id))" data-target="over-\(n)">
                </div></figure>

                """
            }
            html += "</div></section>\n"
        }
        html += """
        <script>
        for (const slider of document.querySelectorAll('.compare input')) {
          const over = document.getElementById(slider.dataset.target);
          const update = () => { over.style.clipPath = `inset(0 0 0 ${slider.value}%)`; };
          slider.addEventListener('input', update);
          update();
        }
        const zoom = document.getElementById('zoom');
        const applyZoom = () => {
          for (const img of document.querySelectorAll('img.zoomable')) {
            const set = () => { img.style.width = (img.naturalWidth * zoom.value) + 'px'; };
            if (img.complete) set(); else img.addEventListener('load', set);
          }
        };
        zoom.addEventListener('change', applyZoom);
        applyZoom();
        </script>
        </body></html>

        """
        return html
    }
}
