/// The rows a table keeps open (`cellsCurrentlyEditing`) and how each is open, in row order.
///
/// A sorted list rather than a dictionary: a table holds few open rows (one under `exclusive`),
/// and every open and close of the spring presets looks one up, adds or removes one. Hashing the
/// row for each of those (SipHash) cost more than the whole search of a short sorted list, and
/// ``TableState/closeOpenRows(except:)`` gets its row order without a sort.
/// - Complexity: lookups O(log n); adding or removing a row O(1) at the end of the list (the
///   common case: one open row, or rows opened downwards), else O(n).
struct OpenRows: Sendable {
    typealias Entry = (row: Int, value: TableState.OpenRow)

    /// The open rows, ascending, each once.
    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    /// The open rows, ascending.
    var rows: [Int] { entries.map(\.row) }

    /// Where `row` is in ``entries``, or where it would go.
    @inline(__always)
    private func position(of row: Int) -> (index: Int, found: Bool) {
        // The last row first: the list is mostly one row long, and rows are added at its end.
        guard let last = entries.last?.row else { return (0, false) }
        if row >= last { return row == last ? (entries.count - 1, true) : (entries.count, false) }
        // Before the last row: the first of the others not below `row`, else the last's place.
        var low = 0
        var high = entries.count - 1
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].row < row { low = middle + 1 } else { high = middle }
        }
        return (low, entries[low].row == row)
    }

    /// Row `row`'s entry, nil if it is not open; setting nil removes it.
    subscript(row: Int) -> TableState.OpenRow? {
        get {
            let (index, found) = position(of: row)
            return found ? entries[index].value : nil
        }
        set {
            let (index, found) = position(of: row)
            if let newValue {
                if found {
                    entries[index].value = newValue
                } else if index == entries.count {
                    entries.append((row, newValue))
                } else {
                    entries.insert((row, newValue), at: index)
                }
            } else if found {
                remove(at: index)
            }
        }
    }

    /// Removes row `row`, returning its entry (nil if it was not open).
    @discardableResult
    mutating func removeValue(forKey row: Int) -> TableState.OpenRow? {
        let (index, found) = position(of: row)
        guard found else { return nil }
        return remove(at: index).value
    }

    /// `removeLast()` where it can: `remove(at:)` goes through the generic `replaceSubrange`.
    @inline(__always)
    @discardableResult
    private mutating func remove(at index: Int) -> Entry {
        index == entries.count - 1 ? entries.removeLast() : entries.remove(at: index)
    }

    /// Each open row moved to `transform(row)`, or dropped where it gives nil (a row deleted, an
    /// id that left). `transform` must not send two rows to one.
    mutating func remap(_ transform: (Int) -> Int?) {
        guard !entries.isEmpty else { return }
        var moved: [Entry] = []
        moved.reserveCapacity(entries.count)
        for (row, value) in entries {
            if let to = transform(row) { moved.append((to, value)) }
        }
        moved.sort { $0.row < $1.row }
        entries = moved
    }
}
