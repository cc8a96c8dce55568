/// One `move` of a pan: its translation and when it came.
struct PanSample: Hashable, Sendable {
    var x: Double
    var time: VirtualInstant
}
