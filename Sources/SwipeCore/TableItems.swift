/// The table's data, `_objects`: either the generated `Longer Title Item #N` titles, kept as a
/// count so a million-row table costs nothing until it is edited, or an explicit list.
public struct TableItems: Sendable, Equatable {
    // Two stored fields rather than an enum: reading an item must not copy (and retain) the
    // list, as binding an enum's payload does.
    /// The count of generated titles, or nil when `explicit` holds the items.
    private var generatedCount: Int?
    private var explicit: [String]

    /// The tutorial's titles for rows 1...count.
    public static func generated(count: Int) -> TableItems {
        TableItems(generatedCount: count, explicit: [])
    }

    public init(_ items: [String]) {
        generatedCount = nil
        explicit = items
    }

    private init(generatedCount: Int?, explicit: [String]) {
        self.generatedCount = generatedCount
        self.explicit = explicit
    }

    /// The tutorial's title of row `row` (1-based).
    public static func defaultTitle(row: Int) -> String {
        withDefaultTitle(row: row) { title, count in
            String(decoding: UnsafeRawBufferPointer(start: title, count: count), as: UTF8.self)
        }
    }

    /// Calls `body` with the tutorial's title of `row` as NUL-terminated UTF-8 and its byte
    /// count, built on the stack.
    static func withDefaultTitle<R>(row: Int, _ body: (UnsafePointer<CChar>, Int) throws -> R) rethrows -> R {
        let prefix: StaticString = "Longer Title Item #"
        // Room for the prefix (19 bytes), a sign, the 20 digits of UInt.max and the NUL,
        // written backwards from the end.
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        return try withUnsafeMutableBytes(of: &bytes) { raw in
            let buffer = raw.bindMemory(to: CChar.self)
            let end = buffer.count - 1  // stays 0: the terminating NUL
            var start = end
            var magnitude = row.magnitude
            repeat {
                start -= 1
                buffer[start] = CChar(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if row < 0 {
                start -= 1
                buffer[start] = CChar(UInt8(ascii: "-"))
            }
            start -= prefix.utf8CodeUnitCount
            UnsafeMutableRawPointer(buffer.baseAddress! + start)
                .copyMemory(from: prefix.utf8Start, byteCount: prefix.utf8CodeUnitCount)
            return try body(UnsafePointer(buffer.baseAddress! + start), end - start)
        }
    }

    public var count: Int { generatedCount ?? explicit.count }

    /// The item of row `row`, 1-based.
    public subscript(row: Int) -> String {
        generatedCount == nil ? explicit[row - 1] : Self.defaultTitle(row: row)
    }

    /// Calls `body` with row `row`'s item (1-based) as NUL-terminated UTF-8 and its byte
    /// count, without making a `String` for a generated title: what the plugin host pushes
    /// into Lua on every delegate call. An explicit item is passed from its own storage.
    public func withCString(row: Int, _ body: (UnsafePointer<CChar>, Int) throws -> Void) rethrows {
        if generatedCount != nil { return try Self.withDefaultTitle(row: row, body) }
        let item = explicit[row - 1]
        try item.withCString { try body($0, item.utf8.count) }
    }

    public var all: [String] { (0..<count).map { self[$0 + 1] } }

    mutating func remove(row: Int) {
        materialize { $0.remove(at: row - 1) }
    }

    mutating func insert(_ item: String, row: Int) {
        materialize { $0.insert(item, at: row - 1) }
    }

    mutating func set(_ item: String, row: Int) {
        materialize { $0[row - 1] = item }
    }

    private mutating func materialize(_ edit: (inout [String]) -> Void) {
        if generatedCount != nil {
            explicit = all
            generatedCount = nil
        }
        edit(&explicit)
    }
}
