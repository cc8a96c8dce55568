import Testing

@testable import SwipeCore

struct CompletionQueueTests {
    /// The queue pops what is due earliest first, ties in the order they were scheduled, as a
    /// stable sort of everything scheduled would: over generated runs of schedules and pops
    /// (few distinct deadlines, so that ties are common; pops with limits before, at and past
    /// the earliest deadline), the popped timers, their deadlines and what is left agree with a
    /// plain list kept in that order.
    @Test func popsEarliestFirstAndTiesInScheduleOrder() {
        var random = SplitMix64(seed: 2615)
        for _ in 0..<300 {
            var queue = CompletionQueue()
            var reference: [(deadline: VirtualInstant, id: Int)] = []
            var nextID = 0
            for _ in 0..<Int(random.next() % 60) {
                if random.next() % 3 != 0 {
                    let deadline = VirtualInstant.start + .milliseconds(Int64(random.next() % 8) * 50)
                    queue.schedule(.timer(id: nextID), at: deadline)
                    // After every entry due at or before it: stable.
                    let index = reference.firstIndex { $0.deadline > deadline } ?? reference.count
                    reference.insert((deadline, nextID), at: index)
                    nextID += 1
                } else {
                    let limit = VirtualInstant.start + .milliseconds(Int64(random.next() % 9) * 50 - 25)
                    while let entry = queue.popDue(notAfter: limit) {
                        guard case .timer(let id) = entry.action, !reference.isEmpty else {
                            let expected = reference.first.map { "\($0.id)" } ?? "none"
                            Issue.record("popped \(entry.action), expected \(expected)")
                            return
                        }
                        let expected = reference.removeFirst()
                        #expect(id == expected.id && entry.deadline == expected.deadline)
                    }
                    #expect(reference.first.map { $0.deadline > limit } ?? true)
                }
                #expect(queue.count == reference.count && queue.earliestDeadline == reference.first?.deadline)
            }
        }
    }
}
