import SwipeTestSupport
import Testing

@testable import SwipeCore

/// Leading actions, right-to-left layout and the table's behaviour options, on the core.
struct EdgeTests {
    let t0 = VirtualInstant.start
    let log = SideEventLog()

    static func buttons(_ prefix: String, _ widths: [Double]) -> [SwipeButton] {
        widths.enumerated().map {
            SwipeButton(id: "\(prefix)\($0.offset + 1)", title: "\(prefix)\($0.offset + 1)", width: $0.element)
        }
    }

    /// The tutorial's trailing buttons, and `unread` (80 points) on the leading edge.
    static let bothEdges = CellConfiguration(
        buttons: CellConfiguration.tutorial.buttons,
        leading: EdgeActions(buttons: [SwipeButton(id: "unread", title: "Unread", width: 80)]))

    func table(
        _ configuration: CellConfiguration = bothEdges, direction: LayoutDirection = .ltr,
        options: TableBehaviorOptions = TableBehaviorOptions()
    ) -> SwipeTable {
        let table = SwipeTable(items: .generated(count: 30), direction: direction, options: options) { _, _ in
            configuration
        }
        table.delegate = log
        return table
    }

    func swipe(_ table: SwipeTable, row: Int, to x: Double) throws {
        try table.panBegan(row: row)
        try table.panChanged(row: row, translation: x)
        try table.panEnded(row: row)
        table.advance(by: .milliseconds(300 as Int64))
    }

    // MARK: Both edges, end to end

    @Test func aLeadingSwipeOpensTheLeadingEdgeAndItsButtonTaps() throws {
        let table = table()
        try swipe(table, row: 3, to: 120)
        expectEqual(log.events, [.open(row: 3, side: .leading)])
        expectEqual(table.cell(forRow: 3)?.right, -80)
        expectEqual(table.cell(forRow: 3)?.left, 80)
        expectEqual(table.cell(forRow: 3)?.offset, 80)
        expectEqual(table.openEdge(ofRow: 3), .leading)
        #expect(try table.tap(row: 3, buttonID: "unread"))
        expectEqual(
            log.events.last, .action(row: 3, button: Self.bothEdges.leading.buttons[0], number: 1, side: .leading))
    }

    @Test func exclusiveClosesTheOpenRowBeforeTheNextOpens() throws {
        let table = table(.tutorial, options: TableBehaviorOptions(exclusive: true))
        try swipe(table, row: 3, to: -120)
        try swipe(table, row: 5, to: -120)
        expectEqual(log.events, [.open(row: 3), .close(row: 3), .open(row: 5)])
        expectEqual(log.times, [t0, t0 + .milliseconds(300 as Int64), t0 + .milliseconds(300 as Int64)])
        expectEqual(table.openRows, [5])
        expectEqual(table.cell(forRow: 3)?.right, 0)  // closed, animated: bounce, settle, commit
        expectEqual(table.cell(forRow: 3)?.isClosed, true)
    }

    // MARK: Edges

    @Test func aFingerCrossingBackOverItsStartSwitchesEdges() throws {
        let table = table()
        try table.panBegan(row: 2)
        try table.panChanged(row: 2, translation: -30)
        expectEqual(table.cell(forRow: 2)?.edge, .trailing)
        expectEqual(table.cell(forRow: 2)?.right, 30)
        try table.panChanged(row: 2, translation: 50)
        expectEqual(table.cell(forRow: 2)?.edge, .leading)
        expectEqual(table.cell(forRow: 2)?.right, -50)
        try table.panChanged(row: 2, translation: -45)
        expectEqual(table.cell(forRow: 2)?.edge, .trailing)
        expectEqual(table.cell(forRow: 2)?.right, 45)
        try table.panEnded(row: 2)
        expectEqual(log.events, [.open(row: 2, side: .trailing)])
    }

    @Test func aZeroDeltaRevealsNeitherEdge() throws {  // quirk 3, on both edges
        let table = table()
        try table.panBegan(row: 2)
        try table.panChanged(row: 2, translation: 30)
        try table.panChanged(row: 2, translation: 0)  // the close snap, with the bounce on the leading edge
        expectEqual(table.cell(forRow: 2)?.edge, .leading)
        expectEqual(table.cell(forRow: 2)?.reveal(on: .leading), -20)
        expectEqual(table.cell(forRow: 2)?.right, 20)
    }

    @Test func aPanThatBeganOpenNeverRevealsTheOtherEdge() throws {
        let table = table()
        try swipe(table, row: 4, to: -200)  // open on the trailing edge at 160
        try table.panBegan(row: 4)
        try table.panChanged(row: 4, translation: 100)
        expectEqual(table.cell(forRow: 4)?.right, 60)
        try table.panChanged(row: 4, translation: 300)  // far past closed: clamped, the close snap
        expectEqual(table.cell(forRow: 4)?.edge, .trailing)
        expectEqual(table.cell(forRow: 4)?.right, -20)
        try table.panChanged(row: 4, translation: 250)
        expectEqual(table.cell(forRow: 4)?.edge, .trailing)
        #expect(table.cell(forRow: 4)!.right >= -20)
        try table.panEnded(row: 4)
        expectEqual(log.events, [.open(row: 4, side: .trailing), .close(row: 4, side: .trailing)])
        table.advance(by: .milliseconds(300 as Int64))
        expectEqual(table.cell(forRow: 4)?.isClosed, true)
    }

    @Test func anEdgeWithoutButtonsNeverMoves() throws {  // as a right pan on the tutorial's cell
        let leadingOnly = CellConfiguration(buttons: [], leading: EdgeActions(buttons: Self.buttons("l", [60])))
        let table = table(leadingOnly)
        try table.panBegan(row: 1)
        try table.panChanged(row: 1, translation: -100)
        expectEqual(table.cell(forRow: 1)?.offset, 0)
        try table.panEnded(row: 1)
        // Released closed: the close snap notifies (quirk 1), naming the only edge the row has.
        expectEqual(log.events, [.close(row: 1, side: .leading)])
        expectEqual(table.cell(forRow: 1)?.offset, 0)
    }

    @Test func leadingTapsReachOnlyRevealedButtons() throws {
        let configuration = CellConfiguration(buttons: [], leading: EdgeActions(buttons: Self.buttons("l", [60, 80])))
        let table = table(configuration)
        expectEqual(try table.tap(row: 1, edge: .leading, button: 1), false)
        try table.panBegan(row: 1)
        try table.panChanged(row: 1, translation: 31)  // past the middle of leading button 1 (30)
        expectEqual(try table.tap(row: 1, edge: .leading, button: 1), true)
        expectEqual(try table.tap(row: 1, edge: .leading, button: 2), false)  // its middle is at 100
        try table.panChanged(row: 1, translation: 101)
        expectEqual(try table.tap(row: 1, buttonID: "l2"), true)
        try table.panChanged(row: 1, translation: -101)  // the other way: no trailing buttons, snaps closed
        expectEqual(try table.tap(row: 1, edge: .leading, button: 1), false)
        #expect(throws: TableError.noSuchButtonOnEdges(row: 1, button: "1", trailing: [], leading: ["l1", "l2"])) {
            try table.tap(row: 1, edge: .trailing, button: 1)
        }
        expectEqual(
            TableError.noSuchButtonOnEdges(row: 1, button: "zzzz", trailing: ["a"], leading: ["l1", "l2"]).description,
            "row 1 has no button 'zzzz': trailing 'a' (1, the outermost), leading 'l1' (leading:1) and 'l2' (leading:2)"
        )
    }

    @Test func theTableOpensARowOnAnEdge() throws {
        let table = table()
        try table.openRow(2, edge: .leading)
        expectEqual(table.cell(forRow: 2)?.right, -80)
        expectEqual(table.cell(forRow: 2)?.isOpen, true)
        try table.openRow(3)  // default: trailing, the row has trailing buttons
        expectEqual(table.cell(forRow: 3)?.right, 160)
        #expect(log.events.isEmpty)
        #expect(throws: TableError.noButtonsOnEdge(row: 1, edge: .leading)) {
            let tutorial = SwipeTable(items: .generated(count: 30))
            try tutorial.openRow(1, edge: .leading)
        }
        expectEqual(TableError.noButtonsOnEdge(row: 1, edge: .leading).description, "row 1 has no leading buttons")
    }

    @Test func anOpenLeadingRowComesBackOpenOnItsEdge() throws {
        let table = table()
        try swipe(table, row: 2, to: 100)
        table.scroll(by: 600)
        table.scroll(by: -600)
        expectEqual(table.cell(forRow: 2)?.right, -80)
        expectEqual(table.openEdge(ofRow: 2), .leading)
    }

    // MARK: Right to left

    @Test func rightToLeftPutsTheTrailingEdgeOnTheLeft() throws {
        let table = table(direction: .rtl)
        try swipe(table, row: 3, to: 120)  // towards the right: the trailing edge, in rtl
        expectEqual(log.events, [.open(row: 3, side: .trailing)])
        expectEqual(table.cell(forRow: 3)?.right, -160)
        try swipe(table, row: 5, to: -100)
        expectEqual(log.events.last, .open(row: 5, side: .leading))
        expectEqual(table.cell(forRow: 5)?.right, 80)
    }

    @Test func changingTheDirectionMirrorsTheOpenCells() throws {
        let table = table()
        try swipe(table, row: 3, to: -120)
        table.direction = .rtl
        expectEqual(table.cell(forRow: 3)?.right, -160)
        expectEqual(table.cell(forRow: 3)?.edge, .trailing)
        expectEqual(table.cell(forRow: 3)?.isOpen, true)
    }

    // MARK: Table options

    @Test func withoutOptionsRowsStayOpenAcrossScrollsAndTaps() throws {  // the tutorial
        let table = table(.tutorial)
        try swipe(table, row: 3, to: -120)
        table.scroll(by: 44)
        try table.tapContent(row: 4)
        expectEqual(table.openRows, [3])
        expectEqual(log.events, [.open(row: 3)])
    }

    @Test func closeOnScrollClosesTheOpenRowsAnimated() throws {
        let table = table(options: TableBehaviorOptions(closeOnScroll: true))
        try swipe(table, row: 3, to: -120)
        try swipe(table, row: 5, to: 120)
        table.scroll(by: 10)
        expectEqual(
            log.events,
            [
                .open(row: 3, side: .trailing), .open(row: 5, side: .leading), .close(row: 3, side: .trailing),
                .close(row: 5, side: .leading),
            ])
        #expect(table.openRows.isEmpty)
        expectEqual(table.cell(forRow: 3)?.right, -20)  // the close snap's bounce
        table.advance(by: .milliseconds(300 as Int64))
        expectEqual(table.cell(forRow: 3)?.isClosed, true)
        expectEqual(table.cell(forRow: 5)?.isClosed, true)
    }

    @Test func closeOnScrollForgetsOpenRowsOffScreenWithTheirEvent() throws {
        let table = table(.tutorial, options: TableBehaviorOptions(closeOnScroll: true))
        try table.openRow(20)
        table.scroll(by: 44)
        expectEqual(log.events, [.close(row: 20)])
        #expect(table.openRows.isEmpty)
    }

    @Test func closeOnTapClosesTheOpenRowOnATapOnAnyContent() throws {
        let table = table(options: TableBehaviorOptions(closeOnTap: true))
        try swipe(table, row: 3, to: 120)
        try table.tapContent(row: 7)
        expectEqual(log.events, [.open(row: 3, side: .leading), .close(row: 3, side: .leading)])
        #expect(table.openRows.isEmpty)
        try swipe(table, row: 3, to: -120)
        try table.tapContent(row: 3)  // its own content too
        #expect(table.openRows.isEmpty)
        #expect(throws: TableError.rowOffScreen(row: 20, visible: 1..<13)) { try table.tapContent(row: 20) }
    }

    @Test func exclusiveAppliesToTheTableOpeningARowToo() throws {
        let table = table(options: TableBehaviorOptions(exclusive: true))
        try swipe(table, row: 2, to: 120)
        try table.openRow(6)
        expectEqual(log.events, [.open(row: 2, side: .leading), .close(row: 2, side: .leading)])
        expectEqual(table.openRows, [6])
        // Touching the open row again re-opens it (quirk 1): nothing else to close.
        try table.panBegan(row: 6)
        try table.panEnded(row: 6)
        expectEqual(log.events.last, .open(row: 6, side: .trailing))
        expectEqual(table.openRows, [6])
    }

    // MARK: Invariants

    @Test func theInvariantsHoldThroughEveryEvent() throws {
        // Debug builds check them after every event of every test; here explicitly, through
        // reuse, edits and both edges.
        let table = table(options: TableBehaviorOptions(exclusive: true))
        let steps: [(SwipeTable) throws -> Void] = [
            { try $0.panBegan(row: 2) }, { try $0.panChanged(row: 2, translation: 60) },
            { try $0.panChanged(row: 2, translation: -170) },
            { try $0.panEnded(row: 2) }, { $0.advance(by: .milliseconds(50 as Int64)) }, { $0.scroll(by: 400) },
            { $0.scroll(by: -400) },
            { try $0.insertRow(1, item: "new") }, { try $0.deleteRow(2) }, { try $0.openRow(5, edge: .leading) },
            { $0.direction = .rtl },
            { $0.advance(by: .milliseconds(500 as Int64)) }, { try $0.setItem("x", row: 5) },
        ]
        for step in steps {
            try step(table)
            table.checkInvariants()
        }
        expectEqual(table.openRows, [5])
        expectEqual(table.cell(forRow: 5)?.right, 80)  // leading, in rtl: the content moved left
    }
}

/// Records delegate calls with their sides.
final class SideEventLog: SwipeTableDelegate {
    var events: [TableEvent] = []
    var times: [VirtualInstant] = []

    /// Opens, closes and actions with their sides (a full swipe's action as a tap), no velocity.
    func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) {
        switch event {
        case .open(let row, let side, _): events.append(.open(row: row, side: side))
        case .close(let row, let side, _, _): events.append(.close(row: row, side: side))
        case .action(let row, let button, let number, let side), .fullAction(let row, let button, let number, let side):
            events.append(.action(row: row, button: button, number: number, side: side))
        case .expand, .delete, .begin, .willOpen, .willClose, .progress, .accessibilityAction, .actionsListed: return
        }
        times.append(table.now)
    }
}
