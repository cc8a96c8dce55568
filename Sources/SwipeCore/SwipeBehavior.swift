/// How a cell decides where a pan puts the content and which side its release decides for
/// (docs/physics.md, "Pan rules"). The release physics (velocity, overscroll, springs, full
/// swipes) are options beside it.
public enum SwipeBehavior: String, Hashable, Sendable {
    /// `SwipeableCell.m` step for step, quirks included (``TutorialBehavior``,
    /// docs/tutorial-quirks.md): a pan from closed reveals the edge the finger is past its start
    /// towards, and snaps at the clamp.
    case tutorial
    /// SwipeCellKit's `SwipeController.handlePan` (``SwipeCellKitBehavior``), the `swipecellkit`
    /// and `mail` presets': the side is fixed by the pan's first motion, a pan towards an edge
    /// without buttons is ignored, the content goes past its rest the other way at 0.2 a point,
    /// the release decides for that side only, and a `.destructive` full swipe's triggers read
    /// the finger's travel.
    case swipeCellKit = "swipecellkit"
}

// The release's questions, which ``SwipeCell`` asks the preset's ``PanBehavior``. (A pan's move
// picks the behaviour itself, so that each one's applying code is specialized for it:
// ``SwipeCell/panChanged(translation:at:)``.)
extension SwipeBehavior {
    /// Whether a pan's release decides anything at all (``PanBehavior/releaseDecides(ignored:)``).
    @inline(__always)
    func releaseDecides(ignored: Bool) -> Bool {
        switch self {
        case .tutorial: TutorialBehavior.releaseDecides(ignored: ignored)
        case .swipeCellKit: SwipeCellKitBehavior.releaseDecides(ignored: ignored)
        }
    }

    /// The edge a release decides for when the behaviour fixes one (``PanBehavior/releaseEdge(side:)``).
    @inline(__always)
    func releaseEdge(side: Edge?) -> Edge? {
        switch self {
        case .tutorial: TutorialBehavior.releaseEdge(side: side)
        case .swipeCellKit: SwipeCellKitBehavior.releaseEdge(side: side)
        }
    }
}
