/// A Lua value as Swift sees it.
///
/// Scalars and strings are copied. Tables read from Lua arrive as snapshots
/// (`.table`, keys and values copied recursively); functions, userdata and
/// threads arrive as registry references (`LuaRef`) so they can be passed
/// back or called. `.reference` pushes a referenced value as itself, which
/// is how a Swift host passes an existing table by reference.
public enum LuaValue: Hashable {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    /// Lua strings are bytes; they are decoded as UTF-8 (invalid bytes become U+FFFD).
    case string(String)
    /// A copy of a table. Pushing it creates a new Lua table.
    case table([LuaValue: LuaValue])
    case function(LuaRef)
    case userdata(LuaRef)
    case lightUserdata(UnsafeMutableRawPointer)
    /// Any value held in the registry (a table by reference, a thread...).
    case reference(LuaRef)

    /// The Lua type name (`type(v)` in Lua).
    public var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .userdata, .lightUserdata: "userdata"
        case .reference(let ref): ref.type.name
        }
    }

    public var isNil: Bool {
        if case .nil = self { return true }
        return false
    }
}

/// The type of a Lua value, as `lua_type` reports it.
public enum LuaType: Int32, Sendable {
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case table = 5
    case function = 6
    case userdata = 7
    case thread = 8

    /// The name Lua's `type()` returns.
    public var name: String {
        switch self {
        case .none: "no value"
        case .nil: "nil"
        case .boolean: "boolean"
        case .lightUserdata, .userdata: "userdata"
        case .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .thread: "thread"
        }
    }
}
