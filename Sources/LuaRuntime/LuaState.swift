import CLuaShim
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    @usableFromInline let serial: UInt64
    /// Counters shared with the C allocator and hook (allocator user data).
    @usableFromInline let runtime: UnsafeMutablePointer<swl_Runtime>
    /// The main thread.
    let main: LuaAPI
    /// Shared with every `LuaRef` of this state (their release queue).
    let refOwner = LuaRefOwner()
    /// Set while `lua_close` runs finalizers.
    var isClosing = false
    /// The `String`s last made from long Lua strings read by stack functions, by the address of
    /// the Lua string's bytes (see ``string(at:)``): a fixed table of ``recentStringCount``
    /// entries, allocated with the state (no array, so no exclusivity check or uniqueness check
    /// per read). Never shared outside the state's thread.
    let recentStrings: UnsafeMutablePointer<RecentString>
    static let recentStringCount = 16
    /// This state's coverage record (see ``LuaCoverage``), nil without coverage.
    let coverageRecord: UnsafeMutablePointer<swl_Coverage>?

    struct RecentString {
        var bytes: UnsafeRawPointer?
        var string = ""
    }

    /// Creates a state set up by `options` (a sandbox by default).
    public init(options: LuaOptions = LuaOptions()) throws {
        self.options = options
        serial = serials.add(1, ordering: .relaxed).newValue
        recentStrings = .allocate(capacity: Self.recentStringCount)
        recentStrings.initialize(repeating: RecentString(), count: Self.recentStringCount)
        runtime = .allocate(capacity: 1)
        runtime.initialize(to: swl_Runtime())
        runtime.pointee.limit = max(0, options.memoryLimit)
        runtime.pointee.budget = Int64(max(0, options.instructionBudget))
        runtime.pointee.time_limit_ns = options.timeLimitNanoseconds
        // Armed only while Lua runs (see `protectedCall`).
        runtime.pointee.cap_suspended = 1
        runtime.pointee.dispatch = luaDispatch
        withUnsafeMutableBytes(of: &runtime.pointee.keys) {
            $0.bindMemory(to: Int32.self).update(repeating: LuaAPI.noReference)
        }
        runtime.pointee.release = luaRelease
        guard let main = LuaAPI.newState(runtime) else {
            runtime.deallocate()
            recentStrings.deinitialize(count: Self.recentStringCount)
            recentStrings.deallocate()
            throw LuaError(.memory, "cannot create a Lua state")
        }
        self.main = main
        runtime.pointee.current = main.L
        coverageRecord = options.coverage?.open()
        if let coverageRecord { swl_coverage_attach(runtime, coverageRecord) }
        // Parked for outermost calls (see `beginCall`), above the slots of the parked keys
        // (nil until `parkKeys` parks some).
        for _ in 0..<Self.keySlots { main.pushNil() }
        main.pushMessageHandler()
        runtime.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        refOwner.state = self
        try withLimitsLifted {
            guard main.openLibraries() == LuaCode.ok else {
                throw LuaError(.memory, "cannot open the Lua standard libraries")
            }
            try installEnvironment()
            if case .reference(let code)? = options.coverage?.mode {
                guard main.installCoverageReference(code) == LuaCode.ok else {
                    let message = main.string(at: -1)
                    main.pop(1)
                    throw LuaError(.runtime, "cannot install the coverage reference: \(message)")
                }
            }
        }
    }

    deinit {
        refOwner.state = nil
        isClosing = true
        main.close()
        if let coverageRecord { options.coverage?.close(coverageRecord) }
        runtime.deinitialize(count: 1)
        runtime.deallocate()
        recentStrings.deinitialize(count: Self.recentStringCount)
        recentStrings.deallocate()
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

    /// The string at stack index `index` (which must hold a string) as a `String`. A string
    /// longer than 15 bytes (Swift keeps shorter ones inside the value, with no allocation) is
    /// looked up among the last ones made, by the address of its bytes, and reused when its
    /// bytes are the same: a literal a handler passes on every call (Lua keeps one copy of it)
    /// becomes a `String` once, not once a call. The bytes are compared, so an address Lua
    /// reused for another string finds nothing.
    func string(at index: Int32) -> String {
        let api = self.api
        guard let bytes = api.stringBytes(at: index), bytes.count > 15, let start = bytes.baseAddress else {
            return api.string(at: index)
        }
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: start) >> 4) & (Self.recentStringCount - 1)
        if recentStrings[slot].bytes == UnsafeRawPointer(start) {
            let cached = recentStrings[slot].string
            if cached.utf8.count == bytes.count,
                cached.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, start, bytes.count) == 0 })
                    == true
            {
                return cached
            }
        }
        let made = String(decoding: bytes, as: UTF8.self)
        recentStrings[slot] = RecentString(bytes: UnsafeRawPointer(start), string: made)
        return made
    }

    /// Frees the registry slots of dead `LuaRef`s, if any.
    @inline(__always)
    func releasePendingReferences() {
        if runtime.pointee.pending_releases != 0 { releaseAllPendingReferences() }
    }

    private func releaseAllPendingReferences() {
        runtime.pointee.pending_releases = 0
        while let slot = refOwner.pendingReleases.popLast() {
            api.releaseReference(slot)
        }
    }

    /// The thread Swift is operating on: the main thread, or the thread that
    /// called the Swift function currently running. (Stored in the C runtime,
    /// like the other per-call counters, to keep the call path free of
    /// exclusivity checks.)
    var api: LuaAPI {
        @inline(__always) get { LuaAPI(runtime.pointee.current!) }
        set { runtime.pointee.current = newValue.L }
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
