import SwipeTestSupport
import Testing

@testable import SwipeCore

/// Every item has a ``RowID`` that stays with it through inserts, deletes and
/// replacements, and a number the list gives is never given again (a seeded generator, so a
/// failure replays).
struct TableItemsIDTests {
    /// A plain reference list: each item with its id.
    struct Model {
        var items: [(title: String, id: RowID)]
        var given: Set<RowID>
    }

    func check(_ items: TableItems, _ model: Model) {
        expectEqual(items.count, model.items.count)
        expectEqual(items.all, model.items.map(\.title))
        expectEqual(items.allIDs, model.items.map(\.id))
        for row in [1, model.items.count / 2, model.items.count].filter({ $0 >= 1 }) {
            expectEqual(items.id(row: row), model.items[row - 1].id)
        }
        // The id index: every id's row, through splits, merges and written-out runs.
        for (offset, entry) in model.items.enumerated() where items.row(of: entry.id) != offset + 1 {
            Issue.record(
                "row(of: \(entry.id)) is \(items.row(of: entry.id).map(String.init) ?? "nil"), not \(offset + 1)")
            break
        }
        expectEqual(Set(model.items.map(\.id)).count, model.items.count)
    }

    @Test(arguments: [(0, 3000), (1, 5000), (2, 0), (3, 40), (4, 300)])
    func idsFollowTheirItems(seed: UInt64, rows: Int) {
        var generator = SplitMix64(seed: seed)
        var items = seed == 3 ? TableItems((1...rows).map { "item \($0)" }) : .generated(count: rows)
        var model = Model(items: Array(zip(items.all, (1...max(rows, 1)).map { RowID.number($0) })), given: [])
        model.given = Set(model.items.map(\.id))
        var deleted: [RowID] = []
        for step in 0..<4000 {
            let row = Int.random(in: 1...(model.items.count + 1), using: &generator)
            switch (Int.random(in: 0..<5, using: &generator), model.items.count) {
            case (0, _), (_, 0):
                let id = RowID.number(items.nextID)
                items.insert("n\(step)", row: row)
                #expect(!model.given.contains(id), "number \(id) given twice")
                model.given.insert(id)
                model.items.insert(("n\(step)", id), at: row - 1)
            case (1, _) where row <= model.items.count:
                items.remove(row: row)
                deleted.append(model.items.remove(at: row - 1).id)
            case (2, _) where row <= model.items.count:
                items.set("s\(step)", row: row)
                model.items[row - 1].title = "s\(step)"
            case (4, _) where row <= model.items.count && step % 2 == 0:
                // A move (a set_items's), as remove and insert with the same id and title.
                let entry = model.items.remove(at: row - 1)
                items.remove(row: row)
                let to = Int.random(in: 1...(model.items.count + 1), using: &generator)
                items.insert(entry.title, row: to, id: entry.id)
                model.items.insert(entry, at: to - 1)
            case (3, _):
                // An item with its own id, as a plugin gives it.
                let id = RowID.name("m\(step)")
                items.insert("e\(step)", row: row, id: id)
                model.items.insert(("e\(step)", id), at: row - 1)
            default:
                let id = RowID.number(items.nextID)
                items.insert("f\(step)", row: 1)
                model.given.insert(id)
                model.items.insert(("f\(step)", id), at: 0)
            }
            if step % 500 == 0 { check(items, model) }
            // After every step: a row's id finds the row, a deleted id finds none.
            if !model.items.isEmpty {
                let probe = Int.random(in: 0..<model.items.count, using: &generator)
                expectEqual(items.row(of: model.items[probe].id), probe + 1, "step \(step)")
            }
            if let gone = deleted.last { expectEqual(items.row(of: gone), nil, "step \(step)") }
        }
        check(items, model)
        for id in deleted.suffix(50) { expectEqual(items.row(of: id), nil) }
    }

    /// ``TableItems/row(of:)``'s two ways agree: the scan a short table uses and the id index a
    /// long one uses give the same row (or none) for every id in the list, every id that left
    /// it and ids it never had (names, numbers around and inside its runs, the extremes), over
    /// lists of generated runs and explicit pieces edited at random, short and long.
    @Test(arguments: [(10, 0), (11, 8), (12, 16), (13, 17), (14, 40), (15, 300), (16, 2000)] as [(UInt64, Int)])
    func theScanAndTheIndexFindTheSameRows(seed: UInt64, rows: Int) {
        var generator = SplitMix64(seed: seed)
        var items: TableItems = seed % 2 == 0 ? .generated(count: rows) : TableItems((0..<rows).map { "item \($0)" })
        var left: [RowID] = []
        func agree(_ id: RowID, _ step: Int) {
            let (scanned, indexed) = (items.scannedRow(of: id), items.indexedRow(of: id))
            expectEqual(
                scanned, indexed,
                "step \(step), id \(id): the scan finds \(String(describing: scanned)), the index \(String(describing: indexed))"
            )
            expectEqual(items.row(of: id), scanned, "step \(step), id \(id)")
        }
        for step in 0..<300 {
            let count = items.count
            let row = Int.random(in: 1...(count + 1), using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: items.insert("n\(step)", row: row)
            case 1: items.insert("e\(step)", row: row, id: .name("m\(step)"))
            case 2 where row <= count:
                left.append(items.id(row: row))
                items.remove(row: row)
            case 3 where row <= count: items.set("s\(step)", row: row)
            case 4 where row <= count:
                let id = items.id(row: row)
                items.remove(row: row)
                items.insert("moved", row: Int.random(in: 1...count, using: &generator), id: id)
            default: break
            }
            // An untouched generated list has no pieces yet: row(of:) reads its count.
            guard items.generatedCount == nil, step % 10 == 0 || items.count <= 40 else { continue }
            for id in items.allIDs { agree(id, step) }
            for id in left.suffix(5) { agree(id, step) }
            let past = items.nextID
            for id in [
                RowID.number(0), .number(-1), .number(past), .number(past + 1), .number(Int.max), .number(Int.min),
                .number(Int.random(in: 1...(past + 10), using: &generator)), .name("m\(step)"), .name("absent"),
                .name("1"),
            ] {
                agree(id, step)
            }
        }
    }

    @Test func generatedItemsAreNumberedByTheirTitles() {
        var items = TableItems.generated(count: 1_000_000)
        expectEqual(items.id(row: 777), .number(777))
        expectEqual(items.row(of: .number(1_000_000)), 1_000_000)
        expectEqual(items.row(of: .number(1_000_001)), nil)
        expectEqual(items.row(of: .name("1")), nil)
        expectEqual(items.nextID, 1_000_001)
        items.remove(row: 2)
        items.set("changed", row: 500_000)  // inside a run: written out, same id
        expectEqual(items.id(row: 500_000), .number(500_001))
        expectEqual(items.row(of: .number(500_001)), 500_000)
        expectEqual(items.row(of: .number(2)), nil)
        items.insert("new", row: 1)
        expectEqual(items.id(row: 1), .number(1_000_001))
        expectEqual(items.row(of: .number(3)), 3)
    }

    /// A number deleted is not given again; an item's own integer id counts as given.
    @Test func numbersAreNeverGivenTwice() {
        var items = TableItems(["a", "b"])
        items.insert("c", row: 3)
        expectEqual(items.allIDs, [.number(1), .number(2), .number(3)])
        items.remove(row: 3)
        items.insert("d", row: 3)
        expectEqual(items.id(row: 3), .number(4))
        items.insert("own", row: 1, id: .number(10))
        items.insert("e", row: 1)
        expectEqual(items.id(row: 1), .number(11))
        let given = TableItems(["x", "y"], ids: [.name("k"), .number(7)])
        expectEqual(given.nextID, 8)
        expectEqual(given.row(of: .name("k")), 1)
        #expect(TableItems(["x"]) != TableItems(["x"], ids: [.name("x")]))
        // The largest table the viewport allows unchecked: no overflow past Int.max.
        expectEqual(TableItems.generated(count: Int.max).nextID, Int.max)
    }
}

/// The model-based property at the table's level: seeded random inserts (with and
/// without ids), deletes, replacements, opens and closes against a plain reference list; each
/// row's id stays with its item, and the open rows follow their ids.
struct TableIDModelTests {
    struct Entry {
        var id: RowID
        var title: String
        var open = false
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func idsAndOpenRowsFollowTheirItems(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let table = SwipeTable(items: .generated(count: 20))
        var model = (1...20).map { Entry(id: .number($0), title: TableItems.defaultTitle(row: $0)) }
        var next = 21
        var left: [RowID] = []
        for step in 0..<600 {
            let row = Int.random(in: 1...max(model.count, 1), using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1:
                let at = Int.random(in: 1...(model.count + 1), using: &random)
                if Bool.random(using: &random) {
                    try table.insertRow(at, item: "i\(step)")
                    model.insert(Entry(id: .number(next), title: "i\(step)"), at: at - 1)
                    next += 1
                } else {
                    let id = RowID.name("m\(step)")
                    try table.insertRow(at, item: "e\(step)", id: id)
                    model.insert(Entry(id: id, title: "e\(step)"), at: at - 1)
                }
            case 2 where !model.isEmpty:
                try table.deleteRow(row)
                left.append(model.remove(at: row - 1).id)
            case 3 where !model.isEmpty:
                try table.setItem("s\(step)", row: row)
                model[row - 1].title = "s\(step)"
            // A reload keeps the row open.
            case 4 where !model.isEmpty:
                try table.openRow(row)
                model[row - 1].open = true
            case 5 where !model.isEmpty:
                try table.closeRow(row)
                model[row - 1].open = false
            default:
                table.scroll(by: Double(Int.random(in: -400...400, using: &random)))
            }
            expectEqual(table.items.allIDs, model.map(\.id), "step \(step)")
            expectEqual(table.items.all, model.map(\.title), "step \(step)")
            let open = Set(model.enumerated().filter(\.element.open).map { $0.offset + 1 })
            expectEqual(table.openRows, open, "step \(step)")
            if let entry = model.randomElement(using: &random) {
                expectEqual(try table.id(ofRow: table.row(of: entry.id) ?? 0), entry.id)
            }
            // The id index after every step: each id's row, and none for an id that left.
            #expect(model.indices.allSatisfy { table.row(of: model[$0].id) == $0 + 1 }, "step \(step)")
            for id in left.suffix(3) { expectEqual(table.row(of: id), nil, "step \(step)") }
        }
    }

    @Test func aDuplicateIdIsRefusedNamingTheRowThatHasIt() throws {
        let table = SwipeTable(items: TableItems(["a", "b"], ids: [.name("m1"), .number(7)]))
        #expect(throws: TableError.duplicateID(id: .name("m1"), row: 1)) {
            try table.insertRow(3, item: "c", id: .name("m1"))
        }
        #expect(throws: TableError.duplicateID(id: .number(7), row: 2)) {
            try table.insertRow(1, item: "c", id: .number(7))
        }
        expectEqual(
            TableError.duplicateID(id: .name("m1"), row: 1).description,
            "id 'm1' is already row 1's: a table's ids are unique")
        expectEqual(
            TableError.duplicateID(id: .number(7), row: 2).description,
            "id 7 is already row 2's: a table's ids are unique")
        expectEqual(table.items.count, 2)
        try table.insertRow(1, item: "c")
        expectEqual(try table.id(ofRow: 1), .number(8))
        #expect(throws: TableError.noSuchRow(row: 4, rowCount: 3)) { try table.id(ofRow: 4) }
    }
}
