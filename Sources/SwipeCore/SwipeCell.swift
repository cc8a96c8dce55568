/// The tutorial's `SwipeableCell` as a value: the pan gesture's state machine over a cell's two
/// edges, with no views.
///
/// The cell keeps one signed ``offset`` for its content (negative = moved left) and one
/// private `state`, whose cases carry only the data valid in them. Each event is a
/// `mutating func` named for what happened; it returns the ``CellEffects`` the driver
/// (``SwipeTable``) must perform: a delegate notification, the completion of an animation step
/// to schedule on the virtual clock, and a full swipe's event. Where to move and snap is
/// decided by the configuration's ``SwipeBehavior``, pure functions (`TutorialBehavior`:
/// `panThisCell:` step for step, quirks included, docs/tutorial-quirks.md; `SwipeCellKitBehavior`);
/// this type applies the decisions.
///
/// Edges become sides in one place: ``LayoutDirection/sign(of:)``. The algorithm reads and
/// writes *reveals*, points of an edge's buttons uncovered (the tutorial's right constant on
/// the trailing edge in `ltr`): `offset == reveal * sign(of: edge)`.
public struct SwipeCell: Sendable {
    /// What the cell is doing.
    enum State: Hashable, Sendable {
        /// At rest with nothing revealed or committed, no pan: `offset == 0`.
        case closed
        /// No pan, but the content is (or is committed) away from rest on `side.edge`: open,
        /// partly open, or between the steps of a snap.
        case resting(Side)
        /// A full swipe with `completion = "manual"` holds the row filled, at `side`, until it
        /// is fulfilled; no pan.
        case waiting(Side)
        /// A pan is being tracked.
        case tracking(Pan)
    }

    /// The edge the content is measured on, and `startingRightLayoutConstraintConstant` on it.
    struct Side: Hashable, Sendable {
        var edge: Edge
        /// The reveal committed by the last snap's last step, or taken when a pan began.
        var committed: Double
    }

    /// A pan: where it began (`panStartPoint.x`), and the side, if anything is revealed or
    /// committed.
    struct Pan: Hashable, Sendable {
        var startX: Double
        var side: Side?
        /// Where the finger touched down: under SwipeCellKit's rules ``startX`` moves when a
        /// `.destructive` trigger pulls the content to its target (`setTranslation`), this not.
        var originX: Double
        /// SwipeCellKit's rules: the pan moved first towards an edge without buttons, so nothing
        /// was shown and the rest of it, its release included, does nothing.
        var ignored = false
        /// The edge the pan holds expanded (past its full-swipe threshold), if any: released so,
        /// it is a full swipe.
        var expanded: Edge? = nil
        /// The pan moves nothing: it began on a row a `manual` full swipe holds
        /// (``State/waiting(_:)``), held again when the pan ends unless fulfilled meanwhile; or
        /// ``slidingOut``.
        var held = false
        /// The pan moves nothing because it began on a row whose full swipe's `delete` slides it
        /// out, or the row it held was fulfilled with `delete` under it: its release does
        /// nothing, and the slide-out's completion deletes the row. A delete once begun is never
        /// taken back. (One flag beside ``held``, which the moves read alone.)
        var slidingOut = false
        /// The pan's two most recent `move` samples at different virtual times: what its
        /// release velocity is measured from (``ReleasePhysics/velocity(latest:previous:at:)``).
        var latest: PanSample? = nil
        var previous: PanSample? = nil

        init(startX: Double, side: Side?, held: Bool = false, slidingOut: Bool = false) {
            self.startX = startX
            self.side = side
            originX = startX
            self.held = held || slidingOut
            self.slidingOut = slidingOut
        }

        /// A `move` to translation `x` at `now`: the newest sample, the one before it kept
        /// only if it came at another instant.
        @inline(__always)
        mutating func sample(_ x: Double, at now: VirtualInstant) {
            if let latest, latest.time != now { previous = latest }
            latest = PanSample(x: x, time: now)
        }
    }

    /// Where a full swipe's `delete` is. It is the one part of the cell's truth that does not
    /// live in ``State``, because it runs beside every case of it: a pan may begin on a row
    /// whose content is sliding out (it moves nothing: ``Pan/slidingOut``), a row held
    /// under a pan may be fulfilled with `delete` (the slide-out starts while the pan goes on),
    /// and an old step of the tutorial's never-cancelled completions (quirk 6) may close it; the
    /// slide-out's completion still deletes the row in each case. A delete once begun is not
    /// taken back: no release snaps a sliding row, and the table neither opens nor closes it.
    /// Kept as data on the cases, it would have to be carried through every transition between
    /// them; kept here, one value says it, and a snap or a reuse ends it in one place.
    enum Deletion: Hashable, Sendable {
        /// The content is sliding out: only this slide-out's completion deletes the row (one
        /// that outlived it, on a cell reused or snapped since, does nothing).
        case slidingOut
        /// The content slid out: the table deletes the row, then calls ``slidOutRowTaken()``;
        /// a snap or a reuse before it does cancels the deletion.
        case slidOut
    }

    /// The full swipe's `delete` under way, if any.
    private var deletion: Deletion? = nil
    /// A full swipe with `completion = "manual"` holds the row filled until it is fulfilled
    /// (a pan over it changes nothing).
    public var isWaiting: Bool {
        switch state {
        case .waiting: return true
        case .tracking(let pan): return pan.held && !pan.slidingOut
        case .closed, .resting: return false
        }
    }
    /// A full swipe's `delete` slid the content out (``Deletion/slidOut``): the table deletes
    /// the row, then calls ``slidOutRowTaken()``; a snap or a reuse before it does cancels the
    /// deletion, as it does a running slide-out.
    var hasSlidOut: Bool { deletion == .slidOut }

    /// The table has taken the slid-out row for deletion: ``hasSlidOut`` is false again.
    mutating func slidOutRowTaken() {
        if deletion == .slidOut { deletion = nil }
    }

    public internal(set) var configuration: CellConfiguration
    /// Where the edges are; set by the table (``SwipeTable/direction``).
    public internal(set) var direction: LayoutDirection {
        didSet {
            // The same edge, revealed as far, on the other side.
            if direction != oldValue {
                offset = -offset
                animation?.mirror()
            }
        }
    }
    /// The content's signed offset in points, negative = moved left: the tutorial's left
    /// constraint constant (and minus its right one).
    public private(set) var offset: Double = 0
    private var state: State = .closed
    /// The animation the cell is drawn with, if one is running. Not state: it is presentation
    /// (UIKit's presentation layer), where the content is drawn on its way to ``offset``; no
    /// decision reads it but where a snap's animation starts from.
    var animation: Animation?
    /// The filled button's grow (a full swipe armed) or shrink (it collapsed), the latest one
    /// started (``ExpansionAnimation``). Presentation too: only the geometry reads it
    /// (``filledPresentation(at:)``).
    public internal(set) var expansion: ExpansionAnimation?
    /// The last animation step scheduled, and when it is due (nil: none running). A spring row
    /// drops the completion of a step a newer one replaced: by the step as well as its deadline,
    /// since two snaps in one millisecond (an `exclusive` table closing the row while it opens)
    /// can be due at the same instant. Where a spring row comes to rest (``rest``).
    /// Not state either: it is the driver's timer as the cell last scheduled it, the same in
    /// every case of ``State`` (a pan does not stop a snap's steps, quirk 6), and only a spring
    /// row's completions and ``rest`` read it.
    private var pending: ScheduledStep?

    public init(configuration: CellConfiguration = .tutorial, direction: LayoutDirection = .ltr) {
        self.configuration = configuration
        self.direction = direction
    }

    // MARK: Reading the state

    /// The side the content is measured on, pan or not.
    private var side: Side? {
        switch state {
        case .closed: return nil
        case .resting(let side), .waiting(let side): return side
        case .tracking(let pan): return pan.side
        }
    }

    /// The edge whose buttons the content reveals (or last revealed, while a snap settles),
    /// if any.
    public var edge: Edge? { side?.edge }

    /// The button that fills the revealed width: an edge's full-swipe button while a pan holds
    /// the edge expanded (past its threshold), while a `manual` full swipe waits to be
    /// fulfilled, and while a full swipe's `delete` slides the content out, until the row is
    /// gone (UIKit's and SwipeCellKit's expanded action keeps filling the row).
    public var filledButton: SwipeButton? {
        guard let filled else { return nil }
        return configuration[filled.edge].buttons[filled.index]
    }

    /// The index (0-based) of ``filledButton`` on its edge (the edge the content uncovers).
    public var filledButtonIndex: Int? { filled?.index }

    var filled: (edge: Edge, index: Int)? {
        guard let edge = pan?.expanded ?? (isWaiting || isSlidingOut ? self.edge : nil),
            let full = configuration.fullSwipe(on: edge),
            full.button >= 0, full.button < configuration.buttonCount(on: edge)
        else { return nil }
        return (edge, full.button)
    }

    /// The filled button as drawn at `now`: its edge, its index and how far it has grown
    /// (``ExpansionAnimation``: 0 its own frame, 1 the whole revealed width). ``filledButton``
    /// at the progress of its grow (1 once it ended, or with none: a row held again at once),
    /// or, after a collapse, the shrinking button until it is back in its frame; nil otherwise.
    public func filledPresentation(at now: VirtualInstant) -> (edge: Edge, index: Int, progress: Double)? {
        if let filled {
            guard let expansion, expansion.growing, expansion.edge == filled.edge else {
                return (filled.edge, filled.index, 1)
            }
            return (filled.edge, filled.index, expansion.progress(at: now))
        }
        guard let expansion, !expansion.growing, now < expansion.end,
            let full = configuration.fullSwipe(on: expansion.edge),
            full.button >= 0, full.button < configuration.buttonCount(on: expansion.edge)
        else { return nil }
        let progress = expansion.progress(at: now)
        return progress > 0 ? (expansion.edge, full.button, progress) : nil
    }

    /// A full swipe's `delete` is sliding the content out, or has slid it out and the table is
    /// about to delete the row.
    public var isSlidingOut: Bool { deletion != nil }

    /// The committed reveal (`startingRightLayoutConstraintConstant`), on ``edge``.
    public var committed: Double { side?.committed ?? 0 }

    /// The pan being tracked, if any.
    private var pan: Pan? {
        if case .tracking(let pan) = state { return pan }
        return nil
    }

    /// `panStartPoint.x`, while a pan is tracked.
    public var panStart: Double? {
        if case .tracking(let pan) = state { return pan.startX }
        return nil
    }

    public var isTracking: Bool { panStart != nil }

    /// How many points of `edge`'s buttons the content uncovers (negative while it bounces
    /// past rest away from them).
    @inline(__always)
    public func reveal(on edge: Edge) -> Double { offset * direction.sign(of: edge) }

    /// A pan move's `progress` (``TableEvent/progress(row:side:offset:fraction:)``): the edge
    /// revealed (else the default one), the offset, and the reveal over that edge's buttons'
    /// width (0 without buttons); -0 reported as 0. Read in one access of the cell in place (a
    /// table reading each field through its array copied the whole cell, twice a move).
    @inline(__always)
    var progress: (edge: Edge, offset: Double, fraction: Double) {
        let edge = side?.edge ?? configuration.metrics.defaultEdge
        let total = configuration.metrics.totalWidth(of: edge)
        let fraction = total > 0 ? reveal(on: edge) / total : 0
        // At rest in `ltr` the trailing side's 0 is -0 (0 times its sign): reported as 0.
        return (edge, offset == 0 ? 0 : offset, fraction == 0 ? 0 : fraction)
    }

    /// The edge a decision falls back on when nothing is revealed.
    var currentEdge: Edge { side?.edge ?? configuration.defaultEdge }

    /// A cell with no buttons (a row whose configuration failed) tracks pans but never moves
    /// or notifies: the tutorial always has buttons, and zero-width thresholds would open it.
    public var isSwipeable: Bool { configuration.hasButtons }

    /// The cell rests fully open on `edge`.
    public func isOpen(on edge: Edge) -> Bool {
        let total = configuration.totalWidth(of: edge)
        return side?.edge == edge && total > 0 && reveal(on: edge) == total && committed == total
    }

    /// The cell counts as open for a viewer when it rests at its edge's total width (as in
    /// the tutorial, a cell with no buttons counts as open and closed at once).
    public var isOpen: Bool {
        let edge = currentEdge
        let reveal = reveal(on: edge)
        return reveal == configuration.totalWidth(of: edge) && committed == reveal
    }
    public var isClosed: Bool { offset == 0 && committed == 0 }

    /// Whether a tap on the middle of `edge`'s button `index` (0-based) reaches it: the content
    /// must have slid past that point.
    public func reveals(_ edge: Edge, buttonAt index: Int) -> Bool {
        reveal(on: edge) > configuration[edge].buttonMiddles[index]
    }

    // MARK: Changing the state (the behaviour's decisions applied)

    /// Sets the side, keeping `closed` for nothing revealed or committed with no pan (a held
    /// row stays held).
    @inline(__always)
    private mutating func setSide(_ side: Side?) {
        switch state {
        case .tracking(var pan):
            pan.side = side
            state = .tracking(pan)
        case .waiting:
            if let side { state = .waiting(side) }
        case .closed, .resting:
            if let side, side.committed != 0 || offset != 0 {
                state = .resting(side)
            } else {
                state = .closed
            }
        }
    }

    /// Moves the content to `reveal` points of `edge`'s buttons.
    @inline(__always)
    private mutating func setReveal(_ reveal: Double, on edge: Edge) {
        offset = reveal * direction.sign(of: edge)
        setSide(Side(edge: edge, committed: committed))
    }

    /// Sets the offset directly, on the cell's edge (its default edge when closed), drawn at once.
    mutating func setOffset(_ offset: Double) {
        follow(offset * direction.sign(of: currentEdge), on: currentEdge)
    }

    /// A constant set outside an animation block: the cell is drawn there at once.
    @inline(__always)
    private mutating func follow(_ reveal: Double, on edge: Edge) {
        setReveal(reveal, on: edge)
        animation = nil
    }

    /// ``follow(_:on:)`` during a pan's move: the pan, sampled and on its edge, is written back
    /// once, with the side, in one write of the state.
    @inline(__always)
    private mutating func follow(_ reveal: Double, on edge: Edge, tracking pan: Pan) {
        var pan = pan
        offset = reveal * direction.sign(of: edge)
        pan.side = Side(edge: edge, committed: pan.side?.committed ?? 0)
        state = .tracking(pan)
        animation = nil
    }

    /// Commits the reveal on the current edge (`startingRight = right`).
    private mutating func commit() {
        guard let side else { return }
        setSide(Side(edge: side.edge, committed: reveal(on: side.edge)))
    }

    /// `velocity`: what a snap's spring starts with (points/s, physical): a release's, else 0.
    @inline(__always)
    private mutating func apply(_ move: TutorialBehavior.Move, velocity: Double = 0, at now: VirtualInstant)
        -> CellEffects
    {
        switch move {
        case .follow(let edge, let reveal):
            follow(reveal, on: edge)
            return CellEffects()
        case .snapOpen(let edge, let notify):
            return snapOpen(edge, animated: true, notify: notify, velocity: velocity, at: now)
        case .snapClosed(let edge, let notify):
            return snapClosed(edge, animated: true, notify: notify, velocity: velocity, at: now)
        }
    }

    // MARK: Events

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
        guard isSwipeable, !pan.held else {
            state = .tracking(pan)
            return CellEffects()
        }
        switch configuration.behavior {
        case .tutorial: return movePan(pan, to: x, by: TutorialBehavior.self, at: now)
        case .swipeCellKit: return movePan(pan, to: x, by: SwipeCellKitBehavior.self, at: now)
        }
    }

    /// The one path of a pan's move: asks `behavior` for its ``PanDecision`` and applies it, in
    /// the order of its fields. Inlined once for each behaviour, so that the tutorial's moves
    /// (``PanDecision`` with only a move and `byThreshold`) pay for no test they cannot need.
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

    /// Whether the pan crossed its edge's full-swipe threshold, either way. Inlined into the
    /// moves of a row with a full swipe.
    @inline(__always)
    private mutating func updateExpansion(at now: VirtualInstant) -> CellEffects.FullSwipeEvent? {
        var expanded: Edge? = nil
        if isTracking, let edge = side?.edge {
            let threshold = configuration.metrics.fullThreshold(of: edge)
            if threshold > 0, reveal(on: edge) >= threshold { expanded = edge }
        }
        return expand(expanded, at: now)
    }

    /// The pan holds `expanded` expanded (nil: none): an `expand` or `collapse` when it changed,
    /// and the filled button starts to grow or shrink from where it is drawn (``expansion``).
    /// Inlined: most moves change nothing, and the call to find that out cost more than the test.
    @inline(__always)
    private mutating func expand(_ expanded: Edge?, at now: VirtualInstant) -> CellEffects.FullSwipeEvent? {
        guard case .tracking(let pan) = state, expanded != pan.expanded else { return nil }
        return changeExpansion(to: expanded, at: now)
    }

    /// ``expand(_:at:)`` where the pan's expanded edge changes.
    private mutating func changeExpansion(to expanded: Edge?, at now: VirtualInstant) -> CellEffects.FullSwipeEvent? {
        guard case .tracking(var pan) = state else { return nil }
        let drawn = filledPresentation(at: now)
        let previous = pan.expanded
        pan.expanded = expanded
        state = .tracking(pan)
        if let edge = expanded ?? previous {
            let from = drawn.flatMap { $0.edge == edge ? $0.progress : nil } ?? 0
            expansion = ExpansionAnimation(edge: edge, growing: expanded != nil, start: now, from: from)
        }
        if let expanded { return .expanded(expanded) }
        return previous.map { .collapsed($0) }
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

    /// `ctx:fulfill(row, completion)`: a row held filled by a `manual` full swipe slides out
    /// (`delete`, the table then deletes the row) or snaps closed (`reset`, with its `close`).
    /// Nothing happens for a row that is not waiting (the table refuses that first).
    public mutating func fulfill(_ completion: FullSwipe.Completion, at now: VirtualInstant) -> CellEffects {
        switch state {
        case .waiting(let side):
            state = .closed
            setSide(side)
        case .tracking(var pan) where pan.held && !pan.slidingOut:
            // Fulfilled under a pan: with `reset`, the rest of it, its release included, is a
            // pan again; with `delete`, it goes on moving nothing while the row slides out.
            pan.held = completion == .delete
            pan.slidingOut = completion == .delete
            state = .tracking(pan)
        case .closed, .resting, .tracking:
            return CellEffects()
        }
        let edge = currentEdge
        switch completion {
        case .delete:
            return slideOut(
                edge, width: configuration[edge].fullSwipe?.width ?? configuration.totalWidth(of: edge), at: now)
        case .reset, .manual: return snapClosed(edge, animated: true, notify: true, at: now)
        }
    }

    /// A row that was waiting comes back on screen: held filled again, at once, at its full
    /// swipe's threshold.
    public mutating func holdFilled(on edge: Edge) {
        guard let full = configuration[edge].fullSwipe else { return }
        expansion = nil  // filled at once
        follow(full.threshold, on: edge)
        hold(on: edge)
    }

    /// Holds the row where its content is on `edge`, filled, until it is fulfilled
    /// (``State/waiting(_:)``): the reveal is committed.
    private mutating func hold(on edge: Edge) {
        state = .waiting(Side(edge: edge, committed: reveal(on: edge)))
    }

    /// The content slides out to the cell's width on `edge`; the row is deleted when the slide
    /// completes (``SnapStep/slideOut``), or, if it does not animate, once the event's calls are
    /// delivered (the cell ``hasSlidOut`` when the event returns).
    private mutating func slideOut(_ edge: Edge, width: Double, velocity: Double = 0, at now: VirtualInstant)
        -> CellEffects
    {
        let drawn = presentedOffset(at: now)
        setReveal(width, on: edge)
        deletion = .slidingOut
        var effects = CellEffects()
        effects.completion = layoutIfNeeded(animated: true, from: drawn, then: .slideOut, velocity: velocity, at: now)
        return effects
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
    private mutating func layoutIfNeeded(
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

/// What the driver must do after a cell event: an action in swift-nio's sense, a fixed struct
/// of three independent parts, each nil when there is nothing to do. ``TableState`` performs
/// them in this order: it schedules ``completion`` on the virtual clock; it records the
/// ``fullSwipe`` event (`expand`, or the released full swipe's action, after which a `manual`
/// row waits for `fulfill`); then it records ``notification`` (an `open` after the rows an
/// `exclusive` table closes, or a `close`), updating its open rows as the tutorial's
/// `cellDidOpen:`/`cellDidClose:` do. A row a full swipe slid out is not an effect but the
/// cell's state (``SwipeCell/hasSlidOut``), read once the event's calls are delivered, since a
/// handler may cancel the deletion first.
public struct CellEffects: Hashable, Sendable {
    /// A delegate call to make.
    public struct Notification: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case didOpen
            case didClose
        }

        public var kind: Kind
        /// The edge that opened or closed.
        public var edge: Edge
        /// The release velocity (points/s), when it took part in the decision (`release =
        /// "velocity"`); nil otherwise, and always for the tutorial.
        public var velocity: Double? = nil

        public init(_ kind: Kind, edge: Edge, velocity: Double? = nil) {
            self.kind = kind
            self.edge = edge
            self.velocity = velocity
        }

        /// `[self.delegate cellDidOpen:self]`, on the trailing edge (the tutorial's).
        public static let didOpen = Notification(.didOpen, edge: .trailing)
        /// `[self.delegate cellDidClose:self]`, on the trailing edge.
        public static let didClose = Notification(.didClose, edge: .trailing)
        public static func opened(on edge: Edge) -> Notification { Notification(.didOpen, edge: edge) }
        public static func closed(on edge: Edge) -> Notification { Notification(.didClose, edge: edge) }
    }

    /// The delegate call to make (`open` or `close`), if any.
    public var notification: Notification?
    /// The animation step whose completion must run at its `deadline`, if any.
    public var completion: ScheduledStep?

    /// A full swipe's event: a pan crossed its edge's full-swipe threshold (`expanded` past it,
    /// `collapsed` back), or was released expanded (`released`). A pan's move gives the first
    /// two, its release the third, so one value says it.
    public enum FullSwipeEvent: Hashable, Sendable {
        case expanded(Edge)
        case collapsed(Edge)
        case released(FullAction)
    }
    /// The full swipe's event to record, if any.
    public var fullSwipe: FullSwipeEvent? = nil

    /// A full swipe was released: button `index` (0-based) of `edge` acts, then `completion`.
    public struct FullAction: Hashable, Sendable {
        public var edge: Edge
        public var index: Int
        public var completion: FullSwipe.Completion
    }

    /// Nothing to do: no delegate call, completion or full swipe event.
    @inlinable
    public var isEmpty: Bool {
        notification == nil && completion == nil && fullSwipe == nil
    }

    /// Takes `other`'s notification and completion (a snap's or a slide-out's, after a full
    /// swipe's action).
    mutating func merge(_ other: CellEffects) {
        notification = other.notification
        completion = other.completion
    }

    public init(notification: Notification? = nil, completion: ScheduledStep? = nil) {
        self.notification = notification
        self.completion = completion
    }
}

/// The completion block of one animation step, due when the clock reaches `deadline`.
public struct ScheduledStep: Hashable, Sendable {
    public var step: SnapStep
    public var deadline: VirtualInstant
}

/// The completion blocks nested in the two snap routines.
public enum SnapStep: Hashable, Sendable {
    /// `setConstraintsToShowAllButtons` //3: come back from the bounce to the total width.
    case openSettle
    /// `setConstraintsToShowAllButtons` //4: commit `startingRightLayoutConstraintConstant`.
    case openCommit
    /// `resetConstraintContstantsToZero`: come back from the bounce to zero.
    case closeSettle
    /// `resetConstraintContstantsToZero`: commit `startingRightLayoutConstraintConstant`.
    case closeCommit
    /// A full swipe's `delete`: the content has slid out; the table deletes the row.
    case slideOut
}
