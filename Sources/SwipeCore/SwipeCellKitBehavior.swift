/// SwipeCellKit's pan rules (``SwipeBehavior/swipeCellKit``), read from its `SwipeController.swift`,
/// `SwipeExpansionStyle.swift` and `SwipeOptions.swift` (nothing copied; docs/physics.md, "Pan
/// rules", gives the lines): pure decisions over an edge, in reveals, that ``SwipeCell``
/// applies, as ``TutorialBehavior``'s are.
enum SwipeCellKitBehavior {
    /// Past its rest the other way, each point of finger movement moves the content this much
    /// (`handlePan`'s `.changed`: `elasticTranslation` with a limit of 0 and its default ratio).
    static let otherSideElasticity = 0.2
    /// An expansion is considered only once the pan's translation is past this many points
    /// (`SwipeExpansionStyle.minimumExpansionTranslation`).
    static let minimumExpansionTranslation = 8.0

    /// The side a pan that began closed is fixed to: the one its first motion `dx` moves
    /// towards (`.began` picks the orientation by the sign of the velocity). Nil before the
    /// finger has moved.
    @inline(__always)
    static func side(forMotion dx: Double, direction: LayoutDirection) -> Edge? {
        guard dx != 0 else { return nil }
        return dx * direction.sign(of: .trailing) > 0 ? .trailing : .leading
    }

    /// Where the content goes for `raw` points of finger movement towards `edge` from its rest
    /// (the committed reveal plus the pan's progress): past rest the other way at 0.2 a point;
    /// towards the buttons as the tutorial's last steps (elastic past them, or a full swipe's
    /// stretch).
    @inline(__always)
    static func panChanged(raw: Double, on edge: Edge, metrics: CellMetrics, elasticity: Double)
        -> TutorialBehavior.Move
    {
        if raw < 0 { return .follow(edge, raw * otherSideElasticity) }
        return TutorialBehavior.reveal(raw, on: edge, metrics: metrics, elasticity: elasticity)
    }

    /// A `.destructive` full swipe's reveal for `raw` points of movement: 1:1 up to its target,
    /// then ``FullSwipe/elasticity`` a point (`elasticTranslation` with the target as limit).
    @inline(__always)
    static func destructiveStretch(_ raw: Double, target: Double) -> Double {
        raw <= target ? raw : target + (raw - target) * FullSwipe.elasticity
    }

    /// `SwipeExpansionStyle.shouldExpand` for `.destructive`: never within
    /// ``minimumExpansionTranslation`` of the translation's start; then by the content's reveal
    /// *before* this move (`previousReveal`, floored): not up to the buttons' width, always
    /// strictly past the target, and in between when the finger has travelled strictly more than
    /// 80% of the cell's width (its `.touchThreshold(0.8)`; `travel` is the finger's movement
    /// towards the edge since the pan began).
    static func shouldExpand(
        previousReveal: Double, translation: Double, travel: Double, total: Double, full: FullSwipe
    ) -> Bool {
        guard abs(translation) > minimumExpansionTranslation else { return false }
        let shown = abs(previousReveal).rounded(.down)
        if shown <= total { return false }
        if shown > full.destructiveTarget(total: total) { return true }
        return travel / full.width > FullSwipe.destructiveTouchFraction
    }
}
