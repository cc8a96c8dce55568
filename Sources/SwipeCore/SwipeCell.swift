/// The tutorial's `SwipeableCell` as a value: the pan gesture's state machine over a cell's two
/// edges, with no views.
///
/// The cell keeps one signed ``offset`` for its content (negative = moved left) and one
/// `state`, whose cases carry only the data valid in them. Each event is a
/// `mutating func` named for what happened; it returns the ``CellEffects`` the driver
/// (``SwipeTable``) must perform: a delegate notification, the completion of an animation step
/// to schedule on the virtual clock, and a full swipe's event. Where to move and snap is
/// decided by the configuration's ``SwipeBehavior``, pure functions (`TutorialBehavior`:
/// `panThisCell:` step for step, quirks included, docs/tutorial-quirks.md; `SwipeCellKitBehavior`);
/// this type applies the decisions. The events are split by concept: the pan
/// (SwipeCell+Pan.swift), the snaps and their steps (SwipeCell+Snap.swift), the full swipe
/// (SwipeCell+FullSwipe.swift), and where the content is drawn (SwipeCell+Presentation.swift).
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

    /// The full swipe's `delete` under way, if any. Internal, as ``state`` is, for the cell's own
    /// files only (SwipeCell+*.swift).
    var deletion: Deletion? = nil
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
    /// Internal only so that the cell's events, split by concept over SwipeCell+*.swift, can
    /// drive it: nothing outside ``SwipeCell`` reads or writes it.
    var state: State = .closed
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
    /// Internal, as ``state`` is, for the cell's own files only.
    var pending: ScheduledStep?

    public init(configuration: CellConfiguration = .tutorial, direction: LayoutDirection = .ltr) {
        self.configuration = configuration
        self.direction = direction
    }

    // MARK: Reading the state

    /// The side the content is measured on, pan or not.
    var side: Side? {
        switch state {
        case .closed: return nil
        case .resting(let side), .waiting(let side): return side
        case .tracking(let pan): return pan.side
        }
    }

    /// The edge whose buttons the content reveals (or last revealed, while a snap settles),
    /// if any.
    public var edge: Edge? { side?.edge }

    /// A full swipe's `delete` is sliding the content out, or has slid it out and the table is
    /// about to delete the row.
    public var isSlidingOut: Bool { deletion != nil }

    /// The committed reveal (`startingRightLayoutConstraintConstant`), on ``edge``.
    public var committed: Double { side?.committed ?? 0 }

    /// The pan being tracked, if any.
    var pan: Pan? {
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
    mutating func setSide(_ side: Side?) {
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
    mutating func setReveal(_ reveal: Double, on edge: Edge) {
        offset = reveal * direction.sign(of: edge)
        setSide(Side(edge: edge, committed: committed))
    }

    /// Sets the offset directly, on the cell's edge (its default edge when closed), drawn at once.
    mutating func setOffset(_ offset: Double) {
        follow(offset * direction.sign(of: currentEdge), on: currentEdge)
    }

    /// A constant set outside an animation block: the cell is drawn there at once.
    @inline(__always)
    mutating func follow(_ reveal: Double, on edge: Edge) {
        setReveal(reveal, on: edge)
        animation = nil
    }

    /// ``follow(_:on:)`` during a pan's move: the pan, sampled and on its edge, is written back
    /// once, with the side, in one write of the state.
    @inline(__always)
    mutating func follow(_ reveal: Double, on edge: Edge, tracking pan: Pan) {
        var pan = pan
        offset = reveal * direction.sign(of: edge)
        pan.side = Side(edge: edge, committed: pan.side?.committed ?? 0)
        state = .tracking(pan)
        animation = nil
    }

    /// Commits the reveal on the current edge (`startingRight = right`).
    mutating func commit() {
        guard let side else { return }
        setSide(Side(edge: side.edge, committed: reveal(on: side.edge)))
    }

    /// `velocity`: what a snap's spring starts with (points/s, physical): a release's, else 0.
    @inline(__always)
    mutating func apply(_ move: TutorialBehavior.Move, velocity: Double = 0, at now: VirtualInstant)
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
}
