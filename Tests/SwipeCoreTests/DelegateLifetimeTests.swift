import SwipeTestSupport
import Testing

@testable import SwipeCore

/// What the table does with its delegate's lifetime: ``SwipeTable/delegate`` is held weakly (a
/// released delegate hears nothing and the table goes on); an owner attached with
/// ``SwipeTable/attach(owner:deliver:)`` is not referenced weakly, and detaches before it is released.
struct DelegateLifetimeTests {
    /// Opens `row` with a pan and closes it with another: an `open` and a `close`.
    func openAndClose(_ table: SwipeTable, row: Int) throws {
        try table.panBegan(row: row)
        try table.panChanged(row: row, translation: -60)
        try table.panEnded(row: row)
        table.advance(by: .milliseconds(300 as Int64))
        try table.panBegan(row: row)
        try table.panChanged(row: row, translation: 130)
        try table.panEnded(row: row)
        table.advance(by: .milliseconds(300 as Int64))
    }

    @Test func aReleasedDelegateHearsNothingAndTheTableGoesOn() throws {
        let table = SwipeTable(items: .generated(count: 30))
        weak var released: EventLog?
        do {
            let log = EventLog()
            released = log
            table.delegate = log
            try openAndClose(table, row: 2)
            expectEqual(log.events, [.open(row: 2), .close(row: 2)])
        }
        #expect(released == nil)
        #expect(table.delegate == nil)
        try openAndClose(table, row: 3)
        #expect(table.openRows.isEmpty)
        expectEqual(table.cell(forRow: 3)?.right, 0)
    }

    @Test func anAttachedOwnerHearsEveryEventAndIsTheDelegate() throws {
        let table = SwipeTable(items: .generated(count: 30))
        let owner = EventLog()
        table.attach(owner)
        #expect(table.delegate === owner)
        try openAndClose(table, row: 4)
        expectEqual(owner.events, [.open(row: 4), .close(row: 4)])
    }

    @Test func aDetachedOwnerHearsNothingMore() throws {
        let table = SwipeTable(items: .generated(count: 30))
        let owner = EventLog()
        table.attach(owner)
        try openAndClose(table, row: 1)
        table.detach(owner: owner)
        #expect(table.delegate == nil)
        try openAndClose(table, row: 5)
        expectEqual(owner.events, [.open(row: 1), .close(row: 1)])
    }

    /// A reload's new host attaches before the old one is released: the old one's detach
    /// leaves the new one in place.
    @Test func detachingAReplacedOwnerKeepsTheNewOne() throws {
        let table = SwipeTable(items: .generated(count: 30))
        let old = EventLog()
        let new = EventLog()
        table.attach(old)
        table.attach(new)
        table.detach(owner: old)
        #expect(table.delegate === new)
        try openAndClose(table, row: 6)
        #expect(old.events.isEmpty)
        expectEqual(new.events, [.open(row: 6), .close(row: 6)])
    }

    /// Setting ``SwipeTable/delegate`` ends an attachment, and attaching replaces a weak
    /// delegate: exactly one of them hears each event.
    @Test func theDelegateAndAnOwnerReplaceEachOther() throws {
        let table = SwipeTable(items: .generated(count: 30))
        let owner = EventLog()
        let delegate = EventLog()
        table.attach(owner)
        table.delegate = delegate
        #expect(table.delegate === delegate)
        try openAndClose(table, row: 7)
        table.attach(owner)
        #expect(table.delegate === owner)
        try openAndClose(table, row: 8)
        expectEqual(delegate.events, [.open(row: 7), .close(row: 7)])
        expectEqual(owner.events, [.open(row: 8), .close(row: 8)])
    }

    /// The contract as an owner keeps it: it owns the table and detaches in `deinit`. Once it
    /// is released the table (kept by someone else) delivers to nobody.
    @Test func anOwnerThatDetachesInDeinitLeavesTheTableUsable() throws {
        final class Owner: SwipeTableDelegate {
            let table = SwipeTable(items: .generated(count: 30))
            var count = 0
            init() {
                table.attach(owner: self) { unsafeDowncast($0, to: Owner.self).swipeTable($1, didDeliver: $2) }
            }
            deinit { table.detach(owner: self) }
            func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) { count += 1 }
        }
        var owner: Owner? = Owner()
        let table = owner!.table
        try openAndClose(table, row: 9)
        expectEqual(owner?.count, 2)
        owner = nil
        #expect(table.delegate == nil)
        try openAndClose(table, row: 10)
        #expect(table.openRows.isEmpty)
    }
}

extension SwipeTable {
    /// Attaches `log` as an owner (the tests keep it alive).
    fileprivate func attach(_ log: EventLog) {
        attach(owner: log) { unsafeDowncast($0, to: EventLog.self).swipeTable($1, didDeliver: $2) }
    }
}
