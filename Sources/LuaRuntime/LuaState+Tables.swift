/// Globals, tables and references.
///
/// Access is raw (`rawget`/`rawset`): no metamethods run, so these never
/// run Lua code and never raise.
extension LuaState {
    /// The value of the global `name`.
    public func global(_ name: String) throws -> LuaValue {
        let base = try beginAccess()
        defer { api.setTop(base) }
        api.pushGlobals()
        api.pushString(name)
        api.rawGet(base + 1)
        return try value(at: -1, label: name)
    }

    /// Sets the global `name` to `value`.
    public func setGlobal(_ name: String, _ value: LuaValue) throws {
        let base = try beginAccess()
        defer { api.setTop(base) }
        api.pushGlobals()
        api.pushString(name)
        try push(value)
        api.rawSet(base + 1)
    }

    /// A reference to the global `name` (for calling it repeatedly); its
    /// label, used in budget messages, is `name`.
    /// - Throws: `.type` when the global is nil.
    public func reference(toGlobal name: String) throws -> LuaRef {
        let base = try beginAccess()
        defer { api.setTop(base) }
        api.pushGlobals()
        api.pushString(name)
        let type = api.rawGet(base + 1)
        guard type != LuaCode.nil else { throw LuaError(.type, "global '\(name)' is nil") }
        return makeReference(at: -1, type: LuaType(rawValue: type) ?? .none, label: name)
    }

    /// A reference to a new value `value` (a table by copy becomes a Lua
    /// table you can then fill and pass by reference).
    public func reference(to value: LuaValue, label: String = "value") throws -> LuaRef {
        let base = try beginAccess()
        defer { api.setTop(base) }
        try push(value)
        return makeReference(at: -1, type: LuaType(rawValue: api.type(at: -1)) ?? .none, label: label)
    }

    /// A new empty table, by reference.
    public func newTable(label: String = "table") throws -> LuaRef {
        try reference(to: .table([:]), label: label)
    }

    /// The value the reference holds (tables are copied).
    public func value(of ref: LuaRef) throws -> LuaValue {
        let base = try beginAccess()
        defer { api.setTop(base) }
        try push(ref)
        return try value(at: -1, label: ref.label)
    }

    /// `table[key]`, without metamethods.
    public func field(_ key: LuaValue, in table: LuaRef) throws -> LuaValue {
        let base = try beginAccess()
        defer { api.setTop(base) }
        try pushTable(table)
        try push(key)
        api.rawGet(base + 1)
        return try value(at: -1, label: Self.label(for: key))
    }

    /// `table[key] = value`, without metamethods.
    public func setField(_ key: LuaValue, in table: LuaRef, to value: LuaValue) throws {
        if case .nil = key { throw LuaError(.type, "table index is nil") }
        if case .number(let number) = key, number.isNaN { throw LuaError(.type, "table index is NaN") }
        let base = try beginAccess()
        defer { api.setTop(base) }
        try pushTable(table)
        try push(key)
        try push(value)
        api.rawSet(base + 1)
    }

    /// Frees dead references and makes stack room; returns the top to restore.
    func beginAccess() throws -> Int32 {
        releasePendingReferences()
        guard api.checkStack(LuaCode.minimumStack) else {
            throw LuaError(.memory, "Lua stack overflow")
        }
        return api.top
    }

    private func pushTable(_ table: LuaRef) throws {
        try push(table)
        guard api.type(at: -1) == LuaCode.table else {
            throw LuaError(.type, "table expected, got \(table.type.name)")
        }
    }

    private static func label(for key: LuaValue) -> String {
        if case .string(let name) = key { return name }
        return "field"
    }
}
