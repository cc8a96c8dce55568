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
        // Built in one allocation: titles are made on every access to a generated item.
        let prefix: StaticString = "Longer Title Item #"
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var magnitude = row.magnitude
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
        }
        let negative = row < 0 ? 1 : 0
        return String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + negative + count) { buffer in
            var index = 0
            for offset in 0..<prefix.utf8CodeUnitCount {
                buffer[index] = prefix.utf8Start[offset]
                index += 1
            }
            if negative == 1 {
                buffer[index] = UInt8(ascii: "-")
                index += 1
            }
            withUnsafeBytes(of: digits) { raw in
                for offset in stride(from: count - 1, through: 0, by: -1) {
                    buffer[index] = raw[offset]
                    index += 1
                }
            }
            return index
        }
    }

    public var count: Int { generatedCount ?? explicit.count }

    /// The item of row `row`, 1-based.
    public subscript(row: Int) -> String {
        generatedCount == nil ? explicit[row - 1] : Self.defaultTitle(row: row)
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
