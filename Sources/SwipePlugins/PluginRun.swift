import SwipeCore
import SwipeScript

/// Why a run with plugins stopped, with the exit status it calls for.
public enum RunFailure: Error, CustomStringConvertible {
    /// A script line was wrong: status 2.
    case script(ScriptError)
    /// A plugin did not load: status 2.
    case plugin(PluginProblem)
    /// A plugin failed under `--strict`: status 1.
    case strict(PluginFailure)

    public var exitStatus: Int32 {
        if case .strict = self { return 1 }
        return 2
    }

    public var description: String {
        switch self {
        case .script(let error): return error.description
        case .plugin(let problem): return problem.description
        case .strict(let failure): return "plugin error (--strict): \(failure)"
        }
    }
}

/// A whole `swipehost run` with plugins: a ``Session`` over them takes the script's commands one
/// by one, and the trace is rendered. Prints nothing itself; a failure at any point leaves only
/// the failure.
public struct PluginRun {
    public var fileName: String
    /// The table, its plugins (those loaded from files: a script's `# plugin:` lines are the
    /// caller's to read) and its options; `strict` ends the run at the first plugin error.
    public var configuration: SessionConfiguration
    public var format: OutputFormat
    /// Text output for a terminal, coloured (``TextColor``); jsonl never is.
    public var colored = false
    /// Output past this many bytes goes to a temporary file until the run succeeds
    /// (``OutputBuffer/spool(above:)``); nil: all of it stays in memory.
    public var spoolAbove: Int?
    /// Called now and then with how many of the script's bytes have been run (see
    /// ``ScriptParser/forEachCommand(in:progress:_:)``): lets a caller release what it has mapped.
    public var progress: ((Int) -> Void)?
    /// Called with a notice, without a newline, for each line that reaches nothing: a `tap` on a
    /// button that is not revealed, or on a row a `manual` full swipe holds (`FILE:LINE: notice:
    /// 'tap 3 two' hit nothing: ...`, `'tap #m42 two' hit nothing: ...` for a ROW written `#ID`),
    /// and a `pan` or `swipe` line whose pan the table ended, its row deleted under it by a
    /// timer or a handler. `run` writes it on standard error. A notice,
    /// not an error: the script goes on, the trace and the exit status are as without it (both
    /// are what a user can do).
    public var notice: ((String) -> Void)?

    public init(fileName: String, configuration: SessionConfiguration = .defaults, format: OutputFormat = .text) {
        self.fileName = fileName
        self.configuration = configuration
        self.format = format
    }

    /// The session this run drives: its plugins and options; the recorder keeps the records
    /// (which ``makeHost()``'s callers read, and render draws from) or streams jsonl for
    /// `--format jsonl`; no inputs are kept for a recording.
    public var sessionConfiguration: SessionConfiguration {
        var configuration = self.configuration
        configuration.scriptName = fileName
        configuration.traceMode = format == .jsonl ? .jsonLines : .records
        configuration.recordsInputs = false
        return configuration
    }

    /// Loads the plugins and makes the session.
    public func makeSession(sink: (any SessionEventSink)? = nil) throws(RunFailure) -> Session {
        try Session(sessionConfiguration, sink: sink)
    }

    /// Loads the plugins and makes the host, with `print` and the virtual clock wired to it. Its
    /// recorder keeps the records of a text run (``TraceRecorder/records``), or writes jsonl.
    public func makeHost() throws(RunFailure) -> PluginHost {
        try makeSession().host
    }

    /// The session of ``run(script:)``, whose recorder writes the trace as it happens in either
    /// format (a text run keeps no records either), coloured before the plugins load: what they
    /// print while loading is recorded first.
    func makeStreamingSession() throws(RunFailure) -> Session {
        var configuration = sessionConfiguration
        configuration.traceMode = format == .jsonl ? .jsonLines : .textLines
        configuration.traceColored = colored
        return try Session(configuration, sink: nil)
    }

    public func run(script: UnsafeBufferPointer<UInt8>) throws(RunFailure) -> OutputBuffer {
        let session = try makeStreamingSession()
        let host = session.host
        // A gesture line makes about two bytes of jsonl on average (the tutorial replay: 2.15);
        // memory reserved and not written is never touched.
        if let spoolAbove { host.recorder.spoolOutput(above: spoolAbove) }
        host.recorder.reserveOutput(script.count * 2)
        do {
            try ScriptParser(fileName: fileName).forEachCommand(in: script, progress: progress) {
                (line) throws(ScriptError) in
                let reached = try session.apply(line)
                if !reached, let notice, let text = Self.missed(line, fileName: fileName, table: host.table) {
                    notice(text)
                }
            }
        } catch {
            if let failure = host.fatalError { throw .strict(failure) }
            throw .script(configuration.plugins.isEmpty ? Self.withoutPlugins(error) : error)
        }
        host.reportRepeatedFailures()
        return HeadlessRun.render(
            host.recorder, TableSnapshot(host.table), format: format, width: configuration.geometry.width,
            colored: colored)
    }

    /// The notice for `line`, which reached nothing (see ``notice``): a `tap` on a button, or a
    /// line of a pan the table ended; nil for any other line. The line and its row are named as
    /// the script wrote them (`tap #m42 two`: row `#m42`).
    static func missed(_ line: ScriptLine, fileName: String, table: SwipeTable) -> String? {
        let place = "\(fileName):\(line.number): notice: '\(DisplayText.token(line.scriptLine))'"
        // A ROW written `#ID` is the placeholder 0 in the command: the id's row now, as the line
        // found it (a tap that hit nothing moved no row).
        let named = line.rowID.map { "#\($0)" }
        let row = { (row: Int) -> Int in line.rowID.flatMap(table.row(of:)) ?? row }
        let shown = { (row: Int) -> String in DisplayText.token(named ?? String(row)) }
        switch line.command {
        case .tap(_, .content):
            return nil
        case .tap(let index, _) where table.isWaiting(row: row(index)):
            return "\(place) hit nothing: row \(shown(index)) is held by a full swipe with completion 'manual' "
                + "until it is fulfilled, and shows only its filled button; the script goes on"
        case .tap(let index, _):
            return "\(place) hit nothing: that button of row \(shown(index)) is not revealed (the row is not open on "
                + "its side); the script goes on"
        case .panMove(let index, _), .panEnd(let index, _), .panCancel(let index), .swipe(let index, _, _):
            return "\(place) reached no pan: the pan begun on row \(shown(index)) ended when its row was deleted "
                + "(or the rows replaced) under it; the script goes on"
        default:
            return nil
        }
    }

    /// A button id the tutorial's default cell does not have, in a run with no plugin: the
    /// message adds that no plugin was loaded (a script written for a plugin, run without it).
    static func withoutPlugins(_ error: ScriptError) -> ScriptError {
        let button: String
        switch error.tableError {
        case .noSuchButton(_, let id, _, _)?: button = id
        case .noSuchButtonOnEdges(_, let id, _, _)?: button = id
        default: return error
        }
        // An id, not a number or an edge's `leading:N` / `trailing:N`.
        guard Int(button) == nil, !Edge.allCases.contains(where: { button.hasPrefix($0.rawValue + ":") }) else {
            return error
        }
        return ScriptError(
            file: error.file, line: error.line,
            message: error.message + " (no plugin was loaded, so the tutorial's default cell ran: "
                + "give the script's plugin with --plugin PATH or a '# plugin: PATH' header line)")
    }

    public func run(script: String) throws(RunFailure) -> OutputBuffer {
        let bytes = Array(script.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(RunFailure) in try run(script: buffer) }
    }
}
