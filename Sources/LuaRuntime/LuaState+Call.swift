import CLuaShim

/// Calling Lua from Swift. Every call goes through `protectedCall`.
extension LuaState {
    /// Calls the global function `name` with `arguments`; returns all results.
    ///
    /// The budget message names the call after `name`.
    @discardableResult
    public func call(_ name: String, _ arguments: LuaValue...) throws -> [LuaValue] {
        let base = try beginCall()
        defer { endCall(base) }
        api.pushGlobals()
        api.pushString(name)
        let type = api.rawGet(base + 1)
        guard type != LuaCode.nil else {
            throw LuaError(.runtime, "attempt to call a nil value (global '\(name)')")
        }
        api.replace(base + 1)
        for argument in arguments { try push(argument) }
        try protectedCall(
            handler: base, arguments: Int32(arguments.count), results: LuaCode.multipleResults,
            label: name)
        return try values(from: base + 1)
    }

    /// Calls a referenced function with `arguments`; returns all results.
    @discardableResult
    public func call(_ function: LuaRef, arguments: [LuaValue]) throws -> [LuaValue] {
        let base = try beginCall()
        defer { endCall(base) }
        try push(function)
        for argument in arguments { try push(argument) }
        try protectedCall(
            handler: base, arguments: Int32(arguments.count), results: LuaCode.multipleResults,
            label: function.label)
        return try values(from: base + 1)
    }

    /// Calls a referenced function, discarding results: the low-overhead path.
    ///
    /// Arguments are pushed straight from Swift values: no array is built
    /// and nothing is allocated per call for integer, number, boolean,
    /// `LuaRef` or string arguments. Inlinable so the argument pack is
    /// specialized in the caller.
    /// ```swift
    /// try lua.call(onEvent, 3, "name", record)
    /// ```
    @inlinable
    public func call<each A: LuaValueConvertible>(_ function: LuaRef, _ arguments: repeat each A)
        throws
    {
        var pushed = try _beginCall(function)
        defer { _endCall(pushed) }
        repeat try (each arguments).push(to: &pushed)
        try _finishCall(function, pushed, results: 0)
    }

    /// Calls a referenced function and converts its first result to `R`.
    @inlinable
    public func call<each A: LuaValueConvertible, R: LuaValueConvertible>(
        _ function: LuaRef, _ arguments: repeat each A, returning type: R.Type
    ) throws -> R {
        var pushed = try _beginCall(function)
        defer { _endCall(pushed) }
        repeat try (each arguments).push(to: &pushed)
        try _finishCall(function, pushed, results: 1)
        let result = try _value(at: pushed.base + 1)
        guard let converted = R(luaValue: result) else {
            throw LuaError(.type, "'\(function.label)' returned a \(result.typeName), expected \(R.self)")
        }
        return converted
    }

    /// Calls a referenced function with arguments pushed by `body`,
    /// discarding results.
    /// ```swift
    /// try lua.call(onAction) { args in
    ///     try args.push(index)
    ///     try args.push(record)
    /// }
    /// ```
    public func call(_ function: LuaRef, pushing body: (inout LuaArguments) throws -> Void) throws {
        var pushed = try _beginCall(function)
        defer { _endCall(pushed) }
        try body(&pushed)
        try _finishCall(function, pushed, results: 0)
    }

    /// Calls a referenced function with arguments pushed by `body`; returns all results, as
    /// ``call(_:arguments:)`` does, without a `LuaValue` for each argument first (a record
    /// built in place by ``LuaArguments/pushTable(recordCount:_:)`` rather than a dictionary
    /// hashed key by key, then pushed).
    @discardableResult
    public func callReturning(_ function: LuaRef, pushing body: (inout LuaArguments) throws -> Void) throws
        -> [LuaValue]
    {
        var pushed = try _beginCall(function)
        defer { _endCall(pushed) }
        try body(&pushed)
        try _finishCall(function, pushed, results: LuaCode.multipleResults)
        return try values(from: pushed.base + 1)
    }

    /// Calls the function in `function` (see ``LuaSlot``) with arguments pushed by `body`,
    /// discarding results: the call path with no reference counting at all. `label` names
    /// the function in budget and memory messages; it is only asked for on failure.
    /// ```swift
    /// try lua.call(onOpen.unownedSlot, label: { "on_open" }) { args in
    ///     try args.push(context.unownedSlot)
    ///     try args.push(3)
    /// }
    /// ```
    @inlinable
    public func call(
        _ function: LuaSlot, label: () -> String, pushing body: (inout LuaArguments) throws -> Void
    ) throws {
        var pushed = try _beginCall(function)
        defer { _endCall(pushed) }
        try body(&pushed)
        try _finishCall(pushed, label: label)
    }

    // MARK: Entry points of the inlinable calls

    /// `beginCall()` then pushes `function`.
    @usableFromInline
    func _beginCall(_ function: LuaRef) throws -> LuaArguments {
        let base = try beginCall()
        guard function.serial == serial else {
            endCall(base)
            throw LuaError(.type, "a LuaRef of another LuaState was used")
        }
        api.pushReference(function.slot)
        return LuaArguments(state: self, base: base)
    }

    /// `beginCall()` then pushes the function in `function`.
    @usableFromInline
    func _beginCall(_ function: LuaSlot) throws -> LuaArguments {
        let base = try beginCall()
        guard function.serial == serial else {
            endCall(base)
            throw LuaArguments.foreignSlot()
        }
        api.pushReference(function.slot)
        return LuaArguments(state: self, base: base)
    }

    @usableFromInline
    func _endCall(_ pushed: LuaArguments) { endCall(pushed.base) }

    @usableFromInline
    func _finishCall(_ pushed: LuaArguments, label: () -> String) throws {
        let status = protectedCall(handler: pushed.base, arguments: pushed.count, results: 0)
        if status != LuaCode.ok { throw failure(status: status, label: label()) }
    }

    @usableFromInline
    func _finishCall(_ function: LuaRef, _ pushed: LuaArguments, results: Int32) throws {
        let status = protectedCall(handler: pushed.base, arguments: pushed.count, results: results)
        if status != LuaCode.ok { throw failure(status: status, label: function.label) }
    }

    @usableFromInline
    func _value(at index: Int32) throws -> LuaValue { try value(at: index) }

    // MARK: The protected call

    /// Starts a call from Swift: frees dead references, makes stack room and
    /// provides the message handler. Returns the handler's stack index; the
    /// caller pushes the function and arguments above it and calls
    /// `endCall` with that index when done.
    ///
    /// Outermost calls run on the main thread, whose stack holds only the
    /// handler parked at `LuaCode.parkedHandler`, above the parked keys
    /// (see ``parkKeys(_:)``); nested calls (from a Swift function Lua
    /// called, maybe on a coroutine) push one.
    func beginCall() throws -> Int32 {
        releasePendingReferences()
        let api = self.api
        guard api.checkStack(LuaCode.minimumStack) else {
            throw LuaError(.memory, "Lua stack overflow")
        }
        if runtime.pointee.call_depth == 0 { return LuaCode.parkedHandler }
        api.pushMessageHandler()
        return api.top
    }

    /// Drops what the call left on the stack (and its handler, unless parked).
    func endCall(_ base: Int32) {
        api.setTop(runtime.pointee.call_depth == 0 ? base : base - 1)
    }

    /// The one place Swift runs Lua code: `lua_pcall` with the traceback
    /// handler at `handler`, the memory cap armed, and (for the outermost
    /// call) a fresh instruction budget, all done in C by `swl_pcall`.
    /// Returns the status; on failure the caller throws
    /// `failure(status:label:)`, which pops the error. Results are left on
    /// the stack.
    @inline(__always)
    func protectedCall(handler: Int32, arguments: Int32, results: Int32) -> Int32 {
        api.protectedCall(runtime, arguments: arguments, results: results, handler: handler)
    }

    /// `protectedCall`, throwing its failure.
    func protectedCall(handler: Int32, arguments: Int32, results: Int32, label: String) throws {
        let status = protectedCall(handler: handler, arguments: arguments, results: results)
        if status != LuaCode.ok { throw failure(status: status, label: label) }
    }

    /// Turns the error value on top of the stack into a `LuaError` and pops it.
    func failure(status: Int32, label: String) -> LuaError {
        if status == LuaCode.budgetCaught {
            _ = takeFirstBudgetError()
            return LuaError(.budget, budgetMessage(label: label))
        }
        let outermost = runtime.pointee.call_depth == 0
        let text =
            api.type(at: -1) == LuaCode.string
            ? api.string(at: -1) : "(error object is not a string)"
        api.pop(1)
        let capRefused = runtime.pointee.cap_refusals > runtime.pointee.refusals_at_start
        if status == LuaCode.syntaxError {
            return LuaError(fromLua: .syntax, text)
        }
        if runtime.pointee.budget_exceeded != 0 {
            // Where the budget ran out, with the traceback then: the error that reached here
            // may have been raised again later, by code that had caught it.
            var error = LuaError(fromLua: .budget, takeFirstBudgetError() ?? text)
            error.message = budgetMessage(label: label)
            return error
        }
        if status == LuaCode.memoryError || (status == LuaCode.handlerError && capRefused)
            || text.hasSuffix("not enough memory")
        {
            if outermost { api.collectGarbage() }
            var error = LuaError(fromLua: .memory, text)
            if capRefused {
                error.message =
                    "not enough memory: memory cap of \(runtime.pointee.limit) bytes exceeded in '\(label)'"
            }
            return error
        }
        return LuaError(fromLua: .runtime, text)
    }

    /// What ended a call that spent its budget, or ran past its time limit (``LuaOptions/timeLimit``).
    private func budgetMessage(label: String) -> String {
        guard runtime.pointee.time_exceeded != 0 else {
            return "instruction budget of \(runtime.pointee.budget) exceeded in '\(label)'"
        }
        let limit = Double(runtime.pointee.time_limit_ns) / 1e9
        let shown = limit == limit.rounded() ? String(Int(limit)) : String(limit)
        return "time limit of \(shown) s of CPU exceeded in '\(label)' (work the instruction budget does not count, "
            + "such as comparing long strings; the limit is 1 s plus 0.1 s per million instructions of the budget)"
    }

    /// The first budget error of the call, with its traceback, as `budget.c` kept it in the
    /// registry; cleared. Outside any call (the cap is not armed), so nothing here raises.
    private func takeFirstBudgetError() -> String? {
        api.takeRegistryString("swl.budget_trace")
    }

    /// Converts the values from `first` to the top of the stack.
    func values(from first: Int32) throws -> [LuaValue] {
        let top = api.top
        guard first <= top else { return [] }
        var values: [LuaValue] = []
        values.reserveCapacity(Int(top - first + 1))
        for index in first...top { values.append(try value(at: index)) }
        return values
    }
}
