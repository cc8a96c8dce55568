/// The delegate calls recorded while the table changes, delivered in order once it is
/// consistent (``TableState/takeEvent()``).
///
/// The list keeps its slots from batch to batch. An event taken is moved out and a payload-free
/// placeholder (``placeholder``) written in its slot; once every event of a batch is taken the
/// list is empty again without destroying those placeholders, and the next batch writes its
/// events over them. Destroying a `TableEvent` goes through the enum's value witness (about 50
/// instructions, even for a payload-free case), and the list used to destroy two per event:
/// the one delivered and the placeholder dropped when the list was emptied.
struct PendingEvents: Sendable {
    /// `count` recorded events from index 0 (those before `delivered` already taken, their
    /// slots holding placeholders), then placeholders from earlier batches.
    private var slots: [TableEvent] = []
    /// How many events the current batch recorded.
    private(set) var count = 0
    /// How many of them were taken.
    private var delivered = 0

    /// What a slot holds when it holds no event: a case without references, so it may be
    /// overwritten without being destroyed.
    private static var placeholder: TableEvent { .open(row: 0) }

    /// Whether an event is waiting to be taken.
    var hasUndelivered: Bool { delivered < count }

    @inline(__always)
    mutating func append(_ event: __owned TableEvent) {
        if count < slots.count {
            // Over a placeholder, which owns nothing: initialized, not assigned (an assignment
            // would destroy the placeholder first).
            let index = count
            slots.withUnsafeMutableBufferPointer { ($0.baseAddress! + index).initialize(to: event) }
        } else {
            slots.append(event)
        }
        count += 1
    }

    /// The next event of the batch, if any; the batch ends (the list is empty) once all are
    /// taken.
    mutating func take() -> TableEvent? {
        guard delivered < count else {
            count = 0
            delivered = 0
            return nil
        }
        let index = delivered
        delivered += 1
        return slots.withUnsafeMutableBufferPointer { slots in
            let slot = slots.baseAddress! + index
            let event = slot.move()
            slot.initialize(to: Self.placeholder)
            return event
        }
    }
}
