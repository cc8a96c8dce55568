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
