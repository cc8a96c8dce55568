import SwipeCore

/// One pointer event from the page: where (CSS px in the table view: x from its left edge, y
/// from its top edge), when (milliseconds since the page connected) and which pointer.
public struct PointerEvent: Hashable, Sendable {
    public var phase: PointerPhase
    public var x: Double
    public var y: Double
    public var time: VirtualInstant
    public var id: Double

    public init(phase: PointerPhase, x: Double, y: Double, time: VirtualInstant, id: Double = 1) {
        self.phase = phase
        self.x = x
        self.y = y
        self.time = time
        self.id = id
    }
}
