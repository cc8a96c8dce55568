import SwipeTestSupport
import Testing

@testable import SwipeCore

/// When a full swipe arms, its button grows from its own frame over the
/// others to the whole revealed width, and shrinks back when the full swipe collapses
/// (``ExpansionAnimation``, docs/appearance.md "The filled button").
struct FilledExpansionTests {
    /// `1 - (1 - u)^3`, written out again: the curve docs/appearance.md gives.
    static func eased(_ u: Double) -> Double {
        let u = min(max(u, 0), 1)
        return 1 - (1 - u) * (1 - u) * (1 - u)
    }

    static func ms(_ value: Int64) -> TimeAmount { .milliseconds(value) }

    /// Trash (80 points) with a `manual` full swipe past 192 points (0.6 of the 320-point row).
    static func table(direction: LayoutDirection = .ltr) -> SwipeTable {
        FullSwipeTests.table(.manual, direction: direction).0
    }

    /// The grow at 0, 30, 75, 150, 225, 299 and 300 ms and after it, and the shrink from where
    /// a collapse finds it, each equal to the formula: `x = own.x + p (full.x - own.x)`,
    /// `width = own.width + p (r - own.width)`.
    @Test func theGrowAndTheShrinkAreTheDocumentedFormulaAtSeveralTimes() throws {
        let table = Self.table()
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -250)  // armed: 192 + 58 / 5 = 203.6 revealed
        let armed = table.now
        let r = 192 + 58.0 / 5
        expectEqual(table.cell(forRow: 3)?.filledButton?.id, "trash")
        var elapsed: Int64 = 0
        for at: Int64 in [0, 30, 75, 150, 225, 299, 300, 500] {
            table.advance(by: Self.ms(at - elapsed))
            elapsed = at
            let geometry = try #require(table.cellGeometry(forRow: 3))
            let filled = try #require(geometry.filled, "at \(at) ms")
            let p = Self.eased(Double(at) / 300)
            // Trash's own frame under `reveal`: x 240, width 80; the full frame: x 320 - r, width r.
            #expect(abs(filled.x - (240 + (320 - r - 240) * p)) < 1e-9, "at \(at) ms")
            #expect(abs(filled.width - (80 + (r - 80) * p)) < 1e-9, "at \(at) ms")
            #expect(abs(filled.x + filled.width - 320) < 1e-9)
        }
        expectEqual(table.cell(forRow: 3)?.expansion?.start, armed)
        // Ended: exactly the full frame (the frames sampled before the animation existed).
        let full = try #require(table.cellGeometry(forRow: 3)?.filled)
        #expect(full.x == 320 - r && full.width == r && full.visibleX == 320 - r && full.visibleWidth == r)

        // Collapsed, and armed again at once: the grow turns round where the shrink is (1).
        try table.panChanged(row: 3, translation: -150)  // 150 revealed
        try table.panChanged(row: 3, translation: -250)
        expectEqual(table.cell(forRow: 3)?.expansion?.from, 1)
        // Collapsed until the shrink ends, then armed: a new grow from 0, collapsed half way
        // through (p = 0.875): it shrinks from there.
        try table.panChanged(row: 3, translation: -150)
        table.advance(by: Self.ms(400))
        expectEqual(table.cellGeometry(forRow: 3)?.filled, nil)
        try table.panChanged(row: 3, translation: -250)
        expectEqual(table.cell(forRow: 3)?.expansion?.from, 0)
        table.advance(by: Self.ms(150))
        try table.panChanged(row: 3, translation: -150)
        expectEqual(table.cell(forRow: 3)?.filledButton, nil)
        elapsed = 0
        for at: Int64 in [0, 60, 150, 299] {
            table.advance(by: Self.ms(at - elapsed))
            elapsed = at
            let filled = try #require(table.cellGeometry(forRow: 3)?.filled, "shrinking at \(at) ms")
            let p = 0.875 * (1 - Self.eased(Double(at) / 300))
            // At 150 revealed the full frame is x 170, width 150.
            #expect(abs(filled.x - (240 + (170 - 240) * p)) < 1e-9, "shrinking at \(at) ms")
            #expect(abs(filled.width - (80 + (150 - 80) * p)) < 1e-9, "shrinking at \(at) ms")
        }
        table.advance(by: Self.ms(1))
        expectEqual(table.cellGeometry(forRow: 3)?.filled, nil)
    }

    /// A row held filled again when it comes back on screen is filled at once; a new pan that
    /// arms after a `reset` grows from the button's own frame again (the old grow has ended).
    @Test func aRowHeldAgainIsFilledAtOnceAndANewArmGrowsAgain() throws {
        var cell = SwipeCell(configuration: FullSwipeTests.table(.manual).0.cell(forRow: 3)!.configuration)
        cell.holdFilled(on: .trailing)
        let held = try #require(cell.geometry(at: .start, width: 320).filled)
        #expect(held.width == 192 && held.x == 128)

        let (table, _) = FullSwipeTests.table(.reset)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -250)
        try table.panEnded(row: 3)
        table.advance(by: Self.ms(2_000))
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -250)
        let again = try #require(table.cellGeometry(forRow: 3)?.filled)
        #expect(again.x == 240 && again.width == 80)
    }

    /// Generated drags (rows' edges, transitions, full-swipe buttons, arm and collapse times):
    /// under `rtl` the filled frame is the `ltr` one reflected in the row's middle, and from one
    /// millisecond to the next it moves and grows at most as far as the curve's steepest slope
    /// (3 / 300 ms of the way) plus what the content moved.
    @Test func theFilledFrameIsMirroredUnderRtlAndContinuousInTime() throws {
        var random = SplitMix64(seed: 404)
        var checked = 0
        for _ in 0..<60 {
            let (actions, transition) = CellGeometryTests.generated(&random)
            var edge = actions
            let total = edge.totalWidth
            edge.fullSwipe = FullSwipe(
                button: Int(random.next() % UInt64(edge.buttons.count)), threshold: total + 20,
                completion: [.manual, .delete, .reset][Int(random.next() % 3)], width: 320)
            var configuration = CellConfiguration(buttons: [])
            let side = Edge.allCases[Int(random.next() % 2)]
            if side == .trailing { configuration.trailing = edge } else { configuration.leading = edge }
            let tables = LayoutDirection.allCases.map { direction in
                SwipeTable(items: .generated(count: 10), direction: direction) { _, _ in configuration }
            }
            // The script: arm past the threshold, hold, collapse, arm again, release.
            let past = total + 20 + Double(random.next() % 100)
            let below = max(total + 20 - 1 - Double(random.next() % 40), 1)
            let steps: [(Double?, Int64)] = [
                (past, Int64(random.next() % 350)), (below, Int64(random.next() % 350)),
                (past, Int64(random.next() % 350)), (nil, 400),
            ]
            for table in tables { try table.panBegan(row: 2) }
            var previous: [CellGeometry.Frame?] = [nil, nil]
            var previousOffset = [0.0, 0.0]
            for (reveal, hold) in steps {
                for (index, table) in tables.enumerated() {
                    let sign = LayoutDirection.allCases[index].sign(of: side)
                    if let reveal {
                        try table.panChanged(row: 2, translation: reveal * sign)
                    } else {
                        try table.panEnded(row: 2, velocity: 0)
                    }
                }
                for _ in 0...hold {
                    let geometries = try tables.map { try #require($0.cellGeometry(forRow: 2)) }
                    let (ltr, rtl) = (geometries[0], geometries[1])
                    #expect(abs(ltr.offset + rtl.offset) < 1e-9)
                    expectEqual((ltr.filled == nil), (rtl.filled == nil), "\(transition) at \(tables[0].now)")
                    if let a = ltr.filled, let b = rtl.filled {
                        #expect(abs(b.x - (320 - a.x - a.width)) < 1e-9, "\(transition) at \(tables[0].now)")
                        #expect(abs(b.width - a.width) < 1e-9)
                        #expect(abs(b.visibleWidth - a.visibleWidth) < 1e-9)
                        checked += 1
                    }
                    for index in 0..<2 {
                        let frame = geometries[index].filled
                        let moved = abs(geometries[index].offset - previousOffset[index])
                        if let frame, let before = previous[index] {
                            // The curve's steepest slope: 3 / 300 of the way per ms, over at most the row.
                            let bound = 0.01 * 320 + 2 * moved + 1e-9
                            #expect(abs(frame.x - before.x) <= bound, "\(transition) at \(tables[index].now)")
                            #expect(abs(frame.width - before.width) <= bound, "\(transition) at \(tables[index].now)")
                        }
                        previous[index] = frame
                        previousOffset[index] = geometries[index].offset
                    }
                    for table in tables { table.advance(by: Self.ms(1)) }
                }
            }
        }
        #expect(checked > 1_000)
    }
}
