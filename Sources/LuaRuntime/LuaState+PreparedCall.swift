import CLuaShim

/// What ``LuaState/callPrepared(_:passing:label:_:)`` hands the C function that pushes a call's
/// function and arguments and runs it, in one C call (CLuaShim's `swl_call.h`).
public struct LuaPreparedCall {
    /// The state's bookkeeping: the first argument of the `swl_call_*` building blocks.
    public let runtime: UnsafeMutablePointer<swl_Runtime>
    /// The thread to push on and call on (a `lua_State *`).
    public let thread: OpaquePointer
    /// The registry reference of the function to call.
    public let function: Int32
    /// The registry reference of the value to pass first, or `LUA_NOREF` for nil.
    public let argument: Int32

    @inlinable
    init(runtime: UnsafeMutablePointer<swl_Runtime>, thread: OpaquePointer, function: Int32, argument: Int32) {
        (self.runtime, self.thread, self.function, self.argument) = (runtime, thread, function, argument)
    }
}

/// Calls whose arguments C builds: the generic one-C-call path. A C target outside LuaRuntime
/// writes one function that begins the call, pushes the function and its arguments (tables set
/// with parked keys) and finishes it with CLuaShim's `swl_call.h` building blocks; Swift calls it
/// through ``callPrepared(_:passing:label:_:)``. No Swift closure, array or reference counting
/// sits between the values and Lua.
extension LuaState {
    /// How many keys ``parkKeys(_:)`` can park.
    public static let keySlots = Int(SWL_KEY_SLOTS)

    /// Parks `keys` (at most ``keySlots``), key `k` in slot `k`: interned strings the C of a
    /// prepared call sets table fields with (`swl_call_push_key(rt, L, k)`), which an outermost
    /// call pushes from the main thread's stack and a nested one from the registry, instead of
    /// looking each up by its C string as `lua_setfield` does. Parking again replaces them.
    /// `tables` fresh empty tables follow the keys, in slots `keys.count` on (each also in the
    /// registry, as a key is): caches the C of a prepared call keeps (it finds a parked table's
    /// slot by its registry reference being set). Lua code cannot reach them.
    ///
    /// Call it between calls into Lua (not from a Swift function Lua called).
    public func parkKeys(_ keys: [String], tables: Int = 0) throws {
        guard tables >= 0, keys.count + tables <= Self.keySlots else {
            throw LuaError(
                .type,
                "parkKeys: \(keys.count) keys\(tables > 0 ? " and \(tables) tables" : ""), at most \(Self.keySlots) can be parked"
            )
        }
        guard runtime.pointee.call_depth == 0 else {
            throw LuaError(.runtime, "parkKeys: called inside a call into Lua")
        }
        releasePendingReferences()
        // Between calls the main thread is the one operated on; pushing raises only on a real
        // out-of-memory (the cap is suspended), which aborts.
        let api = main
        withUnsafeMutableBytes(of: &runtime.pointee.keys) { raw in
            let slots = raw.bindMemory(to: Int32.self)
            for slot in 0..<Self.keySlots {
                api.releaseReference(slots[slot])
                slots[slot] = LuaAPI.noReference
                if slot < keys.count {
                    api.pushString(keys[slot])
                    slots[slot] = api.makeReference()
                    api.pushReference(slots[slot])
                } else if slot < keys.count + tables {
                    api.newTable()
                    slots[slot] = api.makeReference()
                    api.pushReference(slots[slot])
                } else {
                    api.pushNil()
                }
                api.replace(Int32(slot + 1))
            }
        }
    }

    /// Calls `function`, with `argument` (nil: nil) as its first argument, through `call`: a C
    /// function that pushes the function and its arguments and runs the call, built from
    /// `swl_call.h` (`swl_call_begin`, ..., `swl_call_finish`), and returns its status. Results
    /// are discarded. `label` names the function in budget and memory messages; it is only
    /// asked for on failure.
    ///
    /// Errors are caught by `lua_pcall` inside the C call, as for every call from Swift; the
    /// budget and the memory cap apply as to every call. Inlinable, so that the caller, this and
    /// `call` make one Swift frame around the C call.
    /// ```swift
    /// try lua.callPrepared(onOpen, passing: context, label: { "on_open" }) { call in
    ///     my_call_with_record(call.runtime, call.thread, call.function, call.argument, 3)
    /// }
    /// ```
    @inlinable
    public func callPrepared(
        _ function: LuaSlot, passing argument: LuaSlot?, label: () -> String, _ call: (LuaPreparedCall) -> Int32
    ) throws {
        let runtime = self.runtime
        if runtime.pointee.pending_releases != 0 { _releasePendingReferences() }
        guard function.serial == serial, argument == nil || argument!.serial == serial else {
            throw LuaArguments.foreignSlot()
        }
        let status = call(
            LuaPreparedCall(
                runtime: runtime, thread: runtime.pointee.current!, function: function.slot,
                argument: argument?.slot ?? LuaAPI.noReference))
        if status != 0 { throw _preparedCallFailure(status, label: label()) }
    }

    @usableFromInline
    @inline(never)
    func _releasePendingReferences() { releasePendingReferences() }

    /// The error of a failed prepared call: the C call left it above its message handler, at
    /// `runtime.pointee.failed_base`. The stack is put back as it was before the call.
    @usableFromInline
    @inline(never)
    func _preparedCallFailure(_ status: Int32, label: String) -> LuaError {
        if status == LuaCode.stackOverflow { return LuaArguments.stackOverflow() }
        let error = failure(status: status, label: label)
        endCall(runtime.pointee.failed_base)
        return error
    }
}
