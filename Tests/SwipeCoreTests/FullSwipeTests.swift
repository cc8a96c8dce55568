import SwipeTestSupport
import Testing

@testable import SwipeCore
@testable import SwipeScript

/// The full swipe, its expand/collapse events and its three completions.
struct FullSwipeTests {
    /// Records every delegate call, full swipes included.
    final class Log: SwipeTableDelegate {
        var events: [String] = []
        func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) {
            let text: String
            switch event {
            case .open(let row, _, _): text = "open \(row)"
            case .close(let row, _, _, _): text = "close \(row)"
            case .action(let row, let button, _, _): text = "action \(row) \(button.id)"
            case .fullAction(let row, let button, _, let side):
                text = "full \(row) \(button.id) \(side.map(\.rawValue) ?? "-")"
            case .expand(let row, let side, let expanded):
                text = "\(expanded ? "expand" : "collapse") \(row) \(side.rawValue)"
            case .delete(let row, let item, _): text = "delete \(row) \(item)"
            case .begin, .willOpen, .willClose, .progress, .actionsListed: return
            case .accessibilityAction(let row, let button, _, _): text = "activate \(row) \(button.id)"
            }
            events.append("\(Int(table.now.milliseconds)) \(text)")
        }
    }

    /// A 30-row table whose rows have one 80-point `trash` button with a full swipe at 192
    /// points (0.6 of 320), then `completion`.
    static func table(_ completion: FullSwipe.Completion, direction: LayoutDirection = .ltr) -> (SwipeTable, Log) {
        var configuration = CellConfiguration(buttons: [SwipeButton(id: "trash", title: "Trash", width: 80)])
        configuration.trailing.fullSwipe = FullSwipe(
            threshold: FullSwipe.defaultThreshold(total: 80, width: 320), completion: completion, width: 320)
        let table = SwipeTable(items: .generated(count: 30), direction: direction) { _, _ in configuration }
        let log = Log()
        table.delegate = log
        return (table, log)
    }

    /// "While a pan is past the threshold the edge is expanded: the expanded button fills the
    /// revealed width": in the text table, past the threshold and while a `manual` row waits;
    /// not below it. Mirrored in `rtl`, where the trailing edge is on the left.
    @Test func theExpandedButtonFillsTheRevealedWidthInTheDrawing() throws {
        func drawn(_ table: SwipeTable, _ row: Int) throws -> String {
            TextFormat.draw(try #require(TableSnapshot(table).rows.first { $0.row == row }), columns: 40)
        }
        let (table, _) = Self.table(.manual)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -160)  // 160 points: below the threshold, the strip of the buttons
        let drawing1 = try drawn(table, 3)
        expectEqual(drawing1, "#3                            [ Trash  ]")
        try table.panChanged(row: 3, translation: -200)  // 192 + 8 / 5 = 193.6: expanded, Trash fills 24 columns
        expectEqual(table.cell(forRow: 3)?.filledButton?.id, "trash")
        let drawing2 = try drawn(table, 3)
        expectEqual(drawing2, "                [        Trash         ]")
        try table.panEnded(row: 3)  // waiting for fulfil: still filled
        let drawing3 = try drawn(table, 3)
        expectEqual(drawing3, "                [        Trash         ]")
        let (rtl, _) = Self.table(.manual, direction: .rtl)
        try rtl.panBegan(row: 3)
        try rtl.panChanged(row: 3, translation: 200)
        let drawing4 = try drawn(rtl, 3)
        expectEqual(drawing4, "[        Trash         ]  Longer Title I")
    }

    @Test func theDefaultThresholdIsSixTenthsOfTheWidthAndNeverBelowTheButtonsPlus20() {
        expectEqual(FullSwipe.defaultThreshold(total: 80, width: 320), 192)
        expectEqual(FullSwipe.defaultThreshold(total: 240, width: 320), 260)
    }

    @Test(arguments: [(-60.0, 60.0), (-100, 100), (-192, 192), (-242, 202), (-392, 232)])
    func theContentFollowsOneToOneToTheThresholdThenAtOneFifth(translation: Double, reveal: Double) throws {
        let (table, _) = Self.table(.delete)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: translation)
        expectEqual(table.cell(forRow: 3)?.reveal(on: .trailing), reveal)
    }

    @Test func crossingTheThresholdEitherWayExpandsAndCollapses() throws {
        let (table, log) = Self.table(.reset)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -150)
        try table.panChanged(row: 3, translation: -200)
        try table.panChanged(row: 3, translation: -242)
        try table.panChanged(row: 3, translation: -100)
        try table.panChanged(row: 3, translation: -192)
        expectEqual(log.events, ["0 expand 3 trailing", "0 collapse 3 trailing", "0 expand 3 trailing"])
        try table.panChanged(row: 3, translation: 0)  // back over the start: collapsed, closed
        expectEqual(log.events.last, "0 collapse 3 trailing")
        try table.panEnded(row: 3)
        expectEqual(log.events.count, 5)  // the close of a released closed cell, no full swipe
    }

    /// `swipe 3 -300` expands, acts with the full swipe, and deletes row 3.
    @Test func deleteSlidesOutAndDeletesTheRow() throws {
        let (table, log) = Self.table(.delete)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -300)
        try table.panEnded(row: 3, velocity: 2000)  // whatever the velocity
        expectEqual(table.cell(forRow: 3)?.reveal(on: .trailing), 320)
        table.advance(by: .milliseconds(100 as Int64))
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -", "100 delete 3 Longer Title Item #3"])
        expectEqual(table.items.count, 29)
        expectEqual(table.items[3], "Longer Title Item #4")
        expectEqual(table.cell(forRow: 3)?.isClosed, true)
    }

    /// A delegate that deletes the row itself in the action (as a plugin's `ctx:delete` does):
    /// the slide-out's completion, when it comes, deletes nothing more.
    @Test func aSlideOutOutlivedByItsRowDeletesNothingElse() throws {
        let (table, log) = Self.table(.delete)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -300)
        try table.panEnded(row: 3)
        try table.deleteRow(3)  // the cell is reused at once
        table.advance(by: .milliseconds(300 as Int64))
        expectEqual(table.items.count, 29)
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -"])
    }

    /// A full swipe's `delete` runs beside the cell's state enum, not in it, and once begun it
    /// is not taken back. A pan that begins on the row while its content slides out moves
    /// nothing, and the slide-out's completion deletes the row under it; released before that,
    /// it snaps nothing open (it used to, and the row stayed, its delete lost).
    @Test func aPanOverASlidingRowMovesNothingAndItsReleaseKeepsTheDelete() throws {
        let (table, log) = Self.table(.delete)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -300)
        try table.panEnded(row: 3)
        table.advance(by: .milliseconds(30 as Int64))
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -20)
        expectEqual(table.cell(forRow: 3)?.isTracking, true)
        expectEqual(table.cell(forRow: 3)?.isSlidingOut, true)
        table.advance(by: .milliseconds(100 as Int64))
        // The pan is cancelled as its cell leaves with the deleted row.
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -", "100 delete 3 Longer Title Item #3"])
        expectEqual(table.items.count, 29)
        expectEqual(table.cell(forRow: 3)?.isTracking, false)
        let (released, releasedLog) = Self.table(.delete)
        try released.panBegan(row: 3)
        try released.panChanged(row: 3, translation: -300)
        try released.panEnded(row: 3)
        released.advance(by: .milliseconds(30 as Int64))
        try released.panBegan(row: 3)
        try released.panChanged(row: 3, translation: -20)
        try released.panEnded(row: 3)
        released.advance(by: .milliseconds(500 as Int64))
        expectEqual(
            releasedLog.events, ["0 expand 3 trailing", "0 full 3 trash -", "100 delete 3 Longer Title Item #3"])
        expectEqual(released.items.count, 29)
        expectEqual(released.items[3], "Longer Title Item #4")
        expectEqual(released.cell(forRow: 3)?.isClosed, true)
    }

    /// A `manual` row fulfilled with `delete` under a pan: the pan goes on moving nothing, and
    /// its release does not snap the sliding row back open.
    @Test func aRowFulfilledWithDeleteUnderAPanIsDeletedWhenThePanEnds() throws {
        let (table, log) = Self.table(.manual)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -300)
        try table.panEnded(row: 3)
        #expect(table.isWaiting(row: 3))
        try table.panBegan(row: 3)
        try table.fulfill(row: 3, .delete)
        try table.panChanged(row: 3, translation: -100)
        expectEqual(table.cell(forRow: 3)?.reveal(on: .trailing), 320)  // sliding out, not following
        try table.panEnded(row: 3, velocity: 2000)
        table.advance(by: .milliseconds(500 as Int64))
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -", "100 delete 3 Longer Title Item #3"])
        expectEqual(table.items.count, 29)
    }

    /// The table neither opens nor closes a row sliding out to its delete: `open` says why, and
    /// `close` leaves it going.
    @Test func aSlidingRowIsNeitherOpenedNorClosedByTheTable() throws {
        let (table, log) = Self.table(.delete)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -300)
        try table.panEnded(row: 3)
        table.advance(by: .milliseconds(30 as Int64))
        #expect(throws: TableError.beingDeleted(row: 3)) { try table.openRow(3) }
        expectEqual(
            TableError.beingDeleted(row: 3).description,
            "row 3 is sliding out to be deleted by its full swipe: it can no longer be opened")
        try table.closeRow(3)
        table.advance(by: .milliseconds(500 as Int64))
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -", "100 delete 3 Longer Title Item #3"])
        expectEqual(table.items.count, 29)
    }

    /// A cell event's effects are one fixed action. A move gives the full
    /// swipe's `expanded` or `collapsed`; the release gives `released` with the action, beside
    /// the snap's notification and completion. A slide-out that does not animate leaves no
    /// effect of its own: the cell's state says the row slid out (``SwipeCell/hasSlidOut``).
    @Test func aFullSwipesEffectsAreOneAction() {
        var configuration = CellConfiguration(buttons: [SwipeButton(id: "trash", title: "Trash", width: 80)])
        configuration.trailing.fullSwipe = FullSwipe(threshold: 192, completion: .reset, width: 320)
        let t0 = VirtualInstant.start
        var cell = SwipeCell(configuration: configuration)
        cell.panBegan(translation: 0)
        var expanded = CellEffects()
        expanded.fullSwipe = .expanded(.trailing)
        expectEqual(cell.panChanged(translation: -300, at: t0), expanded)
        expectEqual(cell.panChanged(translation: -310, at: t0), CellEffects())  // still expanded
        var collapsed = CellEffects()
        collapsed.fullSwipe = .collapsed(.trailing)
        expectEqual(cell.panChanged(translation: -100, at: t0), collapsed)
        _ = cell.panChanged(translation: -300, at: t0)
        let released = cell.panEnded(at: t0)
        expectEqual(
            released.fullSwipe, .released(CellEffects.FullAction(edge: .trailing, index: 0, completion: .reset)))
        expectEqual(released.notification, .didClose)
        expectEqual(released.completion?.step, .closeSettle)
        #expect(!cell.hasSlidOut)
        configuration.trailing.fullSwipe?.completion = .delete
        configuration.duration = .zero
        var instant = SwipeCell(configuration: configuration)
        instant.panBegan(translation: 0)
        _ = instant.panChanged(translation: -300, at: t0)
        let deleted = instant.panEnded(at: t0)
        expectEqual(
            deleted.fullSwipe, .released(CellEffects.FullAction(edge: .trailing, index: 0, completion: .delete)))
        expectEqual(deleted.notification, nil)
        expectEqual(deleted.completion, nil)
        #expect(instant.hasSlidOut)
        instant.slidOutRowTaken()
        #expect(!instant.hasSlidOut)
    }

    @Test func resetSnapsClosed() throws {
        let (table, log) = Self.table(.reset)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -300)
        try table.panEnded(row: 3)
        table.advance(by: .milliseconds(300 as Int64))
        // The row snaps closed as it is released: its `close` before the action, in the order it moves.
        expectEqual(log.events, ["0 expand 3 trailing", "0 close 3", "0 full 3 trash -"])
        expectEqual(table.cell(forRow: 3)?.isClosed, true)
        expectEqual(table.items.count, 30)
    }

    @Test func manualHoldsTheRowUntilFulfilledNowOrLater() throws {
        let (table, log) = Self.table(.manual)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -242)
        try table.panEnded(row: 3)
        #expect(table.isWaiting(row: 3))
        table.advance(by: .milliseconds(500 as Int64))
        expectEqual(table.cell(forRow: 3)?.reveal(on: .trailing), 202)  // held where it was released
        // Another row is swiped meanwhile; row 3 keeps waiting.
        try table.panBegan(row: 5)
        try table.panChanged(row: 5, translation: -60)
        try table.panEnded(row: 5)
        table.advance(by: .milliseconds(300 as Int64))
        #expect(table.isWaiting(row: 3))
        try table.fulfill(row: 3, .reset)
        #expect(!table.isWaiting(row: 3))
        table.advance(by: .milliseconds(300 as Int64))
        expectEqual(table.cell(forRow: 3)?.isClosed, true)
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -", "500 open 5", "800 close 3"])
        // Fulfilling twice, or a row never full-swiped, is refused.
        #expect(throws: TableError.notWaiting(row: 3)) { try table.fulfill(row: 3, .reset) }
        #expect(throws: TableError.notWaiting(row: 7)) { try table.fulfill(row: 7, .delete) }
        expectEqual(
            TableError.notWaiting(row: 3).description,
            "row 3 is not waiting for a full swipe to be fulfilled (only a row released past its full-swipe threshold with completion 'manual' is, once)"
        )
    }

    @Test func manualFulfilledWithDeleteDeletesTheRow() throws {
        let (table, log) = Self.table(.manual)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -242)
        try table.panEnded(row: 3)
        try table.fulfill(row: 3, .delete)
        table.advance(by: .milliseconds(100 as Int64))
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -", "100 delete 3 Longer Title Item #3"])
        expectEqual(table.items.count, 29)
    }

    @Test func aWaitingRowScrolledAwayAndBackIsStillFilledAndWaiting() throws {
        let (table, log) = Self.table(.manual)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -242)
        try table.panEnded(row: 3)
        table.scroll(by: 600)
        #expect(table.cell(forRow: 3) == nil)
        #expect(table.isWaiting(row: 3))
        table.scroll(by: -600)
        let cell = try #require(table.cell(forRow: 3))
        #expect(cell.isWaiting)
        expectEqual(cell.reveal(on: .trailing), 192)  // filled to its threshold again
        try table.fulfill(row: 3, .reset)
        table.advance(by: .milliseconds(300 as Int64))
        expectEqual(table.cell(forRow: 3)?.isClosed, true)
        expectEqual(log.events.suffix(1), ["0 close 3"])
        // Fulfilled off screen with delete: the row is deleted there.
        let (other, otherLog) = Self.table(.manual)
        try other.panBegan(row: 3)
        try other.panChanged(row: 3, translation: -242)
        try other.panEnded(row: 3)
        other.scroll(by: 600)
        try other.fulfill(row: 3, .delete)
        expectEqual(other.items.count, 29)
        expectEqual(otherLog.events.last, "0 delete 3 Longer Title Item #3")
    }

    @Test func aWaitingRowIgnoresPans() throws {
        let (table, _) = Self.table(.manual)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -242)
        try table.panEnded(row: 3)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: 200)
        try table.panEnded(row: 3)
        #expect(table.isWaiting(row: 3))
        expectEqual(table.cell(forRow: 3)?.reveal(on: .trailing), 202)
    }

    /// Waiting is one of the cell's states. A pan over a held row, cancelled
    /// or ended, leaves it held, filled, where it was; fulfilled while a pan is tracked, the row
    /// snaps closed with its `close` and the rest of the pan moves the content again.
    @Test func aPanOverAWaitingRowLeavesItHeldUnlessFulfilledMeanwhile() throws {
        let (table, log) = Self.table(.manual)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -242)
        try table.panEnded(row: 3)
        for end in ["cancel", "end"] {
            try table.panBegan(row: 3)
            try table.panChanged(row: 3, translation: 150)
            expectEqual(table.cell(forRow: 3)?.filledButton?.id, "trash")
            if end == "cancel" { try table.panCancelled(row: 3) } else { try table.panEnded(row: 3, velocity: 5000) }
            let cell = try #require(table.cell(forRow: 3))
            #expect(cell.isWaiting, "after \(end)")
            #expect(table.isWaiting(row: 3))
            expectEqual(cell.reveal(on: .trailing), 202)
            expectEqual(cell.committed, 202)
            expectEqual(cell.filledButton?.id, "trash")
        }
        try table.panBegan(row: 3)
        try table.fulfill(row: 3, .reset)
        expectEqual(table.cell(forRow: 3)?.isWaiting, false)
        expectEqual(table.cell(forRow: 3)?.isTracking, true)
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -", "0 close 3"])
        let snapped = table.cell(forRow: 3)?.offset
        try table.panChanged(row: 3, translation: 30)
        #expect(table.cell(forRow: 3)?.offset != snapped)
        try table.panEnded(row: 3)
        table.advance(by: .seconds(1))
        #expect(!table.isWaiting(row: 3))
        expectEqual(table.cell(forRow: 3)?.filledButton, nil)
    }

    @Test func theLeadingEdgeInRightToLeftMirrorsIt() throws {
        let (table, log) = Self.table(.delete, direction: .rtl)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: 300)  // towards the right: the trailing edge in rtl
        try table.panEnded(row: 3)
        table.advance(by: .milliseconds(100 as Int64))
        expectEqual(log.events, ["0 expand 3 trailing", "0 full 3 trash -", "100 delete 3 Longer Title Item #3"])
    }
}
