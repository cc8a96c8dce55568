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
            // Only ids a script's `#ID` can name, and never the id's own spelling: a number
            // below 1 (an embedder's; plugins cannot give one) is written `#-5` or `#0`, which a
            // script reads as a name, so suggesting it would echo an id that cannot be named.
            let spelling = id.description
            let candidates = ids.compactMap { candidate -> String? in
                if case .number(let number) = candidate, number < 1 { return nil }
                let text = candidate.description
                return text == spelling ? nil : text
            }
            if let match = closestMatch(to: spelling, among: candidates) {
                closest = ids.first { $0.description == match }
            }
        }
        throw .noSuchRowID(id: id, closest: closest)
    }
}
