import SwipeTestSupport
import Testing

@testable import SwipeCore

/// The lifecycle events (`begin`, `will_open`, `will_close`, `progress`): where each falls among
/// the delegate's calls for every kind of gesture, that they only observe, and their mirror.
struct LifecycleEventTests {
    /// Every event as a line: `begin 3 trailing`, `progress 3 trailing -30 0.1875`, ...
    final class Lines: SwipeTableDelegate {
        var lines: [String] = []

        func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) {
            let line: String
            switch event {
            case .open(let row, let side, let velocity): line = "open \(row)\(Self.side(side))\(Self.speed(velocity))"
            case .close(let row, let side, let velocity, _):
                line = "close \(row)\(Self.side(side))\(Self.speed(velocity))"
            case .action(let row, let button, _, _): line = "action \(row) \(button.id)"
            case .fullAction(let row, let button, _, _): line = "full \(row) \(button.id)"
            case .expand(let row, let side, let expanded):
                line = "\(expanded ? "expand" : "collapse") \(row) \(side.rawValue)"
            case .delete(let row, _, _): line = "delete \(row)"
            case .begin(let row, let side): line = "begin \(row) \(side.rawValue)"
            case .willOpen(let row, let side, let velocity):
                line = "will_open \(row) \(side.rawValue)\(Self.speed(velocity))"
            case .willClose(let row, let side, let velocity, _):
                line = "will_close \(row) \(side.rawValue)\(Self.speed(velocity))"
            case .progress(let row, let side, let offset, let fraction):
                line =
                    "progress \(row) \(side.rawValue) \(NumberText.describe(offset)) \(NumberText.describe(fraction))"
            case .accessibilityAction(let row, let button, _, _): line = "activate \(row) \(button.id)"
            case .actionsListed(let row, _): line = "actions \(row)"
            }
            lines.append(line)
        }

        static func side(_ side: Edge?) -> String { side.map { " \($0.rawValue)" } ?? "" }
        static func speed(_ velocity: Double?) -> String { velocity.map { " v=\(NumberText.describe($0))" } ?? "" }
    }

    /// A table of tutorial rows (two 80-point trailing buttons; `configuration` to change them)
    /// reporting every lifecycle event.
    static func table(
        _ configuration: CellConfiguration = .tutorial, direction: LayoutDirection = .ltr,
        options: TableBehaviorOptions = TableBehaviorOptions()
    ) -> (SwipeTable, Lines) {
        let table = SwipeTable(direction: direction, options: options) { _, _ in configuration }
        table.reportsLifecycle = true
        table.reportsProgress = true
        let lines = Lines()
        table.delegate = lines
        return (table, lines)
    }

    @Test func aSlowDragBeginsMovesAndIsAboutToOpenBeforeItOpens() throws {
        let (table, log) = Self.table()
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -30)
        table.advance(by: .milliseconds(100 as Int64))
        try table.panChanged(row: 3, translation: -60)
        // Released at the last move's time: 30 points left in 100 ms.
        try table.panEnded(row: 3)
        expectEqual(
            log.lines,
            [
                "begin 3 trailing", "progress 3 trailing -30 0.1875", "progress 3 trailing -60 0.375",
                "will_open 3 trailing v=-300", "open 3",
            ])
    }

    @Test func aFlickCarriesItsVelocityToWillOpenAndOpen() throws {
        var configuration = CellConfiguration.tutorial
        configuration.release = .velocity
        let (table, log) = Self.table(configuration)
        try table.panBegan(row: 2)
        try table.panChanged(row: 2, translation: -10)
        try table.panEnded(row: 2, velocity: -900)
        expectEqual(
            log.lines,
            [
                "begin 2 trailing", "progress 2 trailing -10 0.0625", "will_open 2 trailing v=-900",
                "open 2 v=-900",
            ])
    }

    @Test func aTapOnARevealedButtonIsItsActionAlone() throws {
        let (table, log) = Self.table()
        try table.openRow(4)
        try table.tap(row: 4, button: 1)
        try table.tapContent(row: 4)
        expectEqual(log.lines, ["action 4 one"])
    }

    @Test func aCancelledPanIsAboutToCloseWithoutAVelocity() throws {
        let (table, log) = Self.table()
        try table.panBegan(row: 1)
        try table.panChanged(row: 1, translation: -100)
        try table.panCancelled(row: 1)
        expectEqual(
            log.lines, ["begin 1 trailing", "progress 1 trailing -100 0.625", "will_close 1 trailing", "close 1"])
    }

    @Test func aFullSwipeExpandsAndIsAboutToCloseBeforeItsActionWithReset() throws {
        var configuration = CellConfiguration.tutorial
        configuration.trailing.fullSwipe = FullSwipe(button: 0, threshold: 200, completion: .reset, width: 320)
        let (table, log) = Self.table(configuration)
        try table.panBegan(row: 5)
        try table.panChanged(row: 5, translation: -200)
        try table.panChanged(row: 5, translation: -150)
        try table.panChanged(row: 5, translation: -200)
        try table.panEnded(row: 5, velocity: 0)
        expectEqual(
            log.lines,
            [
                "begin 5 trailing", "progress 5 trailing -200 1.25", "expand 5 trailing",
                "progress 5 trailing -150 0.9375", "collapse 5 trailing", "progress 5 trailing -200 1.25",
                "expand 5 trailing", "will_close 5 trailing v=0", "close 5", "full 5 one",
            ])
    }

    /// A pan over a row it began with open begins nothing until it crosses to the other side.
    @Test func aPanThatBeganOpenBeginsNothingOnItsSide() throws {
        var configuration = CellConfiguration.tutorial
        configuration.leading = EdgeActions(buttons: [SwipeButton(id: "unread", title: "Unread", width: 80)])
        let (table, log) = Self.table(configuration)
        try table.openRow(2)
        try table.panBegan(row: 2)
        try table.panChanged(row: 2, translation: 40)
        try table.panEnded(row: 2, velocity: 0)
        expectEqual(log.lines, ["progress 2 trailing -120 0.75", "will_open 2 trailing v=0", "open 2 trailing"])
    }

    @Test func exclusiveBeginClosesTheOpenRowAsTheNextSwipeBegins() throws {
        let (table, log) = Self.table(options: TableBehaviorOptions(exclusiveOnBegin: true))
        try table.openRow(1)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: 0)
        expectEqual(table.openRows, [1])
        try table.panChanged(row: 3, translation: -20)
        expectEqual(table.openRows, [])
        try table.panChanged(row: 3, translation: -120)
        try table.panEnded(row: 3, velocity: 0)
        expectEqual(
            log.lines,
            [
                "progress 3 trailing 0 0", "begin 3 trailing", "close 1", "progress 3 trailing -20 0.125",
                "progress 3 trailing -120 0.75", "will_open 3 trailing v=0", "open 3",
            ])
        expectEqual(table.openRows, [3])
    }

    /// `exclusive = true` keeps closing the other row only when the new one opens.
    @Test func exclusiveOnOpenWaitsForTheOpen() throws {
        let (table, log) = Self.table(options: TableBehaviorOptions(exclusive: true))
        try table.openRow(1)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -120)
        expectEqual(table.openRows, [1])
        try table.panEnded(row: 3, velocity: 0)
        expectEqual(
            log.lines,
            [
                "begin 3 trailing", "progress 3 trailing -120 0.75", "will_open 3 trailing v=0", "close 1", "open 3",
            ])
    }

    /// Without a reporting table `exclusive = "begin"` still closes at the begin, silently.
    @Test func exclusiveBeginNeedsNoReporting() throws {
        let table = SwipeTable(options: TableBehaviorOptions(exclusiveOnBegin: true)) { _, _ in .tutorial }
        let log = Lines()
        table.delegate = log
        try table.openRow(1)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -20)
        expectEqual(log.lines, ["close 1"])
    }

    @Test func aRowThatIsNotReportingDeliversNone() throws {
        let table = SwipeTable { _, _ in .tutorial }
        let log = Lines()
        table.delegate = log
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -60)
        try table.panEnded(row: 3, velocity: 0)
        expectEqual(log.lines, ["open 3"])
    }

    /// The lifecycle events only observe: with them removed, a run reporting them delivers what
    /// the same run without them does, over the mirror tests' 400 generated scripts.
    @Test func theLifecycleEventsChangeNothingElse() throws {
        var lifecycle = 0
        for seed in EdgeMirrorTests.seeds {
            var test = MirrorCase(seed: seed)
            let plain = try test.run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            test.lifecycle = true
            let reported = try test.run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            let kept = reported.events.filter { line in
                !["begin", "will_open", "will_close", "progress"].contains(line.split(separator: " ")[1])
            }
            expectEqual(kept, plain.events, "\(test)")
            expectEqual(reported.constants, plain.constants, "\(test)")
            lifecycle += reported.events.count - kept.count
        }
        #expect(lifecycle > 1_000)
    }

    /// Mirrored: the leading edge and right to left give the same lifecycle events, sides swapped
    /// and offsets and velocities negated (``SideLog`` compares their sizes), with `exclusive =
    /// "begin"` on.
    @Test func theLifecycleEventsAreMirrored() throws {
        for seed in EdgeMirrorTests.seeds {
            var test = MirrorCase(seed: seed)
            test.lifecycle = true
            test.options = TableBehaviorOptions(exclusiveOnBegin: seed % 2 == 0)
            let trailing = try test.run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            let leading = try test.run(side: .leading, direction: .ltr, sign: -1, flip: true)
            let rtl = try test.run(side: .trailing, direction: .rtl, sign: -1, flip: true)
            expectEqual(leading.events, trailing.events.map(EdgeMirrorTests.leadingSide), "\(test)")
            expectEqual(rtl.events, trailing.events, "\(test)")
            expectEqual(rtl.constants, trailing.constants, "\(test)")
        }
    }
}
