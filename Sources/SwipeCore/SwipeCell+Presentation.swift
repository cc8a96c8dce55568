/// Where a cell is drawn while it animates: UIKit's presentation layer, as a pure function of time.
struct Animation: Hashable, Sendable {
    var from: Double
    var to: Double
    var start: VirtualInstant
    var duration: TimeAmount
    var curve: AnimationCurve

    func value(at now: VirtualInstant) -> Double {
        guard duration.nanoseconds > 0 else { return to }
        let fraction = Double((now - start).nanoseconds) / Double(duration.nanoseconds)
        if fraction >= 1 { return to }
        return from + (to - from) * curve.progress(fraction)
    }
}

extension SwipeCell {
    /// The right constant as drawn at `now`: the model value, or where the running animation
    /// towards it has got to.
    public func presentedRight(at now: VirtualInstant) -> Double {
        animation?.value(at: now) ?? right
    }
}
