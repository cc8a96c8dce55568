import LuaRuntime
import SwipeCore
import SwipePlugins
import SwipeScript

/// What `swipe.table{...}` returns to Lua: a fresh ``PluginHost`` on its own virtual clock,
/// driven with gestures and read back as plain values.
///
/// Every method throws ``SwipeDriver/Failure`` with a message meant for the spec's author; the
/// Lua side raises it at the caller's line.
public final class SwipeDriver {
    public let host: PluginHost
    public var table: SwipeTable { host.table }

    /// A refusal from the table, a script error, or a bad option.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The options of `swipe.table{...}`.
    public struct Options {
        public var plugins: [String] = []
        /// The spec file's folder: a plugin path not found from the current directory is
        /// looked for from there.
        public var specFolder: String?
        public var rows = 30
        public var items: [String]?
        public var geometry = TableGeometry()
        public var pluginOptions = PluginOptions()
        public var direction: LayoutDirection?
        public var tableOptions = TableBehaviorOptions()
        /// The run's behaviour preset (`--preset`).
        public var preset = BehaviorPreset.tutorial
        public init() {}
    }

    public init(options: Options) throws(Failure) {
        // The sizes' limits are the core's, as on the command line.
        if let problem = TableGeometry.check(rows: options.rows) ?? options.geometry.problems().first {
            throw Failure("swipe.table: '\(problem.field)' \(problem.message)")
        }
        let run = PluginRun(
            fileName: "<spec>", pluginPaths: try options.plugins.map { path throws(Failure) in try Self.resolve(path, from: options.specFolder) }, options: options.pluginOptions,
            defaultItems: options.items.map(TableItems.init) ?? .generated(count: options.rows),
            geometry: options.geometry, direction: options.direction, tableOptions: options.tableOptions)
        var configured = run
        configured.preset = options.preset
        do {
            host = try configured.makeHost()
        } catch {
            throw Failure(error.description)
        }
    }

    /// `path` from the current directory if it is there, else from the spec's folder; neither:
    /// an error naming both places.
    static func resolve(_ path: String, from specFolder: String?) throws(Failure) -> String {
        if FileReading.exists(path) || path.hasPrefix("/") { return path }
        guard let specFolder, specFolder != "." else {
            throw Failure("swipe.table: plugin '\(path)' not found (looked for \(path) from the current directory)")
        }
        let beside = (specFolder.hasSuffix("/") ? specFolder : specFolder + "/") + path
        if FileReading.exists(beside) { return beside }
        throw Failure("swipe.table: plugin '\(path)' not found: tried \(path) (from the current directory) and \(beside) (from the spec's folder)")
    }

    /// Runs gesture script lines; an error names `file` and the line `firstLine + n - 1` for
    /// script line n (or `file:firstLine` and the script line, when `exact` is false).
    public func run(_ script: String, file: String, firstLine: Int, exact: Bool) throws(Failure) {
        let runner = ScriptRunner(table: table, fileName: file)
        do {
            try runner.run(script: script)
        } catch {
            if exact { throw Failure("\(file):\(firstLine + error.line - 1): \(error.message)") }
            throw Failure("\(file):\(firstLine): run line \(error.line): \(error.message)")
        }
    }

    /// `pan ROW begin`, a `move` to each of `xs`, then `end` (or `cancel`); `velocity`: the
    /// release's, in points/s (`pan ROW end VX`).
    public func pan(row: Int, xs: [Double], cancel: Bool, velocity: Double? = nil) throws(Failure) {
        try perform { () throws(TableError) in
            try table.panBegan(row: row, translation: 0)
            for x in xs { try table.panChanged(row: row, translation: x) }
            if cancel { try table.panCancelled(row: row) } else { try table.panEnded(row: row, velocity: velocity) }
        }
    }

    public func swipe(row: Int, dx: Double, milliseconds: Double) throws(Failure) {
        let longest = ScriptRunner.maximumSwipeDuration
        guard let duration = TimeAmount.milliseconds(checked: milliseconds), duration <= longest else {
            throw Failure(
                "swipe: milliseconds must be a finite number from 0 to \(TimeText.milliseconds(longest)) (the longest swipe), got \(NumberText.describe(milliseconds))")
        }
        try command(.swipe(row: row, dx: dx, duration: duration))
    }

    /// Taps a button by number (1 = the outermost trailing one), id, or edge and number, or the
    /// row's content; whether the tap reached a button.
    @discardableResult
    public func tap(row: Int, button: ButtonReference) throws(Failure) -> Bool {
        var reached = false
        try perform { () throws(TableError) in
            switch button {
            case .number(let number): reached = try table.tap(row: row, button: number)
            case .id(let id): reached = try table.tap(row: row, buttonID: id)
            case .onEdge(let edge, let number): reached = try table.tap(row: row, edge: edge, button: number)
            case .content: try table.tapContent(row: row)
            }
        }
        return reached
    }

    /// How a script's `tap 1 WORD` line reads `word` (an id, `content`, `leading:N`).
    static func parseTap(_ word: String) throws(Failure) -> GestureCommand {
        do {
            guard let line = try ScriptParser(fileName: "").parse("tap 1 \(word)").first else { return .tap(row: 1, button: .id(word)) }
            return line.command
        } catch {
            throw Failure("tap: \(error.message)")
        }
    }

    /// Runs `body` and returns the trace events it caused, as ``eventValues(named:)`` has them.
    func eventsCaused(_ body: () throws(Failure) -> Void) throws(Failure) -> LuaValue {
        let before = host.recorder.records.count
        try body()
        return .list(host.recorder.records.dropFirst(before).map(Self.value(of:)))
    }

    /// Moves the clock; past its limit (``VirtualInstant/maximum``) it is an error and the clock
    /// stays where it is.
    public func wait(milliseconds: Double) throws(Failure) {
        guard milliseconds.isFinite, milliseconds >= 0 else {
            throw Failure("wait: milliseconds must be a finite number >= 0, got \(milliseconds)")
        }
        guard let amount = TimeAmount.milliseconds(checked: milliseconds) else {
            throw Failure(
                "wait: milliseconds must be at most \(TimeText.milliseconds(TimeAmount.maximum)) (the virtual clock's range, about 285 years), got \(NumberText.describe(milliseconds))")
        }
        do {
            try table.checkCanAdvance(by: amount)
        } catch {
            throw Failure("wait: \(error)")
        }
        table.advance(by: amount)
    }

    public func scroll(by dy: Double) { table.scroll(by: dy) }

    public func open(row: Int, side: Edge? = nil) throws(Failure) { try command(.open(row: row, side: side)) }
    public func close(row: Int) throws(Failure) { try command(.close(row: row)) }

    /// The plugin errors so far, in order; repeated `configure` errors are summed up first
    /// (``PluginHost/reportRepeatedFailures()``).
    public var errors: [TraceRecord] {
        host.reportRepeatedFailures()
        return host.recorder.records.filter {
            if case .pluginError = $0.event { return true }
            return false
        }
    }

    private func command(_ command: GestureCommand) throws(Failure) {
        do {
            try ScriptRunner(table: table, fileName: "").run(ScriptLine(number: 1, command: command))
        } catch {
            throw Failure(error.message)
        }
    }

    private func perform(_ body: () throws(TableError) -> Void) throws(Failure) {
        do {
            try body()
        } catch {
            throw Failure(error.description)
        }
    }
}
