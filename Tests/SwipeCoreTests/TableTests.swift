import SwipeTestSupport
import Testing

@testable import SwipeCore

/// Records delegate calls as values.
final class EventLog: SwipeTableDelegate {
    var events: [TableEvent] = []
    var times: [VirtualInstant] = []

    /// The tutorial's calls, as it makes them: no side, no velocity; a full swipe's action as a tap.
    func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) {
        switch event {
        case .open(let row, _, _): events.append(.open(row: row))
        case .close(let row, _, _, _): events.append(.close(row: row))
        case .action(let row, let button, let number, _), .fullAction(let row, let button, let number, _):
            events.append(.action(row: row, button: button, number: number))
        case .expand, .delete, .begin, .willOpen, .willClose, .progress, .accessibilityAction, .actionsListed: return
        }
        times.append(table.now)
    }
}

struct TableTests {
    let log = EventLog()

    func table(rows: Int = 30) -> SwipeTable {
        let table = SwipeTable(items: .generated(count: rows))
        table.delegate = log
        return table
    }

    func swipeOpen(_ table: SwipeTable, row: Int) throws {
        try table.panBegan(row: row)
        try table.panChanged(row: row, translation: -50)
        try table.panEnded(row: row)
        table.advance(by: .milliseconds(300 as Int64))
    }

    @Test func theViewportShowsTwelveRowsOfTheThirty() {
        let table = table()
        expectEqual(table.visibleRows, 1..<13)
        expectEqual(table.cellCount, 12)
        expectEqual(table.items[30], "Longer Title Item #30")
    }

    @Test func aSwipePastFortyPointsOpensTheRowAndSettlesAt160() throws {
        let table = table()
        try swipeOpen(table, row: 3)
        expectEqual(log.events, [.open(row: 3)])
        expectEqual(table.cell(forRow: 3)?.right, 160)
        expectEqual(table.cell(forRow: 3)?.left, -160)
        expectEqual(table.openRows, [3])
        #expect(!table.hasPendingAnimations)
    }

    @Test func completionsRunAtTheirDeadlinesInOrder() throws {
        let table = table()
        try table.panBegan(row: 2)
        try table.panChanged(row: 2, translation: -60)
        try table.panEnded(row: 2)
        table.advance(by: .milliseconds(99 as Int64))
        expectEqual(table.cell(forRow: 2)?.right, 180)
        table.advance(by: .milliseconds(1 as Int64))
        expectEqual(table.cell(forRow: 2)?.right, 160)
        expectEqual(table.cell(forRow: 2)?.startingRight, 0)
        table.advance(by: .milliseconds(100 as Int64))
        expectEqual(table.cell(forRow: 2)?.startingRight, 160)
    }

    @Test func anOpenRowStaysOpenAfterScrollingAwayAndBack() throws {
        let table = table()
        try swipeOpen(table, row: 3)
        table.scroll(by: 400)
        expectEqual(table.visibleRows, 10..<22)
        #expect(table.cell(forRow: 3) == nil)
        table.scroll(by: -400)
        expectEqual(table.cell(forRow: 3)?.right, 160)
        expectEqual(table.cell(forRow: 3)?.startingRight, 160)
        #expect(table.cellCount <= 13)
    }

    @Test func aReusedCellShowsItsNewRowClosed() throws {
        let table = table()
        try swipeOpen(table, row: 1)
        table.scroll(by: 100)  // rows 1 and 2 leave; their cells serve rows 13 and 14
        expectEqual(table.visibleRows, 3..<15)
        #expect(table.cellCount == 14 || table.cellCount == 12)
        for row in table.visibleRows {
            expectEqual(table.cell(forRow: row)?.right, 0, "row \(row)")
        }
        expectEqual(table.openRows, [1])
    }

    @Test func scrollingIsClampedToTheContent() {
        let table = table()
        table.scroll(by: -50)
        expectEqual(table.contentOffset, 0)
        table.scroll(by: 10_000)
        expectEqual(table.contentOffset, 30 * 44 - 504)
        expectEqual(table.visibleRows, 19..<31)
    }

    @Test func aPanWhoseRowScrollsOffIsCancelled() throws {
        let table = table()
        try table.panBegan(row: 1)
        try table.panChanged(row: 1, translation: -100)
        table.scroll(by: 50)  // row 1 (0-44) leaves the screen
        expectEqual(log.events, [.close(row: 1)])
        #expect(throws: TableError.rowOffScreen(row: 1, visible: 2..<14)) { try table.panEnded(row: 1) }
        table.scroll(by: -50)
        #expect(throws: TableError.noPanInProgress(row: 1)) { try table.panEnded(row: 1) }
    }

    @Test func aCompletionPendingWhenACellIsReusedStillRuns() throws {  // quirk: never cancelled
        let table = table()
        try table.panBegan(row: 1)
        try table.panChanged(row: 1, translation: -60)
        try table.panEnded(row: 1)  // open snap scheduled; row 1 open
        table.scroll(by: 50)  // row 1 leaves, row 13 reuses its cell, closed
        expectEqual(table.cell(forRow: 13)?.right, 0)
        table.advance(by: .milliseconds(100 as Int64))
        expectEqual(table.cell(forRow: 13)?.right, 160)  // the old settle opens the reused cell
    }

    @Test func deletingARowShiftsTheOpenRowsAfterIt() throws {
        let table = table()
        try table.openRow(2)
        try table.openRow(5)
        try table.openRow(20)
        try table.deleteRow(3)
        expectEqual(table.openRows, [2, 4, 19])
        expectEqual(table.items.count, 29)
        expectEqual(table.items[3], "Longer Title Item #4")
        expectEqual(table.cell(forRow: 4)?.right, 160)
        expectEqual(table.cell(forRow: 5)?.right, 0)
        expectEqual(table.cell(forRow: 2)?.right, 160)
        expectEqual(table.visibleRows, 1..<13)
    }

    @Test func deletingAnOpenRowForgetsIt() throws {
        let table = table()
        try table.openRow(4)
        try table.deleteRow(4)
        #expect(table.openRows.isEmpty)
        expectEqual(table.cell(forRow: 4)?.right, 0)
    }

    @Test func deletingNearTheEndPullsTheContentBack() throws {
        let table = table()
        table.scroll(by: 10_000)
        try table.deleteRow(30)
        expectEqual(table.contentOffset, 29 * 44 - 504)
        expectEqual(table.visibleRows, 18..<30)
        #expect(table.cell(forRow: 29) != nil)
    }

    @Test func insertingARowShiftsTheOpenRowsDown() throws {
        let table = table()
        try table.openRow(5)
        try table.insertRow(2, item: "New")
        expectEqual(table.openRows, [6])
        expectEqual(table.items[2], "New")
        expectEqual(table.cell(forRow: 6)?.right, 160)
        expectEqual(table.cell(forRow: 2)?.right, 0)
        #expect(throws: TableError.insertionOutOfRange(row: 40, rowCount: 31)) { try table.insertRow(40, item: "x") }
    }

    @Test func tapsReachOnlyRevealedButtons() throws {
        let table = table()
        try table.panBegan(row: 1)
        try table.panChanged(row: 1, translation: -40)  // button 1's middle is 40 from the edge: not past it
        expectEqual(try table.tap(row: 1, button: 1), false)
        try table.panChanged(row: 1, translation: -41)
        expectEqual(try table.tap(row: 1, button: 1), true)
        expectEqual(try table.tap(row: 1, button: 2), false)  // button 2's middle is at 120
        try table.panChanged(row: 1, translation: -121)
        expectEqual(try table.tap(row: 1, buttonID: "two"), true)
        expectEqual(
            log.events,
            [
                .action(row: 1, button: CellConfiguration.tutorial.buttons[0], number: 1),
                .action(row: 1, button: CellConfiguration.tutorial.buttons[1], number: 2),
            ])
    }

    @Test func tapsOnAClosedRowCallNothing() throws {
        let table = table()
        expectEqual(try table.tap(row: 4, button: 1), false)
        #expect(log.events.isEmpty)
    }

    @Test func badRowsAndButtonsAreRefused() throws {
        let table = table()
        #expect(throws: TableError.noSuchRow(row: 31, rowCount: 30)) { try table.panBegan(row: 31) }
        #expect(throws: TableError.noSuchRow(row: 0, rowCount: 30)) { try table.openRow(0) }
        #expect(throws: TableError.rowOffScreen(row: 20, visible: 1..<13)) { try table.tap(row: 20, button: 1) }
        #expect(throws: TableError.noSuchButton(row: 1, button: "3", ids: ["one", "two"], reason: nil)) {
            try table.tap(row: 1, button: 3)
        }
        #expect(throws: TableError.noSuchButton(row: 1, button: "x", ids: ["one", "two"], reason: nil)) {
            try table.tap(row: 1, buttonID: "x")
        }
        #expect(throws: TableError.noPanInProgress(row: 1)) { try table.panChanged(row: 1, translation: 1) }
        try table.panBegan(row: 1)
        #expect(throws: TableError.panAlreadyInProgress(row: 1)) { try table.panBegan(row: 1) }
    }

    @Test func openAndCloseByTheTableCallNoDelegate() throws {
        let table = table()
        try table.openRow(25)  // off screen: recorded, opened when it comes on screen
        expectEqual(table.openRows, [25])
        table.scroll(by: 10_000)
        expectEqual(table.cell(forRow: 25)?.right, 160)
        try table.closeRow(25)
        expectEqual(table.cell(forRow: 25)?.right, 0)
        #expect(table.openRows.isEmpty)
        #expect(log.events.isEmpty)
    }

    /// A row whose configuration has no buttons (it does not swipe) is never open: the
    /// table refuses to open it on screen, and forgets an open made while it was off screen when
    /// it comes on screen and turns out to have none, with no delegate call either way.
    @Test func aRowWithNoButtonsIsNeverOpen() throws {
        let table = SwipeTable(items: .generated(count: 30), options: TableBehaviorOptions(exclusive: true)) { row, _ in
            row % 5 == 0 ? CellConfiguration(buttons: []) : .tutorial
        }
        table.delegate = log
        #expect(throws: TableError.doesNotSwipe(row: 5, reason: nil)) { try table.openRow(5) }
        var failed = CellConfiguration(buttons: [])
        failed.failure = "its configure failed: boom"
        expectEqual(
            TableError.doesNotSwipe(row: 5, reason: failed.failure).description,
            "row 5 does not swipe: its configure failed: boom")
        try table.openRow(25)  // off screen: its configuration is not known yet
        expectEqual(table.openRows, [25])
        table.scroll(by: 10_000)
        #expect(table.openRows.isEmpty)
        expectEqual(table.cell(forRow: 25)?.right, 0)
        try table.openRow(24)
        try table.openRow(26)  // exclusive: closes 24, with its event, as for any row
        expectEqual(table.openRows, [26])
        expectEqual(log.events, [.close(row: 24)])
    }

    @Test func perRowConfigurationsComeFromTheProvider() throws {
        let table = SwipeTable(items: .generated(count: 30)) { row, _ in
            row % 2 == 0 ? CellEndedCancelledTests.buttons([100]) : .tutorial
        }
        try table.openRow(2)
        try table.openRow(3)
        expectEqual(table.cell(forRow: 2)?.right, 100)
        expectEqual(table.cell(forRow: 3)?.right, 160)
    }

    @Test func aMillionRowsNeedOnlyAScreenfulOfCells() throws {
        let table = SwipeTable(items: .generated(count: 1_000_000))
        for step in 0..<2000 {
            table.scroll(by: 22_000)
            if step % 10 == 0 { try table.openRow(table.visibleRows.lowerBound) }
        }
        #expect(table.cellCount <= 13)
        expectEqual(table.openRows.count, 200)
    }
}

struct TableTimerTests {
    @Test func timersFireInTimeOrderWithCompletions() throws {
        let table = SwipeTable()
        var fired: [(Int, Double, Double?)] = []
        table.timerHandler = { [unowned table] id in
            fired.append((id, table.now.milliseconds, table.cell(forRow: 1)?.right))
        }
        try table.openRow(1, animated: true)  // settle at 100 ms, commit at 200 ms
        let late = table.scheduleTimer(after: .milliseconds(150 as Int64))
        let early = table.scheduleTimer(after: .milliseconds(50 as Int64))
        table.advance(by: .milliseconds(300 as Int64))
        expectEqual(fired.map(\.0), [early, late])
        expectEqual(fired.map(\.1), [50, 150])
        expectEqual(fired.map(\.2), [180, 160])
        expectEqual(table.now.milliseconds, 300)
    }
}

/// What a delivery needs travels inside its event.
struct TableEventTests {
    /// Keeps each event as delivered, and whether the table could be driven from inside it.
    final class Deliveries: SwipeTableDelegate {
        var events: [TableEvent] = []
        func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) { events.append(event) }
    }

    /// A 30-row tutorial table released by velocity, `exclusive` or not.
    static func table(exclusive: Bool, _ log: Deliveries) -> SwipeTable {
        var configuration = CellConfiguration.tutorial
        configuration.release = .velocity
        let table = SwipeTable(options: TableBehaviorOptions(exclusive: exclusive)) { _, _ in configuration }
        table.delegate = log
        return table
    }

    /// An `exclusive` table closes row 2 before it delivers row 3's flicked open: the close
    /// (decided by the table, not a flick) carries no velocity, the open carries the flick's,
    /// whatever the closes before it. Without `exclusive` the same flick's event is the same.
    @Test(arguments: [false, true])
    func aFlicksVelocityTravelsInItsOwnEvent(exclusive: Bool) throws {
        let log = Deliveries()
        let table = Self.table(exclusive: exclusive, log)
        try table.openRow(2, animated: false)
        for velocity in [-600.0, -2500, -100_000] {
            log.events = []
            try table.closeRow(3, animated: false)
            try table.panBegan(row: 3)
            try table.panChanged(row: 3, translation: -20)  // short of the open threshold (40): the flick decides
            try table.panEnded(row: 3, velocity: velocity)
            expectEqual(log.events.map(\.row), (exclusive ? [2, 3] : [3]))
            expectEqual(log.events.last, .open(row: 3, side: nil, velocity: velocity))
            if exclusive { expectEqual(log.events.first, .close(row: 2, side: nil, velocity: nil)) }
            try table.openRow(2, animated: false)
        }
        // Released past the threshold, the position decides: no velocity in the event.
        log.events = []
        try table.closeRow(3, animated: false)
        try table.panBegan(row: 5)
        try table.panChanged(row: 5, translation: -60)
        try table.panEnded(row: 5, velocity: 0)
        expectEqual(log.events.last, .open(row: 5, side: nil, velocity: nil))
        // A flick closed: the close carries it.
        table.advance(by: .seconds(1))
        log.events = []
        try table.panBegan(row: 5)
        try table.panChanged(row: 5, translation: 10)
        try table.panEnded(row: 5, velocity: 900)
        expectEqual(log.events, [.close(row: 5, side: nil, velocity: 900)])
    }
}
