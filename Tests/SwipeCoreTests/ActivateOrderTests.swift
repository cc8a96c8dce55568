import SwipeTestSupport
import Testing

@testable import SwipeCore

/// The hook and event order of `activate ROW ID` (`t:activate`) for a button on the
/// left edge and one on the right, as a property over generated rows, buttons and open rows:
/// the button's action alone (no `begin`, `will_open`, `open` or `close`; the row stays where it
/// is), the same under `rtl`, where the edges are mirrored (the left edge is trailing), and the
/// same with the edges' buttons swapped, sides swapped.
struct ActivateOrderTests {
    /// Every event as a line, with its side and, for an action, its button's number.
    final class Lines: SwipeTableDelegate {
        var lines: [String] = []

        func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) {
            switch event {
            case .accessibilityAction(let row, let button, let number, let side):
                lines.append("activate \(row) \(button.id) \(number) \(side?.rawValue ?? "-")")
            case .open(let row, let side, _): lines.append("open \(row) \(side?.rawValue ?? "-")")
            case .close(let row, let side, _, _): lines.append("close \(row) \(side?.rawValue ?? "-")")
            case .begin(let row, let side): lines.append("begin \(row) \(side.rawValue)")
            case .willOpen(let row, let side, _): lines.append("will_open \(row) \(side.rawValue)")
            case .willClose(let row, let side, _, _): lines.append("will_close \(row) \(side.rawValue)")
            default: lines.append("other \(event)")
            }
        }
    }

    /// One generated case: the buttons of both edges (1 to 3 each; the leading edge's first a
    /// `manual` full-swipe button in some), a row opened beforehand (or none), and the button
    /// activated, named by its physical edge (left or right) and number.
    struct Case: CustomStringConvertible {
        var leading: [SwipeButton]
        var trailing: [SwipeButton]
        var manualLeading: Bool
        var opened: (row: Int, edge: Edge)?
        var row: Int
        var left: Bool
        var number: Int

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            func buttons(_ prefix: String) -> [SwipeButton] {
                (1...Int.random(in: 1...3, using: &random)).map {
                    SwipeButton(
                        id: "\(prefix)\($0)", title: "\(prefix.uppercased())\($0)",
                        width: Double(Int.random(in: 4...9, using: &random) * 10))
                }
            }
            leading = buttons("l")
            trailing = buttons("t")
            manualLeading = Bool.random(using: &random)
            opened =
                Bool.random(using: &random)
                ? (Int.random(in: 1...5, using: &random), Bool.random(using: &random) ? .leading : .trailing) : nil
            row = Int.random(in: 1...5, using: &random)
            left = Bool.random(using: &random)
            number = Int.random(in: 1...3, using: &random)
        }

        var description: String {
            "leading \(leading.map(\.id)) trailing \(trailing.map(\.id)) manual \(manualLeading) opened \(opened.map { "\($0.row) \($0.edge)" } ?? "-") activate \(row) \(left ? "left" : "right") #\(number)"
        }

        /// The configuration, its edges swapped when `swapped`.
        func configuration(swapped: Bool) -> CellConfiguration {
            let (first, second) = swapped ? (trailing, leading) : (leading, trailing)
            var leadingEdge = EdgeActions(buttons: first)
            var trailingEdge = EdgeActions(buttons: second)
            let manual = FullSwipe(button: 0, threshold: 400, completion: .manual, width: 400)
            if manualLeading {
                if swapped { trailingEdge.fullSwipe = manual } else { leadingEdge.fullSwipe = manual }
            }
            var configuration = CellConfiguration(buttons: [], leading: leadingEdge)
            configuration.trailing = trailingEdge
            return configuration
        }

        struct Outcome: Equatable {
            var lines: [String]
            var open: Set<Int>
            var offsets: [Double]
            var waiting: [Bool]
        }

        /// The events of the activation alone, and the table after it, under `direction`;
        /// `swapped`: the edges' buttons swapped, and the opened edge and the button's with them.
        func run(_ direction: LayoutDirection, swapped: Bool) throws -> Outcome {
            let configuration = configuration(swapped: swapped)
            let table = SwipeTable(direction: direction) { _, _ in configuration }
            table.reportsLifecycle = true
            let lines = Lines()
            table.delegate = lines
            if let opened {
                try table.openRow(opened.row, edge: swapped ? opened.edge.opposite : opened.edge)
                table.advance(by: .milliseconds(500 as Int64))
            }
            let before = (1...5).map { table.cell(forRow: $0)?.offset ?? 0 }
            lines.lines = []
            // The physical edge's semantic one: left is leading left to right, trailing right to left.
            let edge: Edge = (left == (direction == .ltr)) ? .leading : .trailing
            let buttons = configuration[edge].buttons
            let button = buttons[min(number, buttons.count) - 1]
            try table.activate(row: row, buttonID: button.id)
            table.advance(by: .milliseconds(500 as Int64))
            let after = (1...5).map { table.cell(forRow: $0)?.offset ?? 0 }
            expectEqual(after, before, "the rows stay where they are: \(self)")
            // How far each row is open: the sign is the physical side, which the mirrors flip.
            return Outcome(
                lines: lines.lines, open: table.openRows, offsets: after.map(abs),
                waiting: (1...5).map { table.isWaiting(row: $0) })
        }
    }

    static let seeds: [UInt64] = Array(0..<300)

    @Test func activateIsTheActionAloneAndMirrored() throws {
        var edges: Set<String> = []
        for seed in Self.seeds {
            let test = Case(seed: seed)
            let ltr = try test.run(.ltr, swapped: false)
            // The action alone, naming its side and number; nothing opens, closes or begins.
            expectEqual(ltr.lines.count, 1, "\(test): \(ltr.lines)")
            let fields = ltr.lines.first?.split(separator: " ").map(String.init) ?? []
            #expect(fields.first == "activate" && fields[1] == String(test.row), "\(test): \(ltr.lines)")
            let side = test.left ? "leading" : "trailing"
            expectEqual(fields.last, side, "\(test): \(ltr.lines)")
            expectEqual(fields[2].first, (test.left ? "l" : "t"), "\(test): \(ltr.lines)")
            edges.insert(side)
            // The leading edge's manual full-swipe button leaves its row waiting, still at rest.
            let waits = test.manualLeading && test.left && fields[3] == "1"
            expectEqual(ltr.waiting[test.row - 1], waits, "\(test)")
            expectEqual(ltr.open, Set(test.opened.map { [$0.row] } ?? []), "\(test)")

            // Right to left: the left edge is trailing; its button gives the same events as the
            // right edge's (its semantic twin) left to right.
            var mirrored = test
            mirrored.left.toggle()
            let rtl = try mirrored.run(.rtl, swapped: false)
            expectEqual(rtl, ltr, "\(test)")

            // The edges' buttons swapped: the same events, sides swapped.
            let swapped = try mirrored.run(.ltr, swapped: true)
            let other = test.left ? "trailing" : "leading"
            expectEqual(swapped.lines, ltr.lines.map { $0.replacing(side, with: other) }, "\(test)")
            #expect(swapped.open == ltr.open && swapped.waiting == ltr.waiting, "\(test)")
            let both = try mirrored.run(.rtl, swapped: true)
            expectEqual(both, (try test.run(.ltr, swapped: true)), "\(test)")
        }
        expectEqual(edges, ["leading", "trailing"])
    }
}
