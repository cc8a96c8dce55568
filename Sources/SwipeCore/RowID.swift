/// A row's identity, stable while the row moves: its item's own `id`, a string or an
/// integer, or for an item without one the integer the table assigns when the item enters it.
///
/// The table numbers items without an id from 1 in the order they enter (the tutorial's
/// generated titles are 1...N, so row N of an untouched table has id N), and never gives a
/// number twice in a table's life: a deleted row's number is not given again. An item's own
/// integer id counts as taken from then on too.
public enum RowID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case name(String)

    /// The id as scripts and messages write it after `#`: `#42`, `#m42`.
    public var description: String {
        switch self {
        case .number(let number): return String(number)
        case .name(let name): return name
        }
    }
}
