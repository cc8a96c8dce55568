/// Editing the list: removing, inserting and replacing items, and keeping its pieces tidy and
/// its ``IDIndex`` current.
extension TableItems {
    /// Items an explicit piece holds at most before it is split in two.
    static let pieceCapacity = 1024
    /// Generated runs shorter than this are written out and merged with their neighbours, so
    /// scattered edits do not leave a trail of tiny pieces.
    static let shortestRun = 256

    mutating func remove(row: Int) {
        unpack()
        let (index, offset) = locate(row)
        if pieces[index].generatedFirst != 0 {
            let run = pieces[index]
            pieces.replaceSubrange(
                index...index,
                with: [
                    .generated(first: run.generatedFirst, count: offset),
                    .generated(first: run.generatedFirst + offset + 1, count: run.count - offset - 1),
                ])
        } else {
            pieces[index].items.remove(at: offset)
            let id = pieces[index].ids.remove(at: offset)
            if !values.isEmpty { values[id] = nil }
            makeIDIndexUnique()
            idIndex.pieceKey[id] = nil
        }
        normalize(around: index)
    }

    /// Inserts `item` at `row` (1...count + 1) with `id`, or, when nil, the next number
    /// (``nextID``). An `id` already in the list is the caller's error (``row(of:)`` finds it).
    mutating func insert(_ item: String, row: Int, id: RowID? = nil, value: ItemValue? = nil) {
        unpack()
        let id = id ?? .number(nextID)
        values[id] = value
        if case .number(let number) = id, number >= nextID { nextID = number &+ 1 }
        guard !pieces.isEmpty else {
            pieces = [Piece(items: [item], ids: [id])]
            ends = [1]
            reindex(from: 0)
            return
        }
        var (index, offset) = row > count ? (pieces.count - 1, pieces[pieces.count - 1].count) : locate(row)
        // At a boundary, an explicit piece before takes the item rather than a run being split.
        if offset == 0, index > 0, pieces[index - 1].generatedFirst == 0 {
            index -= 1
            offset = pieces[index].count
        }
        if pieces[index].generatedFirst != 0 {
            let run = pieces[index]
            pieces.replaceSubrange(
                index...index,
                with: [
                    .generated(first: run.generatedFirst, count: offset), Piece(items: [], ids: []),
                    .generated(first: run.generatedFirst + offset, count: run.count - offset),
                ])
            index += 1
            offset = 0
        }
        pieces[index].items.insert(item, at: offset)
        pieces[index].ids.insert(id, at: offset)
        // A new piece's key is 0 here: normalize gives it one, and indexes its ids.
        makeIDIndexUnique()
        idIndex.pieceKey[id] = pieces[index].key
        normalize(around: index)
    }

    /// Replaces row `row`'s item (and its fields: `value`, nil for a string); it keeps its id.
    mutating func set(_ item: String, row: Int, value: ItemValue? = nil) {
        unpack()
        let (index, offset) = locate(row)
        if pieces[index].generatedFirst == 0 {
            pieces[index].items[offset] = item
            if value != nil || !values.isEmpty { values[pieces[index].ids[offset]] = value }
            return
        }
        let id = pieces[index].id(offset)
        remove(row: row)
        insert(item, row: row, id: id, value: value)
    }

    /// The piece holding `row` (1-based, in range) and the row's offset in it.
    /// - Complexity: O(log p) for p pieces.
    @usableFromInline
    func locate(_ row: Int) -> (piece: Int, offset: Int) {
        precondition(row >= 1 && row <= count, "row \(row) is out of range 1...\(count)")
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] >= row { high = middle } else { low = middle + 1 }
        }
        return (low, row - 1 - (low > 0 ? ends[low - 1] : 0))
    }

    /// Turns the untouched generated list into pieces, before its first edit.
    private mutating func unpack() {
        guard let generated = generatedCount else { return }
        generatedCount = nil
        pieces = generated > 0 ? [.generated(first: 1, count: generated)] : []
        // `nextID` is already past the run's numbers.
        ends = generated > 0 ? [generated] : []
        reindex(from: 0)
    }

    /// Tidies the pieces near `index` after an edit (no empty pieces, short runs written out,
    /// small neighbours merged, full ones split) and recounts the ends from there.
    /// - Complexity: O(p + capacity) for p pieces; an edit inside a piece of a fair size only
    ///   recounts.
    private mutating func normalize(around index: Int) {
        let edited = pieces[index]
        if edited.generatedFirst == 0, edited.count >= Self.pieceCapacity / 4, edited.count <= Self.pieceCapacity {
            return recount(from: index)
        }
        let low = max(0, index - 2)
        var taken = Array(pieces[low..<min(pieces.count, index + 3)])
        pieces.removeSubrange(low..<(low + taken.count))
        makeIDIndexUnique()
        for piece in taken where piece.key != 0 { idIndex.pieceIndex[piece.key] = nil }
        var window: [Piece] = []
        for position in taken.indices {
            // Moved out, so that merging appends to a uniquely held array.
            var piece = taken[position]
            taken[position] = Piece(items: [], ids: [])
            guard piece.count > 0 else { continue }
            if piece.generatedFirst != 0, piece.count < Self.shortestRun {
                piece = piece.written
            }
            if let last = window.last, last.generatedFirst == 0, piece.generatedFirst == 0,
                last.count + piece.count <= Self.pieceCapacity
            {
                window[window.count - 1].items += piece.items
                window[window.count - 1].ids += piece.ids
                // A key of 0 (a run just written out) is given, and its ids indexed, below.
                for id in piece.ids { idIndex.pieceKey[id] = last.key }
            } else if piece.generatedFirst == 0, piece.count > Self.pieceCapacity {
                let half = piece.count / 2
                var first = Piece(items: Array(piece.items[..<half]), ids: Array(piece.ids[..<half]))
                first.key = piece.key
                window.append(first)
                // Key 0: given a new one, its ids indexed, below.
                window.append(Piece(items: Array(piece.items[half...]), ids: Array(piece.ids[half...])))
            } else {
                window.append(piece)
            }
        }
        pieces.insert(contentsOf: window, at: low)
        recount(from: low)
        reindex(from: low)
    }

    /// The ``IDIndex``, copied first if another list shares it.
    private mutating func makeIDIndexUnique() {
        if !isKnownUniquelyReferenced(&idIndex) { idIndex = IDIndex(copying: idIndex) }
    }

    /// Brings the ``IDIndex`` up to date after pieces from `low` on were added, removed or
    /// rebuilt: a piece without a key gets one and its ids are indexed under it, every piece from
    /// `low` on is indexed at its place, and the runs are listed again.
    /// - Complexity: O(p) for p pieces, plus the ids of the pieces given a key.
    mutating func reindex(from low: Int) {
        makeIDIndexUnique()
        idIndex.runs.removeAll(keepingCapacity: true)
        for index in pieces.indices {
            if pieces[index].generatedFirst != 0 {
                idIndex.runs.append(index)
                continue
            }
            guard index >= low else { continue }
            if pieces[index].key == 0 {
                pieces[index].key = idIndex.nextKey
                idIndex.nextKey += 1
                for id in pieces[index].ids { idIndex.pieceKey[id] = pieces[index].key }
            }
            idIndex.pieceIndex[pieces[index].key] = index
        }
    }

    /// Recomputes the ends of the pieces from `index` on.
    private mutating func recount(from index: Int) {
        ends.removeSubrange(min(index, ends.count)...)
        var total = index > 0 ? ends[index - 1] : 0
        for piece in pieces[index...] {
            total += piece.count
            ends.append(total)
        }
    }
}
