import SwipeTestSupport
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
        expectEqual(title.0, "Longer Title Item #\(row)")
        expectEqual(title.1, title.0.utf8.count)
        #expect(title.2)
        expectEqual(TableItems.defaultTitle(row: row), "Longer Title Item #\(row)")
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
        expectEqual(items.count, model.count)
        expectEqual(items.all, model)
        for row in [1, model.count / 2, model.count].filter({ $0 >= 1 }) {
            expectEqual(items[row], model[row - 1])
            var bytes = ""
            items.withCString(row: row) { pointer, count in
                bytes = String(cString: pointer)
                expectEqual(count, bytes.utf8.count)
            }
            expectEqual(bytes, model[row - 1])
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
        expectEqual(items.count, 0)
        expectEqual(items.all, [])
        items.insert("only", row: 1)
        expectEqual(items.all, ["only"])
    }

    @Test func equalityComparesTheRowsNotTheStorage() {
        var edited = TableItems.generated(count: 600)
        edited.insert("x", row: 300)
        edited.remove(row: 300)
        expectEqual(edited, TableItems((1...600).map(TableItems.defaultTitle(row:))))
        #expect(edited != TableItems.generated(count: 599))
    }

    /// A million-row table edited at the front stays pieces of generated titles: it writes out
    /// no more than the pieces near the edits (what keeps `--rows 1000000` cheap to edit).
    @Test func insertsAtTheFrontOfAMillionRowsFinish() {
        var items = TableItems.generated(count: 1_000_000)
        for i in 1...10_000 { items.insert("n\(i)", row: 1) }
        expectEqual(items.count, 1_010_000)
        expectEqual(items[1], "n10000")
        expectEqual(items[10_000], "n1")
        expectEqual(items[10_001], "Longer Title Item #1")
        expectEqual(items[1_010_000], "Longer Title Item #1000000")
        items.remove(row: 500_000)
        expectEqual(items[500_000], "Longer Title Item #490001")
    }
}

/// `TableItems.withCString(row:)` and `withItem(row:generated:stored:)` for every row of lists
/// generated, given and edited: each row reads as its item, NUL-terminated, with its byte count
/// (a NUL inside included), whether it is a generated title (`withItem`: its number), a stored
/// item of 15 bytes or fewer (kept inside its `String`) or a longer one; and `withItem` reads
/// the items as they are after every edit (a piece's bytes are made again once it changed).
struct TableItemsCStringTests {
    /// Row `row` as `withItem` gives it: the generated title written out from its number, or
    /// the stored bytes (and whether they are NUL-terminated).
    func read(_ items: inout TableItems, row: Int) -> (text: String, terminated: Bool) {
        items.withItem(
            row: row,
            generated: { (String(describing: TableItems.generatedPrefix) + String($0), true) },
            stored: { bytes, count in
                (String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self), bytes[count] == 0)
            })
    }

    @Test func everyRowReadsAsItsItem() {
        var edited = TableItems.generated(count: 3000)
        edited.insert("inserted item, longer than fifteen bytes", row: 1500)
        edited.insert("sixteen bytes!!!", row: 1)
        edited.insert("fifteen bytes!!", row: 1)
        edited.remove(row: 10)
        edited.set("short", row: 2999)
        edited.set("a\u{0}b with a NUL inside, long", row: 2998)
        edited.set(String(repeating: "é", count: 31) + "x", row: 2997)
        edited.set(String(repeating: "long item ", count: 7), row: 2996)
        let lists: [TableItems] = [
            .generated(count: 40), TableItems((1...30).map(TableItems.defaultTitle(row:))),
            TableItems((1...5000).map { "item \($0)" }), TableItems((1...300).map { "a longer item, number \($0)" }),
            edited,
            TableItems(["", String(repeating: "x", count: 63), String(repeating: "y", count: 64), "a\u{0}"]),
        ]
        for var items in lists {
            for row in 1...items.count {
                var (text, terminated) = ("", false)
                items.withCString(row: row) { bytes, count in
                    text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
                    terminated = bytes[count] == 0
                }
                expectEqual(text, items[row])
                #expect(terminated)
                let read = read(&items, row: row)
                expectEqual(read.text, items[row])
                #expect(read.terminated)
            }
        }
        expectEqual(edited[2998], "a\u{0}b with a NUL inside, long")
        expectEqual(String(describing: TableItems.generatedPrefix), "Longer Title Item #")
    }

    /// Reads between edits see the edits: each kind of edit on a list (and on a copy of it, which
    /// shares the bytes made before the copy) over generated sequences of edits, every row read
    /// after each.
    @Test(arguments: 0..<20)
    func readsSeeEveryEdit(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        var items = TableItems((1...40).map { "stored item number \($0)" })
        var expected = items.all
        for step in 0..<60 {
            // Read every row first, so that each piece has its bytes made before the edit.
            for row in 1...items.count { expectEqual(read(&items, row: row).text, expected[row - 1]) }
            let copy = items
            let row = Int(generator.next() % UInt64(items.count)) + 1
            switch generator.next() % 3 {
            case 0:
                items.set("set \(step)", row: row)
                expected[row - 1] = "set \(step)"
            case 1:
                items.insert("inserted \(step)", row: row)
                expected.insert("inserted \(step)", at: row - 1)
            default:
                if items.count > 1 {
                    items.remove(row: row)
                    expected.remove(at: row - 1)
                }
            }
            for row in 1...items.count { expectEqual(read(&items, row: row).text, expected[row - 1]) }
            // The copy still reads as it was.
            var old = copy
            for row in 1...old.count { expectEqual(read(&old, row: row).text, old[row]) }
        }
    }
}
