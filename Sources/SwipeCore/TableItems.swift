/// The table's data, `_objects`: either the generated `Longer Title Item #N` titles, kept as a
/// count so a million-row table costs nothing until it is edited, or pieces once edited.
///
/// Every item has a ``RowID``: generated title N has id N; an item that enters
/// without one of its own gets the next number (``nextID``), never given before.
///
/// Edited, the list is a sequence of pieces, each either a run of generated titles (kept as
/// its first title's number and a count) or up to ``pieceCapacity`` explicit items, with the
/// running row count at the end of each piece: finding a row is a binary search, and an insert
/// or delete touches one piece and recounts the ends after it, so editing a million-row table
/// costs about a thousandth of copying it, and its untouched runs stay unwritten.
public struct TableItems: Sendable, Equatable {
    /// A run of generated titles (`generatedFirst` > 0, `runCount` titles from that number,
    /// whose ids are their numbers) or explicit items (`generatedFirst` == 0) with their ids.
    @usableFromInline
    struct Piece: Sendable {
        @usableFromInline var generatedFirst = 0
        var runCount = 0
        @usableFromInline var items: [String] = [] {
            didSet { bytes = nil }
        }
        /// The explicit items' ids, one per item.
        @usableFromInline var ids: [RowID] = []
        /// The items' bytes for ``withItem(row:generated:stored:)``, made on its first read of
        /// this piece; dropped whenever `items` change.
        @usableFromInline var bytes: PieceBytes?
        /// The piece's key in ``IDIndex`` (explicit pieces; 0 until ``reindex(from:)`` gives one):
        /// stays with the piece as pieces before it come and go.
        var key = 0

        init(items: [String], ids: [RowID]) {
            self.items = items
            self.ids = ids
        }

        static func generated(first: Int, count: Int) -> Piece {
            var piece = Piece(items: [], ids: [])
            (piece.generatedFirst, piece.runCount) = (first, count)
            return piece
        }

        var count: Int { generatedFirst != 0 ? runCount : items.count }

        /// The id of the item at `offset`.
        func id(_ offset: Int) -> RowID { generatedFirst != 0 ? .number(generatedFirst + offset) : ids[offset] }

        /// The offset of the item with id `id`, if the piece holds it: in a run, a number
        /// within its numbers (no sum that could overflow); else by a search of its ids.
        func offset(of id: RowID) -> Int? {
            guard generatedFirst != 0 else { return ids.firstIndex(of: id) }
            guard case .number(let number) = id, number >= generatedFirst, number - generatedFirst < runCount else {
                return nil
            }
            return number - generatedFirst
        }

        /// The id of the explicit item at `offset` when it is a number, else ``Int/min``; read
        /// in place (a name is not copied). Inlined: a call would pass the piece by value, its
        /// three buffers retained and released on every dispatch.
        @inlinable
        @inline(__always)
        func numberID(_ offset: Int) -> Int {
            if case .number(let number) = ids[offset] { return number }
            return Int.min
        }

        /// The piece as explicit items (a run written out, with its numbers as ids).
        var written: Piece {
            guard generatedFirst != 0 else { return self }
            return Piece(
                items: (0..<runCount).map { TableItems.defaultTitle(row: generatedFirst + $0) },
                ids: (0..<runCount).map { .number(generatedFirst + $0) })
        }
    }

    /// A piece's items as NUL-terminated UTF-8, one after another: what lets
    /// ``withItem(row:generated:stored:)`` hand an item's bytes to its caller with nothing copied
    /// or retained per read (a `String` read out of an array across a call its reader cannot
    /// see into is retained). Written once, in `init`, and never changed: a piece whose items
    /// change drops it, and a copy of the list shares it.
    @usableFromInline
    final class PieceBytes: @unchecked Sendable {
        /// Item `i`'s bytes start at `base + offsets[i]`; they count `offsets[i + 1] - offsets[i] - 1`
        /// (the NUL after each is not counted).
        @usableFromInline let base: UnsafeMutablePointer<CChar>
        @usableFromInline let offsets: UnsafeMutablePointer<Int>
        let itemCount: Int

        /// Item `index`'s bytes, NUL-terminated, and their count.
        @inlinable
        @inline(__always)
        func item(_ index: Int) -> (UnsafePointer<CChar>, Int) {
            let start = offsets[index]
            return (UnsafePointer(base + start), offsets[index + 1] - start - 1)
        }

        init(_ items: [String]) {
            itemCount = items.count
            offsets = .allocate(capacity: items.count + 1)
            var total = 0
            for (index, item) in items.enumerated() {
                offsets[index] = total
                total += item.utf8.count + 1
            }
            offsets[items.count] = total
            base = .allocate(capacity: max(total, 1))
            for (index, item) in items.enumerated() {
                let start = base + offsets[index]
                let count = offsets[index + 1] - offsets[index] - 1
                // withCString: the bytes (a NUL inside included) and a NUL after them.
                item.withCString { start.update(from: $0, count: count) }
                start[count] = 0
            }
        }

        deinit {
            offsets.deallocate()
            base.deallocate()
        }
    }

    /// Where each explicit item's id is: the key of the piece holding it, each
    /// piece's index by key, and the generated runs in order, so that ``row(of:)`` finds a row
    /// without a search of the list. A class, so that a copy of the list costs one retain as
    /// before; copied before a change when shared (``makeIDIndexUnique()``), so `@unchecked
    /// Sendable` is safe: an instance is only changed while one list holds it.
    final class IDIndex: @unchecked Sendable {
        /// An explicit item's id → the ``Piece/key`` of the piece holding it.
        var pieceKey: [RowID: Int] = [:]
        /// A piece's key → its index in `pieces`.
        var pieceIndex: [Int: Int] = [:]
        /// The indices of the generated runs in `pieces`, in order: their numbers increase
        /// along the list (a run is only ever split, or written out).
        var runs: [Int] = []
        var nextKey = 1

        init() {}

        init(copying other: IDIndex) {
            (pieceKey, pieceIndex, runs, nextKey) = (other.pieceKey, other.pieceIndex, other.runs, other.nextKey)
        }

        /// Shared by every list until its first edit: an untouched list allocates nothing.
        static let empty = IDIndex()
    }

    /// See ``IDIndex``. Not part of equality: it is derived from `pieces`.
    var idIndex = IDIndex.empty

    // Stored fields rather than an enum: reading an item must not copy (and retain) the
    // list, as binding an enum's payload does. These and `idIndex` are settable within the
    // module only for the editing extension (TableItems+Editing.swift); nothing else writes them.
    /// The count of generated titles while the list is untouched, or nil once `pieces` hold it.
    @usableFromInline var generatedCount: Int?
    @usableFromInline var pieces: [Piece]
    /// The row count up to the end of each piece.
    @usableFromInline var ends: [Int]
    /// The id the next item that enters without one of its own gets: past every number given or
    /// taken so far, so none is given twice.
    public internal(set) var nextID: Int
    /// The fields of the rows whose item is a table, by id: the whole table as the
    /// plugin gave it (its `id` and `title` among them). Empty for a table of strings, as the
    /// generated and most tables are: a row without an entry is a plain string.
    public internal(set) var values: [RowID: ItemValue] = [:]

    /// The tutorial's titles for rows 1...count, with ids 1...count.
    public static func generated(count: Int) -> TableItems {
        TableItems(
            generatedCount: count, pieces: [], ends: [], nextID: count < Int.max ? max(count, 0) + 1 : Int.max)
    }

    /// `items` in order, with ids 1...count.
    public init(_ items: [String]) {
        self.init(items, ids: (0..<items.count).map { .number($0 + 1) })
    }

    /// `items` in order with their ids (unique: callers check; ``nextID`` goes past the largest
    /// number among them).
    public init(_ items: [String], ids: [RowID], values: [RowID: ItemValue] = [:]) {
        precondition(items.count == ids.count, "one id per item")
        self.values = values
        generatedCount = nil
        let size = Self.pieceCapacity / 2
        pieces = stride(from: 0, to: items.count, by: size).map {
            let range = $0..<min($0 + size, items.count)
            return Piece(items: Array(items[range]), ids: Array(ids[range]))
        }
        var total = 0
        ends = pieces.map {
            total += $0.count; return total
        }
        nextID = 1
        for case .number(let number) in ids where number >= nextID { nextID = number &+ 1 }
        reindex(from: 0)
    }

    private init(generatedCount: Int?, pieces: [Piece], ends: [Int], nextID: Int) {
        self.generatedCount = generatedCount
        self.pieces = pieces
        self.ends = ends
        self.nextID = nextID
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
        let prefix = generatedPrefix
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

    public var count: Int { generatedCount ?? (ends.last ?? 0) }

    /// The item of row `row`, 1-based.
    public subscript(row: Int) -> String {
        if generatedCount != nil { return Self.defaultTitle(row: row) }
        let (piece, offset) = locate(row)
        let first = pieces[piece].generatedFirst
        return first != 0 ? Self.defaultTitle(row: first + offset) : pieces[piece].items[offset]
    }

    /// Calls `body` with row `row`'s item (1-based) as NUL-terminated UTF-8 and its byte count,
    /// read in place: a stored item from its own storage, a generated title built on the stack
    /// (no `String` is made for it). The bytes are valid only inside `body`.
    public func withCString(row: Int, _ body: (UnsafePointer<CChar>, Int) throws -> Void) rethrows {
        if generatedCount != nil { return try Self.withDefaultTitle(row: row, body) }
        let (piece, offset) = locate(row)
        let first = pieces[piece].generatedFirst
        if first != 0 { return try Self.withDefaultTitle(row: first + offset, body) }
        let item = pieces[piece].items[offset]
        try item.withCString { try body($0, item.utf8.count) }
    }

    /// Calls `generated` with the number of row `row`'s generated title (``generatedPrefix``
    /// then the number in decimal), or `stored` with its stored item as NUL-terminated UTF-8 and
    /// its byte count (a NUL inside is counted), valid only inside `stored`: no `String` is made
    /// for a generated title, and nothing is copied or retained per read (a piece's items are
    /// written out as bytes once, on the first read after they changed). Inlinable, so that the
    /// caller's closures are specialized in place.
    ///
    /// `mutating` only for that first read of a piece; the items do not change.
    /// - Complexity: O(1) while the list is untouched or has one piece, else O(log p) for p
    ///   pieces; the first read of a piece since it changed, O(its bytes).
    @inlinable
    @inline(__always)
    public mutating func withItem<R>(
        row: Int, generated: (Int) throws -> R, stored: (UnsafePointer<CChar>, Int) throws -> R
    ) rethrows -> R {
        switch place(row: row) {
        case .generated(let number): return try generated(number)
        case .stored(let item, let count, _): return try stored(item, count)
        }
    }

    /// Where row `row`'s item is: a generated title's number, or a stored item's bytes in its
    /// piece's ``PieceBytes`` (made now if the piece changed since they were last made), valid
    /// until the list next changes.
    @usableFromInline
    enum Place {
        case generated(Int)
        /// A stored item's bytes and count, and its id when a number (``Int/min`` for a name).
        case stored(UnsafePointer<CChar>, Int, Int)
    }

    /// Row `row`'s ``Place``: what ``withItem(row:generated:stored:)`` reads, found before either
    /// closure runs (a caller that keeps the list in a class reads it in one short access).
    @inlinable
    @inline(__always)
    mutating func place(row: Int) -> Place {
        if generatedCount != nil { return .generated(row) }
        let piece: Int
        let offset: Int
        // One piece of stored items (a short list, as edited tables mostly are): no search.
        if pieces.count == 1, row >= 1, row <= ends[0] {
            (piece, offset) = (0, row - 1)
        } else {
            (piece, offset) = locate(row)
        }
        let first = pieces[piece].generatedFirst
        if first != 0 { return .generated(first + offset) }
        if pieces[piece].bytes == nil { makeBytes(piece) }
        // No binding holds the object (a `let` would keep it, retained, for longer): the piece
        // keeps it alive.
        let (item, count) = pieces[piece].bytes.unsafelyUnwrapped.item(offset)
        return .stored(item, count, pieces[piece].numberID(offset))
    }

    @usableFromInline
    @inline(never)
    mutating func makeBytes(_ piece: Int) {
        pieces[piece].bytes = PieceBytes(pieces[piece].items)
    }

    /// What a generated title starts with: `Longer Title Item #`, then its number (see
    /// ``withItem(row:generated:stored:)``).
    public static let generatedPrefix: StaticString = "Longer Title Item #"

    public var all: [String] {
        if generatedCount != nil { return (0..<count).map { self[$0 + 1] } }
        var result: [String] = []
        result.reserveCapacity(count)
        for piece in pieces {
            if piece.generatedFirst != 0 {
                result += (0..<piece.count).map { Self.defaultTitle(row: piece.generatedFirst + $0) }
            } else {
                result += piece.items
            }
        }
        return result
    }

    /// The ids of rows 1...count, in order.
    public var allIDs: [RowID] {
        if generatedCount != nil { return (0..<count).map { .number($0 + 1) } }
        var result: [RowID] = []
        result.reserveCapacity(count)
        for piece in pieces { result += piece.written.ids }
        return result
    }

    /// The id of row `row` (1-based, in range).
    /// - Complexity: O(log p) for p pieces.
    public func id(row: Int) -> RowID {
        if generatedCount != nil { return .number(row) }
        let (piece, offset) = locate(row)
        return pieces[piece].id(offset)
    }

    /// Tables of at most this many rows find an id by a scan, not the index.
    static let scannedBelow = 16

    /// The row of the item with id `id`, if it is in the list.
    /// - Complexity: O(1) while the list is untouched; a scan of at most ``scannedBelow`` ids
    ///   in a short table; else O(1) expected for an explicit item (two dictionary reads, then
    ///   a search of its one piece, at most ``pieceCapacity`` ids), O(log r) for r generated
    ///   runs otherwise.
    public func row(of id: RowID) -> Int? {
        if let generated = generatedCount {
            guard case .number(let number) = id, number >= 1, number <= generated else { return nil }
            return number
        }
        // A short table: comparing its few ids costs less than hashing one (a string id is
        // hashed whole), so the index serves long tables only (replay.items, docs/performance.md).
        return count <= Self.scannedBelow ? scannedRow(of: id) : indexedRow(of: id)
    }

    /// ``row(of:)`` by a scan of the pieces (what a short table uses).
    func scannedRow(of id: RowID) -> Int? {
        for index in pieces.indices {
            if let offset = pieces[index].offset(of: id) { return rowsBefore(index) + offset + 1 }
        }
        return nil
    }

    /// ``row(of:)`` by the ``IDIndex`` (what a long table uses): an explicit item's piece by
    /// its key, else the generated run that would hold the number, by binary search.
    func indexedRow(of id: RowID) -> Int? {
        if let key = idIndex.pieceKey[id], let index = idIndex.pieceIndex[key] {
            guard let offset = pieces[index].offset(of: id) else {
                assertionFailure("id \(id) is indexed in a piece that does not hold it")
                return nil
            }
            return rowsBefore(index) + offset + 1
        }
        guard case .number(let number) = id else { return nil }
        // The last run starting at or before `number`, by binary search.
        let runs = idIndex.runs
        var (low, high) = (0, runs.count)
        while low < high {
            let middle = (low + high) / 2
            if pieces[runs[middle]].generatedFirst <= number { low = middle + 1 } else { high = middle }
        }
        guard low > 0, let offset = pieces[runs[low - 1]].offset(of: id) else { return nil }
        return rowsBefore(runs[low - 1]) + offset + 1
    }

    /// The rows in the pieces before piece `index`.
    private func rowsBefore(_ index: Int) -> Int { index > 0 ? ends[index - 1] : 0 }

    /// Makes sure no number below `next` is given to an item that enters without an id (a
    /// list replacing another keeps the numbers the other gave or took).
    public mutating func reserveIDs(below next: Int) {
        if next > nextID { nextID = next }
    }

    /// The fields of row `row` (1-based, in range) when its item is a table, else nil.
    public func value(row: Int) -> ItemValue? {
        values.isEmpty ? nil : values[id(row: row)]
    }

    /// Items are equal when their titles, ids and fields are, row by row.
    public static func == (lhs: TableItems, rhs: TableItems) -> Bool {
        if let left = lhs.generatedCount, let right = rhs.generatedCount { return left == right }
        guard lhs.count == rhs.count, lhs.values == rhs.values else { return false }
        return (0..<lhs.count).allSatisfy { lhs[$0 + 1] == rhs[$0 + 1] && lhs.id(row: $0 + 1) == rhs.id(row: $0 + 1) }
    }
}
