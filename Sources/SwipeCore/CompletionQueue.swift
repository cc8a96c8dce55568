/// Animation completions waiting for the virtual clock, earliest first; ties run in the order
/// they were scheduled. A binary heap: the core depends on no package.
struct CompletionQueue: Sendable {
    struct Entry: Sendable {
        var deadline: VirtualInstant
        var sequence: UInt64
        var cell: Int
        var step: SnapStep

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    var earliestDeadline: VirtualInstant? { heap.first?.deadline }

    mutating func schedule(_ step: SnapStep, forCell cell: Int, at deadline: VirtualInstant) {
        heap.append(Entry(deadline: deadline, sequence: nextSequence, cell: cell, step: step))
        nextSequence &+= 1
        siftUp(heap.count - 1)
    }

    /// Removes and returns the earliest entry due at or before `limit`.
    mutating func popDue(notAfter limit: VirtualInstant) -> Entry? {
        guard let first = heap.first, first.deadline <= limit else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return first
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var best = left
            if left + 1 < heap.count && heap[left + 1].precedes(heap[left]) { best = left + 1 }
            guard heap[best].precedes(heap[parent]) else { return }
            heap.swapAt(best, parent)
            parent = best
        }
    }
}
