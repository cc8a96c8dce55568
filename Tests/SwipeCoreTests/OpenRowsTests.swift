import SwipeTestSupport
import Testing

@testable import SwipeCore

struct OpenRowsTests {
    /// The sorted list of open rows answers as the dictionary it replaced: over generated runs
    /// of sets, removals (by `nil` and by `removeValue(forKey:)`) and remaps (a row deleted, a
    /// row inserted, a permutation), every lookup, count and removed value agrees with a
    /// `[Int: OpenRow]` given the same operations, and the rows are always ascending.
    @Test func answersAsADictionaryWithItsRowsAscending() {
        var random = SplitMix64(seed: 2626)
        let values: [TableState.OpenRow] = [
            .init(edge: nil, namesSide: false), .init(edge: .trailing, namesSide: false),
            .init(edge: .leading, namesSide: true), .init(edge: .trailing, namesSide: true),
        ]
        for _ in 0..<300 {
            var rows = OpenRows()
            var reference: [Int: TableState.OpenRow] = [:]
            // Few rows, so that a set often finds its row, and lists from 0 to 12 long.
            let span = Int(random.next() % 12) + 1
            for _ in 0..<Int(random.next() % 80) {
                let row = Int(random.next() % UInt64(span)) + 1
                switch random.next() % 8 {
                case 0, 1, 2:
                    let value = values[Int(random.next() % UInt64(values.count))]
                    rows[row] = value
                    reference[row] = value
                case 3:
                    rows[row] = nil
                    reference[row] = nil
                case 4:
                    expectEqual(rows.removeValue(forKey: row), reference.removeValue(forKey: row))
                case 5:  // `deleteRow`'s
                    let move: (Int) -> Int? = { $0 == row ? nil : $0 > row ? $0 - 1 : $0 }
                    rows.remap(move)
                    reference = Dictionary(
                        uniqueKeysWithValues: reference.compactMap { key, value in move(key).map { ($0, value) } })
                case 6:  // `insertRow`'s
                    let move: (Int) -> Int? = { $0 >= row ? $0 + 1 : $0 }
                    rows.remap(move)
                    reference = Dictionary(
                        uniqueKeysWithValues: reference.compactMap { key, value in move(key).map { ($0, value) } })
                default:  // `replaceItems`'s: ids that move anywhere, some that leave
                    let order = (1...span + 1).shuffled(using: &random)
                    let move: (Int) -> Int? = { $0 <= span && order[$0 - 1] != row ? order[$0 - 1] : nil }
                    rows.remap(move)
                    reference = Dictionary(
                        uniqueKeysWithValues: reference.compactMap { key, value in move(key).map { ($0, value) } })
                }
                expectEqual(rows.rows, reference.keys.sorted())
                #expect(rows.count == reference.count && rows.isEmpty == reference.isEmpty)
                for probe in 0...span + 2 { expectEqual(rows[probe], reference[probe]) }
            }
        }
    }
}

struct PendingEventsTests {
    /// Events come out in the order they were recorded, whatever the batches: over generated
    /// runs of appends and takes (takes in the middle of a batch, as a delegate's own calls add
    /// to a batch under delivery), a batch ends with `nil` once all is taken and the next one
    /// starts empty, reusing the slots; events with references (an action's button) come out
    /// whole.
    @Test func takesEventsInTheOrderRecordedAcrossBatches() {
        var random = SplitMix64(seed: 2627)
        for _ in 0..<300 {
            var events = PendingEvents()
            var reference: [TableEvent] = []
            var next = 1
            for _ in 0..<Int(random.next() % 60) {
                if random.next() % 3 != 0 {
                    let event: TableEvent =
                        switch random.next() % 4 {
                        case 0: .open(row: next, side: .trailing)
                        case 1: .close(row: next, side: nil, velocity: -Double(next))
                        case 2:
                            .action(
                                row: next, button: SwipeButton(id: "b\(next)", title: "Button \(next)", width: 70),
                                number: 1)
                        default: .delete(row: next, item: "Item \(next)", id: .name("i\(next)"))
                        }
                    next += 1
                    events.append(event)
                    reference.append(event)
                } else {
                    expectEqual(events.hasUndelivered, !reference.isEmpty)
                    let taken = events.take()
                    expectEqual(taken, reference.first)
                    if !reference.isEmpty { reference.removeFirst() }
                }
            }
            while let event = events.take() { expectEqual(event, reference.removeFirst()) }
            #expect(reference.isEmpty && !events.hasUndelivered && events.count == 0)
        }
    }
}
