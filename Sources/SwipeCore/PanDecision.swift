/// A behaviour's decisions about a pan, as pure functions: values in, a decision out, no state.
/// ``TutorialBehavior`` and ``SwipeCellKitBehavior`` are the two; the configuration's
/// ``SwipeBehavior`` picks which one ``SwipeCell`` asks, and the cell applies the answer.
protocol PanBehavior {
    /// What a pan's `move` does.
    static func panChanged(_ motion: PanMotion, configuration: CellConfiguration) -> PanDecision
    /// Whether a pan's release decides anything (`ignored`: ``PanMotion/ignored``).
    static func releaseDecides(ignored: Bool) -> Bool
    /// The edge a release decides for when the behaviour fixes one, for a pan on `side` (nil:
    /// the edge the cell is on).
    static func releaseEdge(side: Edge?) -> Edge?
}

/// A pan's `move` as a behaviour reads it: the finger, the pan and the content before the move,
/// plain values. ``SwipeCell`` makes one per move and asks its configuration's behaviour
/// (``PanBehavior``) for a ``PanDecision``.
struct PanMotion {
    /// The pan's translation now.
    var x: Double
    /// Where the translation is measured from (`panStartPoint.x`; moved by a SwipeCellKit
    /// trigger, ``PanDecision/restart``).
    var start: Double
    /// Where the finger touched down.
    var origin: Double
    /// The pan's side: nil while nothing is revealed or committed.
    var edge: Edge?
    /// The side's committed reveal (`startingRightLayoutConstraintConstant`), 0 without a side.
    var committed: Double
    /// SwipeCellKit's rules: the pan moved first towards an edge without buttons.
    var ignored: Bool
    /// The edge the pan holds expanded (past its full-swipe threshold), if any.
    var expanded: Edge?
    /// The content's signed offset before the move.
    var offset: Double
    var direction: LayoutDirection
}

/// What a pan's `move` does, as a behaviour decides it. ``SwipeCell`` applies it in the order
/// of its fields: the pan's flags and side, its restart, the move, then the expansion.
struct PanDecision {
    /// How the move changes the edge the pan holds expanded.
    enum Expansion {
        /// Left as it was.
        case unchanged
        /// Expanded while the reveal is at or past its edge's full-swipe threshold (rows with a
        /// full swipe only).
        case byThreshold
        /// Set to this edge (nil: none).
        case to(Edge?)
    }

    /// SwipeCellKit's rules: the pan moved first towards an edge without buttons, so the rest of
    /// it, its release included, does nothing.
    var ignoresRest = false
    /// SwipeCellKit's rules: the side a pan that began closed is fixed to, with nothing committed.
    var fixedSide: Edge? = nil
    /// SwipeCellKit's rules: where the pan's translation is measured from from now on
    /// (`setTranslation`, a `.destructive` trigger pulling the content to its target).
    var restart: Double? = nil
    /// Where the content goes; nil: it stays.
    var move: TutorialBehavior.Move? = nil
    var expansion = Expansion.unchanged
}
