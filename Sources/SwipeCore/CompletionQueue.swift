/// Animation completions and host timers waiting for the virtual clock, earliest first; ties
/// run in the order they were scheduled. A binary heap: the core depends on no package.
struct CompletionQueue: Sendable {
    enum Action: Sendable {
        /// A cell's animation step completed.
        case step(cell: Int, SnapStep)
        /// A timer a host set with ``SwipeTable/scheduleTimer(after:)``.
        case timer(id: Int)
    }

    struct Entry: Sendable {
        var deadline: VirtualInstant
        var sequence: UInt64
        var action: Action

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    var earliestDeadline: VirtualInstant? { heap.first?.deadline }

    mutating func schedule(_ action: Action, at deadline: VirtualInstant) {
        heap.append(Entry(deadline: deadline, sequence: nextSequence, action: action))
        nextSequence &+= 1
        siftUp(heap.count - 1)
    }

    /// Removes and returns the earliest entry due at or before `limit`.
    mutating func popDue(notAfter limit: VirtualInstant) -> Entry? {
        guard let first = heap.first, first.deadline <= limit else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty { siftDownFromRoot(last) }
        return first
    }

    // Both sifts move a hole rather than swapping (each swap was two entries copied through the
    // array's checked, uniqueness-checking subscript): the entry sifted is held aside, the
    // entries it passes move one place, and it is written once where it stops. The array ends
    // exactly as the swaps left it.

    private mutating func siftUp(_ index: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            let moving = heap[index]
            var child = index
            while child > 0 {
                let parent = (child - 1) / 2
                guard moving.precedes(heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = moving
        }
    }

    /// `heap[0] = moving`, then the sift down from the root, in one pass through the buffer
    /// (the root's old entry, already taken, is never read): the array ends as the two did.
    private mutating func siftDownFromRoot(_ moving: Entry) {
        heap.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                var best = left
                if left + 1 < count && heap[left + 1].precedes(heap[left]) { best = left + 1 }
                guard heap[best].precedes(moving) else { break }
                heap[parent] = heap[best]
                parent = best
            }
            heap[parent] = moving
        }
    }
}
