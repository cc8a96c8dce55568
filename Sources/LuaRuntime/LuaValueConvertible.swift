/// A Swift type that converts to and from `LuaValue`.
///
/// Conforming types can be passed straight to `LuaState.call(_:_:)` (no
/// argument array is built) and read back with `returning:`.
public protocol LuaValueConvertible {
    /// Converts a Lua value, or returns nil when it has another type.
    init?(luaValue: LuaValue)
    var luaValue: LuaValue { get }
    /// Pushes the value as a call argument. The default pushes `luaValue`;
    /// the scalar types, `String` and `LuaRef` push directly.
    func push(to arguments: inout LuaArguments) throws
}

extension LuaValueConvertible {
    public func push(to arguments: inout LuaArguments) throws {
        try arguments.push(luaValue)
    }
}

extension LuaValue: LuaValueConvertible {
    public init?(luaValue: LuaValue) { self = luaValue }
    public var luaValue: LuaValue { self }
}

extension Int: LuaValueConvertible {
    /// Integers, and floats with an exact integer value.
    public init?(luaValue: LuaValue) {
        guard let value = luaValue.intValue else { return nil }
        self = value
    }
    public var luaValue: LuaValue { .integer(self) }
    @inlinable
    public func push(to arguments: inout LuaArguments) throws { try arguments.push(self) }
}

extension Double: LuaValueConvertible {
    public init?(luaValue: LuaValue) {
        guard let value = luaValue.doubleValue else { return nil }
        self = value
    }
    public var luaValue: LuaValue { .number(self) }
    @inlinable
    public func push(to arguments: inout LuaArguments) throws { try arguments.push(self) }
}

extension String: LuaValueConvertible {
    public init?(luaValue: LuaValue) {
        guard let value = luaValue.stringValue else { return nil }
        self = value
    }
    public var luaValue: LuaValue { .string(self) }
    @inlinable
    public func push(to arguments: inout LuaArguments) throws { try arguments.push(self) }
}

extension Bool: LuaValueConvertible {
    public init?(luaValue: LuaValue) {
        guard let value = luaValue.boolValue else { return nil }
        self = value
    }
    public var luaValue: LuaValue { .boolean(self) }
    @inlinable
    public func push(to arguments: inout LuaArguments) throws { try arguments.push(self) }
}

extension LuaRef: LuaValueConvertible {
    public convenience init?(luaValue: LuaValue) { nil }
    /// The referenced value itself (a table by reference).
    public var luaValue: LuaValue { .reference(self) }
    @inlinable
    public func push(to arguments: inout LuaArguments) throws { try arguments.push(self) }
}

extension Optional: LuaValueConvertible where Wrapped: LuaValueConvertible {
    public init?(luaValue: LuaValue) {
        if case .nil = luaValue {
            self = .none
        } else if let value = Wrapped(luaValue: luaValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
    public var luaValue: LuaValue { self?.luaValue ?? .nil }
}

extension Array: LuaValueConvertible where Element: LuaValueConvertible {
    /// A sequence table (keys 1...n); nil for any other table.
    public init?(luaValue: LuaValue) {
        guard let values = luaValue.arrayValue else { return nil }
        var converted: [Element] = []
        converted.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(luaValue: value) else { return nil }
            converted.append(element)
        }
        self = converted
    }
    public var luaValue: LuaValue { LuaValue(map(\.luaValue)) }
}

extension Dictionary: LuaValueConvertible where Key: LuaValueConvertible, Value: LuaValueConvertible {
    public init?(luaValue: LuaValue) {
        guard case .table(let entries) = luaValue else { return nil }
        var converted: [Key: Value] = [:]
        for (key, value) in entries {
            guard let key = Key(luaValue: key), let value = Value(luaValue: value) else { return nil }
            converted[key] = value
        }
        self = converted
    }
    public var luaValue: LuaValue {
        .table([LuaValue: LuaValue](uniqueKeysWithValues: map { ($0.key.luaValue, $0.value.luaValue) }))
    }
}
