/// Arguments being pushed for a call from Swift (see `LuaState.call(_:pushing:)`).
///
/// Each `push` puts one value on the Lua stack above the function, with
/// nothing allocated and no reference counting for scalars, strings and
/// `LuaRef`s.
public struct LuaArguments {
    /// The thread being called on (a plain pointer: no retain per push).
    let api: LuaAPI
    /// The state's serial, to check `LuaRef`s.
    let serial: UInt64
    /// Only for pushing composite `LuaValue`s.
    unowned(unsafe) let state: LuaState
    /// Stack index of the message handler; the function is at `base + 1`.
    @usableFromInline
    let base: Int32
    /// Arguments pushed so far.
    public private(set) var count: Int32 = 0

    init(state: LuaState, base: Int32) {
        self.api = state.api
        self.serial = state.serial
        self.state = state
        self.base = base
    }

    public mutating func push(_ value: Int) throws {
        try reserve()
        api.pushInteger(value)
    }

    public mutating func push(_ value: Double) throws {
        try reserve()
        api.pushNumber(value)
    }

    public mutating func push(_ value: Bool) throws {
        try reserve()
        api.pushBoolean(value)
    }

    public mutating func push(_ value: String) throws {
        try reserve()
        api.pushString(value)
    }

    /// Pushes the referenced value itself (a table by reference).
    public mutating func push(_ ref: LuaRef) throws {
        guard ref.serial == serial else {
            throw LuaError(.type, "a LuaRef of another LuaState was used")
        }
        try reserve()
        api.pushReference(ref.slot)
    }

    public mutating func push(_ value: LuaValue) throws {
        switch value {
        case .integer(let value): try push(value)
        case .number(let value): try push(value)
        case .boolean(let value): try push(value)
        case .string(let value): try push(value)
        case .function(let ref), .userdata(let ref), .reference(let ref): try push(ref)
        default:
            try state.push(value)
            count += 1
        }
    }

    public mutating func pushNil() throws {
        try reserve()
        api.pushNil()
    }

    /// Makes room for one more argument and counts it. `beginCall` made
    /// room for `LUA_MINSTACK` (20) values: the handler, the function and
    /// the first 16 arguments need no further check.
    @inline(__always)
    fileprivate mutating func reserve() throws {
        if count >= 16, !api.checkStack(1) { throw LuaError(.memory, "Lua stack overflow") }
        count += 1
    }
}

extension LuaArguments {
    /// Pushes a new table with `recordCount` named fields, filled by `body`: a Lua table built
    /// straight on the stack, with no `LuaValue` dictionary in between.
    /// ```swift
    /// try lua.call(onOpen) { args in
    ///     try args.push(context)
    ///     try args.pushTable(recordCount: 2) { row in
    ///         row.set("index", 3)
    ///         row.set("item", "Longer Title Item #3")
    ///     }
    /// }
    /// ```
    public mutating func pushTable(recordCount: Int32, _ body: (inout LuaTableFields) throws -> Void) throws {
        try reserve()
        api.newTable(recordCount: recordCount)
        guard api.checkStack(2) else { throw LuaError(.memory, "Lua stack overflow") }
        var fields = LuaTableFields(api: api, table: api.top)
        try body(&fields)
    }
}

/// The fields of a table being pushed by ``LuaArguments/pushTable(recordCount:_:)``.
public struct LuaTableFields {
    let api: LuaAPI
    let table: Int32

    public mutating func set(_ key: String, _ value: Int) {
        api.pushString(key)
        api.pushInteger(value)
        api.rawSet(table)
    }

    public mutating func set(_ key: String, _ value: Double) {
        api.pushString(key)
        api.pushNumber(value)
        api.rawSet(table)
    }

    public mutating func set(_ key: String, _ value: String) {
        api.pushString(key)
        api.pushString(value)
        api.rawSet(table)
    }
}
