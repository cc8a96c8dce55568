/// Where a cell is drawn while it animates: UIKit's presentation layer, as a pure function of
/// time. Values are signed offsets.
struct Animation: Hashable, Sendable {
    var from: Double
    var to: Double
    var start: VirtualInstant
    var duration: TimeAmount
    var curve: AnimationCurve
    /// A spring animation's motion, solved once for the segment (then ``curve`` is not used).
    var spring: SpringPath? = nil

    init(from: Double, to: Double, start: VirtualInstant, duration: TimeAmount, curve: AnimationCurve) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// A spring segment from `from` towards `to`, its motion (of the start `from - to` and the
    /// release's velocity) already solved: ``Spring/settle(x0:v0:)`` gives it with the duration.
    init(
        from: Double, to: Double, start: VirtualInstant, duration: TimeAmount, curve: AnimationCurve, path: SpringPath
    ) {
        self.init(from: from, to: to, start: start, duration: duration, curve: curve)
        spring = path
    }

    /// A spring segment, its motion solved here.
    init(
        from: Double, to: Double, start: VirtualInstant, duration: TimeAmount, curve: AnimationCurve, spring: Spring,
        velocity: Double
    ) {
        self.init(from: from, to: to, start: start, duration: duration, curve: curve)
        self.spring = SpringPath(
            SpringMotion(spring, x0: from - to, v0: velocity), spring: spring, v0: velocity, duration: duration)
    }

    func value(at now: VirtualInstant) -> Double {
        guard duration.nanoseconds > 0 else { return to }
        let elapsed = now - start
        if elapsed >= duration { return to }
        if let spring {
            let seconds = Double(max(elapsed.nanoseconds, 0)) / 1e9
            return to + spring.position(x0: from - to, at: seconds)
        }
        let fraction = Double(elapsed.nanoseconds) / Double(duration.nanoseconds)
        return from + (to - from) * curve.progress(fraction)
    }

    /// The same animation on the other side (the layout direction changed).
    mutating func mirror() {
        from = -from
        to = -to
        spring?.mirror()
    }
}

extension SwipeCell {
    /// The offset as drawn at `now`: the model value, or where the running animation towards
    /// it has got to.
    public func presentedOffset(at now: VirtualInstant) -> Double {
        animation?.value(at: now) ?? offset
    }

    /// When the running animation segment ends: ``presentedOffset(at:)`` changes until then
    /// and holds its value after. Nil at rest (no animation running, or the last one's step
    /// has completed where the model is).
    public var animationEnd: VirtualInstant? {
        animation.map { $0.start + $0.duration }
    }

    /// The right constant as drawn at `now` (minus ``presentedOffset(at:)``).
    public func presentedRight(at now: VirtualInstant) -> Double {
        -presentedOffset(at: now)
    }
}

// MARK: - The tutorial's constraint constants

extension SwipeCell {
    /// Whether a pan is being tracked, and where it began.
    public enum Gesture: Hashable, Sendable {
        case idle
        /// `panStartPoint.x`.
        case panning(startX: Double)
    }

    public var gesture: Gesture { panStart.map { .panning(startX: $0) } ?? .idle }

    /// `contentViewRightConstraint.constant`: how far the content moved left (a trailing reveal
    /// in `ltr`; minus the reveal of a leading edge there). Setting it (tests do) moves the
    /// content there at once, on the cell's edge.
    public internal(set) var right: Double {
        get { -offset }
        set { setOffset(-newValue) }
    }
    /// `contentViewLeftConstraint.constant`: always minus the right one.
    public internal(set) var left: Double {
        get { offset }
        set { setOffset(newValue) }
    }
    /// `startingRightLayoutConstraintConstant`, as a right constant.
    public var startingRight: Double {
        guard let edge else { return 0 }
        return -(committed * direction.sign(of: edge))
    }

    /// Whether a tap on the middle of trailing button `index` (0-based) reaches it.
    public func reveals(buttonAt index: Int) -> Bool {
        reveals(.trailing, buttonAt: index)
    }
}

// MARK: - What the drawing depends on

extension SwipeCell {
    /// Everything the cell's drawing from now on depends on but its configuration: the model
    /// offset, the running animation, the filled button's grow or shrink, the full swipe that
    /// fills a button, the layout direction. Two equal keys (with the same configuration) give
    /// the same ``geometry(at:width:y:height:)`` at every instant, so a drawing made from one
    /// need not be made again (the playground's frames keep a row's `draw` while it holds).
    public struct PresentationKey: Hashable, Sendable {
        var offset: Double
        var animation: Animation?
        var expansion: ExpansionAnimation?
        var filledEdge: Edge?
        var filledIndex: Int?
        var direction: LayoutDirection
    }

    /// The cell's ``PresentationKey`` now.
    public var presentationKey: PresentationKey {
        PresentationKey(
            offset: offset, animation: animation, expansion: expansion, filledEdge: filled?.edge,
            filledIndex: filled?.index, direction: direction)
    }

    /// When the drawing stops changing: the later of the running animation segment's end and
    /// the filled button's grow or shrink's end; nil when neither is still to come after `now`.
    public func drawingEnd(after now: VirtualInstant) -> VirtualInstant? {
        let grow = expansion.map(\.end).flatMap { $0 > now ? $0 : nil }
        guard let animationEnd = animationEnd, animationEnd > now else { return grow }
        return max(animationEnd, grow ?? animationEnd)
    }
}
