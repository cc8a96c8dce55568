/// A table item's fields, as the plugin gave them, without Lua: a plugin's
/// `{ id = "m42", title = "Lunch?", pinned = true, tags = { "work" } }` is a ``table(_:)`` of
/// these. Kept beside the item's title in ``TableItems`` (keyed by the row's ``RowID``), so every
/// plugin state and every front end sees the same fields.
public indirect enum ItemValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case table([ItemKey: ItemValue])

    /// A table's field `name`, if it is a table and has it.
    public subscript(name: String) -> ItemValue? {
        guard case .table(let fields) = self else { return nil }
        return fields[.name(name)]
    }
}

/// A key of an ``ItemValue/table(_:)``: a string, or an integer (a list's positions).
public enum ItemKey: Hashable, Sendable, Comparable {
    case name(String)
    case index(Int)

    /// Integers first, in order, then names in byte order: the order messages and encoders use.
    public static func < (lhs: ItemKey, rhs: ItemKey) -> Bool {
        switch (lhs, rhs) {
        case (.index(let left), .index(let right)): return left < right
        case (.index, .name): return true
        case (.name, .index): return false
        case (.name(let left), .name(let right)): return Array(left.utf8).lexicographicallyPrecedes(right.utf8)
        }
    }
}

extension RowID {
    /// The id a plugin's `id` field or a `ctx` method's string names: an integer, or a string
    /// that writes one in decimal (`"7"`, `"-3"`, no leading zero or sign `+`), is the number
    /// (so `7` and `"7"` are the same id, and a host-assigned id read back from `row.id`, a
    /// string, finds its row); any other string is a name.
    public init(text: String) {
        if let number = Int(text), String(number) == text {
            self = .number(number)
        } else {
            self = .name(text)
        }
    }
}
