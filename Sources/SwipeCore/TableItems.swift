/// The table's data, `_objects`: either the generated `Longer Title Item #N` titles, kept as a
/// count so a million-row table costs nothing until it is edited, or pieces once edited.
///
/// Edited, the list is a sequence of pieces, each either a run of generated titles (kept as
/// its first title's number and a count) or up to ``pieceCapacity`` explicit items, with the
/// running row count at the end of each piece: finding a row is a binary search, and an insert
/// or delete touches one piece and recounts the ends after it, so editing a million-row table
/// costs about a thousandth of copying it, and its untouched runs stay unwritten.
public struct TableItems: Sendable, Equatable {
    /// A run of generated titles (`generatedFirst` > 0, `runCount` titles from that number) or
    /// explicit items (`generatedFirst` == 0).
    struct Piece: Sendable {
        var generatedFirst = 0
        var runCount = 0
        var items: [String] = []

        init(items: [String]) { self.items = items }

        static func generated(first: Int, count: Int) -> Piece {
            var piece = Piece(items: [])
            (piece.generatedFirst, piece.runCount) = (first, count)
            return piece
        }

        var count: Int { generatedFirst != 0 ? runCount : items.count }
    }

    // Stored fields rather than an enum: reading an item must not copy (and retain) the
    // list, as binding an enum's payload does.
    /// The count of generated titles while the list is untouched, or nil once `pieces` hold it.
    private var generatedCount: Int?
    private var pieces: [Piece]
    /// The row count up to the end of each piece.
    private var ends: [Int]

    /// The tutorial's titles for rows 1...count.
    public static func generated(count: Int) -> TableItems {
        TableItems(generatedCount: count, pieces: [], ends: [])
    }

    public init(_ items: [String]) {
        generatedCount = nil
        pieces = stride(from: 0, to: items.count, by: Self.pieceCapacity / 2).map {
            Piece(items: Array(items[$0..<min($0 + Self.pieceCapacity / 2, items.count)]))
        }
        var total = 0
        ends = pieces.map {
            total += $0.count; return total
        }
    }

    private init(generatedCount: Int?, pieces: [Piece], ends: [Int]) {
        self.generatedCount = generatedCount
        self.pieces = pieces
        self.ends = ends
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

    /// Calls `body` with row `row`'s item (1-based) as NUL-terminated UTF-8 and its byte
    /// count, without making a `String` for a generated title: what the plugin host pushes
    /// into Lua on every delegate call. An explicit item is passed from its own storage.
    public func withCString(row: Int, _ body: (UnsafePointer<CChar>, Int) throws -> Void) rethrows {
        if generatedCount != nil { return try Self.withDefaultTitle(row: row, body) }
        let (piece, offset) = locate(row)
        let first = pieces[piece].generatedFirst
        if first != 0 { return try Self.withDefaultTitle(row: first + offset, body) }
        let item = pieces[piece].items[offset]
        try item.withCString { try body($0, item.utf8.count) }
    }

    /// Row `row`'s item (1-based) as the plugin host hands it to C, with no closure and no
    /// `String` made for a generated title: the stored item, or the number of its generated
    /// title (``generatedPrefix`` followed by the number in decimal).
    @inline(__always)
    public func source(row: Int) -> ItemSource {
        if generatedCount != nil { return ItemSource(stored: nil, number: row) }
        // One piece (a short list, as edited tables mostly are): no search.
        if pieces.count == 1, row >= 1, row <= ends[0], pieces[0].generatedFirst == 0 {
            return ItemSource(stored: pieces[0].items[row - 1], number: 0)
        }
        let (piece, offset) = locate(row)
        let first = pieces[piece].generatedFirst
        if first != 0 { return ItemSource(stored: nil, number: first + offset) }
        return ItemSource(stored: pieces[piece].items[offset], number: 0)
    }

    /// Row `row`'s item as ``source(row:)`` gives it, with a stored item of more than 15 bytes
    /// given as the address of its NUL-terminated bytes in the list's own storage, so that no
    /// `String` is copied out (no retain and release): what the plugin host pushes on every
    /// `on_open`. The address is valid only until the items change; a shorter stored item
    /// (its bytes live inside the `String` value) comes with `bytes` nil and `generated` false:
    /// read it with ``source(row:)``.
    @inline(__always)
    public func borrowedSource(row: Int) -> BorrowedItem {
        if generatedCount != nil { return BorrowedItem(bytes: nil, count: 0, generated: true, number: row) }
        if pieces.count == 1, row >= 1, row <= ends[0], pieces[0].generatedFirst == 0 {
            return BorrowedItem(stored: pieces[0].items[row - 1])
        }
        let (piece, offset) = locate(row)
        let first = pieces[piece].generatedFirst
        if first != 0 { return BorrowedItem(bytes: nil, count: 0, generated: true, number: first + offset) }
        return BorrowedItem(stored: pieces[piece].items[offset])
    }

    /// An item as ``borrowedSource(row:)`` gives it.
    public struct BorrowedItem {
        /// A stored item's bytes (NUL-terminated) where it keeps them, or nil.
        public var bytes: UnsafePointer<CChar>?
        /// The byte count of `bytes`.
        public var count: Int
        /// Whether the item is a generated title (``generatedPrefix`` and `number`).
        public var generated: Bool
        /// The generated title's number when `generated`.
        public var number: Int

        @inline(__always)
        init(bytes: UnsafePointer<CChar>?, count: Int, generated: Bool, number: Int) {
            (self.bytes, self.count, self.generated, self.number) = (bytes, count, generated, number)
        }

        /// A stored item: more than 15 bytes are kept in the string's own storage (native, or
        /// a literal), NUL-terminated and at a fixed address while the list holds it.
        @inline(__always)
        init(stored item: String) {
            let count = item.utf8.count
            let bytes =
                count > 15
                ? item.utf8.withContiguousStorageIfAvailable {
                    UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)
                } : nil
            self.init(bytes: bytes, count: count, generated: false, number: 0)
        }
    }

    /// What a generated title starts with: `Longer Title Item #`, then the row's number.
    public static let generatedPrefix: StaticString = "Longer Title Item #"

    /// An item as ``source(row:)`` gives it.
    public struct ItemSource {
        /// The stored item, or nil for a generated title.
        public var stored: String?
        /// The generated title's number when `stored` is nil (0 otherwise).
        public var number: Int
    }

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

    public static func == (lhs: TableItems, rhs: TableItems) -> Bool {
        if let left = lhs.generatedCount, let right = rhs.generatedCount { return left == right }
        guard lhs.count == rhs.count else { return false }
        return (0..<lhs.count).allSatisfy { lhs[$0 + 1] == rhs[$0 + 1] }
    }
}

// MARK: - Editing

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
        }
        normalize(around: index)
    }

    mutating func insert(_ item: String, row: Int) {
        unpack()
        guard !pieces.isEmpty else {
            pieces = [Piece(items: [item])]
            ends = [1]
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
                    .generated(first: run.generatedFirst, count: offset), Piece(items: []),
                    .generated(first: run.generatedFirst + offset, count: run.count - offset),
                ])
            index += 1
            offset = 0
        }
        pieces[index].items.insert(item, at: offset)
        normalize(around: index)
    }

    mutating func set(_ item: String, row: Int) {
        unpack()
        let (index, offset) = locate(row)
        if pieces[index].generatedFirst == 0 {
            pieces[index].items[offset] = item
            return
        }
        remove(row: row)
        insert(item, row: row)
    }

    /// The piece holding `row` (1-based, in range) and the row's offset in it.
    /// - Complexity: O(log p) for p pieces.
    private func locate(_ row: Int) -> (piece: Int, offset: Int) {
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
        ends = generated > 0 ? [generated] : []
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
        var window: [Piece] = []
        for position in taken.indices {
            // Moved out, so that merging appends to a uniquely held array.
            var piece = taken[position]
            taken[position] = Piece(items: [])
            guard piece.count > 0 else { continue }
            if piece.generatedFirst != 0, piece.count < Self.shortestRun {
                piece = Piece(items: (0..<piece.count).map { Self.defaultTitle(row: piece.generatedFirst + $0) })
            }
            if let last = window.last, last.generatedFirst == 0, piece.generatedFirst == 0,
                last.count + piece.count <= Self.pieceCapacity
            {
                window[window.count - 1].items += piece.items
            } else if piece.generatedFirst == 0, piece.count > Self.pieceCapacity {
                let half = piece.count / 2
                window.append(Piece(items: Array(piece.items[..<half])))
                window.append(Piece(items: Array(piece.items[half...])))
            } else {
                window.append(piece)
            }
        }
        pieces.insert(contentsOf: window, at: low)
        recount(from: low)
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
