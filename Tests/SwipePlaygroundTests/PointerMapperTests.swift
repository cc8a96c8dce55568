import SwipeCore
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipePlayground

/// The mapping from the page's pointer events to gesture commands, on a real table (the
/// tutorial's: 320 px wide, 44 px rows, buttons `one` (rightmost) and `two`, 80 px each).
struct PointerMapperTests {
    func event(_ phase: PointerPhase, _ x: Double, _ y: Double, _ t: Int64, id: Double = 1) -> PointerEvent {
        PointerEvent(phase: phase, x: x, y: y, time: .start + .milliseconds(t), id: id)
    }

    /// Runs `events` through a mapper on `table`, returning every command in order.
    func map(_ events: [PointerEvent], on table: SwipeTable) -> [GestureCommand] {
        var mapper = PointerMapper()
        return events.flatMap { mapper.handle($0, on: TableHitTest(table)) }
    }

    @Test func dragLeftOnRow3PansRow3() {
        let table = SwipeTable()
        let y = 2 * 44 + 20.0  // row 3
        let commands = map(
            [
                event(.down, 300, y, 0), event(.move, 295, y + 1, 16), event(.move, 280, y + 2, 32),
                event(.move, 240, y, 48), event(.move, 240, y, 56), event(.up, 200, y, 64),
            ], on: table)
        expectEqual(
            commands,
            [
                .panBegin(row: 3, x: 0), .panMove(row: 3, x: -20), .panMove(row: 3, x: -60), .panMove(row: 3, x: -100),
                .panEnd(row: 3, velocity: nil),
            ])
    }

    @Test func verticalDragScrolls() {
        let table = SwipeTable()
        let commands = map(
            [
                event(.down, 100, 300, 0), event(.move, 104, 290, 16), event(.move, 103, 280, 32),
                event(.move, 103, 250, 48), event(.up, 103, 250, 64),
            ], on: table)
        // Up by 20 px past the slop (scroll 20 down), then 30 more.
        expectEqual(commands, [.scroll(dy: 20), .scroll(dy: 30)])
    }

    @Test func smallMovesAreATapOnTheContent() {
        let table = SwipeTable()
        let commands = map([event(.down, 100, 50, 0), event(.move, 108, 57, 16), event(.up, 109, 52, 40)], on: table)
        expectEqual(commands, [.tap(row: 2, button: .content)])
    }

    @Test func tapOnARevealedButtonNamesItsIdAndTheCoveredAreaIsContent() throws {
        let table = SwipeTable()
        try table.openRow(3, edge: .trailing)
        table.advance(by: .milliseconds(1_000 as Int64))
        expectEqual(table.cell(forRow: 3)?.offset, -160)
        let y = 2 * 44 + 10.0
        // Button 1 (`one`) is the rightmost 80 px, button 2 (`two`) the 80 px left of it.
        expectEqual(
            map([event(.down, 300, y, 0), event(.up, 300, y, 10)], on: table), [.tap(row: 3, button: .id("one"))])
        expectEqual(
            map([event(.down, 200, y, 0), event(.up, 200, y, 10)], on: table), [.tap(row: 3, button: .id("two"))])
        expectEqual(
            map([event(.down, 159, y, 0), event(.up, 159, y, 10)], on: table), [.tap(row: 3, button: .content)])
        // Row 4 is closed: its buttons are covered.
        expectEqual(
            map([event(.down, 300, y + 44, 0), event(.up, 300, y + 44, 10)], on: table),
            [
                .tap(row: 4, button: .content)
            ])
    }

    /// A tap reaches the button the geometry draws there. Under `drag`, with 120 of
    /// the 240 points revealed (buttons 80, 60, 100), `b` is at 300-360 and `c` at 200-300: a tap
    /// at 310 is `b` (under `reveal` it would be `a`, fixed at 240-320), at 250 `c`.
    @Test func aTapReachesTheButtonWhereItsTransitionDrawsIt() throws {
        var configuration = CellConfiguration(buttons: [
            SwipeButton(id: "a", title: "A", width: 80), SwipeButton(id: "b", title: "B", width: 60),
            SwipeButton(id: "c", title: "C", width: 100),
        ])
        configuration.trailing.transition = .drag
        let table = SwipeTable(items: .generated(count: 10)) { _, _ in configuration }
        try table.panBegan(row: 1)
        try table.panChanged(row: 1, translation: -120)
        let hit = TableHitTest(table)
        expectEqual(hit.tapTarget(x: 310, y: 5)?.button, .id("b"))
        expectEqual(hit.tapTarget(x: 250, y: 5)?.button, .id("c"))
        expectEqual(hit.tapTarget(x: 190, y: 5)?.button, .content)
    }

    @Test func rightToLeftRevealsTheTrailingButtonsOnTheLeft() throws {
        let table = SwipeTable(direction: .rtl)
        try table.openRow(1, edge: .trailing)
        table.advance(by: .milliseconds(1_000 as Int64))
        expectEqual(table.cell(forRow: 1)?.offset, 160)
        expectEqual(
            map([event(.down, 10, 5, 0), event(.up, 10, 5, 10)], on: table), [.tap(row: 1, button: .id("one"))])
        expectEqual(
            map([event(.down, 100, 5, 0), event(.up, 100, 5, 10)], on: table), [.tap(row: 1, button: .id("two"))])
        expectEqual(
            map([event(.down, 161, 5, 0), event(.up, 161, 5, 10)], on: table), [.tap(row: 1, button: .content)])
    }

    @Test func rowsFollowTheScrollAndNothingIsBelowTheLastRow() {
        let table = SwipeTable(items: .generated(count: 5))
        // Below row 5 (220 px): neither a tap nor a pan.
        #expect(map([event(.down, 100, 300, 0), event(.up, 100, 300, 10)], on: table).isEmpty)
        #expect(
            map([event(.down, 300, 300, 0), event(.move, 200, 300, 10), event(.up, 200, 300, 20)], on: table).isEmpty)
        let long = SwipeTable()
        long.scroll(by: 100)
        expectEqual(map([event(.down, 100, 0, 0), event(.up, 100, 0, 10)], on: long), [.tap(row: 3, button: .content)])
    }

    @Test func cancelEndsAPanAndOtherPointersAreIgnored() {
        let table = SwipeTable()
        let commands = map(
            [
                event(.down, 300, 10, 0), event(.move, 280, 10, 16),
                event(.down, 10, 300, 20, id: 2), event(.move, 10, 200, 24, id: 2), event(.up, 10, 200, 30, id: 2),
                event(.move, 270, 10, 32), event(.cancel, 270, 10, 40),
                event(.move, 200, 10, 48), event(.up, 200, 10, 56),
            ], on: table)
        expectEqual(
            commands,
            [
                .panBegin(row: 1, x: 0), .panMove(row: 1, x: -20), .panMove(row: 1, x: -30), .panCancel(row: 1),
            ])
    }

    @Test func aSecondDownOfTheSamePointerCancelsTheLostPan() {
        let table = SwipeTable()
        let commands = map(
            [
                event(.down, 300, 10, 0), event(.move, 280, 10, 16), event(.down, 100, 10, 40), event(.up, 100, 10, 50),
            ], on: table)
        expectEqual(
            commands,
            [
                .panBegin(row: 1, x: 0), .panMove(row: 1, x: -20), .panCancel(row: 1), .tap(row: 1, button: .content),
            ])
    }

    /// Mirror property: a drag and its mirror image (x -> width - x) give pans with opposite
    /// translations, over many generated drags.
    @Test func mirroredDragsGiveMirroredPans() {
        var generator = SplitMix64(seed: 7)
        let table = SwipeTable()
        for _ in 0..<500 {
            let y = Double(generator.next() % 400)
            var x = Double(generator.next() % 320)
            var events = [event(.down, x, y, 0)]
            for step in 1...Int(generator.next() % 8 + 1) {
                x += Double(Int(generator.next() % 61) - 30)
                events.append(event(.move, x, y + Double(generator.next() % 5), Int64(step * 16)))
            }
            events.append(event(.up, x, y, 200))
            let mirrored = events.map {
                PointerEvent(phase: $0.phase, x: 320 - $0.x, y: $0.y, time: $0.time, id: $0.id)
            }
            let flipped: [GestureCommand] = map(mirrored, on: table).map {
                switch $0 {
                case .panMove(let row, let x): .panMove(row: row, x: -x)
                default: $0
                }
            }
            let original = map(events, on: table).filter { if case .tap = $0 { false } else { true } }
            expectEqual(original, flipped.filter { if case .tap = $0 { false } else { true } })
        }
    }
}
