extension SwipeCell {
    /// `setConstraintsToShowAllButtons:notifyDelegateDidOpen:`.
    ///
    /// Notifies first (even when it then bails out), bails out if the pan started open and the
    /// cell is still there, else goes to the bounce position and animates.
    mutating func setConstraintsToShowAllButtons(animated: Bool, notify: Bool, at now: VirtualInstant)
        -> CellEffects
    {
        var effects = CellEffects(notification: notify ? .didOpen : nil)
        let total = configuration.totalWidth
        if startingRight == total && right == total {  // 1
            return effects
        }
        let drawn = presentedRight(at: now)
        right = total + configuration.bounce  // 2
        left = -total - configuration.bounce
        effects.completion = layoutIfNeeded(animated: animated, from: drawn, then: .openSettle, at: now)
        return effects
    }

    /// `resetConstraintContstantsToZero:notifyDelegateDidClose:`.
    mutating func resetConstraintConstantsToZero(animated: Bool, notify: Bool, at now: VirtualInstant)
        -> CellEffects
    {
        var effects = CellEffects(notification: notify ? .didClose : nil)
        if startingRight == 0 && right == 0 {  // already all the way closed, no bounce necessary
            return effects
        }
        let drawn = presentedRight(at: now)
        right = -configuration.bounce
        left = configuration.bounce
        effects.completion = layoutIfNeeded(animated: animated, from: drawn, then: .closeSettle, at: now)
        return effects
    }

    /// Runs the completion block of a step whose animation has finished. The tutorial ignores
    /// `finished` and reads `buttonTotalWidth` when the block runs, so a cell reused for a row
    /// with other buttons settles at the new row's width.
    public mutating func complete(_ step: SnapStep, at now: VirtualInstant) -> ScheduledStep? {
        completeStep(step, animated: true, at: now)
    }

    private mutating func completeStep(_ step: SnapStep, animated: Bool, at now: VirtualInstant) -> ScheduledStep? {
        let drawn = presentedRight(at: now)
        switch step {
        case .openSettle:  // 3
            right = configuration.totalWidth
            left = -configuration.totalWidth
            return layoutIfNeeded(animated: animated, from: drawn, then: .openCommit, at: now)
        case .closeSettle:
            right = 0
            left = 0
            return layoutIfNeeded(animated: animated, from: drawn, then: .closeCommit, at: now)
        case .openCommit, .closeCommit:  // 4
            startingRight = right
            return nil
        }
    }

    /// `updateConstraintsIfNeeded:completion:`: an animated step completes after `duration`
    /// on the virtual clock; a non-animated one completes at once, here. The tutorial's
    /// non-animated step is an animation of duration 0, so a configured duration of 0 is that
    /// step exactly: its completion runs here too, before the event returns. `drawn` is where
    /// the cell was drawn before the constants changed: the animation starts there.
    private mutating func layoutIfNeeded(
        animated: Bool, from drawn: Double, then step: SnapStep, at now: VirtualInstant
    ) -> ScheduledStep? {
        guard animated, configuration.duration > .zero else {
            animation = nil
            return completeStep(step, animated: false, at: now)
        }
        animation = Animation(
            from: drawn, to: right, start: now,
            duration: configuration.duration, curve: configuration.curve)
        return ScheduledStep(step: step, deadline: now + configuration.duration)
    }
}
