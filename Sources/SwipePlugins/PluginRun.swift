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

/// A whole `swipehost run` with plugins: loads them, runs the script, renders the trace. Prints
/// nothing itself; a failure at any point leaves only the failure.
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

    /// Loads the plugins and makes the host, with `print` and the virtual clock wired to it.
    public func makeHost() throws(RunFailure) -> PluginHost {
        let link = HostLink()
        var plugins: [Plugin] = []
        for path in pluginPaths {
            do {
                // What it prints while loading, the host logs first.
                let plugin = try Plugin(path: path, options: options, clock: { link.milliseconds })
                plugins.append(plugin)
            } catch {
                throw .plugin(error)
            }
        }
        let host: PluginHost
        do {
            host = try PluginHost(
                plugins: plugins, defaultItems: defaultItems, geometry: geometry,
                recorder: TraceRecorder(mode: format == .jsonl ? .jsonLines : .records), strict: strict,
                direction: direction, tableOptions: tableOptions, preset: preset)
        } catch {
            throw .plugin(error)
        }
        link.host = host
        if let failure = host.fatalError { throw .strict(failure) }
        return host
    }

    public func run(script: UnsafeBufferPointer<UInt8>) throws(RunFailure) -> OutputBuffer {
        let host = try makeHost()
        let runner = ScriptRunner(table: host.table, fileName: fileName)
        // A gesture line makes about two bytes of jsonl on average (the tutorial replay: 2.15);
        // memory reserved and not written is never touched.
        host.recorder.reserveOutput(script.count * 2)
        do {
            try ScriptParser(fileName: fileName).forEachCommand(in: script) { (line) throws(ScriptError) in
                try runner.run(line)
                if host.failed { throw ScriptError(file: fileName, line: line.number, message: "") }
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
