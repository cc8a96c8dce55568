import Testing

@testable import SwipeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The property tests' helpers on SwipeCore's seeded generator.
extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...choices.count - 1)] }
}

/// Random cell configurations and gesture sequences: after every event the state machine's
/// invariants hold, and after a quiet wait every cell rests, the open rows match, and nothing is
/// left scheduled. Each case prints its seed and events when it fails; rerun one case with
/// `CELL_PROPERTY_SEED=<seed>`.
struct CellPropertyTests {
    static let cases = 400
    static let baseSeed: UInt64 = 0x5357_4950_4531_3400  // "SWIPE14"

    enum Event: CustomStringConvertible {
        case panBegin(row: Int, x: Double)
        case panMove(row: Int, x: Double)
        case panEnd(row: Int)
        case panCancel(row: Int)
        case wait(ms: Int64)
        case scroll(dy: Double)
        case tap(row: Int, button: Int)
        case open(row: Int, animated: Bool)
        case close(row: Int, animated: Bool)

        var description: String {
            switch self {
            case .panBegin(let row, let x): "pan \(row) begin \(x)"
            case .panMove(let row, let x): "pan \(row) move \(x)"
            case .panEnd(let row): "pan \(row) end"
            case .panCancel(let row): "pan \(row) cancel"
            case .wait(let ms): "wait \(ms)"
            case .scroll(let dy): "scroll \(dy)"
            case .tap(let row, let button): "tap \(row) \(button)"
            case .open(let row, let animated): "open \(row)\(animated ? " animated" : "")"
            case .close(let row, let animated): "close \(row)\(animated ? " animated" : "")"
            }
        }
    }

    static func configuration(_ random: inout SplitMix64) -> CellConfiguration {
        let buttons = (1...random.int(1...4)).map { index in
            SwipeButton(id: "b\(index)", title: "B\(index)", width: random.pick([1, 20, 37.5, 40, 80, 100, 123]))
        }
        let duration = random.pick([
            TimeAmount.zero, TimeAmount.milliseconds(1 as Int64), .milliseconds(16 as Int64),
            .milliseconds(100 as Int64), .milliseconds(250 as Int64), .milliseconds(1000 as Int64),
        ])
        var configuration = CellConfiguration(
            buttons: buttons, bounce: random.chance(50) ? Double(random.int(0...30)) : Double(random.int(0...60)) / 2,
            duration: duration, curve: random.pick(AnimationCurve.allCases))
        let total = configuration.totalWidth
        if random.chance(30) { configuration.openThreshold = Double(random.int(0...Int(total))) }
        if random.chance(30) { configuration.closeThreshold = Double(random.int(0...Int(total))) }
        return configuration
    }

    static func event(_ random: inout SplitMix64, table: SwipeTable, scrolls: Bool) -> Event {
        let visible = table.visibleRows
        let row =
            random.chance(95)
            ? random.int(visible.lowerBound...visible.upperBound - 1) : random.int(1...table.items.count)
        let x = random.chance(70) ? Double(random.int(-300...300)) : Double(random.int(-600...600)) / 4
        switch random.int(0...99) {
        case 0..<12: return .panBegin(row: row, x: random.chance(70) ? 0 : x)
        case 12..<40: return .panMove(row: row, x: x)
        case 40..<52: return .panEnd(row: row)
        case 52..<56: return .panCancel(row: row)
        case 56..<72: return .wait(ms: random.pick([0, 1, 16, 50, 99, 100, 101, 200, 250, 400, 1000]))
        case 72..<78 where scrolls: return .scroll(dy: Double(random.int(-500...500)))
        case 72..<84: return .tap(row: row, button: random.int(1...4))
        case 84..<92: return .open(row: row, animated: random.chance(50))
        default: return .close(row: row, animated: random.chance(50))
        }
    }

    static func apply(_ event: Event, to table: SwipeTable) {
        // Refusals (no such row, no pan in progress, ...) are part of the game: the table must
        // stay consistent either way.
        switch event {
        case .panBegin(let row, let x): try? table.panBegan(row: row, translation: x)
        case .panMove(let row, let x): try? table.panChanged(row: row, translation: x)
        case .panEnd(let row): try? table.panEnded(row: row)
        case .panCancel(let row): try? table.panCancelled(row: row)
        case .wait(let ms): table.advance(by: .milliseconds(ms))
        case .scroll(let dy): table.scroll(by: dy)
        case .tap(let row, let button): _ = try? table.tap(row: row, button: button)
        case .open(let row, let animated): try? table.openRow(row, animated: animated)
        case .close(let row, let animated): try? table.closeRow(row, animated: animated)
        }
    }

    /// Why the table breaks an invariant that holds after every event, or nil.
    static func everyEventViolation(_ table: SwipeTable, widest: Double, bounciest: Double) -> String? {
        for row in table.visibleRows {
            guard let cell = table.cell(forRow: row) else { return "visible row \(row) has no cell" }
            if cell.left != -cell.right { return "row \(row): left \(cell.left) != -right \(cell.right)" }
            // Within the snap's reach: a bounce past an edge at most. Quirk 6: a completion pending
            // when a cell is reused runs at the new row's width, so the bound is the widest and
            // bounciest configuration in the table, not only this row's.
            let bounce = max(cell.configuration.bounce, bounciest)
            if cell.right < -bounce || cell.right > max(cell.configuration.totalWidth, widest) + bounce {
                return "row \(row): right \(cell.right) outside [-\(bounce), \(widest) + \(bounce)]"
            }
        }
        return nil
    }

    /// Ends every pan, waits longer than any animation, and checks the rest state. Returns a
    /// violation or nil.
    static func quietWaitViolation(_ table: SwipeTable, tainted: Set<Int>, allTainted: Bool, exact: inout Int)
        -> String?
    {
        for row in table.visibleRows
        where table.cell(forRow: row).map({ if case .panning = $0.gesture { true } else { false } }) == true {
            try? table.panEnded(row: row)
        }
        table.advance(by: .milliseconds(10_000 as Int64))
        if table.hasPendingAnimations { return "a completion is still pending after a 10 s quiet wait" }
        var restingOpen: Set<Int> = []
        for row in table.visibleRows {
            guard let cell = table.cell(forRow: row) else { return "visible row \(row) has no cell" }
            if cell.isOpen {
                restingOpen.insert(row)
            } else if !cell.isClosed {
                return
                    "row \(row) rests at right \(cell.right) (starting \(cell.startingRight)), neither 0 nor its full width \(cell.configuration.totalWidth)"
            }
        }
        // Quirk 6 (docs/tutorial-quirks.md): completions are never cancelled. One still pending
        // when its cell is reused for another row (a scroll), or when the table or a pan sends the
        // cell elsewhere (`open`, `close`, a pan on a row whose snap is still running), later pulls
        // the cell open or closed without a delegate call. Only the rows no such event touched
        // must rest exactly as the open rows say.
        for row in table.visibleRows where !allTainted && !tainted.contains(row) {
            exact += 1
            if table.openRows.contains(row) != restingOpen.contains(row) {
                let openVisible = table.openRows.filter { table.visibleRows.contains($0) }
                return "row \(row): open rows \(openVisible.sorted()) but rows resting open \(restingOpen.sorted())"
            }
        }
        return nil
    }

    @Test func invariantsHoldAfterEveryEventAndAtRest() {
        var exactRows = 0
        let seeds: [UInt64] = Self.fixedSeed.map { [$0] } ?? (0..<UInt64(Self.cases)).map { Self.baseSeed &+ $0 }
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let configurations = (0..<random.int(1...4)).map { _ in Self.configuration(&random) }
            let widest = configurations.map(\.totalWidth).max() ?? 0
            let bounciest = configurations.map(\.bounce).max() ?? 0
            let table = SwipeTable(items: .generated(count: random.int(1...40))) { row, _ in
                configurations[row % configurations.count]
            }
            let scrolls = random.chance(50)
            var tainted: Set<Int> = []
            var allTainted = false
            var events: [Event] = []
            for _ in 0..<random.int(5...80) {
                let event = Self.event(&random, table: table, scrolls: scrolls)
                events.append(event)
                if table.hasPendingAnimations {
                    switch event {
                    case .scroll: allTainted = true
                    case .panBegin(let row, _), .panMove(let row, _), .panEnd(let row), .panCancel(let row),
                        .open(let row, _), .close(let row, _):
                        tainted.insert(row)
                    case .wait, .tap: break
                    }
                }
                Self.apply(event, to: table)
                if let violation = Self.everyEventViolation(table, widest: widest, bounciest: bounciest) {
                    Issue.record(
                        "seed \(seed) after \(events.count) events: \(violation)\nconfigurations: \(configurations)\nevents:\n\(events.map(\.description).joined(separator: "\n"))"
                    )
                    return
                }
                if random.chance(10) || events.count % 25 == 0 {
                    if let violation = Self.quietWaitViolation(
                        table, tainted: tainted, allTainted: allTainted, exact: &exactRows)
                    {
                        Issue.record(
                            "seed \(seed) at rest after \(events.count) events: \(violation)\nconfigurations: \(configurations)\nevents:\n\(events.map(\.description).joined(separator: "\n"))"
                        )
                        return
                    }
                    events.append(.wait(ms: 10_000))
                }
            }
            if let violation = Self.quietWaitViolation(
                table, tainted: tainted, allTainted: allTainted, exact: &exactRows)
            {
                Issue.record(
                    "seed \(seed) at rest at the end: \(violation)\nconfigurations: \(configurations)\nevents:\n\(events.map(\.description).joined(separator: "\n"))"
                )
                return
            }
        }
        // The quirk-6 exception leaves plenty of rows checked exactly.
        #expect(
            Self.fixedSeed != nil || exactRows > Self.cases * 5,
            "only \(exactRows) rows at rest were checked against the open rows")
        print(
            "CellPropertyTests: \(seeds.count) cases from seed \(Self.baseSeed), \(exactRows) resting rows checked against the open rows"
        )
    }

    /// `CELL_PROPERTY_SEED`, to rerun one case.
    static var fixedSeed: UInt64? {
        guard let text = getenv("CELL_PROPERTY_SEED") else { return nil }
        return UInt64(String(cString: text))
    }
}
