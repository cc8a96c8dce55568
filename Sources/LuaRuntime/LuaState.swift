import CLuaShim
import Synchronization

private let serials = Atomic<UInt64>(0)

/// One Lua state: a sandbox (by default) or a trusted interpreter.
///
/// Owns a `lua_State` and closes it on deinit. Use from one thread at a time.
/// Every call into Lua goes through one protected call with a traceback
/// message handler, an instruction budget and a memory cap, and fails with
/// a `LuaError`; the state stays usable after any error.
///
/// ```swift
/// let lua = try LuaState()
/// try lua.register("tap") { args in [.integer(try args.integer(1) * 2)] }
/// try lua.run("function double(x) return tap(x) end", chunkName: "@plugin.lua")
/// let result = try lua.call("double", 21)  // [.integer(42)]
/// ```
public final class LuaState {
    public let options: LuaOptions
    /// Distinguishes states so a `LuaRef` is only used with its own.
    let serial: UInt64
    /// Counters shared with the C allocator and hook (allocator user data).
    let runtime: UnsafeMutablePointer<swl_Runtime>
    /// The main thread.
    let main: LuaAPI
    /// The thread Swift is operating on: the main thread, or the thread that
    /// called the Swift function currently running.
    var api: LuaAPI
    /// Nesting of protected calls (Swift -> Lua -> Swift -> Lua ...).
    var callDepth = 0
    /// `runtime.cap_refusals` when the outermost call began.
    var refusalsAtStart: UInt = 0
    /// Registry slots whose `LuaRef` died, freed at the next entry point.
    var pendingReleases: [Int32] = []
    /// Set while `lua_close` runs finalizers.
    var isClosing = false

    /// Creates a state set up by `options` (a sandbox by default).
    public init(options: LuaOptions = LuaOptions()) throws {
        self.options = options
        serial = serials.add(1, ordering: .relaxed).newValue
        runtime = .allocate(capacity: 1)
        runtime.initialize(to: swl_Runtime())
        runtime.pointee.limit = max(0, options.memoryLimit)
        runtime.pointee.budget = Int64(max(0, options.instructionBudget))
        // Armed only while Lua runs (see `protectedCall`).
        runtime.pointee.cap_suspended = 1
        runtime.pointee.dispatch = luaDispatch
        runtime.pointee.release = luaRelease
        guard let main = LuaAPI.newState(runtime) else {
            runtime.deallocate()
            throw LuaError(.memory, "cannot create a Lua state")
        }
        self.main = main
        api = main
        runtime.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        try withLimitsLifted {
            guard main.openLibraries() == LuaCode.ok else {
                throw LuaError(.memory, "cannot open the Lua standard libraries")
            }
            try installEnvironment()
        }
    }

    deinit {
        isClosing = true
        main.close()
        runtime.deinitialize(count: 1)
        runtime.deallocate()
    }

    /// Bytes the state has allocated.
    public var memoryInUse: Int { runtime.pointee.used }

    /// Lua's own count, in kilobytes, as `collectgarbage("count")` reports it.
    public var memoryInKilobytes: Double { main.memoryInKilobytes() }

    /// Runs a full garbage collection (finalizers included: Swift objects
    /// held only by collected userdata are released).
    public func collectGarbage() {
        releasePendingReferences()
        api.collectGarbage()
    }

    /// Queues a registry slot for release; called from `LuaRef.deinit`.
    func releaseLater(_ slot: Int32) {
        pendingReleases.append(slot)
    }

    func releasePendingReferences() {
        while let slot = pendingReleases.popLast() {
            api.releaseReference(slot)
        }
    }

    /// Runs `body` with no instruction budget and no memory cap.
    func withLimitsLifted<R>(_ body: () throws -> R) rethrows -> R {
        let (budget, limit) = (runtime.pointee.budget, runtime.pointee.limit)
        runtime.pointee.budget = 0
        runtime.pointee.limit = 0
        defer {
            runtime.pointee.budget = budget
            runtime.pointee.limit = limit
        }
        return try body()
    }
}
