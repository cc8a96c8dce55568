/// SwipeCellKit's pan rules (``SwipeBehavior/swipeCellKit``), read from its `SwipeController.swift`,
/// `SwipeExpansionStyle.swift` and `SwipeOptions.swift` (nothing copied; docs/physics.md, "Pan
/// rules", gives the lines): pure decisions over an edge, in reveals, that ``SwipeCell``
/// applies, as ``TutorialBehavior``'s are.
enum SwipeCellKitBehavior: PanBehavior {
    /// Past its rest the other way, each point of finger movement moves the content this much
    /// (`handlePan`'s `.changed`: `elasticTranslation` with a limit of 0 and its default ratio).
    static let otherSideElasticity = 0.2
    /// An expansion is considered only once the pan's translation is past this many points
    /// (`SwipeExpansionStyle.minimumExpansionTranslation`).
    static let minimumExpansionTranslation = 8.0

    /// `handlePan`'s `.changed`: a pan that began closed is fixed to the side of its first
    /// motion, or ignored, with the rest of it, if that side has no buttons; the content goes
    /// where the finger puts it from the committed reveal (no snap at the buttons' width); a
    /// `.destructive` full swipe expands by its own triggers (``shouldExpand``), a trigger short
    /// of the target pulling the content to it and restarting the translation there.
    ///
    /// Inlined into the cell's one caller, as ``TutorialBehavior``'s is: called out of line, the
    /// 408-byte configuration was copied (a `memcpy`) on every SwipeCellKit move.
    @inline(__always)
    static func panChanged(_ motion: PanMotion, configuration: CellConfiguration) -> PanDecision {
        var decision = PanDecision()
        guard !motion.ignored else { return decision }
        let edge: Edge
        if let side = motion.edge {
            edge = side
        } else {
            guard let towards = side(forMotion: motion.x - motion.start, direction: motion.direction) else {
                return decision
            }
            guard configuration.hasButtons(on: towards) else {
                decision.ignoresRest = true
                return decision
            }
            decision.fixedSide = towards
            edge = towards
        }
        // Without a side before this move, `committed` is 0: the side just fixed commits nothing.
        let sign = motion.direction.sign(of: edge)
        let raw = motion.committed + (motion.x - motion.start) * sign
        guard let full = configuration.fullSwipe(on: edge), full.isDestructive else {
            decision.move = panChanged(
                raw: raw, on: edge, metrics: configuration.metrics, elasticity: configuration.elasticity ?? 0)
            decision.expansion = .byThreshold
            return decision
        }
        // Past rest the other way the expansion is left as it was (the `.changed` returns first).
        guard raw >= 0 else {
            decision.move = .follow(edge, raw * otherSideElasticity)
            return decision
        }
        let total = configuration.totalWidth(of: edge)
        let target = full.destructiveTarget(total: total)
        let expanded = shouldExpand(
            previousReveal: motion.offset * motion.direction.sign(of: edge), translation: motion.x - motion.start,
            travel: (motion.x - motion.origin) * sign, total: total, full: full)
        var reveal = raw
        if expanded, motion.expanded != edge, target > raw {
            // A trigger fired short of the target: the content goes to it, and the pan's
            // translation restarts there.
            decision.restart = motion.x - (target - motion.committed) * sign
            reveal = target
        }
        decision.move = .follow(edge, destructiveStretch(reveal, target: target))
        decision.expansion = .to(expanded ? edge : nil)
        return decision
    }

    /// A pan that showed nothing (``PanMotion/ignored``) has nothing to decide when released.
    @inline(__always)
    static func releaseDecides(ignored: Bool) -> Bool { !ignored }

    /// `targetState` decides for the side the pan was fixed to, even with the content back at
    /// (or past) its rest.
    @inline(__always)
    static func releaseEdge(side: Edge?) -> Edge? { side }

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
