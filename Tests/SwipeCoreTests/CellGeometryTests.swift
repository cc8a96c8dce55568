import SwipeTestSupport
import Testing

@testable import SwipeCore

/// One geometry for every button at every moment, and the four
/// transitions, each against the formula docs/appearance.md writes.
struct CellGeometryTests {
    /// Trailing buttons 80, 60 and 100 points wide (240 in all) in a 320-point row.
    static func configuration(_ transition: Transition) -> CellConfiguration {
        var configuration = CellConfiguration(buttons: [
            SwipeButton(id: "a", title: "A", width: 80), SwipeButton(id: "b", title: "B", width: 60),
            SwipeButton(id: "c", title: "C", width: 100),
        ])
        configuration.trailing.transition = transition
        return configuration
    }

    /// A cell drawn `reveal` points open on the trailing edge, at rest.
    static func cell(_ configuration: CellConfiguration, reveal: Double, direction: LayoutDirection = .ltr)
        -> SwipeCell
    {
        var cell = SwipeCell(configuration: configuration, direction: direction)
        cell.setOffset(reveal * direction.sign(of: .trailing))
        return cell
    }

    /// The frames (x, width) of the three buttons, button 1 first, at reveals 0, 60, 120, 240
    /// (fractions 0, 0.25, 0.5, 1) and 280 (elastic, past the buttons), as the formulas give
    /// them: from the right side, button i's outer side `d` and x = 320 - d - width.
    static let expected: [Transition: [Double: [(Double, Double)]]] = [
        // d = c: fixed.
        .reveal: [
            0: [(240, 80), (180, 60), (80, 100)], 60: [(240, 80), (180, 60), (80, 100)],
            120: [(240, 80), (180, 60), (80, 100)], 240: [(240, 80), (180, 60), (80, 100)],
            280: [(240, 80), (180, 60), (80, 100)],
        ],
        // d = c + r - 240: with the content's edge, past the buttons too.
        .drag: [
            0: [(480, 80), (420, 60), (320, 100)], 60: [(420, 80), (360, 60), (260, 100)],
            120: [(360, 80), (300, 60), (200, 100)], 240: [(240, 80), (180, 60), (80, 100)],
            280: [(200, 80), (140, 60), (40, 100)],
        ],
        // d = f (c + w) - w, f = min(r / 240, 1).
        .border: [
            0: [(320, 80), (320, 60), (320, 100)], 60: [(300, 80), (285, 60), (260, 100)],
            120: [(280, 80), (250, 60), (200, 100)], 240: [(240, 80), (180, 60), (80, 100)],
            280: [(240, 80), (180, 60), (80, 100)],
        ],
        // d = c r / 240, width w r / 240.
        .stretch: [
            0: [(320, 0), (320, 0), (320, 0)], 60: [(300, 20), (285, 15), (260, 25)],
            120: [(280, 40), (250, 30), (200, 50)], 240: [(240, 80), (180, 60), (80, 100)],
            280: [(320 - 280.0 / 3, 280.0 / 3), (320 - 490.0 / 3, 70), (40, 350.0 / 3)],
        ],
    ]

    @Test(arguments: Transition.allCases)
    func eachTransitionsFramesAreItsFormulaAtFractionsOfTheReveal(transition: Transition) throws {
        let configuration = Self.configuration(transition)
        for (reveal, frames) in try #require(Self.expected[transition]) {
            let cell = Self.cell(configuration, reveal: reveal)
            let drawn = cell.frames(of: .trailing, at: .start, width: 320)
            expectEqual(drawn.count, 3)
            for (frame, want) in zip(drawn, frames) {
                #expect(
                    abs(frame.x - want.0) < 1e-9, "\(transition) at \(reveal): button \(frame.index + 1) x \(frame.x)")
                #expect(
                    abs(frame.width - want.1) < 1e-9,
                    "\(transition) at \(reveal): button \(frame.index + 1) width \(frame.width)")
            }
            // The row's geometry draws the same frames on the side the content uncovers.
            let geometry = cell.geometry(at: .start, width: 320)
            expectEqual(geometry.offset, -reveal)
            expectEqual(geometry.buttons, (reveal == 0 ? [] : drawn))
        }
    }

    /// Four different layouts at half the reveal: a person can tell them apart.
    @Test func atHalfTheRevealTheFourTransitionsDiffer() {
        let layouts = Transition.allCases.map { transition in
            Self.cell(Self.configuration(transition), reveal: 120).frames(of: .trailing, at: .start, width: 320)
                .map { [$0.x, $0.width] }
        }
        expectEqual(Set(layouts).count, 4)
    }

    /// The clip: the part of each frame between the row's side and the content.
    @Test func eachFramesVisiblePartIsInsideTheRevealedStrip() {
        let frames = Self.cell(Self.configuration(.reveal), reveal: 120).frames(of: .trailing, at: .start, width: 320)
        expectEqual(frames.map(\.visibleX), [240, 200, 80])
        expectEqual(frames.map(\.visibleWidth), [80, 40, 0])
    }

    /// A generated edge: 1 to 4 buttons of 20 to 150 points, and a transition.
    static func generated(_ random: inout SplitMix64) -> (EdgeActions, Transition) {
        let count = Int(random.next() % 4) + 1
        let buttons = (0..<count).map {
            SwipeButton(id: "b\($0)", title: "B\($0)", width: 20 + Double(random.next() % 1_300) / 10)
        }
        var actions = EdgeActions(buttons: buttons)
        actions.transition = Transition.allCases[Int(random.next() % 4)]
        return (actions, actions.transition)
    }

    /// Mirroring: under `rtl` an edge's frames are the `ltr` ones reflected in the row's middle
    /// (x becomes width - x - w), for generated edges, transitions and reveals, both edges.
    @Test func rtlMirrorsEveryFrame() {
        var random = SplitMix64(seed: 23)
        for _ in 0..<500 {
            let (actions, transition) = Self.generated(&random)
            let reveal = Double(random.next() % 4_000) / 10 - 40
            var configuration = CellConfiguration(buttons: [])
            configuration.leading = actions
            configuration.trailing = actions
            for edge in Edge.allCases {
                var ltr = SwipeCell(configuration: configuration, direction: .ltr)
                var rtl = SwipeCell(configuration: configuration, direction: .rtl)
                ltr.setOffset(reveal * LayoutDirection.ltr.sign(of: edge))
                rtl.setOffset(reveal * LayoutDirection.rtl.sign(of: edge))
                let left = ltr.frames(of: edge, at: .start, width: 320)
                let right = rtl.frames(of: edge, at: .start, width: 320)
                for (a, b) in zip(left, right) {
                    #expect(abs(b.x - (320 - a.x - a.width)) < 1e-9, "\(transition) \(edge) at \(reveal)")
                    #expect(abs(b.width - a.width) < 1e-9)
                    #expect(abs(b.visibleWidth - a.visibleWidth) < 1e-9)
                }
                let (g1, g2) = (ltr.geometry(at: .start, width: 320), rtl.geometry(at: .start, width: 320))
                expectEqual(g1.offset, -g2.offset)
                expectEqual(g1.buttons.count, g2.buttons.count)
            }
        }
    }

    /// Continuity: no frame moves or grows by more than the content does (every formula's slope
    /// in the reveal is at most 1), at generated reveals and along snaps drawn every 1 ms.
    @Test func framesAreContinuousInTheRevealAndInTime() throws {
        var random = SplitMix64(seed: 2323)
        for _ in 0..<500 {
            let (actions, transition) = Self.generated(&random)
            let a = Double(random.next() % 4_000) / 10 - 40
            let b = a + Double(random.next() % 200) / 100 - 1
            let fa = CellGeometry.frames(of: actions, edge: .trailing, onRight: true, reveal: a, width: 320)
            let fb = CellGeometry.frames(of: actions, edge: .trailing, onRight: true, reveal: b, width: 320)
            let moved = abs(max(a, 0) - max(b, 0))
            for (x, y) in zip(fa, fb) {
                #expect(abs(x.x - y.x) <= moved + 1e-9, "\(transition) \(a) -> \(b)")
                #expect(abs(x.width - y.width) <= moved + 1e-9, "\(transition) \(a) -> \(b)")
            }
        }
        for transition in Transition.allCases {
            let table = SwipeTable(items: .generated(count: 10)) { _, _ in Self.configuration(transition) }
            try table.panBegan(row: 2)
            try table.panChanged(row: 2, translation: -150)
            try table.panEnded(row: 2)
            var previous = try #require(table.cell(forRow: 2)).frames(of: .trailing, at: table.now, width: 320)
            var previousOffset = try #require(table.cellGeometry(forRow: 2)).offset
            for _ in 0..<400 {
                table.advance(by: .milliseconds(1 as Int64))
                let cell = try #require(table.cell(forRow: 2))
                let frames = cell.frames(of: .trailing, at: table.now, width: 320)
                let offset = try #require(table.cellGeometry(forRow: 2)).offset
                for (x, y) in zip(previous, frames) {
                    #expect(abs(x.x - y.x) <= abs(offset - previousOffset) + 1e-9, "\(transition) at \(table.now)")
                }
                (previous, previousOffset) = (frames, offset)
            }
        }
    }

    /// The playground is sent knots, not formulas: between two knots each frame is the
    /// straight line between them, past the last it is held.
    @Test func framesAreTheStraightLineBetweenTheKnots() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let (actions, transition) = Self.generated(&random)
            let knots = CellGeometry.knots(of: actions, width: 320)
            let reveal = Double(random.next() % 3_200) / 10
            let hi = knots.firstIndex { $0 >= reveal } ?? knots.count - 1
            let lo = max(hi - 1, 0)
            let f = knots[hi] == knots[lo] ? 0 : (reveal - knots[lo]) / (knots[hi] - knots[lo])
            let at = { CellGeometry.frames(of: actions, edge: .leading, onRight: false, reveal: $0, width: 320) }
            for (frame, (a, b)) in zip(at(reveal), zip(at(knots[lo]), at(knots[hi]))) {
                #expect(abs(frame.x - (a.x + (b.x - a.x) * f)) < 1e-9, "\(transition) at \(reveal) \(knots)")
                #expect(abs(frame.width - (a.width + (b.width - a.width) * f)) < 1e-9)
            }
        }
    }

    /// Through a full swipe's `delete` slide-out the full swipe's button fills what the
    /// content reveals, every millisecond until the row is gone (not nil from the release).
    @Test(arguments: LayoutDirection.allCases)
    func theFilledButtonFillsTheRowThroughTheSlideOutUntilTheRowIsGone(direction: LayoutDirection) throws {
        let (table, log) = FullSwipeTests.table(.delete, direction: direction)
        let sign = direction.sign(of: .trailing)
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: 250 * sign)
        let armed = table.now
        try table.panEnded(row: 3)
        var checked = 0
        while !log.events.contains(where: { $0.hasSuffix("delete 3 Longer Title Item #3") }) {
            let geometry = try #require(table.cellGeometry(forRow: 3))
            let filled = try #require(geometry.filled, "at \(table.now)")
            let revealed = min(abs(geometry.offset), 320)
            if table.now - armed >= ExpansionAnimation.duration {
                expectEqual(filled.width, revealed)
                expectEqual(filled.x, (geometry.offset < 0 ? 320 - revealed : 0))
            } else {
                // Still growing from Trash's own frame (FilledExpansionTests), against the row's side.
                #expect(filled.width < revealed && filled.width >= 80)
                #expect(abs(geometry.offset < 0 ? filled.x + filled.width - 320 : filled.x) < 1e-9)
            }
            expectEqual(table.cell(forRow: 3)?.filledButton?.id, "trash")
            checked += 1
            table.advance(by: .milliseconds(1 as Int64))
        }
        #expect(checked > 50)
        // The row below took its place, drawn closed with nothing filled.
        expectEqual(table.cellGeometry(forRow: 3)?.filled, nil)
        expectEqual(table.cellGeometry(forRow: 3)?.offset, 0)
    }

    /// The row's place: y from its number and the scroll, the table's row height.
    @Test func theRowsPlaceIsItsNumberTimesTheRowHeightLessTheScroll() throws {
        let table = SwipeTable(items: .generated(count: 30)) { _, _ in .tutorial }
        let geometry = try #require(table.cellGeometry(forRow: 4))
        expectEqual(geometry.y, 132)
        expectEqual(geometry.height, 44)
    }
}
