/// The filled button's grow when a full swipe arms and its shrink when the full swipe collapses
/// (docs/appearance.md, "The filled button"): how far it has grown, from 0 (the button's own
/// frame under its edge's transition) to 1 (the whole revealed width), as a pure function of
/// virtual time. Presentation, as ``Animation`` is: no decision reads it.
///
/// The anchor is SwipeCellKit's `SwipeActionsView.setExpanded(expanded:feedback:)`, which moves
/// the expanding action's wrapper over the others with a critically damped
/// `UIViewPropertyAnimator(duration: 0.6, dampingRatio: 1.0)` (`SwipeExpansionAnimationTimingParameters`'
/// default duration); a reversal starts from where the running one has got to. Here the curve is
/// closed-form and ends exactly at ``duration``: `p(u) = 1 - (1 - u)^3` over 0.3 s, within 6 %
/// of that spring's progress at every instant and at rest (slope 0) where it ends.
public struct ExpansionAnimation: Hashable, Sendable {
    /// How long a grow or a shrink takes.
    public static let duration = TimeAmount.milliseconds(Int64(300))

    /// The edge whose full-swipe button grows or shrinks.
    public var edge: Edge
    /// Growing towards 1 (armed), else shrinking towards 0 (collapsed).
    public var growing: Bool
    /// When it began, and the progress it began from (where a reversed one had got to).
    public var start: VirtualInstant
    public var from: Double

    public init(edge: Edge, growing: Bool, start: VirtualInstant, from: Double) {
        self.edge = edge
        self.growing = growing
        self.start = start
        self.from = from
    }

    /// The eased fraction at `u` (0...1) of ``duration``: `1 - (1 - u)^3` (an ease-out cubic:
    /// fast at first, at rest at the end).
    @inline(__always)
    public static func eased(_ u: Double) -> Double {
        if !(u > 0) { return 0 }
        if u >= 1 { return 1 }
        let left = 1 - u
        return 1 - left * left * left
    }

    /// The progress at `now`: `from + (1 - from) · eased(u)` growing, `from · (1 - eased(u))`
    /// shrinking, with `u = (now - start) / duration`; exactly 1 (growing) or 0 (shrinking) from
    /// ``end`` on, `from` before ``start``.
    public func progress(at now: VirtualInstant) -> Double {
        let elapsed = now - start
        if elapsed >= Self.duration { return growing ? 1 : 0 }
        let u = Double(elapsed.nanoseconds) / Double(Self.duration.nanoseconds)
        let eased = Self.eased(u)
        return growing ? from + (1 - from) * eased : from * (1 - eased)
    }

    /// When it ends: ``progress(at:)`` holds its final value from then on.
    public var end: VirtualInstant { start + Self.duration }
}
