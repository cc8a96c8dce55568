import SwipeCore
import SwipeScript

/// Where a plugin's code comes from.
public enum PluginSource: Hashable, Sendable {
    /// A path, as `--plugin` takes: a `.lua` file, or a folder with `init.lua`.
    case file(String)
    /// Lua text; `name` stands for the file in messages and tracebacks (`mail.lua:12: ...`).
    case source(name: String, code: String)
    /// A file read already (``PluginFile``), loaded without reading it again: a server reads
    /// its plugins' files before it takes a session's lock.
    case loaded(PluginFile)

    /// The path, or the name the text goes by.
    public var name: String {
        switch self {
        case .file(let path): path
        case .source(let name, _): name
        case .loaded(let file): file.path
        }
    }

    /// `.file` read (``PluginFile``), the others as they are. Fails with the file's problem.
    public func read() throws(PluginProblem) -> PluginSource {
        guard case .file(let path) = self else { return self }
        return .loaded(try PluginFile(path: path))
    }
}

/// Receives a session's records as they happen.
public protocol SessionEventSink: AnyObject {
    /// A record: typed, in time order.
    func session(_ session: Session, didRecord record: TraceRecord)
}

/// A table and its plugins taking one input at a time on a virtual clock: what `swipehost run`,
/// the `swipe` test driver and the playground's server all drive. Its records reach the sink
/// typed; formats (``TextFormat``, ``JSONLinesFormat``) render them.
///
/// See `docs/session.md` for the reload rules and the recording format.
public final class Session {
    /// What a command reads and changes, in one value.
    struct CommandState {
        var host: PluginHost
        var unretainedHost: Unmanaged<PluginHost>
        var hasSink: Bool
        var forwarded = 0
        var inputs: [Input] = []
        var recordedClock = VirtualInstant.start
        var ranDueAtRecordedClock = false
        var inputCount = 0

        init(host: PluginHost, hasSink: Bool) {
            (self.host, unretainedHost, self.hasSink) = (host, .passUnretained(host), hasSink)
        }
    }

    /// The session's mutable state. Unchecked: nothing reaches the session re-entrantly while
    /// it changes it (the table, the host and the plugins it calls know nothing of it; a sink is
    /// called only between changes), and the dynamic checks of its fields were a twentieth of a
    /// replayed line's instructions (see docs/performance.md, "Unchecked exclusivity"). The
    /// properties below are views into it.
    @exclusivity(unchecked) var state: CommandState

    /// The plugin host: the table, the recorder, the plugins now in charge.
    public internal(set) var host: PluginHost {
        get { state.host }
        set {
            state.host = newValue
            state.unretainedHost = .passUnretained(newValue)
        }
    }
    /// ``host``, read per command without retaining it: the host is the table's (weakly held)
    /// delegate, so its reference count lives in a side table and each retain and release took
    /// about 70 instructions, a tenth of a replayed line. Sound: ``host`` holds it, and only
    /// ``reload(_:)`` replaces it, never while a command runs.
    private var unretainedHost: Unmanaged<PluginHost> { state.unretainedHost }
    /// Runs the commands on the table (the same table through every reload).
    let runner: ScriptRunner
    /// ``SessionConfiguration/recordsInputs``, read per command without touching the rest.
    let recordsInputs: Bool
    /// Read it (snapshots, cells); drive it only through ``apply(_:at:)``.
    public var table: SwipeTable { host.table }
    public var now: VirtualInstant { host.table.now }
    /// Every record so far, in order (none with ``SessionConfiguration/traceMode`` `.jsonLines`).
    public var records: [TraceRecord] { host.recorder.records }
    /// The preset `row`'s configuration follows: its own `preset` key, else the run's.
    public func preset(ofRow row: Int) -> BehaviorPreset { host.preset(ofRow: row) }
    /// The plugins in charge (those of the last successful ``reload(_:)``).
    public internal(set) var plugins: [PluginSource]
    public let configuration: SessionConfiguration
    /// Gets every record as it happens, from when it is set. Held weakly: the sink usually owns
    /// the session.
    public weak var sink: (any SessionEventSink)? {
        didSet {
            forwarded = host.recorder.records.count
            hasSink = sink != nil
        }
    }
    /// Whether a sink was given: a batch run has none and pays nothing per command for it.
    private var hasSink: Bool {
        get { state.hasSink }
        set { state.hasSink = newValue }
    }

    /// Records handed to the sink so far.
    private var forwarded: Int {
        get { state.forwarded }
        _modify { yield &state.forwarded }
    }
    /// The inputs applied so far, for the recording.
    private(set) var inputs: [Input] {
        get { state.inputs }
        _modify { yield &state.inputs }
    }
    /// The clock as the recorded inputs leave it: a `wait` makes up the difference.
    var recordedClock: VirtualInstant {
        get { state.recordedClock }
        _modify { yield &state.recordedClock }
    }
    /// Completions due at the clock ran without it moving: the next input is recorded after a
    /// `wait 0`.
    var ranDueAtRecordedClock: Bool {
        get { state.ranDueAtRecordedClock }
        _modify { yield &state.ranDueAtRecordedClock }
    }
    /// Inputs applied (successfully or not): the line number of the next one's errors.
    private var inputCount: Int {
        get { state.inputCount }
        _modify { yield &state.inputCount }
    }
    /// When the session was made (wall clock), for the recording's header.
    let started: String

    /// The most lines a session's recording holds (its inputs, and a `wait` before each that
    /// moved the clock): about 130 bytes each with the events they made, 6.5 MB at most. Past
    /// it the session goes on, its recording ends there, and the page is told once
    /// (``takeRecordingNotice()``).
    public static let maximumRecordedInputs = 50_000

    /// Where the recording stopped: the clock and the records then.
    struct RecordingStop: Hashable {
        var clock: VirtualInstant
        var records: Int
    }

    /// Set when the recording reached ``maximumRecordedInputs``.
    var recordingStop: RecordingStop?
    /// The notice not yet taken by ``takeRecordingNotice()``.
    private var recordingNotice: String?
    /// The row id the command being applied is recorded with (``naming(_:in:)``), found before it
    /// runs; nil but in between (and when not recording).
    private var namedRowID: RowID?

    /// The notice that the recording stopped, once: nil before and after.
    public func takeRecordingNotice() -> String? {
        defer { recordingNotice = nil }
        return recordingNotice
    }

    /// One recorded input.
    enum Input: Hashable {
        /// A command, with its row's id when its ROW is written `#ID` (``ScriptLine/rowID``).
        case command(GestureCommand, rowID: RowID? = nil)
        case reload([String])
    }

    public init(_ configuration: SessionConfiguration, sink: (any SessionEventSink)?) throws(RunFailure) {
        self.configuration = configuration
        recordsInputs = configuration.recordsInputs
        self.plugins = configuration.plugins
        self.sink = sink
        started = WallClock.now()
        let link = HostLink()
        let recorder = TraceRecorder(mode: configuration.traceMode)
        recorder.colored = configuration.traceColored
        let loaded = try Self.load(configuration.plugins, options: configuration.pluginOptions) { link.milliseconds }
        let host = try Self.host(loaded, configuration: configuration, recorder: recorder, existingTable: nil)
        state = CommandState(host: host, hasSink: sink != nil)
        link.table = host.table
        runner = ScriptRunner(table: host.table, fileName: configuration.scriptName)
        if let failure = host.fatalError { throw .strict(failure) }
        forward()
    }

    /// Loads `sources` in order; the first that fails is the error.
    static func load(_ sources: [PluginSource], options: PluginOptions, clock: @escaping () -> Int) throws(RunFailure)
        -> [Plugin]
    {
        var plugins: [Plugin] = []
        for source in sources {
            do {
                // What it prints while loading, the host logs first.
                switch source {
                case .file(let path): plugins.append(try Plugin(path: path, options: options, clock: clock))
                case .source(let name, let code):
                    plugins.append(try Plugin(name: name, source: code, options: options, clock: clock))
                case .loaded(let file): plugins.append(try Plugin(file, options: options, clock: clock))
                }
            } catch {
                throw .plugin(error)
            }
        }
        return plugins
    }

    /// A host over `plugins` (loaded by ``load(_:options:clock:)``), its `setup` run and the
    /// visible rows configured; `existingTable` as ``PluginHost`` takes it (a reload's).
    static func host(
        _ plugins: [Plugin], configuration: SessionConfiguration, recorder: TraceRecorder, existingTable: SwipeTable?
    ) throws(RunFailure) -> PluginHost {
        do {
            return try PluginHost(
                plugins: plugins, configuration: configuration, recorder: recorder, setupOnly: false,
                existingTable: existingTable)
        } catch {
            throw .plugin(error)
        }
    }

    // MARK: Driving

    /// Advances the clock to `time` first when given and later than now (firing completions
    /// and timers: their events reach the sink), then runs the command. An error (the command's
    /// `FILE:LINE: message`, the line being the input's number) leaves the session usable: a
    /// refused command changes nothing and is not recorded. Returns whether a `tap` reached a
    /// button (false for every other command).
    @discardableResult
    public func apply(_ command: GestureCommand, at time: VirtualInstant? = nil) throws(ScriptError) -> Bool {
        try apply(ScriptLine(number: inputCount + 1, command: command), at: time)
    }

    /// ``apply(_:at:)`` with the line number errors name (a script's own).
    @discardableResult
    public func apply(_ line: ScriptLine, at time: VirtualInstant? = nil) throws(ScriptError) -> Bool {
        inputCount += 1
        let table = runner.table
        if let time, time >= table.now { advance(to: time) }
        if let problem = Self.problem(with: line.command) {
            throw ScriptError(file: configuration.scriptName, line: line.number, cause: .syntax(problem))
        }
        let failedBefore = unretainedHost._withUnsafeGuaranteedRef { $0.failed }
        let clock = table.now
        let recordsBefore = recordsInputs ? host.recorder.records.count : 0
        // Recorded with its row's id when the row's item has a name for one, found before the
        // command moves rows: the recording stays valid when rows move. (Nil, and no copy of
        // the command, when not recording or the row has no name.)
        if recordsInputs { namedRowID = Self.naming(line, in: table) }
        let reached: Bool
        do {
            if case .dismiss = line.command {
                // The host's detail screen, which the table knows nothing of.
                host.dismissPresented()
                reached = false
            } else {
                reached = try runner.run(line)
            }
        } catch {
            forward()
            throw error
        }
        if recordsInputs { recordCommand(line, at: clock, recordsBefore: recordsBefore) }
        if !failedBefore, unretainedHost._withUnsafeGuaranteedRef({ $0.failed }), let failure = host.fatalError {
            forward()
            throw ScriptError(
                file: configuration.scriptName, line: line.number, message: "plugin error (--strict): \(failure)")
        }
        forward()
        return reached
    }

    /// Moves the clock to `time` (no further than ``VirtualInstant/maximum``; an earlier time
    /// does nothing), firing what falls due on the way, and at `time` itself: at the clock's end,
    /// where a snap's steps all fall due at once, `time` is now, and what is due then runs too
    /// (the recording gets a `wait 0` for it).
    public func advance(to time: VirtualInstant) {
        if time == now {
            guard let wake = nextWake, wake <= time else { return }
            ranDueAtRecordedClock = recordsInputs
        } else {
            guard time > now else { return }
        }
        host.table.advance(to: time)
        forward()
    }

    /// The earliest pending animation completion or plugin timer, nil when nothing is pending.
    public var nextWake: VirtualInstant? { host.table.nextDeadline }

    /// What `command` holds that a script could not: a number that is not finite, a release
    /// velocity past ``ReleasePhysics/maximumVelocity``.
    static func problem(with command: GestureCommand) -> String? {
        func finite(_ value: Double, _ name: String) -> String? {
            value.isFinite ? nil : "\(name) must be a finite number, got \(value)"
        }
        switch command {
        case .panBegin(_, let x), .panMove(_, let x): return finite(x, "X")
        case .scroll(let dy): return finite(dy, "DY")
        case .swipe(_, let dx, _): return finite(dx, "DX")
        case .panEnd(_, let velocity?):
            guard velocity.isFinite, abs(velocity) <= ReleasePhysics.maximumVelocity else {
                let bound = NumberText.describe(ReleasePhysics.maximumVelocity)
                return
                    "VX must be a release velocity from -\(bound) to \(bound) points/s, got \(NumberText.describe(velocity))"
            }
            return nil
        default: return nil
        }
    }

    /// The row id a recording writes `line`'s ROW as, when that is not as it is: `#ID` when the
    /// row's id is a name (an item's own string id). Nil for an index a row with a numeric id
    /// has, a `#ID` written already, and a command without a row.
    @inline(never)
    static func naming(_ line: ScriptLine, in table: SwipeTable) -> RowID? {
        guard line.rowID == nil, let row = line.command.row, row >= 1, row <= table.items.count,
            case .name(let name) = table.items.id(row: row)
        else { return nil }
        return .name(name)
    }

    /// Records `line`, applied, with ``namedRowID`` (then forgotten) or its own row id. Out of
    /// line: a session that records nothing pays nothing for it.
    @inline(never)
    func recordCommand(_ line: ScriptLine, at clock: VirtualInstant, recordsBefore: Int) {
        let rowID = namedRowID ?? line.rowID
        namedRowID = nil
        record(.command(line.command, rowID: rowID), at: clock, recordsBefore: recordsBefore)
    }

    /// Hands the records made since the last call to the sink. Once the recording stopped,
    /// those past it are forgotten when handed over: the session's memory stays bounded.
    func forward() {
        // Without a sink (a batch run) the records are not looked at: nothing per command.
        guard hasSink, let sink else { return }
        while forwarded < host.recorder.records.count {
            let record = host.recorder.records[forwarded]
            forwarded += 1
            sink.session(self, didRecord: record)
        }
        if let stop = recordingStop, forwarded > stop.records {
            host.recorder.dropRecords(from: stop.records)
            forwarded = stop.records
        }
    }

    /// Records `input`, applied at `clock`, after a `wait` for the clock's move up to then; the
    /// input itself may have moved it on (`wait`, `swipe`). A `wait 0` when completions due at
    /// the recorded clock ran without it moving (``advance(to:)``). `recordsBefore`: the records
    /// before the input, where the recording ends should it be full.
    func record(_ input: Input, at clock: VirtualInstant, recordsBefore: Int) {
        guard recordingStop == nil else { return }
        let waits = clock > recordedClock || ranDueAtRecordedClock
        if inputs.count + (waits ? 2 : 1) > Self.maximumRecordedInputs {
            recordingStop = RecordingStop(clock: clock, records: recordsBefore)
            recordingNotice =
                "recording stopped: a session records at most \(Self.maximumRecordedInputs) inputs; the session goes on, but its recorded script and spec end before this input"
            return
        }
        if waits { inputs.append(.command(.wait(clock - recordedClock))) }
        ranDueAtRecordedClock = false
        inputs.append(input)
        recordedClock = now
    }
}

/// Lets plugins loaded before the host exists read its table's clock. Holds the table, not
/// the host: a weak reference to the host would give it a side table (every retain and release
/// of it on the runtime's slow path), and the table holds nothing of the plugins, so no cycle.
final class HostLink {
    var table: SwipeTable?

    var milliseconds: Int { Int(table?.now.milliseconds ?? 0) }
}
