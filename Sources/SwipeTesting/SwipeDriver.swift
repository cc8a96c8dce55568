import LuaRuntime
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeRender
import SwipeScript

/// What `swipe.table{...}` returns to Lua: a fresh ``Session`` on its own virtual clock, driven
/// with gestures (each one a command the session applies) and read back as plain values.
///
/// Every method throws ``SwipeDriver/Failure`` with a message meant for the spec's author; the
/// Lua side raises it at the caller's line.
public final class SwipeDriver {
    public let session: Session
    /// The spec file's name, the title of `t:render`'s picture.
    let specName: String?
    public var host: PluginHost { session.host }
    public var table: SwipeTable { session.table }

    /// A refusal from the table, a script error, or a bad option.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// What `swipe.table{...}` asks for: the table's configuration (its plugins by the paths
    /// the spec gives), and where the spec is.
    public struct Options {
        public var configuration: SessionConfiguration
        /// The spec file's folder: a plugin path not found from the current directory is
        /// looked for from there.
        public var specFolder: String?
        /// The spec file's name (its last path component): what `t:render`'s picture is titled.
        public var specName: String?
        public init(configuration: SessionConfiguration = .defaults, specFolder: String? = nil) {
            self.configuration = configuration
            self.specFolder = specFolder
        }
    }

    public init(options: Options) throws(Failure) {
        var configuration = options.configuration
        // The sizes' limits are the core's, as on the command line.
        if let problem = TableGeometry.check(rows: configuration.items.count) ?? configuration.geometry.problems().first
        {
            throw Failure("swipe.table: '\(problem.field)' \(problem.message)")
        }
        configuration.plugins = try configuration.plugins.map { source throws(Failure) in
            guard case .file(let path) = source else { return source }
            return .file(try Self.resolve(path, from: options.specFolder))
        }
        configuration.scriptName = "<spec>"
        // Kept for t:render, which replays them (a few bytes per gesture).
        configuration.recordsInputs = true
        specName = options.specName
        do {
            session = try Session(configuration, sink: nil)
        } catch {
            throw Failure(error.description)
        }
    }

    /// A driver over a session made elsewhere (`swipehost explore`'s runs, which `--check`
    /// functions and `swipe.explore{ check = ... }` read through it).
    public init(session: Session) {
        self.session = session
        specName = nil
    }

    /// The explorer's invariants over this table (``ExploreInvariants``), for `t:invariants()`:
    /// each call looks at the events since the last.
    var invariants = ExploreInvariants()

    /// `t:invariants()`: the invariants `swipehost explore` checks after every step that do not
    /// hold now (none, or the first broken), each as a sentence.
    func brokenInvariants() -> [String] {
        host.reportRepeatedFailures()
        guard let failure = invariants.check(session, step: 0) else { return [] }
        return [failure.summary]
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
        throw Failure(
            "swipe.table: plugin '\(path)' not found: tried \(path) (from the current directory) and \(beside) (from the spec's folder)"
        )
    }

    /// Runs gesture script lines; an error names `file` and the line `firstLine + n - 1` for
    /// script line n (or `file:firstLine` and the script line, when `exact` is false).
    public func run(_ script: String, file: String, firstLine: Int, exact: Bool) throws(Failure) {
        let bytes = Array(script.utf8)
        do {
            try bytes.withUnsafeBufferPointer { (buffer) throws(ScriptError) in
                try ScriptParser(fileName: file).forEachCommand(in: buffer) { (line) throws(ScriptError) in
                    try session.apply(line)
                }
            }
        } catch {
            if exact { throw Failure("\(file):\(firstLine + error.line - 1): \(error.message)") }
            throw Failure("\(file):\(firstLine): run line \(error.line): \(error.message)")
        }
    }

    /// `pan ROW begin`, a `move` to each of `xs`, then `end` (or `cancel`); `velocity`: the
    /// release's, in points/s (`pan ROW end VX`).
    public func pan(row: Int, xs: [Double], cancel: Bool, velocity: Double? = nil) throws(Failure) {
        try command(.panBegin(row: row, x: 0))
        for x in xs { try command(.panMove(row: row, x: x)) }
        try command(cancel ? .panCancel(row: row) : .panEnd(row: row, velocity: velocity))
    }

    public func swipe(row: Int, dx: Double, milliseconds: Double) throws(Failure) {
        let longest = ScriptRunner.maximumSwipeDuration
        guard let duration = TimeAmount.milliseconds(checked: milliseconds), duration <= longest else {
            throw Failure(
                "swipe: milliseconds must be a finite number from 0 to \(TimeText.milliseconds(longest)) (the longest swipe), got \(NumberText.describe(milliseconds))"
            )
        }
        try command(.swipe(row: row, dx: dx, duration: duration))
    }

    /// Taps a button by number (1 = the outermost trailing one), id, or edge and number, or the
    /// row's content; whether the tap reached a button.
    @discardableResult
    public func tap(row: Int, button: ButtonReference) throws(Failure) -> Bool {
        try command(.tap(row: row, button: button))
    }

    /// How a script's `tap 1 WORD` line reads `word` (an id, `content`, `leading:N`).
    static func parseTap(_ word: String) throws(Failure) -> GestureCommand {
        do {
            guard let line = try ScriptParser(fileName: "").parse("tap 1 \(word)").first else {
                return .tap(row: 1, button: .id(word))
            }
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
                "wait: milliseconds must be at most \(TimeText.milliseconds(TimeAmount.maximum)) (the virtual clock's range, about 285 years), got \(NumberText.describe(milliseconds))"
            )
        }
        do {
            try session.apply(.wait(amount))
        } catch {
            throw Failure("wait: \(error.message)")
        }
    }

    public func scroll(by dy: Double) throws(Failure) { try command(.scroll(dy: dy)) }

    /// `t:activate(row, id)`: `activate ROW ID`, button `id`'s action as a screen reader runs it.
    public func activate(row: Int, button: String) throws(Failure) { try command(.activate(row: row, button: button)) }

    /// `t:actions(row)`: the row's accessibility actions, `{ label, side, button, index }` each,
    /// in the order a screen reader offers them (what `actions ROW` lists).
    func actionsValue(row: Int) throws(Failure) -> LuaValue {
        do {
            return .list(
                try table.accessibilityActions(row: row).map {
                    .table([
                        "label": .string($0.label), "side": .string($0.edge.rawValue), "button": .string($0.buttonID),
                        "index": .integer($0.number),
                    ])
                })
        } catch {
            throw Failure("actions: \(error.description)")
        }
    }

    /// A driver method's row: an index (an integer), or a row id as a string, `"#m42"` as a
    /// script writes it (`"#7"` the number 7) or the bare id (`"m42"`, a name); an id is
    /// looked up now. `method` names the method in messages.
    func row(_ value: LuaValue, method: String) throws(Failure) -> Int {
        guard case .string(let text) = value else {
            guard let index = value.intValue else {
                throw Failure("\(method): the row must be an index or a row id ('#m42'), got a \(value.typeName)")
            }
            return index
        }
        var id = RowID.name(text)
        if text.hasPrefix("#") {
            let lines: [ScriptLine]
            do {
                lines = try ScriptParser(fileName: "").parse("close \(text)")
            } catch {
                throw Failure("\(method): \(error.message)")
            }
            guard lines.count == 1, let parsed = lines[0].rowID else {
                throw Failure("\(method): '\(DisplayText.token(text))' is not a row id ('#m42', '#7')")
            }
            id = parsed
        }
        do {
            return try table.row(withID: id)
        } catch {
            throw Failure("\(method): \(error.description)")
        }
    }

    public func open(row: Int, side: Edge? = nil) throws(Failure) { try command(.open(row: row, side: side)) }
    public func close(row: Int) throws(Failure) { try command(.close(row: row)) }

    /// `t:render{...}`: the SVG `swipehost render` draws (``RenderRun``, the same code) for the
    /// gestures applied so far: they are replayed, as a script, on a fresh session made with
    /// this table's options, titled with the spec file's name.
    public func render(options: RenderOptions) throws(Failure) -> String {
        guard let script = session.recordedCommands else {
            throw Failure(
                "render: the table's recording stopped at \(Session.maximumRecordedInputs) inputs (the most a session records), so its gestures cannot be drawn"
            )
        }
        var configuration = session.configuration
        configuration.scriptName = specName ?? "<spec>"
        do {
            return try RenderRun(session: configuration, options: options).render(script: script)
        } catch {
            throw Failure("render: \(error.description)")
        }
    }

    /// The plugin errors so far, in order; repeated `configure` errors are summed up first
    /// (``PluginHost/reportRepeatedFailures()``).
    public var errors: [TraceRecord] {
        host.reportRepeatedFailures()
        return host.recorder.records.filter {
            if case .pluginError = $0.event { return true }
            return false
        }
    }

    /// Applies `command` to the session; a refusal is the failure, with the table's message.
    @discardableResult
    private func command(_ command: GestureCommand) throws(Failure) -> Bool {
        do {
            return try session.apply(command)
        } catch {
            throw Failure(error.message)
        }
    }
}
