import SwipeTestSupport
import Testing

@testable import SwipeCore
@testable import SwipeScript

/// A configured duration of 0 is the tutorial's non-animated step (its "not animated" path
/// is an animation of duration 0): every completion runs before the event returns.
struct ZeroDurationTests {
    static let instant = CellConfiguration(buttons: CellConfiguration.tutorial.buttons, duration: .zero)

    struct Constants: Equatable {
        var right: Double
        var left: Double
        var startingRight: Double
        init(_ cell: SwipeCell) {
            (right, left, startingRight) = (cell.right, cell.left, cell.startingRight)
        }
    }

    /// Cells in the states a snap can start from: closed, open, and mid-pan either way.
    static func startingCells(_ configuration: CellConfiguration) -> [SwipeCell] {
        var closed = SwipeCell(configuration: configuration)
        var open = closed
        open.openCell(at: .start)
        var opening = closed
        opening.panBegan(translation: 0)
        _ = opening.panChanged(translation: -50, at: .start)
        var closing = open
        closing.panBegan(translation: 0)
        _ = closing.panChanged(translation: 30, at: .start)
        closed.prepareForReuse(at: .start)
        return [closed, open, opening, closing]
    }

    @Test func aZeroDurationSnapIsTheNonAnimatedSnap() {
        let t = VirtualInstant.start + .milliseconds(7 as Int64)
        for (index, start) in Self.startingCells(Self.instant).enumerated() {
            for notify in [false, true] {
                var animated = start
                var reference = start
                let a = animated.setConstraintsToShowAllButtons(animated: true, notify: notify, at: t)
                let r = reference.setConstraintsToShowAllButtons(animated: false, notify: notify, at: t)
                expectEqual(a, r, "open, cell \(index)")
                expectEqual(a.completion, nil)
                expectEqual(Constants(animated), Constants(reference), "open, cell \(index)")
                expectEqual(animated.presentedRight(at: t), reference.presentedRight(at: t))

                animated = start
                reference = start
                let b = animated.resetConstraintConstantsToZero(animated: true, notify: notify, at: t)
                let s = reference.resetConstraintConstantsToZero(animated: false, notify: notify, at: t)
                expectEqual(b, s, "close, cell \(index)")
                expectEqual(b.completion, nil)
                expectEqual(Constants(animated), Constants(reference), "close, cell \(index)")
            }
        }
    }

    /// The same pan events on a duration-0 cell and on a tutorial cell whose completions all
    /// run at once after each event (what the non-animated path does inside the event): the
    /// same constants and notifications after every event, and nothing left to schedule.
    @Test func panEventsOnADurationZeroCellMatchTheNonAnimatedPath() {
        enum Event {
            case began(Double)
            case changed(Double)
            case ended, cancelled
        }
        let script: [Event] = [
            .began(0), .changed(-40), .changed(-200), .ended, .began(0), .changed(30), .ended,
            .began(0), .changed(-100), .cancelled, .began(0), .changed(-170), .changed(10), .ended,
            .began(0), .changed(-60), .ended, .began(0), .ended,
        ]
        var cell = SwipeCell(configuration: Self.instant)
        var reference = SwipeCell()
        let t = VirtualInstant.start
        for (index, event) in script.enumerated() {
            var effects = CellEffects()
            var expected = CellEffects()
            switch event {
            case .began(let x):
                cell.panBegan(translation: x)
                reference.panBegan(translation: x)
            case .changed(let x):
                effects = cell.panChanged(translation: x, at: t)
                expected = reference.panChanged(translation: x, at: t)
            case .ended:
                effects = cell.panEnded(at: t)
                expected = reference.panEnded(at: t)
            case .cancelled:
                effects = cell.panCancelled(at: t)
                expected = reference.panCancelled(at: t)
            }
            var pending = expected.completion
            while let step = pending { pending = reference.complete(step.step, at: t) }
            expectEqual(effects.completion, nil, "event \(index)")
            expectEqual(effects.notification, expected.notification, "event \(index)")
            expectEqual(Constants(cell), Constants(reference), "event \(index)")
        }
        #expect(cell.isOpen)
    }

    /// Through the table: a duration-0 row settles before the next line, so a pan that ends and
    /// one that begins at the same virtual time see the settled constants.
    @Test func aDurationZeroRowSettlesBeforeTheNextLine() throws {
        let script = """
            pan 3 begin
            pan 3 move -100
            pan 3 end
            pan 3 begin
            pan 3 move 20
            pan 3 end
            pan 3 begin
            pan 3 move 100
            pan 3 end
            swipe 4 -100 0
            """
        func run(_ configuration: CellConfiguration, settle: Bool) throws -> ([String], [[Double]]) {
            let table = SwipeTable { _, _ in configuration }
            let recorder = TraceRecorder()
            table.delegate = recorder
            let runner = ScriptRunner(table: table, fileName: "t")
            var constants: [[Double]] = []
            for line in try ScriptParser(fileName: "t").parse(script) {
                try runner.run(line)
                if settle { table.advance(by: .milliseconds(200 as Int64)) }
                #expect(!table.hasPendingAnimations)
                let cells = [3, 4].compactMap { table.cell(forRow: $0) }
                constants.append(cells.flatMap { [$0.right, $0.left, $0.startingRight] })
            }
            let events = recorder.records.map { record -> String in
                switch record.event {
                case .open(let row): "open \(row)"
                case .close(let row): "close \(row)"
                default: "\(record.event)"
                }
            }
            return (events, constants)
        }
        let instant = try run(Self.instant, settle: false)
        expectEqual(instant.0, ["open 3", "open 3", "close 3", "open 4"])
        expectEqual(instant.1.last, [0, 0, 0, 160, -160, 160])
        // Line 5 (a move right by 20 from open): the pan began open (startingRight 160).
        expectEqual(instant.1[4], [140, -140, 160, 0, 0, 0])
        let settled = try run(.tutorial, settle: true)
        expectEqual(instant.0, settled.0)
        expectEqual(instant.1, settled.1)
    }
}
