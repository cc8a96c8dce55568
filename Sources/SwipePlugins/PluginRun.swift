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
    public var pluginPaths: [String]
    public var options: PluginOptions
    public var defaultItems: TableItems
    public var geometry: TableGeometry
    public var format: OutputFormat
    public var strict: Bool
    /// The layout direction; nil: `ltr`, unless a plugin's `setup` chooses.
    public var direction: LayoutDirection?
    /// Table behaviour options turned on from outside (`--exclusive`...), on top of those the
    /// first plugin with a `table` field sets.
    public var tableOptions: TableBehaviorOptions
    /// Text output for a terminal, coloured (``TextColor``); jsonl never is.
    public var colored = false
    /// The run's behaviour preset (`--preset`).
    public var preset: BehaviorPreset = .tutorial

    public init(
        fileName: String, pluginPaths: [String], options: PluginOptions = PluginOptions(),
        defaultItems: TableItems = .generated(count: 30), geometry: TableGeometry = TableGeometry(),
        format: OutputFormat = .text, strict: Bool = false, direction: LayoutDirection? = nil,
        tableOptions: TableBehaviorOptions = TableBehaviorOptions()
    ) {
        self.direction = direction
        self.tableOptions = tableOptions
        self.fileName = fileName
        self.pluginPaths = pluginPaths
        self.options = options
        self.defaultItems = defaultItems
        self.geometry = geometry
        self.format = format
        self.strict = strict
    }

    /// The session this run drives: its plugins and options; the recorder streams jsonl for
    /// `--format jsonl`; no inputs are kept for a recording.
    public var sessionConfiguration: SessionConfiguration {
        var configuration = SessionConfiguration(
            plugins: pluginPaths.map(PluginSource.file), pluginOptions: options, items: defaultItems, geometry: geometry,
            direction: direction, tableOptions: tableOptions, preset: preset, strict: strict)
        configuration.scriptName = fileName
        configuration.traceMode = format == .jsonl ? .jsonLines : .records
        configuration.recordsInputs = false
        return configuration
    }

    /// Loads the plugins and makes the session.
    public func makeSession(sink: (any SessionEventSink)? = nil) throws(RunFailure) -> Session {
        try Session(sessionConfiguration, sink: sink)
    }

    /// Loads the plugins and makes the host, with `print` and the virtual clock wired to it.
    public func makeHost() throws(RunFailure) -> PluginHost {
        try makeSession().host
    }

    public func run(script: UnsafeBufferPointer<UInt8>) throws(RunFailure) -> OutputBuffer {
        let session = try makeSession()
        let host = session.host
        // A gesture line makes about two bytes of jsonl on average (the tutorial replay: 2.15);
        // memory reserved and not written is never touched.
        host.recorder.reserveOutput(script.count * 2)
        do {
            try ScriptParser(fileName: fileName).forEachCommand(in: script) { (line) throws(ScriptError) in
                try session.apply(line)
            }
        } catch {
            if let failure = host.fatalError { throw .strict(failure) }
            throw .script(error)
        }
        host.reportRepeatedFailures()
        return HeadlessRun.render(host.recorder, TableSnapshot(host.table), format: format, width: geometry.width, colored: colored)
    }

    public func run(script: String) throws(RunFailure) -> OutputBuffer {
        let bytes = Array(script.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(RunFailure) in try run(script: buffer) }
    }
}
