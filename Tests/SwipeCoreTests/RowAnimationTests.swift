import SwipeTestSupport
import Testing

@testable import SwipeCore

/// `row_animation = "fade" | "slide"` collapses a deleted row's height and expands
/// an inserted one over 300 ms with UIKit's ease-in-out, the rows below moving with it
/// (docs/appearance.md, "Row animations"). The expected numbers are the documented formula
/// worked out on their own: `e` is the cubic Bézier (0.42, 0), (0.58, 1) solved to 1e-15 in
/// Python (`e(0.25) = 0.1291619310473198`, `e(0.5) = 0.5`, `e(0.75) = 0.8708380689526802`).
struct RowAnimationTests {
    static let ease = [0.0, 0.1291619310473198, 0.5, 0.8708380689526802, 1.0]
    static let quarter = TimeAmount.milliseconds(75 as Int64)

    func table(
        _ animation: RowAnimation, rows: Int = 30, direction: LayoutDirection = .ltr
    ) -> SwipeTable {
        SwipeTable(
            items: .generated(count: rows), direction: direction,
            options: TableBehaviorOptions(rowAnimation: animation)
        ) { _, _ in .tutorial }
    }

    func y(_ table: SwipeTable, _ row: Int) throws -> Double {
        try #require(table.cellGeometry(forRow: row)).y
    }

    // MARK: The rows below a collapse

    @Test(arguments: [RowAnimation.fade, .slide])
    func aCollapseMovesTheRowsBelowUpByTheDocumentedCurve(animation: RowAnimation) throws {
        let table = table(animation)
        try table.deleteRow(3)
        for (step, e) in Self.ease.enumerated() {
            if step > 0 { table.advance(by: Self.quarter) }
            let gap = 44 * (1 - e)
            // Rows above stay; the row now 3rd (the old 4th) and those below sit under the gap.
            expectEqual(try y(table, 2), 44, "at \(step * 75) ms")
            #expect(abs(try y(table, 3) - (88 + gap)) < 1e-9, "at \(step * 75) ms")
            #expect(abs(try y(table, 7) - (264 + gap)) < 1e-9, "at \(step * 75) ms")
            expectEqual(try #require(table.cellGeometry(forRow: 3)).height, 44)
            let ghosts = table.collapsingRows
            if step < 4 {
                let ghost = try #require(ghosts.first)
                expectEqual(ghosts.count, 1)
                #expect(ghost.row == 3 && ghost.item == "Longer Title Item #3")
                expectEqual(ghost.geometry.y, 88)
                #expect(abs(ghost.geometry.height - gap) < 1e-9)
                if animation == .fade {
                    #expect(abs(ghost.geometry.opacity - (1 - e)) < 1e-12)
                    expectEqual(ghost.geometry.shift, 0)
                } else {
                    expectEqual(ghost.geometry.opacity, 1)
                    #expect(abs(ghost.geometry.shift - (-320 * e)) < 1e-9)
                }
            } else {
                #expect(ghosts.isEmpty)
            }
        }
        #expect(!table.rowsAnimate)
        expectEqual(table.rowAnimationEnd, nil)
    }

    @Test func noneDeletesAtOnceAsTheTutorialDoes() throws {
        let table = table(.none)
        try table.deleteRow(3)
        expectEqual(try y(table, 3), 88)
        #expect(table.collapsingRows.isEmpty)
        #expect(!table.rowsAnimate)
        try table.insertRow(3, item: "New")
        expectEqual(try #require(table.cellGeometry(forRow: 3)).height, 44)
        #expect(!table.rowsAnimate)
    }

    @Test func anInsertExpandsFromNothing() throws {
        let table = table(.fade)
        try table.insertRow(3, item: "New")
        expectEqual(table.rowAnimationEnd, VirtualInstant.start + RowAnimation.duration)
        for (step, e) in Self.ease.enumerated() {
            if step > 0 { table.advance(by: Self.quarter) }
            let inserted = try #require(table.cellGeometry(forRow: 3))
            expectEqual(inserted.y, 88)
            #expect(abs(inserted.height - 44 * e) < 1e-9, "at \(step * 75) ms")
            #expect(abs(inserted.opacity - e) < 1e-12)
            // The row below it (the old 3rd) starts where it was and moves down by the row's growth.
            #expect(abs(try y(table, 4) - (88 + 44 * e)) < 1e-9, "at \(step * 75) ms")
            #expect(table.collapsingRows.isEmpty)
        }
        expectEqual(try #require(table.cellGeometry(forRow: 3)).opacity, 1)
    }

    // MARK: Hit testing, visible rows, scroll

    @Test func aPointHitsTheRowDrawnThereAndNeverACollapsingOne() throws {
        let table = table(.fade)
        try table.deleteRow(3)
        table.advance(by: .milliseconds(150 as Int64))
        // The gap is 88..<110 (22 points at half time, to 1e-13), the new row 3 from 110.
        expectEqual(table.row(atY: 50), 2)
        expectEqual(table.row(atY: 88), nil)
        expectEqual(table.row(atY: 109.99), nil)
        expectEqual(table.row(atY: 110.01), 3)
        expectEqual(table.row(atY: 153.99), 3)
        expectEqual(table.row(atY: 154.01), 4)
        table.advance(by: .milliseconds(150 as Int64))
        expectEqual(table.row(atY: 88), 3)

        let growing = self.table(.slide)
        try growing.insertRow(3, item: "New")
        growing.advance(by: .milliseconds(150 as Int64))
        // Row 3 is 22 points tall at 88..<110; row 4 follows it.
        expectEqual(growing.row(atY: 100), 3)
        expectEqual(growing.row(atY: 110.01), 4)
        expectEqual(growing.row(atY: 153.99), 4)
        expectEqual(growing.row(atY: 154.01), 5)
    }

    @Test func anExpansionGivesTheRowsItPullsIntoViewACellUntilItEnds() throws {
        let table = table(.fade)
        expectEqual(table.visibleRows, 1..<13)
        try table.insertRow(3, item: "New")
        // The old 12th row (now 13th) is still partly on screen while row 3 grows.
        expectEqual(table.visibleRows, 1..<14)
        #expect(abs(try y(table, 13) - 484) < 1e-9)
        table.advance(by: RowAnimation.duration)
        expectEqual(table.visibleRows, 1..<13)
        #expect(!table.rowsAnimate)
        table.checkInvariants()
    }

    @Test func aScrollDuringACollapseMovesEveryRowAndTheGapAlike() throws {
        let table = table(.fade)
        try table.deleteRow(3)
        table.advance(by: .milliseconds(150 as Int64))
        table.scroll(to: 10)
        expectEqual(try y(table, 2), 34)
        #expect(abs(try y(table, 3) - 100) < 1e-9)
        expectEqual(table.collapsingRows.first?.geometry.y, 78)
        expectEqual(table.row(atY: 80), nil)
        expectEqual(table.row(atY: 100.01), 3)
    }

    @Test func aCollapsingRowCannotBeSwipedItIsNoRowAnyMore() throws {
        let table = table(.fade)
        try table.deleteRow(3)
        // Row 3 is the old 4th: a pan on it pans that row, which sits under the gap.
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -40)
        #expect(table.cell(forRow: 3)?.offset != 0)
        expectEqual(table.collapsingRows.first?.geometry.offset, 0)
    }

    @Test func aRowDeletedWhileItExpandsCollapsesFromTheHeightItHad() throws {
        let table = table(.fade)
        try table.insertRow(3, item: "New")
        table.advance(by: .milliseconds(150 as Int64))
        try table.deleteRow(3)
        let ghost = try #require(table.collapsingRows.first)
        expectEqual(ghost.item, "New")
        #expect(abs(ghost.geometry.height - 22) < 1e-9)
        #expect(abs(try y(table, 3) - 110) < 1e-9)
        table.advance(by: .milliseconds(150 as Int64))
        #expect(abs(try #require(table.collapsingRows.first).geometry.height - 11) < 1e-9)
        #expect(abs(try y(table, 3) - 99) < 1e-9)
    }

    /// The full swipe's row is drawn as it slid out (the filled button over the whole row) while
    /// it collapses, from the moment its slide-out deletes it.
    @Test func aFullSwipeDeleteCollapsesWithItsFilledButton() throws {
        var configuration = CellConfiguration(buttons: [SwipeButton(id: "trash", title: "Trash", width: 80)])
        configuration.trailing.fullSwipe = FullSwipe(
            threshold: FullSwipe.defaultThreshold(total: 80, width: 320), completion: .delete, width: 320)
        let table = SwipeTable(
            items: .generated(count: 30), options: TableBehaviorOptions(rowAnimation: .fade)
        ) { _, _ in configuration }
        try table.panBegan(row: 2)
        try table.panChanged(row: 2, translation: -300)
        try table.panEnded(row: 2)
        while table.items.count == 30, table.now < VirtualInstant.start + .milliseconds(5_000 as Int64) {
            table.advance(by: .milliseconds(1 as Int64))
        }
        expectEqual(table.items.count, 29)
        let ghost = try #require(table.collapsingRows.first)
        expectEqual(ghost.item, "Longer Title Item #2")
        expectEqual(ghost.geometry.filled?.width, 320)
        #expect(ghost.geometry.offset <= -320)
        expectEqual(table.rowAnimationEnd, table.now + RowAnimation.duration)
        table.advance(by: RowAnimation.duration)
        #expect(table.collapsingRows.isEmpty)
    }

    // MARK: The mirror

    /// Under `rtl`, `slide` moves the row right instead of left, by as much, at every time;
    /// everything vertical is the same.
    @Test func slideIsMirroredUnderRTL() throws {
        var random = SplitMix64(seed: 235)
        for _ in 0..<60 {
            let row = Int(random.next() % 10) + 1
            let insert = random.next() % 2 == 0
            let ltr = table(.slide, direction: .ltr)
            let rtl = table(.slide, direction: .rtl)
            for table in [ltr, rtl] {
                if insert { try table.insertRow(row, item: "New") } else { try table.deleteRow(row) }
            }
            let elapsed = TimeAmount.milliseconds(Int64(random.next() % 330))
            ltr.advance(by: elapsed)
            rtl.advance(by: elapsed)
            for visible in ltr.visibleRows {
                let (a, b) = (
                    try #require(ltr.cellGeometry(forRow: visible)), try #require(rtl.cellGeometry(forRow: visible))
                )
                #expect(a.y == b.y && a.height == b.height && a.opacity == b.opacity)
                expectEqual(a.shift, -b.shift, "row \(visible) at \(elapsed.nanoseconds) ns")
                if insert, visible == row, elapsed < RowAnimation.duration { #expect(a.shift <= 0) }
            }
            expectEqual(ltr.collapsingRows.count, rtl.collapsingRows.count)
            for (a, b) in zip(ltr.collapsingRows, rtl.collapsingRows) {
                #expect(a.geometry.y == b.geometry.y && a.geometry.height == b.geometry.height)
                expectEqual(a.geometry.shift, -b.geometry.shift)
                #expect(a.geometry.shift <= 0)
            }
        }
    }

    /// Every row's y is continuous in time through a collapse and an expansion (no row jumps by
    /// more than the 44 points' slope allows in a millisecond).
    @Test func rowsMoveContinuously() throws {
        let table = table(.fade)
        try table.deleteRow(4)
        try table.insertRow(2, item: "New")
        var last = try (1...8).map { try y(table, $0) }
        for _ in 0..<320 {
            table.advance(by: .milliseconds(1 as Int64))
            let now = try (1...8).map { try y(table, $0) }
            for (a, b) in zip(last, now) { #expect(abs(a - b) < 0.5) }
            last = now
        }
        expectEqual(last, [0, 44, 88, 132, 176, 220, 264, 308])
    }

    // MARK: Replacing every item while rows animate (ctx:set_items)

    /// The table's titles and ids, row by row.
    func titlesAndIDs(of table: SwipeTable) -> (titles: [String], ids: [RowID]) {
        ((1...table.items.count).map { table.items[$0] }, table.items.allIDs)
    }

    /// The table's items with the item of id `id` moved to row `row`.
    func items(of table: SwipeTable, moving id: RowID, to row: Int) throws -> TableItems {
        var (titles, ids) = titlesAndIDs(of: table)
        let from = try #require(ids.firstIndex(of: id))
        let title = titles.remove(at: from)
        ids.remove(at: from)
        titles.insert(title, at: row - 1)
        ids.insert(id, at: row - 1)
        return TableItems(titles, ids: ids)
    }

    @Test(arguments: [RowAnimation.fade, .slide])
    func aGrowingRowGoesOnGrowingAtItsIDsNewRow(animation: RowAnimation) throws {
        let table = table(animation, rows: 12)
        try table.insertRow(3, item: "New", id: .name("new"))
        table.advance(by: Self.quarter)
        // Two rows that were below it are now above it: it is the 5th.
        table.replaceItems(try items(of: table, moving: .name("new"), to: 5))
        expectEqual(table.row(of: .name("new")), 5)
        expectEqual(table.rowAnimationEnd, VirtualInstant.start + RowAnimation.duration)
        for step in 1...4 {
            let e = Self.ease[step]
            let grown = try #require(table.cellGeometry(forRow: 5))
            #expect(abs(grown.height - 44 * e) < 1e-9, "at \(step * 75) ms")
            expectEqual(grown.y, 176, "at \(step * 75) ms")
            // The row at its old place is a whole row now; the rows below the growing one move.
            expectEqual(try #require(table.cellGeometry(forRow: 3)).height, 44)
            #expect(abs(try y(table, 6) - (220 - 44 * (1 - e))) < 1e-9, "at \(step * 75) ms")
            table.advance(by: Self.quarter)
        }
        #expect(!table.rowsAnimate)
        expectEqual(try #require(table.cellGeometry(forRow: 5)).height, 44)
    }

    @Test func aGrowingRowWhoseIDLeavesStopsGrowing() throws {
        let table = table(.fade, rows: 12)
        try table.insertRow(3, item: "New", id: .name("new"))
        table.advance(by: Self.quarter)
        var (titles, ids) = titlesAndIDs(of: table)
        ids.remove(at: 2)
        titles.remove(at: 2)
        table.replaceItems(TableItems(titles, ids: ids))
        #expect(!table.rowsAnimate)
        expectEqual(table.rowAnimationEnd, nil)
        for row in 1...6 { expectEqual(try y(table, row), Double(row - 1) * 44) }
    }

    @Test(arguments: [RowAnimation.fade, .slide])
    func aCollapsingGapEndsWhenEveryItemIsReplaced(animation: RowAnimation) throws {
        let table = table(animation, rows: 12)
        try table.deleteRow(3)
        table.advance(by: Self.quarter)
        expectEqual(table.collapsingRows.count, 1)
        table.replaceItems(table.items)
        #expect(table.collapsingRows.isEmpty)
        #expect(!table.rowsAnimate)
        for row in 1...6 {
            let geometry = try #require(table.cellGeometry(forRow: row))
            #expect(geometry.y == Double(row - 1) * 44 && geometry.height == 44)
        }
    }
}
