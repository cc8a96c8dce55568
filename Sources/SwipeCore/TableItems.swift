/// The table's data, `_objects`: either the generated `Longer Title Item #N` titles, kept as a
/// count so a million-row table costs nothing until it is edited, or an explicit list.
public struct TableItems: Sendable, Equatable {
    private enum Storage: Sendable, Equatable {
        case generated(count: Int)
        case explicit([String])
    }

    private var storage: Storage

    /// The tutorial's titles for rows 1...count.
    public static func generated(count: Int) -> TableItems {
        TableItems(storage: .generated(count: count))
    }

    public init(_ items: [String]) {
        storage = .explicit(items)
    }

    private init(storage: Storage) {
        self.storage = storage
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

    public var count: Int {
        switch storage {
        case .generated(let count): return count
        case .explicit(let items): return items.count
        }
    }

    /// The item of row `row`, 1-based.
    public subscript(row: Int) -> String {
        switch storage {
        case .generated: return Self.defaultTitle(row: row)
        case .explicit(let items): return items[row - 1]
        }
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
        var items: [String]
        switch storage {
        case .generated: items = all
        case .explicit(let existing): items = existing
        }
        storage = .explicit([])  // drop the reference so `items` is edited in place
        edit(&items)
        storage = .explicit(items)
    }
}
