/// The release physics around the tutorial's algorithm: the release velocity, the flick rule,
/// elastic overscroll. Each is off in the tutorial's configuration, which then decides exactly
/// as ``TutorialBehavior``.
public enum ReleasePhysics {
    /// Samples older than this before the release do not count towards its velocity.
    static let velocityWindow = TimeAmount.milliseconds(100 as Int64)
    /// The fastest release, in points/s: a measured or given velocity past it counts as this
    /// (a script's `pan ROW end VX` past it is refused); one that is not a number counts as 0.
    public static let maximumVelocity = 100_000.0

    /// `velocity` within ±``maximumVelocity``; NaN as 0.
    @inline(__always)
    static func bounded(_ velocity: Double) -> Double {
        guard !velocity.isNaN else { return 0 }
        return max(-maximumVelocity, min(maximumVelocity, velocity))
    }

    /// The release velocity in points/s from the two most recent move samples at different
    /// virtual times, both within ``velocityWindow`` before `now`; 0 without two.
    static func velocity(latest: PanSample?, previous: PanSample?, at now: VirtualInstant) -> Double {
        guard let latest, let previous, now - previous.time <= velocityWindow else { return 0 }
        let seconds = Double((latest.time - previous.time).nanoseconds) / 1e9
        guard seconds > 0 else { return 0 }
        return bounded((latest.x - previous.x) / seconds)
    }

    /// `release = "velocity"`: a flick at least `flick` points/s fast decides by its direction
    /// whatever the position; nil leaves the decision to the thresholds. `edge` is the edge the
    /// cell is on (nil: nothing revealed or committed, the flick picks the edge it moves
    /// towards, if that edge has buttons).
    static func flick(
        velocity: Double, flick: Double, edge: Edge?, metrics: CellMetrics, direction: LayoutDirection
    ) -> TutorialBehavior.Move? {
        guard abs(velocity) >= flick, velocity != 0 else { return nil }
        let target: Edge
        if let edge {
            target = edge
        } else {
            let towards: Edge = velocity * direction.sign(of: .trailing) > 0 ? .trailing : .leading
            guard metrics.hasButtons(on: towards) else { return nil }
            target = towards
        }
        return velocity * direction.sign(of: target) > 0
            ? .snapOpen(target, notify: true) : .snapClosed(target, notify: true)
    }

    /// A full swipe's stretch: `raw` points of finger movement reveal as much up to the
    /// threshold, then ``FullSwipe/elasticity`` a point.
    @inline(__always)
    static func fullStretch(_ raw: Double, threshold: Double) -> Double {
        raw <= threshold ? raw : threshold + (raw - threshold) * FullSwipe.elasticity
    }

    /// Elastic overscroll: `raw` points of finger movement towards an edge `total` points
    /// wide reveal `total + (raw - total) · elasticity` past it.
    @inline(__always)
    static func elastic(_ raw: Double, total: Double, elasticity: Double) -> Double {
        total + (raw - total) * elasticity
    }
}
