/// How a `LuaState` is set up: sandbox, budgets, clock, log and module paths.
///
/// The defaults are a sandbox with a 10,000,000-instruction budget per call
/// and a 64 MiB memory cap. `LuaOptions.trusted` is the full standard library
/// with no limits, for scripts you trust (a test runner, tools).
public struct LuaOptions {
    /// When false the state gets the full standard library (io, os, debug,
    /// package with the standard path and cpath and C module loading).
    public var sandbox: Bool = true
    /// Lua VM instructions allowed per call from Swift; 0 means unlimited.
    public var instructionBudget: Int = 10_000_000
    /// The CPU time a call with a budget may take: a backstop for work the budget cannot
    /// count (the VM comparing or hashing long strings). nil: 1 s plus 0.1 s per million
    /// instructions of the budget (2 s for the default budget). No limit without a budget.
    public var timeLimit: Duration?
    /// Bytes the state may allocate; 0 means no cap.
    public var memoryLimit: Int = 64 * 1024 * 1024
    /// Virtual milliseconds since the start of the run (the sandbox's
    /// `os.clock()`); read each time a script asks for the time.
    public var virtualMilliseconds: () -> Int = { 0 }
    /// Unix time, in seconds, of virtual millisecond 0 (the sandbox's
    /// `os.time()` is `epoch + virtualMilliseconds() / 1000`).
    public var epoch: Int = 1_704_067_200  // 2024-01-01T00:00:00Z
    /// Seed for `math.random` (the sandbox seeds once at start and when a
    /// script calls `math.randomseed()` with no argument).
    public var randomSeed: Int = 0
    /// Where `print` goes. In the sandbox, `nil` writes lines to standard
    /// output; in trusted mode, `nil` keeps Lua's own `print`.
    public var log: ((String) -> Void)?
    /// The plugin's own folder, searched first by `require`.
    public var pluginFolder: String?
    /// More folders `require` searches, after `pluginFolder`.
    public var pluginPath: [String] = []
    /// Reads a module's file for `require` (its real path, inside a root); what it throws is
    /// shown where the file was tried. nil: read whole with the C library. The host gives its
    /// own bounded read, which refuses anything but a regular file without waiting on it.
    public var readModule: (@Sendable (String) throws -> [UInt8])?
    /// Counts the lines the state runs into this coverage (see ``LuaCoverage``); nil: no line
    /// hook at all.
    public var coverage: LuaCoverage?

    public init() {}

    /// The time limit in nanoseconds for a budget of `budget` instructions (0: none).
    public var timeLimitNanoseconds: Int64 {
        guard instructionBudget > 0 else { return 0 }
        if let timeLimit {
            let (seconds, attoseconds) = timeLimit.components
            return max(1, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        }
        let budget = Int64(min(instructionBudget, Int(Int64.max / 200)))
        return 1_000_000_000 + budget * 100
    }

    /// The sandboxed defaults.
    public static var sandboxed: LuaOptions { LuaOptions() }

    /// Full standard library, no instruction budget, no memory cap.
    public static var trusted: LuaOptions {
        var options = LuaOptions()
        options.sandbox = false
        options.instructionBudget = 0
        options.memoryLimit = 0
        return options
    }
}
