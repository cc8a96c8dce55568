/// The snaps: the table opening and closing the cell, and the tutorial's two snap routines with
/// their animation steps, settled on the virtual clock.
extension SwipeCell {
    /// The table opens the cell on `edge` itself: `openCell` when not animated (no
    /// notification either way).
    public mutating func tableOpened(on edge: Edge, animated: Bool, at now: VirtualInstant) -> CellEffects {
        snapOpen(edge, animated: animated, notify: false, at: now)
    }

    /// The table closes the cell itself, without notification.
    public mutating func tableClosed(animated: Bool, notify: Bool = false, at now: VirtualInstant) -> CellEffects {
        snapClosed(currentEdge, animated: animated, notify: notify, at: now)
    }

    /// `openCell`: the table opens the cell on its default edge, without animation or notification.
    public mutating func openCell(at now: VirtualInstant) {
        _ = snapOpen(configuration.defaultEdge, animated: false, notify: false, at: now)
    }

    /// `prepareForReuse`: closes the cell without animation or notification. A pan still
    /// tracked is dropped (the table cancels it first when its row leaves the screen).
    public mutating func prepareForReuse(at now: VirtualInstant) {
        switch state {
        case .tracking(let pan):
            state = .closed
            setSide(pan.side)
        case .waiting(let side):
            state = .closed
            setSide(side)
        case .closed, .resting:
            break
        }
        _ = snapClosed(currentEdge, animated: false, notify: false, at: now)  // ends a deletion too
        expansion = nil
    }

    /// The completion block of an animation step ran. Completions are never cancelled and
    /// read the configuration when they run (quirk 6), on the edge the cell is on by then.
    public mutating func complete(_ step: SnapStep, at now: VirtualInstant) -> ScheduledStep? {
        // A spring row's new step stops the running one, as UIKit's property animators do
        // (SwipeCellKit's): the replaced step's completion is dropped. The cubic curves keep the
        // tutorial's never-cancelled completions (quirk 6).
        if configuration.spring != nil, pending != ScheduledStep(step: step, deadline: now) { return nil }
        let next = completeStep(step, animated: true, at: now)
        if next == nil { pending = nil }
        // Drawn where the model is from now on: at rest (``animationEnd`` is nil).
        if next == nil, let running = animation, running.start + running.duration <= now, running.to == offset {
            animation = nil
        }
        return next
    }

    /// Where a row that does not keep quirk 6 (a spring row) comes to rest once its running
    /// step and the steps it chains have completed: what its last `open`/`close` must have
    /// announced (``SwipeTable/checkInvariants()``).
    enum Rest: Hashable, Sendable, CustomStringConvertible {
        case closed
        case open(Edge)
        /// Resting neither open nor closed: `reveal` points of `edge`'s buttons.
        case partly(Edge, Double)

        var description: String {
            switch self {
            case .closed: "closed"
            case .open(let edge): "open on \(edge)"
            case .partly(let edge, let reveal): "\(reveal) points open on \(edge)"
            }
        }
    }

    /// The cell's ``Rest``; nil where none is promised: rows that keep quirk 6 (their old
    /// completions may still move them), rows without buttons, while a pan is tracked, and while
    /// a full swipe holds the row or slides it out.
    var rest: Rest? {
        guard configuration.spring != nil, isSwipeable, !isTracking, !isWaiting, deletion != .slidingOut else {
            return nil
        }
        let edge = currentEdge
        switch pending?.step {
        case .openSettle?, .openCommit?: return .open(edge)
        case .closeSettle?, .closeCommit?: return .closed
        case .slideOut?: return nil
        case nil:
            if isClosed { return .closed }
            if isOpen(on: edge) { return .open(edge) }
            return .partly(edge, reveal(on: edge))
        }
    }

    // MARK: The snap routines

    /// `setConstraintsToShowAllButtons:notifyDelegateDidOpen:` on `edge`: notifies first (even
    /// when it then bails out), bails out if the cell is committed open there and still is,
    /// else goes to the bounce position and animates (a spring from `velocity` points/s).
    mutating func snapOpen(_ edge: Edge, animated: Bool, notify: Bool, velocity: Double = 0, at now: VirtualInstant)
        -> CellEffects
    {
        deletion = nil
        var effects = CellEffects(notification: notify ? .opened(on: edge) : nil)
        let total = configuration.totalWidth(of: edge)
        if side?.edge == edge && committed == total && reveal(on: edge) == total {  // 1
            replaceRunningStep()
            return effects
        }
        let drawn = presentedOffset(at: now)
        setReveal(TutorialBehavior.openBouncePosition(total: total, bounce: configuration.bounce), on: edge)  // 2
        effects.completion = layoutIfNeeded(
            animated: animated, from: drawn, then: .openSettle, velocity: velocity, at: now)
        return effects
    }

    /// `resetConstraintContstantsToZero:notifyDelegateDidClose:` on `edge`.
    mutating func snapClosed(_ edge: Edge, animated: Bool, notify: Bool, velocity: Double = 0, at now: VirtualInstant)
        -> CellEffects
    {
        deletion = nil
        var effects = CellEffects(notification: notify ? .closed(on: edge) : nil)
        if committed == 0 && offset == 0 {  // already all the way closed, no bounce necessary
            replaceRunningStep()
            return effects
        }
        let drawn = presentedOffset(at: now)
        setReveal(TutorialBehavior.closeBouncePosition(bounce: configuration.bounce), on: edge)
        effects.completion = layoutIfNeeded(
            animated: animated, from: drawn, then: .closeSettle, velocity: velocity, at: now)
        return effects
    }

    /// A spring row's snap that finds nothing to move is still a new step: it replaces the
    /// running one, whose completion is dropped (a close still settling must not pull back a
    /// row just announced open). The tutorial's curves keep quirk 6: nothing is dropped.
    private mutating func replaceRunningStep() {
        guard configuration.spring != nil else { return }
        pending = nil
    }

    /// The tutorial's names for the snap routines, on the edge the cell is on.
    mutating func setConstraintsToShowAllButtons(animated: Bool, notify: Bool, at now: VirtualInstant) -> CellEffects {
        snapOpen(currentEdge, animated: animated, notify: notify, at: now)
    }

    mutating func resetConstraintConstantsToZero(animated: Bool, notify: Bool, at now: VirtualInstant) -> CellEffects {
        snapClosed(currentEdge, animated: animated, notify: notify, at: now)
    }

    private mutating func completeStep(_ step: SnapStep, animated: Bool, at now: VirtualInstant) -> ScheduledStep? {
        let drawn = presentedOffset(at: now)
        switch step {
        case .openSettle:  // 3
            let edge = currentEdge
            setReveal(configuration.totalWidth(of: edge), on: edge)
            return layoutIfNeeded(animated: animated, from: drawn, then: .openCommit, at: now)
        case .closeSettle:
            setReveal(0, on: currentEdge)
            return layoutIfNeeded(animated: animated, from: drawn, then: .closeCommit, at: now)
        case .openCommit, .closeCommit:  // 4
            commit()
            return nil
        case .slideOut:  // the table deletes the row
            commit()
            if deletion == .slidingOut { deletion = .slidOut }
            return nil
        }
    }

    /// `updateConstraintsIfNeeded:completion:`: an animated step completes after `duration`
    /// on the virtual clock; a non-animated one completes at once, here. The tutorial's
    /// non-animated step is an animation of duration 0, so a configured duration of 0 is that
    /// step exactly: its completion runs here too, before the event returns. `drawn` is where
    /// the cell was drawn before the offset changed: the animation starts there; a spring starts
    /// at `velocity` points/s (the release's for a release's first step, else 0).
    mutating func layoutIfNeeded(
        animated: Bool, from drawn: Double, then step: SnapStep, velocity: Double = 0, at now: VirtualInstant
    ) -> ScheduledStep? {
        if animated, let spring = configuration.spring {
            // A spring lasts until it settles, from where the cell is drawn, at the release's
            // velocity (0 for the steps after the first).
            let settle = spring.settle(x0: drawn - offset, v0: velocity)
            let duration = settle.duration
            guard duration > .zero, let path = settle.path else {
                animation = nil
                pending = nil
                return completeStep(step, animated: false, at: now)
            }
            animation = Animation(
                from: drawn, to: offset, start: now, duration: duration, curve: configuration.curve, path: path)
            pending = ScheduledStep(step: step, deadline: now + duration)
            return pending
        }
        guard animated, configuration.duration > .zero else {
            animation = nil
            pending = nil
            return completeStep(step, animated: false, at: now)
        }
        pending = ScheduledStep(step: step, deadline: now + configuration.duration)
        animation = Animation(
            from: drawn, to: offset, start: now,
            duration: configuration.duration, curve: configuration.curve)
        return ScheduledStep(step: step, deadline: now + configuration.duration)
    }
}
