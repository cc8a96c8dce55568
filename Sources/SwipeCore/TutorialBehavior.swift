/// The tutorial's algorithm (`SwipeableCell.m`'s `panThisCell:` and its two snap routines),
/// step for step, written once over an edge: every number is a *reveal* on that edge (the
/// tutorial's right constant, for the trailing edge in `ltr`) and every finger movement is
/// measured towards revealing it. ``SwipeCell`` applies the decisions.
///
/// With buttons on the trailing edge only, this is the tutorial exactly. A leading edge follows
/// it mirrored. The one addition is which edge a pan that began closed reveals: the one the
/// finger has moved towards, past the pan's start (so a finger crossing back over its start
/// switches edges); a pan that began open stays on its edge, whose reveal is clamped at 0.
/// The quirks kept on purpose are listed in docs/tutorial-quirks.md.
enum TutorialBehavior: PanBehavior {
    /// What a pan event does to the content.
    enum Move: Hashable, Sendable {
        /// The content follows the finger: `reveal` points of `edge`'s buttons, drawn at once.
        case follow(Edge, Double)
        /// `setConstraintsToShowAllButtons` on the edge.
        case snapOpen(Edge, notify: Bool)
        /// `resetConstraintContstantsToZero` on the edge.
        case snapClosed(Edge, notify: Bool)
    }

    /// A pan's `move` (``PanBehavior``): the content goes where
    /// ``panChanged(translation:start:edge:committed:metrics:direction:elasticity:)`` says, and
    /// the pan holds an edge expanded while its reveal is past the full-swipe threshold.
    @inline(__always)
    static func panChanged(_ motion: PanMotion, configuration: CellConfiguration) -> PanDecision {
        let move = panChanged(
            translation: motion.x, start: motion.start, edge: motion.edge, committed: motion.committed,
            metrics: configuration.metrics, direction: motion.direction, elasticity: configuration.elasticity ?? 0)
        return PanDecision(move: move, expansion: .byThreshold)
    }

    /// `UIGestureRecognizerStateChanged`, with its two branches and clamps (numbered as in the
    /// tutorial). `edge` and `committed` are the cell's (`startingRightLayoutConstraintConstant`).
    @inline(__always)
    static func panChanged(
        translation x: Double, start: Double, edge: Edge?, committed: Double,
        metrics: CellMetrics, direction: LayoutDirection, elasticity: Double = 0
    ) -> Move {
        if committed == 0 {  // 2: the cell was closed and is now opening
            // 1: `panningLeft` for the trailing edge in ltr; a zero delta reveals nothing (quirk 3).
            let dx = x - start
            let towards: Edge
            if dx * direction.sign(of: .trailing) > 0, metrics.hasButtons(on: .trailing) {
                towards = .trailing
            } else if dx * direction.sign(of: .leading) > 0, metrics.hasButtons(on: .leading) {
                towards = .leading
            } else {
                // 3-4: away from every edge with buttons, `MAX(-deltaX, 0)` is always 0 (quirk 2).
                return .snapClosed(edge ?? metrics.defaultEdge, notify: false)
            }
            // 6-8
            return reveal(dx * direction.sign(of: towards), on: towards, metrics: metrics, elasticity: elasticity)
        }
        // The cell was at least partially open: it stays on its edge.
        let edge = edge ?? metrics.defaultEdge
        let progress = (x - start) * direction.sign(of: edge)  // towards revealing `edge`
        let adjustment = committed + progress  // 1
        if !(progress > 0) {
            let constant = max(adjustment, 0)  // 2
            if constant == 0 {  // 3
                return .snapClosed(edge, notify: false)
            }
            return .follow(edge, constant)  // 4
        }
        return reveal(adjustment, on: edge, metrics: metrics, elasticity: elasticity)  // 5-7
    }

    /// The last steps of both branches of `changed` (6-8 from closed, 5-7 from open): the
    /// constant is the reveal clamped at the buttons' width, and at the clamp the cell snaps
    /// open. Past the buttons, a full swipe follows 1:1 to its threshold and elastically beyond,
    /// and an elastic overscroll stretches instead of clamping.
    @inline(__always)
    static func reveal(_ reveal: Double, on edge: Edge, metrics: CellMetrics, elasticity: Double) -> Move {
        let total = metrics.totalWidth(of: edge)
        let full = metrics.fullThreshold(of: edge)
        if full > 0, reveal >= total {
            return .follow(edge, ReleasePhysics.fullStretch(reveal, threshold: full))
        }
        if elasticity > 0, reveal >= total {
            return .follow(edge, ReleasePhysics.elastic(reveal, total: total, elasticity: elasticity))
        }
        let constant = min(reveal, total)  // 6 / 5
        if constant == total {  // 7 / 6
            return .snapOpen(edge, notify: false)
        }
        return .follow(edge, constant)  // 8 / 7
    }

    /// Every release decides: the tutorial ignores no pan.
    @inline(__always)
    static func releaseDecides(ignored: Bool) -> Bool { true }

    /// The release decides for the edge the cell is on, whatever side the pan was on.
    @inline(__always)
    static func releaseEdge(side: Edge?) -> Edge? { nil }

    /// `UIGestureRecognizerStateEnded`: open at or past the threshold, by `>=` on the reveal
    /// (quirk 7): the open threshold for a pan that began closed, the close one otherwise.
    static func panEnded(reveal: Double, edge: Edge, committed: Double, metrics: CellMetrics) -> Move {
        let threshold =
            committed == 0
            ? metrics.openThreshold(of: edge)  // 1-3: the cell was opening
            : metrics.closeThreshold(of: edge)  // 4-5: the cell was closing
        if reveal >= threshold {
            return .snapOpen(edge, notify: true)
        }
        return .snapClosed(edge, notify: true)
    }

    /// `UIGestureRecognizerStateCancelled`: back to where the pan started, by the committed
    /// reveal, not by where the cell is (quirk 8).
    static func panCancelled(edge: Edge, committed: Double) -> Move {
        committed == 0 ? .snapClosed(edge, notify: true) : .snapOpen(edge, notify: true)
    }

    /// Where the open snap sends the content first: past the buttons by the bounce.
    static func openBouncePosition(total: Double, bounce: Double) -> Double { total + bounce }

    /// Where the close snap sends the content first: past rest by the bounce.
    static func closeBouncePosition(bounce: Double) -> Double { -bounce }
}
