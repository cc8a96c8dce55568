/// The pan's events: where it begins, each move (the behaviour's ``PanDecision`` applied) and
/// its release or cancel (the thresholds, a flick, or a full swipe).
extension SwipeCell {
    /// `UIGestureRecognizerStateBegan`: the pan remembers where it began, and the reveal of
    /// that moment becomes the committed one (`startingRight = right`).
    public mutating func panBegan(translation x: Double) {
        let held = isWaiting
        let slidingOut = deletion != nil
        let side = self.side.map { Side(edge: $0.edge, committed: reveal(on: $0.edge)) }
        let kept = held || slidingOut ? side : side.flatMap { $0.committed != 0 || offset != 0 ? $0 : nil }
        state = .tracking(Pan(startX: x, side: kept, held: held, slidingOut: slidingOut))
    }

    /// `UIGestureRecognizerStateChanged`. Without a pan in progress it does nothing: drivers
    /// report that case to their user. The configuration's behaviour decides
    /// (``PanBehavior/panChanged(_:configuration:)``); ``movePan(_:to:by:at:)`` applies it.
    public mutating func panChanged(translation x: Double, at now: VirtualInstant) -> CellEffects {
        guard case .tracking(var pan) = state else { return CellEffects() }
        pan.sample(x, at: now)
        guard isSwipeable, !pan.held, configuration.behavior != .swipeCellKit else {
            guard isSwipeable, !pan.held else {
                state = .tracking(pan)
                return CellEffects()
            }
            // The sampled pan is written back by ``movePan(_:to:by:at:)``, once, with what the
            // decision changes in it: writing it here too cost SwipeCellKit's moves a second write.
            return swipeCellKitMove(pan, to: x, at: now)
        }
        // The tutorial's decision is a move and `byThreshold` alone (its ``PanDecision``), applied
        // as ``movePan(_:to:by:at:)`` does but written out: through it, the tutorial's moves cost
        // 7 to 11 instructions more each (the gate's `pan.move`, whose bound is 295).
        let move = TutorialBehavior.panChanged(
            translation: x, start: pan.startX, edge: pan.side?.edge, committed: pan.side?.committed ?? 0,
            metrics: configuration.metrics, direction: direction, elasticity: configuration.elasticity ?? 0)
        var effects = CellEffects()
        if case .follow(let edge, let reveal) = move {
            follow(reveal, on: edge, tracking: pan)  // most moves
        } else {
            state = .tracking(pan)
            effects = apply(move, at: now)
        }
        if configuration.metrics.hasFullSwipe { effects.fullSwipe = updateExpansion(at: now) }
        return effects
    }

    /// ``movePan(_:to:by:at:)`` for SwipeCellKit's rules, out of line as its own function was.
    @inline(never)
    private mutating func swipeCellKitMove(_ pan: Pan, to x: Double, at now: VirtualInstant) -> CellEffects {
        movePan(pan, to: x, by: SwipeCellKitBehavior.self, at: now)
    }

    /// The one path of a pan's move: asks `behavior` for its ``PanDecision`` and applies it, in
    /// the order of its fields. Inlined once for each behaviour, so that the tutorial's moves
    /// (``PanDecision`` with only a move and `byThreshold`) pay for no test they cannot need.
    /// Each of its paths writes the pan (`pan`, sampled, not yet the state's) back once.
    @inline(__always)
    private mutating func movePan<Behavior: PanBehavior>(
        _ pan: Pan, to x: Double, by behavior: Behavior.Type, at now: VirtualInstant
    ) -> CellEffects {
        var pan = pan
        let motion = PanMotion(
            x: x, start: pan.startX, origin: pan.originX, edge: pan.side?.edge, committed: pan.side?.committed ?? 0,
            ignored: pan.ignored, expanded: pan.expanded, offset: offset, direction: direction)
        let decision = Behavior.panChanged(motion, configuration: configuration)
        if decision.ignoresRest { pan.ignored = true }
        if let edge = decision.fixedSide { pan.side = Side(edge: edge, committed: 0) }
        if let start = decision.restart { pan.startX = start }
        guard let move = decision.move else {
            state = .tracking(pan)
            return CellEffects()
        }
        var effects = CellEffects()
        if case .follow(let edge, let reveal) = move {
            follow(reveal, on: edge, tracking: pan)  // most moves
        } else {
            state = .tracking(pan)
            effects = apply(move, at: now)
        }
        switch decision.expansion {
        case .unchanged: break
        case .byThreshold:
            if configuration.metrics.hasFullSwipe { effects.fullSwipe = updateExpansion(at: now) }
        case .to(let edge): effects.fullSwipe = expand(edge, at: now)
        }
        return effects
    }

    /// The velocity the pan would be released with now (points/s, physical): from its two most
    /// recent move samples (``ReleasePhysics/velocity(latest:previous:at:)``), 0 without a pan.
    public func releaseVelocity(at now: VirtualInstant) -> Double {
        guard case .tracking(let pan) = state else { return 0 }
        return ReleasePhysics.velocity(latest: pan.latest, previous: pan.previous, at: now)
    }

    /// `UIGestureRecognizerStateEnded`: snap open or closed by the thresholds, or with
    /// `release = "velocity"` by a flick's direction. `velocity` (points/s, negative = left) is
    /// the release's; nil: from the pan's last two moves (``releaseVelocity(at:)``).
    public mutating func panEnded(at now: VirtualInstant) -> CellEffects {
        panEnded(velocity: nil, at: now)
    }

    /// `UIGestureRecognizerStateEnded` at `velocity` points/s (nil: the pan's own).
    public mutating func panEnded(velocity: Double?, at now: VirtualInstant) -> CellEffects {
        guard case .tracking(let pan) = state else { return CellEffects() }
        let velocity =
            velocity.map(ReleasePhysics.bounded)
            ?? ReleasePhysics.velocity(latest: pan.latest, previous: pan.previous, at: now)
        if pan.held { return unhold(pan) }
        state = .closed
        setSide(pan.side)
        guard isSwipeable, configuration.behavior.releaseDecides(ignored: pan.ignored) else { return CellEffects() }
        if let edge = pan.expanded, let full = configuration.fullSwipe(on: edge) {
            // Released expanded, whatever the velocity: the full swipe.
            let launch = configuration.spring == nil ? 0 : velocity
            var effects = CellEffects()
            effects.fullSwipe = .released(
                CellEffects.FullAction(edge: edge, index: full.button, completion: full.completion))
            switch full.completion {
            case .delete:
                effects.merge(slideOut(edge, width: full.width, velocity: launch, at: now))
            case .reset:
                effects.merge(snapClosed(edge, animated: true, notify: true, velocity: launch, at: now))
            case .manual:
                follow(min(reveal(on: edge), full.width), on: edge)
                hold(on: edge)
            }
            return effects
        }
        // The side the behaviour fixes for the release, if any (SwipeCellKit's: the pan's own,
        // even with the content back at or past its rest).
        let fixed = configuration.behavior.releaseEdge(side: pan.side?.edge)
        let edge = fixed ?? currentEdge
        var move: TutorialBehavior.Move? = nil
        if configuration.release == .velocity {
            move = ReleasePhysics.flick(
                velocity: velocity, flick: configuration.flickVelocity, edge: fixed ?? side?.edge,
                metrics: configuration.metrics, direction: direction)
        }
        let decided =
            move
            ?? TutorialBehavior.panEnded(
                reveal: reveal(on: edge), edge: edge, committed: committed, metrics: configuration.metrics)
        var effects = apply(decided, velocity: configuration.spring == nil ? 0 : velocity, at: now)
        if move != nil { effects.notification?.velocity = velocity }  // the flick decided
        return effects
    }

    /// A pan that moved nothing ends: a held row is held again; a row sliding out goes on
    /// sliding, to be deleted.
    private mutating func unhold(_ pan: Pan) -> CellEffects {
        if !pan.slidingOut, let side = pan.side {
            state = .waiting(side)
        } else {
            state = .closed
            setSide(pan.side)
        }
        return CellEffects()
    }

    /// `UIGestureRecognizerStateCancelled`: back to the state the pan started from.
    public mutating func panCancelled(at now: VirtualInstant) -> CellEffects {
        guard case .tracking(let pan) = state else { return CellEffects() }
        if pan.held { return unhold(pan) }
        state = .closed
        setSide(pan.side)
        guard isSwipeable, !pan.ignored else { return CellEffects() }
        return apply(TutorialBehavior.panCancelled(edge: currentEdge, committed: committed), at: now)
    }
}
