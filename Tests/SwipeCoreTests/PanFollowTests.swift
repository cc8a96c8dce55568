import SwipeTestSupport
import Testing

@testable import SwipeCore

/// A pan is named by the row it began on and follows its item while rows above it are deleted
/// or inserted, as open rows do; when its own row is deleted the table ends it, and what names
/// it afterwards reaches nothing instead of failing.
struct PanFollowTests {
    let log = EventLog()

    func table() -> SwipeTable {
        let table = SwipeTable(items: .generated(count: 30))
        table.delegate = log
        return table
    }

    /// Row 1 deleted mid-pan moves the pan of row 4 to row 3: `pan 4` still reaches it, and its
    /// release opens row 3. The move failed: "row 4 has no pan in progress".
    @Test func aDeleteAbovePanMovesThePanWithItsItem() throws {
        let table = table()
        try table.panBegan(row: 4)
        #expect(try table.panChanged(row: 4, translation: -30))
        try table.deleteRow(1)
        expectEqual(table.cell(forRow: 3)?.isTracking, true)
        #expect(try table.panChanged(row: 4, translation: -200))
        #expect(try table.panEnded(row: 4))
        table.advance(by: .milliseconds(300 as Int64))
        expectEqual(log.events, [.open(row: 3)])
        expectEqual(table.openRows, [3])
        expectEqual(table.cell(forRow: 4)?.isClosed, true)
    }

    /// An insert above moves it down the same way.
    @Test func anInsertAbovePanMovesThePanWithItsItem() throws {
        let table = table()
        try table.panBegan(row: 4)
        try table.insertRow(2, item: "New")
        #expect(try table.panChanged(row: 4, translation: -200))
        #expect(try table.panEnded(row: 4))
        expectEqual(log.events, [.open(row: 5)])
        expectEqual(table.openRows, [5])
    }

    /// The panned row deleted: the pan ends with it, and its later move, end or cancel reach
    /// nothing (false) until a pan begins on that row again; a row never panned still fails.
    @Test func aDeletedPannedRowEndsItsPan() throws {
        let table = table()
        try table.panBegan(row: 4)
        try table.panChanged(row: 4, translation: -30)
        try table.deleteRow(4)
        expectEqual(try table.panChanged(row: 4, translation: -100), false)
        expectEqual(try table.panEnded(row: 4), false)
        expectEqual(log.events, [.close(row: 4)])  // the cancel as its row left, as a scroll's
        // Over: the name is free again, and a move without a begin is the error it was.
        #expect(throws: TableError.noPanInProgress(row: 4)) { try table.panChanged(row: 4, translation: -1) }
        #expect(throws: TableError.noPanInProgress(row: 5)) { try table.panCancelled(row: 5) }
        try table.panBegan(row: 4)
        #expect(try table.panCancelled(row: 4))
    }

    /// A pan moved by an edit keeps its name: another pan cannot begin with it, and the row it
    /// is on now is still reached by its own number (as a script's `#ID` names it).
    @Test func aMovedPanKeepsItsName() throws {
        let table = table()
        try table.panBegan(row: 4)
        try table.deleteRow(1)
        #expect(throws: TableError.panAlreadyInProgress(row: 4)) { try table.panBegan(row: 4) }
        #expect(try table.panChanged(row: 3, translation: -200))
        #expect(try table.panEnded(row: 3))
        expectEqual(table.openRows, [3])
    }
}
