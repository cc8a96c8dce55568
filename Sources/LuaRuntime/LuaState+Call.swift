/// Calling Lua from Swift. Every call goes through `protectedCall`.
extension LuaState {
    /// Calls the global function `name` with `arguments`; returns all results.
    ///
    /// The budget message names the call after `name`.
    @discardableResult
    public func call(_ name: String, _ arguments: LuaValue...) throws -> [LuaValue] {
        let base = try beginCall()
        defer { api.setTop(base - 1) }
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
        defer { api.setTop(base - 1) }
        try push(function)
        for argument in arguments { try push(argument) }
        try protectedCall(
            handler: base, arguments: Int32(arguments.count), results: LuaCode.multipleResults,
            label: function.label)
        return try values(from: base + 1)
    }

    /// Calls a referenced function, discarding results: the low-overhead path.
    ///
    /// Arguments are pushed straight from Swift values (no array is built).
    /// ```swift
    /// try lua.call(onAction, 3, "swipe", rowTable)
    /// ```
    public func call<each A: LuaValueConvertible>(_ function: LuaRef, _ arguments: repeat each A)
        throws
    {
        let base = try beginCall()
        defer { api.setTop(base - 1) }
        try push(function)
        var count: Int32 = 0
        for argument in repeat each arguments {
            try push(argument)
            count += 1
        }
        try protectedCall(handler: base, arguments: count, results: 0, label: function.label)
    }

    /// Calls a referenced function and converts its first result to `R`.
    public func call<each A: LuaValueConvertible, R: LuaValueConvertible>(
        _ function: LuaRef, _ arguments: repeat each A, returning type: R.Type
    ) throws -> R {
        let base = try beginCall()
        defer { api.setTop(base - 1) }
        try push(function)
        var count: Int32 = 0
        for argument in repeat each arguments {
            try push(argument)
            count += 1
        }
        try protectedCall(handler: base, arguments: count, results: 1, label: function.label)
        let result = try value(at: base + 1)
        guard let converted = R(luaValue: result) else {
            throw LuaError(
                .type, "'\(function.label)' returned a \(result.typeName), expected \(R.self)")
        }
        return converted
    }

    // MARK: The protected call

    /// Starts a call from Swift: frees dead references, makes stack room and
    /// pushes the message handler. Returns the handler's stack index; the
    /// caller pushes the function and arguments above it and resets the
    /// stack to `index - 1` when done.
    func beginCall() throws -> Int32 {
        if !pendingReleases.isEmpty { releasePendingReferences() }
        guard api.checkStack(LuaCode.minimumStack) else {
            throw LuaError(.memory, "Lua stack overflow")
        }
        api.pushMessageHandler()
        return api.top
    }

    /// The one place Swift runs Lua code: `lua_pcall` with the traceback
    /// handler at `handler`, the memory cap armed, and (for the outermost
    /// call) a fresh instruction budget. On failure pops the error and
    /// throws it as a `LuaError`; results are left on the stack.
    func protectedCall(handler: Int32, arguments: Int32, results: Int32, label: String) throws {
        let outermost = callDepth == 0
        if outermost {
            api.beginBudget()
            refusalsAtStart = runtime.pointee.cap_refusals
        }
        let suspended = runtime.pointee.cap_suspended
        runtime.pointee.cap_suspended = 0
        callDepth += 1
        let status = api.protectedCall(arguments: arguments, results: results, handler: handler)
        callDepth -= 1
        runtime.pointee.cap_suspended = suspended
        if status != LuaCode.ok {
            throw failure(status: status, label: label, outermost: outermost)
        }
        if outermost && runtime.pointee.budget_exceeded != 0 {
            // The script caught the budget error (pcall, coroutine.resume)
            // and returned: the call still failed.
            throw LuaError(.budget, "instruction budget of \(runtime.pointee.budget) exceeded in '\(label)'")
        }
    }

    /// Turns the error value on top of the stack into a `LuaError` and pops it.
    func failure(status: Int32, label: String, outermost: Bool) -> LuaError {
        let text =
            api.type(at: -1) == LuaCode.string
            ? api.string(at: -1) : "(error object is not a string)"
        api.pop(1)
        let capRefused = runtime.pointee.cap_refusals > refusalsAtStart
        if status == LuaCode.syntaxError {
            return LuaError(fromLua: .syntax, text)
        }
        if runtime.pointee.budget_exceeded != 0 {
            var error = LuaError(fromLua: .budget, text)
            error.message =
                "instruction budget of \(runtime.pointee.budget) exceeded in '\(label)'"
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
