/// Arguments being pushed for a call from Swift (see `LuaState.call(_:pushing:)`).
///
/// Each `push` puts one value on the Lua stack above the function, with
/// nothing allocated and no reference counting for scalars, strings and
/// `LuaRef`s.
public struct LuaArguments {
    /// The thread being called on (a plain pointer: no retain per push).
    @usableFromInline
    let api: LuaAPI
    /// The state's serial, to check `LuaRef`s.
    @usableFromInline
    let serial: UInt64
    /// Only for pushing composite `LuaValue`s.
    unowned(unsafe) let state: LuaState
    /// Stack index of the message handler; the function is at `base + 1`.
    @usableFromInline
    let base: Int32
    @usableFromInline
    var pushed: Int32 = 0

    /// Arguments pushed so far.
    public var count: Int32 { pushed }

    init(state: LuaState, base: Int32) {
        self.api = state.api
        self.serial = state.serial
        self.state = state
        self.base = base
    }

    // The pushes are inlinable: with the call that takes them (`LuaState.call`), a handler's
    // arguments go onto the Lua stack with no Swift call in between.

    @inlinable
    public mutating func push(_ value: Int) throws {
        try reserve()
        api.pushInteger(value)
    }

    @inlinable
    public mutating func push(_ value: Double) throws {
        try reserve()
        api.pushNumber(value)
    }

    @inlinable
    public mutating func push(_ value: Bool) throws {
        try reserve()
        api.pushBoolean(value)
    }

    @inlinable
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

    /// Pushes the value in `slot` (see ``LuaSlot``).
    @inlinable
    public mutating func push(_ slot: LuaSlot) throws {
        guard slot.serial == serial else { throw Self.foreignSlot() }
        try reserve()
        api.pushReference(slot.slot)
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
            pushed += 1
        }
    }

    @inlinable
    public mutating func pushNil() throws {
        try reserve()
        api.pushNil()
    }

    /// Makes room for one more argument and counts it. `beginCall` made
    /// room for `LUA_MINSTACK` (20) values: the handler, the function and
    /// the first 16 arguments need no further check.
    @inlinable
    mutating func reserve() throws {
        if pushed >= 16, !api.checkStack(1) { throw Self.stackOverflow() }
        pushed += 1
    }

    @usableFromInline
    static func stackOverflow() -> LuaError { LuaError(.memory, "Lua stack overflow") }

    @usableFromInline
    static func foreignSlot() -> LuaError { LuaError(.type, "a LuaSlot of another LuaState was used") }
}

extension LuaArguments {
    /// Pushes a new table with `recordCount` named fields, filled by `body`: a Lua table built
    /// straight on the stack, with no `LuaValue` dictionary in between.
    /// ```swift
    /// try lua.call(onEvent) { args in
    ///     try args.push(context)
    ///     try args.pushTable(recordCount: 2) { record in
    ///         record.set("index", 3)
    ///         record.set("name", "a name")
    ///     }
    /// }
    /// ```
    @inlinable
    public mutating func pushTable(recordCount: Int32, _ body: (inout LuaTableFields) throws -> Void) throws {
        try reserve()
        api.newTable(recordCount: recordCount)
        // Setting a field needs one slot above the table: within the room `beginCall` made
        // (LUA_MINSTACK, 20: the function, 16 unchecked arguments, that slot), else checked.
        if pushed >= 16, !api.checkStack(2) { throw Self.stackOverflow() }
        var fields = LuaTableFields(api: api, table: api.top)
        try body(&fields)
    }
}

/// The fields of a table being pushed by ``LuaArguments/pushTable(recordCount:_:)``.
///
/// Keys are static strings (field names written in the code): Lua finds them in its string
/// cache by address, and each field is set with one C call.
public struct LuaTableFields {
    @usableFromInline let api: LuaAPI
    @usableFromInline let table: Int32

    @usableFromInline
    init(api: LuaAPI, table: Int32) {
        self.api = api
        self.table = table
    }

    @inlinable
    public mutating func set(_ key: StaticString, _ value: Int) {
        api.setField(table, key, value)
    }

    @inlinable
    public mutating func set(_ key: StaticString, _ value: Double) {
        api.setField(table, key, value)
    }

    @inlinable
    public mutating func set(_ key: StaticString, _ value: Bool) {
        api.setField(table, key, value)
    }

    @inlinable
    public mutating func set(_ key: StaticString, _ value: String) {
        value.withCString { api.setField(table, key, cString: $0, count: value.utf8.count) }
    }

    /// Sets a string field from `count` bytes of NUL-terminated UTF-8 (pushed as
    /// `LuaAPI.pushString(_:count:)` pushes it).
    @inlinable
    public mutating func set(_ key: StaticString, cString value: UnsafePointer<CChar>, count: Int) {
        api.setField(table, key, cString: value, count: count)
    }
}
