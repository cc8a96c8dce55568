/// Reading Swift values out of `LuaValue`, and building `LuaValue`s.
extension LuaValue {
    /// An integer, or a float with an exact integer value.
    public var intValue: Int? {
        switch self {
        case .integer(let value): return value
        case .number(let value): return Int(exactly: value)
        default: return nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// Lua truthiness: everything but nil and false.
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): false
        default: true
        }
    }

    /// The elements of a sequence table (keys exactly 1...n), else nil.
    public var arrayValue: [LuaValue]? {
        guard case .table(let entries) = self else { return nil }
        var elements: [LuaValue] = []
        elements.reserveCapacity(entries.count)
        for position in 1..<(entries.count + 1) {
            guard let element = entries[.integer(position)] else { return nil }
            elements.append(element)
        }
        return elements
    }

    /// A table whose keys are all strings, else nil.
    public var dictionaryValue: [String: LuaValue]? {
        guard case .table(let entries) = self else { return nil }
        var dictionary: [String: LuaValue] = [:]
        for (key, value) in entries {
            guard case .string(let name) = key else { return nil }
            dictionary[name] = value
        }
        return dictionary
    }

    /// `self[key]` for a table, nil otherwise.
    public subscript(key: LuaValue) -> LuaValue {
        guard case .table(let entries) = self else { return .nil }
        return entries[key] ?? .nil
    }

    /// A sequence table.
    public init(_ elements: [LuaValue]) {
        var entries: [LuaValue: LuaValue] = [:]
        entries.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() where !element.isNil {
            entries[.integer(offset + 1)] = element
        }
        self = .table(entries)
    }

    /// A table with string keys.
    public init(_ fields: [String: LuaValue]) {
        self = .table(Dictionary(uniqueKeysWithValues: fields.map { (LuaValue.string($0.key), $0.value) }))
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: LuaValue...) { self.init(elements) }
    public init(dictionaryLiteral elements: (LuaValue, LuaValue)...) {
        self = .table(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension Array where Element == LuaValue {
    /// Argument `position` (1-based) as an integer, or a `bad argument` error.
    public func integer(_ position: Int) throws -> Int {
        let value = argument(position)
        if let integer = value.intValue { return integer }
        if case .number = value {
            throw LuaError.argument(position, "number has no integer representation")
        }
        throw typeError(position, expected: "number")
    }

    /// Argument `position` (1-based) as a number, or a `bad argument` error.
    public func number(_ position: Int) throws -> Double {
        guard let number = argument(position).doubleValue else {
            throw typeError(position, expected: "number")
        }
        return number
    }

    /// Argument `position` (1-based) as a string, or a `bad argument` error.
    public func string(_ position: Int) throws -> String {
        guard let string = argument(position).stringValue else {
            throw typeError(position, expected: "string")
        }
        return string
    }

    /// Argument `position` (1-based) as a boolean, or a `bad argument` error.
    public func boolean(_ position: Int) throws -> Bool {
        guard let boolean = argument(position).boolValue else {
            throw typeError(position, expected: "boolean")
        }
        return boolean
    }

    /// Argument `position` (1-based) as a table copy, or a `bad argument` error.
    public func table(_ position: Int) throws -> [LuaValue: LuaValue] {
        guard case .table(let entries) = argument(position) else {
            throw typeError(position, expected: "table")
        }
        return entries
    }

    /// Argument `position` (1-based) as a function, or a `bad argument` error.
    public func function(_ position: Int) throws -> LuaRef {
        guard case .function(let ref) = argument(position) else {
            throw typeError(position, expected: "function")
        }
        return ref
    }

    /// Argument `position` (1-based), `.nil` when absent.
    public func argument(_ position: Int) -> LuaValue {
        position >= 1 && position <= count ? self[position - 1] : .nil
    }

    private func typeError(_ position: Int, expected: String) -> LuaError {
        let got = position > count ? "no value" : self[position - 1].typeName
        return LuaError.argument(position, "\(expected) expected, got \(got)")
    }
}
