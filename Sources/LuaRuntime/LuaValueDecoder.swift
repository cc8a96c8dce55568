/// Decodes `Decodable` Swift values from `LuaValue`s.
///
/// Tables with string keys decode as keyed containers (structs,
/// `[String: T]`), sequence tables as unkeyed containers (arrays); an empty
/// table is both. Numbers convert when exact (`2.0` decodes as `Int`, `2.5`
/// does not).
/// ```swift
/// struct Config: Decodable { var name: String; var tags: [String] }
/// let config = try LuaValueDecoder().decode(Config.self, from: value)
/// ```
public struct LuaValueDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: LuaValue) throws -> T {
        try T(from: LuaDecoding(value: value, codingPath: []))
    }
}

extension LuaValue {
    /// Decodes this value as `T` (see `LuaValueDecoder`).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try LuaValueDecoder().decode(type, from: self)
    }
}

private struct LuaDecoding: Decoder {
    let value: LuaValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .table(let entries) = value else { throw mismatch([String: LuaValue].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(entries: entries, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = value.arrayValue else { throw mismatch([LuaValue].self) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            expected,
            .init(codingPath: codingPath, debugDescription: "expected \(expected), found a Lua \(value.typeName)"))
    }
}

extension LuaDecoding: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value.isNil }
    func decode(_ type: Bool.Type) throws -> Bool { try unwrap(value.boolValue) }
    func decode(_ type: String.Type) throws -> String { try unwrap(value.stringValue) }
    func decode(_ type: Double.Type) throws -> Double { try unwrap(value.doubleValue) }
    func decode(_ type: Float.Type) throws -> Float { Float(try unwrap(value.doubleValue) as Double) }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == LuaValue.self, let value = value as? T { return value }
        return try T(from: self)
    }

    private func unwrap<T>(_ converted: T?) throws -> T {
        guard let converted else { throw mismatch(T.self) }
        return converted
    }

    private func integer<T: FixedWidthInteger>() throws -> T {
        guard let integer = value.intValue, let exact = T(exactly: integer) else { throw mismatch(T.self) }
        return exact
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [LuaValue: LuaValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        entries.keys.compactMap { key in
            switch key {
            case .string(let name): Key(stringValue: name)
            case .integer(let number): Key(intValue: number)
            default: nil
            }
        }
    }

    func contains(_ key: Key) -> Bool { !lookup(key).isNil }

    func decodeNil(forKey key: Key) throws -> Bool { lookup(key).isNil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = lookup(key)
        if value.isNil && !(T.self is any ExpressibleByNilLiteral.Type) {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no field '\(key.stringValue)' in the table"))
        }
        return try LuaDecoding(value: value, codingPath: codingPath + [key]).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try LuaDecoding(value: lookup(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try LuaDecoding(value: lookup(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { LuaDecoding(value: .table(entries), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        LuaDecoding(value: lookup(key), codingPath: codingPath + [key])
    }

    private func lookup(_ key: Key) -> LuaValue {
        if let value = entries[.string(key.stringValue)] { return value }
        if let index = key.intValue, let value = entries[.integer(index)] { return value }
        return .nil
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    let elements: [LuaValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [LuaValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNil else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next().decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }

    private mutating func next() throws -> LuaDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                LuaValue.self, .init(codingPath: codingPath, debugDescription: "the sequence has no more elements"))
        }
        defer { currentIndex += 1 }
        return LuaDecoding(value: elements[currentIndex], codingPath: codingPath + [Index(intValue: currentIndex)])
    }
}
