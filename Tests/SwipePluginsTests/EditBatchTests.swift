import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A handler's deletes and inserts are one batch (`SwipeTable.beginEdits()`): the table is laid
/// out and its rows configured once, when the batch ends, so N edits cost about N times one,
/// whatever N, and under `row_animation` the rows inserted at the top, which have no height
/// yet, get no cell until they have some.
struct EditBatchTests {
    let fixtures = Fixtures()

    /// A plugin whose one button runs `body` under `row_animation = animation`.
    func host(_ body: String, animation: String, rows: Int = 30) throws -> PluginHost {
        try fixtures.host(
            """
            return {
              name = "p",
              table = { row_animation = "\(animation)" },
              configure = function(row) return { buttons = { { id = "edit", title = "Edit", width = 80 } } } end,
              on_action = function(ctx, row, button) \(body) end,
            }
            """, items: .generated(count: rows))
    }

    @Test(arguments: ["fade", "slide", "none"])
    func insertsAtTheTopConfigureOnlyTheRowsOnScreen(animation: String) throws {
        let host = try host("for i = 1, 2000 do ctx:insert(1, 'New ' .. i) end", animation: animation)
        try host.open(3)
        let calls = host.configureCalls
        try host.table.tap(row: 3, buttonID: "edit")
        expectEqual(host.table.items.count, 2030)
        expectEqual(host.texts("insert").count, 2000)
        // The 12 rows on screen are asked for once (the inserted rows, under an animation, have
        // no height: the old rows are still the ones on screen). Laid out after each insert,
        // every row an expansion pulled into view had a cell, 2,012 of them, and each visible
        // row was configured again after each insert.
        expectEqual(host.configureCalls - calls, 12)
        #expect(host.table.cellCount <= 13)
        expectEqual(host.table.visibleRows, (animation == "none" ? 1..<13 : 2001..<2013))
        if animation != "none" {
            // Once the clock moves the inserted rows have some height, and the ones on screen a cell.
            host.table.advance(by: .milliseconds(1 as Int64))
            expectEqual(host.table.visibleRows.lowerBound, 1)
            #expect(try #require(host.table.cellGeometry(forRow: 1)).height > 0)
        }
        host.table.advance(by: RowAnimation.duration)
        expectEqual(host.table.visibleRows, 1..<13)
        #expect(!host.table.rowsAnimate)
        expectEqual(host.table.cell(forRow: 1)?.configuration.buttons.map(\.id), ["edit"])
    }

    /// Deletes at the top: the rows on screen collapse (each visible row deleted leaves a gap,
    /// and a dozen gaps fill the screen), the others go at once, as rows off screen do.
    @Test func deletesAtTheTopCollapseTheRowsOnScreenOnly() throws {
        let host = try host("for i = 1, 2000 do ctx:delete(1) end", animation: "fade", rows: 2030)
        try host.open(3)
        try host.table.tap(row: 3, buttonID: "edit")
        expectEqual(host.table.items.count, 30)
        expectEqual(host.texts("delete").count, 2000)
        expectEqual(host.table.collapsingRows.count, 12)
        #expect(host.table.cellCount <= 26)
        host.table.advance(by: RowAnimation.duration)
        #expect(host.table.collapsingRows.isEmpty)
        expectEqual(host.table.visibleRows, 1..<13)
        #expect(host.table.cell(forRow: 1) != nil && host.table.items[1] == "Longer Title Item #2001")
    }

    /// The count of configurations asked for does not grow with the batch: twice the inserts,
    /// the same count (it grew as inserts x visible rows).
    @Test func theRowsAskedForDoNotGrowWithTheBatch() throws {
        var asked: [Int] = []
        for inserts in [100, 200] {
            let host = try host("for i = 1, \(inserts) do ctx:insert(5, 'New ' .. i) end", animation: "fade")
            try host.open(3)
            let calls = host.configureCalls
            try host.table.tap(row: 3, buttonID: "edit")
            asked.append(host.configureCalls - calls)
        }
        // Rows 5 on (and those the expansions pull into view) are configured once each.
        expectEqual(asked[0], asked[1] - 100)
        #expect(asked[0] <= 110)
    }
}
