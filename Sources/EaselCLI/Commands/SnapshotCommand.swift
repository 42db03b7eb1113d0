import EaselHost

/// `host snapshot record|verify`: visual regression tests. Every class × variant × scale (and the
/// scenes named) is rendered and compared with its reference `Snapshots/<Class>/<variant>@<scale>x.png`.
///
/// The command reads its command line into a ``SnapshotRequest``; the drawing library plans, renders,
/// compares and reports (``DrawingEngine/snapshot(_:_:)``), and reads the options that are the
/// snapshot suite's own vocabulary (record modes, scales, variant selections, shards), with the same
/// usage errors.
package enum SnapshotCommand: Command {
    package static let spec = CommandSpec(
        name: "snapshot",
        summary: "verify renders against reference PNGs, or record them (visual regression tests)",
        usage: "record|verify [CLASS|SCENE.json]…",
        positionals: 1...100_000,
        options: [
            OptionSpec(name: "dir", value: "DIR", help: "the references: DIR/<Class>/<variant>@<scale>x.png and DIR/snapshot.json (default ./Snapshots)"),
            OptionSpec(name: "scales", value: "1,2", help: "pixels per point to render at (default: snapshot.json's, else 1,2)"),
            OptionSpec(name: "variants", value: "all|NAME,…", help: "which variants (default all)"),
            OptionSpec(name: "trait", value: "NAME=V1,V2", repeatable: true,
                       help: "a trait matrix for this run: each trait's values crossed (appearance=light,dark direction=ltr,rtl size=CATEGORY,…); replaces snapshot.json's traits"),
            OptionSpec(name: "jobs", short: "j", value: "N", help: "render on N threads, each with its own worker processes (default 1)"),
            OptionSpec(name: "shard", value: "K/N", help: "run only the K-th of N equal parts of the suite (CI machines; the manual, reference/snapshots.md)"),
            OptionSpec(name: "record", value: "MODE", help: "which references to write: missing, failed or all (verify: none; record: all)"),
            OptionSpec(name: "threshold", value: "0-1", help: "per-pixel colour threshold for this run (default: snapshot.json's, else 0.1)"),
            OptionSpec(name: "max-differing-share", value: "0-1", help: "largest share of differing pixels that passes, for this run (default: snapshot.json's, else 0)"),
            OptionSpec(name: "junit", value: "FILE", help: "also write JUnit XML to FILE"),
            OptionSpec(name: "quiet", short: "q", help: "print only failures, errors and the summary (not a line per passing snapshot)"),
            OptionSpec(name: "json", help: "print JSON (schema easel.snapshot/1: the manual, reference/json.md) instead of lines"),
            OptionSpec(name: "report", value: "DIR", help: "where failure artifacts and index.html go (default ./snapshot-report)"),
        ],
        details: """
        A plugin file on the search path that fails to load is an error of the run (its classes are missing).
        verify never writes a reference: a missing one fails and says how to record it. record writes
        every reference whose pixels changed (--record all); verify --record missing|failed writes only those.
        Failures leave reference.png, actual.png and difference.png per snapshot, and an index.html with a
        slider, in the report directory (an earlier report there is removed first).
        Exit status: 0 every snapshot passed or was recorded; 1 a snapshot differs or has no reference;
        69 a render failed (the plugin crashed, hung or reported an error); 64 usage; 65 a bad snapshot.json
        or a variant no selected class declares; 66 no such class or scene, or none at all (an empty suite);
        73 a reference, report or JUnit file could not be written.
        """)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let action = arguments.positionals[0]
        guard action == "record" || action == "verify" else {
            let close = Suggestions.close(to: action, among: ["record", "verify"])
            let hint = close.isEmpty ? "" : " (did you mean '\(close[0])'?)"
            throw UsageError(message: "expected 'record' or 'verify' first, found \(action.quoted)\(hint)")
        }
        var request = SnapshotRequest(records: action == "record", names: Array(arguments.positionals.dropFirst()))
        request.recordMode = arguments.value("record")
        request.scales = arguments.value("scales")
        request.variants = arguments.value("variants")
        request.shard = arguments.value("shard")
        request.traits = arguments.all("trait")
        request.threshold = try share(arguments, "threshold")
        request.maxDifferingShare = try share(arguments, "max-differing-share")
        request.jobs = try arguments.value("jobs").map { text -> Int in
            guard let n = Int(text), (1...64).contains(n) else { throw UsageError(message: "--jobs \(text.quoted) is not a number from 1 to 64") }
            return n
        } ?? 1
        // An empty path is "/" once a file name is joined to it: `--report ''` wrote index.html
        // into the root of the file system, and `record --dir ''` the references.
        for (name, expected) in [("dir", "a folder of references"), ("report", "a folder for the report"), ("junit", "a file name")]
        where arguments.value(name)?.isEmpty == true {
            throw UsageError(message: "--\(name) '' is empty (expected \(expected))")
        }
        request.json = arguments.has("json")
        request.quiet = arguments.has("quiet")
        request.directory = arguments.value("dir") ?? "Snapshots"
        request.directoryGiven = arguments.has("dir")
        request.reportDirectory = arguments.value("report") ?? "snapshot-report"
        request.reportAsked = arguments.has("report")
        request.junit = arguments.value("junit")
        return try invocation.engine().snapshot(request, invocation)
    }

    static func share(_ arguments: ParsedArguments, _ name: String) throws -> Double? {
        try arguments.value(name).map { text in
            guard let v = Double(text), (0...1).contains(v) else { throw UsageError(message: "--\(name) \(text.quoted) is not a number from 0 to 1") }
            return v
        }
    }
}

/// What `host snapshot` runs: which snapshots, how they are compared, and where results go.
package struct SnapshotRequest {
    /// `record` (true) or `verify`.
    package var records: Bool
    /// The classes and scenes named (empty: every class).
    package var names: [String]
    /// `--record MODE`, `--scales`, `--variants`, `--shard`, as given (the snapshot suite reads them).
    package var recordMode: String?
    package var scales: String?
    package var variants: String?
    package var shard: String?
    /// `--trait NAME=V1,V2`, as given (a trait matrix).
    package var traits: [String] = []
    package var threshold: Double?
    package var maxDifferingShare: Double?
    package var jobs = 1
    package var json = false
    /// `-q`: no line per passing snapshot.
    package var quiet = false
    package var directory = "Snapshots"
    /// Whether `--dir` was given (messages say where the folder came from).
    package var directoryGiven = false
    package var reportDirectory = "snapshot-report"
    /// Whether `--report` was given (the report is then written even when everything passed).
    package var reportAsked = false
    package var junit: String?

    package init(records: Bool, names: [String]) {
        self.records = records
        self.names = names
    }
}
