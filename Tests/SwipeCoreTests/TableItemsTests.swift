import Testing

@testable import SwipeCore

/// An item's bytes as the plugin host pushes them into Lua: NUL-terminated, with their count.
struct TableItemsTests {
    func cString(_ items: TableItems, row: Int) -> (String, Int, Bool) {
        var result = ("", 0, false)
        items.withCString(row: row) { pointer, count in
            result = (String(cString: pointer), count, pointer[count] == 0)
        }
        return result
    }

    @Test(arguments: [1, 9, 10, 30, 1_000_000, Int.max, -4, Int.min])
    func generatedTitlesAreBuiltOnTheStack(row: Int) {
        let title = cString(.generated(count: 30), row: row)
        #expect(title.0 == "Longer Title Item #\(row)")
        #expect(title.1 == title.0.utf8.count)
        #expect(title.2)
        #expect(TableItems.defaultTitle(row: row) == "Longer Title Item #\(row)")
    }

    @Test func explicitItemsComeFromTheirStorage() {
        let items = TableItems(["short", "a longer item than fifteen bytes", "é"])
        #expect(cString(items, row: 1) == ("short", 5, true))
        #expect(cString(items, row: 2) == ("a longer item than fifteen bytes", 32, true))
        #expect(cString(items, row: 3) == ("é", 2, true))
    }
}

/// Edits as pieces: every sequence of inserts, deletes and replacements reads back like the
/// same edits on a plain array (a seeded generator, so a failure replays).
struct TableItemsEditingTests {
    func check(_ items: TableItems, _ model: [String]) {
        #expect(items.count == model.count)
        #expect(items.all == model)
        for row in [1, model.count / 2, model.count].filter({ $0 >= 1 }) {
            #expect(items[row] == model[row - 1])
            var bytes = ""
            items.withCString(row: row) { pointer, count in
                bytes = String(cString: pointer)
                #expect(count == bytes.utf8.count)
            }
            #expect(bytes == model[row - 1])
        }
    }

    @Test(arguments: [(0, 3000), (1, 5000), (2, 0), (3, 40)])
    func randomEditsMatchAnArray(seed: UInt64, rows: Int) {
        var generator = SplitMix64(seed: seed)
        var items = seed == 3 ? TableItems((1...rows).map { "item \($0)" }) : .generated(count: rows)
        var model = items.all
        for step in 0..<4000 {
            let row = Int.random(in: 1...(model.count + 1), using: &generator)
            // Edits near the front, near the end, and anywhere, as a plugin might.
            switch (Int.random(in: 0..<4, using: &generator), model.count) {
            case (0, _), (_, 0):
                items.insert("n\(step)", row: row)
                model.insert("n\(step)", at: row - 1)
            case (1, _) where row <= model.count:
                items.remove(row: row)
                model.remove(at: row - 1)
            case (2, _) where row <= model.count:
                items.set("s\(step)", row: row)
                model[row - 1] = "s\(step)"
            default:
                items.insert("f\(step)", row: 1)
                model.insert("f\(step)", at: 0)
            }
            if step % 500 == 0 { check(items, model) }
        }
        check(items, model)
    }

    @Test func deletingEveryRowLeavesAnEmptyList() {
        var items = TableItems.generated(count: 2000)
        for _ in 0..<1000 { items.remove(row: 1) }
        for _ in 0..<1000 { items.remove(row: items.count) }
        #expect(items.count == 0)
        #expect(items.all == [])
        items.insert("only", row: 1)
        #expect(items.all == ["only"])
    }

    @Test func equalityComparesTheRowsNotTheStorage() {
        var edited = TableItems.generated(count: 600)
        edited.insert("x", row: 300)
        edited.remove(row: 300)
        #expect(edited == TableItems((1...600).map(TableItems.defaultTitle(row:))))
        #expect(edited != TableItems.generated(count: 599))
    }

    /// A million-row table edited at the front stays pieces of generated titles: it writes out
    /// no more than the pieces near the edits (what keeps `--rows 1000000` cheap to edit).
    @Test func insertsAtTheFrontOfAMillionRowsFinish() {
        var items = TableItems.generated(count: 1_000_000)
        for i in 1...10_000 { items.insert("n\(i)", row: 1) }
        #expect(items.count == 1_010_000)
        #expect(items[1] == "n10000")
        #expect(items[10_000] == "n1")
        #expect(items[10_001] == "Longer Title Item #1")
        #expect(items[1_010_000] == "Longer Title Item #1000000")
        items.remove(row: 500_000)
        #expect(items[500_000] == "Longer Title Item #490001")
    }
}

/// `TableItems.source(row:)`, what the plugin host hands to C: the stored item itself, or a
/// generated title's number, for every row of lists generated, given and edited.
struct TableItemsSourceTests {
    func text(_ source: TableItems.ItemSource) -> String {
        source.stored ?? "Longer Title Item #\(source.number)"
    }

    @Test func everyRowReadsAsItsItem() {
        var edited = TableItems.generated(count: 3000)
        edited.insert("inserted item, longer than fifteen bytes", row: 1500)
        edited.remove(row: 10)
        edited.set("short", row: 2999)
        let lists: [TableItems] = [
            .generated(count: 40), TableItems((1...30).map(TableItems.defaultTitle(row:))),
            TableItems((1...5000).map { "item \($0)" }), edited,
        ]
        for items in lists {
            for row in 1...items.count {
                #expect(text(items.source(row: row)) == items[row])
            }
        }
        #expect(TableItems.generated(count: 5).source(row: 4).stored == nil)
        #expect(TableItems.generated(count: 5).source(row: 4).number == 4)
        #expect(String(describing: TableItems.generatedPrefix) == "Longer Title Item #")
    }

    /// `borrowedSource(row:)`: a stored item of more than 15 bytes as its own NUL-terminated
    /// bytes, a shorter one left to `source(row:)`, a generated title as its number.
    @Test func borrowedRowsReadAsTheirItems() {
        var edited = TableItems.generated(count: 3000)
        edited.insert("inserted item, longer than fifteen bytes", row: 1500)
        edited.insert("sixteen bytes!!!", row: 1)
        edited.insert("fifteen bytes!!", row: 1)
        edited.remove(row: 10)
        edited.set("short", row: 2999)
        edited.set("a\u{0}b with a NUL inside, long", row: 2998)
        let lists: [TableItems] = [
            .generated(count: 40), TableItems((1...30).map(TableItems.defaultTitle(row:))),
            TableItems((1...5000).map { "item \($0)" }), TableItems((1...300).map { "a longer item, number \($0)" }),
            edited,
        ]
        var borrowed: [Int] = []
        for items in lists {
            borrowed.append(0)
            for row in 1...items.count {
                let item = items.borrowedSource(row: row)
                if let bytes = item.bytes {
                    borrowed[borrowed.count - 1] += 1
                    #expect(!item.generated)
                    #expect(item.count > 15)
                    #expect(bytes[item.count] == 0)
                    let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: item.count), as: UTF8.self)
                    #expect(text == items[row])
                } else if item.generated {
                    #expect("Longer Title Item #\(item.number)" == items[row])
                } else {
                    #expect(items[row].utf8.count <= 15)
                }
            }
        }
        // The edited list may keep rows next to its edits as stored strings: at least its 3.
        #expect(Array(borrowed.prefix(4)) == [0, 30, 0, 300])
        #expect(borrowed[4] >= 3)
    }
}
