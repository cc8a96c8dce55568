extension SwipeTable {
    /// The most rows whose ids a ``TableError/noSuchRowID(id:closest:)`` looks through for its
    /// "did you mean": past it the message has no suggestion (an error stays cheap).
    public static let rowIDSuggestionLimit = 10_000

    /// The row that has id `id` now (a script's `#ID`), or ``TableError/noSuchRowID(id:closest:)``
    /// with the closest id a row has.
    public func row(withID id: RowID) throws(TableError) -> Int {
        if let row = state.items.row(of: id) { return row }
        var closest: RowID?
        if state.items.count <= Self.rowIDSuggestionLimit {
            let ids = state.items.allIDs
            if let match = closestMatch(to: id.description, among: ids.map(\.description)) {
                closest = ids.first { $0.description == match }
            }
        }
        throw .noSuchRowID(id: id, closest: closest)
    }
}
