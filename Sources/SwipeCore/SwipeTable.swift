/// The tutorial's `MasterViewController` and its table view, headless: items, a viewport with a
/// reuse pool of ``SwipeCell``s, the open rows, and the virtual clock the cells animate on.
///
/// A thin driver over a ``TableState`` value: each event is one `mutating` call on it (so the
/// exclusivity of the table's data is checked once per event, not once per field); the driver
/// then does what the state cannot, calling out: it asks the ``configurationProvider`` for the
/// cells the event dequeued, runs host timers, and delivers the delegate calls the event
/// recorded, once the table is consistent.
///
/// Rows and buttons are numbered from 1, as in scripts, plugins and traces.
public final class SwipeTable {
    /// The table's data. Each event is one access to it, so its dynamic exclusivity check would
    /// be paid once per event, not once per field as when each field was a property of this
    /// class; still, that one check (`swift_beginAccess`/`swift_endAccess`) was a large share
    /// of a `pan move` and took `core.move_ns` past its target, and `host.dispatch_ratio` (whose
    /// dispatch reads the row's item here) up with it (the figures: docs/performance.md,
    /// "Unchecked exclusivity").
    /// It is sound to leave it out: the state never calls out while it is being modified (the
    /// configuration provider, the delegate and timers run between its mutations, see
    /// ``configureDequeuedCells()``, ``deliverEvents()``, ``advance(to:)``), so nothing can
    /// reach it re-entrantly.
    @exclusivity(unchecked) @usableFromInline var state: TableState
    public var geometry: TableGeometry { state.geometry }
    /// Gets the delegate calls. Held weakly: once the delegate is released the table delivers
    /// nothing (until another is set). Setting it ends an ``attach(owner:deliver:)``; it reads the
    /// attached owner while there is one.
    public var delegate: (any SwipeTableDelegate)? {
        get {
            guard let recipient else { return nil }
            if let box = recipient.kept { return box.delegate }
            return recipient.object.takeUnretainedValue() as? any SwipeTableDelegate
        }
        set { recipient = newValue.map(Recipient.init(weakly:)) }
    }
    /// Where the delegate calls go: the one way an event is delivered, whoever set the delegate
    /// (``delegate`` or ``attach(owner:deliver:)``). Set when a host takes the table and read
    /// once per delivered event, each read an instant access that nothing can overlap (set
    /// between deliveries, never while a read is under way): no dynamic exclusivity check,
    /// which would cost more than the read.
    @exclusivity(unchecked) private var recipient: Recipient?
    /// Gives each row its cell configuration when the row's cell is dequeued.
    public var configurationProvider: (_ row: Int, _ item: String) -> CellConfiguration
    /// Called when a timer set with ``scheduleTimer(after:)`` falls due, with its id.
    public var timerHandler: ((Int) -> Void)?
    /// The row animations' layout, made once per instant they are drawn at (``rowLayout(_:)``).
    var layoutIndex: RowLayoutIndex?

    public init(
        items: TableItems = .generated(count: TableGeometry.defaultRows),
        geometry: TableGeometry = TableGeometry(),
        direction: LayoutDirection = .ltr,
        options: TableBehaviorOptions = TableBehaviorOptions(),
        configurationProvider: @escaping (_ row: Int, _ item: String) -> CellConfiguration = { _, _ in .tutorial }
    ) {
        state = TableState(items: items, geometry: geometry)
        state.direction = direction
        state.options = options
        self.configurationProvider = configurationProvider
        state.layoutVisibleRows()
        configureDequeuedCells()
    }

    public var items: TableItems { state.items }
    public var contentOffset: Double { state.contentOffset }
    public var now: VirtualInstant { state.now }

    /// Where the leading and trailing edges are. Changing it mirrors every cell: an edge stays
    /// revealed as far, on the other side.
    public var direction: LayoutDirection {
        get { state.direction }
        set { state.direction = newValue }
    }

    /// `exclusive`, `close_on_scroll`, `close_on_tap` (all off: the tutorial's table).
    public var options: TableBehaviorOptions {
        get { state.options }
        set { state.options = newValue }
    }

    /// Whether the table delivers ``TableEvent/begin(row:side:)``, ``TableEvent/willOpen(row:side:velocity:)``
    /// and ``TableEvent/willClose(row:side:velocity:)`` (off: the tutorial's delegate hears none).
    public var reportsLifecycle: Bool {
        get { state.reportsLifecycle }
        set { state.reportsLifecycle = newValue }
    }

    /// Whether every pan move delivers a ``TableEvent/progress(row:side:offset:fraction:)`` (off:
    /// a move that changes nothing else delivers nothing).
    public var reportsProgress: Bool {
        get { state.reportsProgress }
        set { state.reportsProgress = newValue }
    }

    /// `cellsCurrentlyEditing`: the rows the table re-opens when their cell is dequeued.
    public var openRows: Set<Int> { Set(state.openRows.rows) }

    /// How many rows are open.
    public var openRowCount: Int { state.openRows.count }

    /// The edge `row` is kept open on; nil when it is not open, or was opened by the table off
    /// screen on its default edge and has not been on screen since.
    public func openEdge(ofRow row: Int) -> Edge? { state.openRows[row]?.edge }

    /// The rows on screen, 1-based.
    public var visibleRows: Range<Int> { state.visibleRows }

    /// How many cells the table has made: bounded by the viewport, not by the row count.
    public var cellCount: Int { state.cells.count }

    /// The cell showing `row`, if the row is on screen.
    public func cell(forRow row: Int) -> SwipeCell? {
        state.cellIndex(forRow: row).map { state.cells[$0] }
    }

    /// Whether a completion is still waiting for the clock.
    public var hasPendingAnimations: Bool { !state.completions.isEmpty }

    /// When the earliest animation completion or host timer falls due; nil when none waits.
    public var nextDeadline: VirtualInstant? { state.completions.earliestDeadline }

    /// Calls `generated` with the number of row `row`'s generated title, or `stored` with its
    /// stored item's bytes, valid only inside `stored` (see
    /// ``TableItems/withItem(row:generated:stored:)``): neither the items nor the item are
    /// copied or retained. Neither closure may change the table's items.
    @inlinable
    @inline(__always)
    public func withItem<R>(
        row: Int, generated: (Int) throws -> R, stored: (UnsafePointer<CChar>, Int) throws -> R
    ) rethrows -> R {
        // Found in one short access to the state, over before `generated` or `stored` runs (a
        // delegate's handler run from them reads the table). The bytes belong to the items,
        // which only change when the state is modified: never while a delegate call runs.
        switch state.itemPlace(row: row) {
        case .generated(let number): return try generated(number)
        case .stored(let item, let count, _): return try stored(item, count)
        }
    }

    /// As ``withItem(row:generated:stored:)``, for a row whose item is a plain string with a
    /// number id: `generated` gets the generated title's number (its id too),
    /// `stored` the stored item's bytes and its id. `other` is called instead for a row with
    /// fields (a table item) or a name id: the caller reads those from ``items``.
    @inlinable
    @inline(__always)
    public func withPlainItem<R>(
        row: Int, generated: (Int) throws -> R, stored: (UnsafePointer<CChar>, Int, Int) throws -> R,
        other: () throws -> R
    ) rethrows -> R {
        guard let place = state.plainItemPlace(row: row) else { return try other() }
        switch place {
        case .generated(let number): return try generated(number)
        case .stored(let item, let count, let id):
            if id == Int.min { return try other() }
            return try stored(item, count, id)
        }
    }

    // MARK: Driving

    /// Asks the configuration provider for each cell the last event dequeued, in order.
    func configureDequeuedCells() {
        while let next = state.nextUnconfigured() {
            let configuration = configurationProvider(next.row, next.item)
            state.configure(next.cell, row: next.row, with: configuration)
        }
    }

    /// Hands the recorded delegate calls over, in order. A delegate that drives the table from a
    /// callback adds to the list, and those calls follow.
    func deliverEvents() {
        guard !state.isDelivering else { return }
        state.isDelivering = true
        defer { state.isDelivering = false }
        while true {
            deliverRecordedEvents()
            // A slide-out that did not animate deletes its row now, after its full swipe's
            // action (and whatever that set off) was delivered for the row that was swiped.
            guard state.deleteSlidOutRows() else { return }
            if !state.unconfigured.isEmpty { configureDequeuedCells() }
            #if DEBUG
                checkInvariants()
            #endif
        }
    }

    @inline(__always)
    private func deliverRecordedEvents() {
        while let event = state.takeEvent() {
            // Read for each event: a delegate call may set another delegate. The copy keeps a
            // weakly held delegate's box alive through the call.
            guard let recipient else { continue }
            #if DEBUG
                precondition(recipient.check != nil, "the table's owner was released without detaching")
            #endif
            recipient.object._withUnsafeGuaranteedRef { recipient.deliver($0, self, event) }
        }
    }

    /// Delivers an event to the recipient's object, given as `AnyObject` (its own type: the
    /// function ``attach(owner:deliver:)`` was given downcasts it).
    package typealias OwnerDelivery = (_ owner: AnyObject, _ table: SwipeTable, _ event: TableEvent) -> Void

    /// Makes `owner` the delegate without a weak reference to it, for an object that owns the
    /// table and is on its hot path (the plugin host: a weak reference would put every retain
    /// and release of it on the runtime's slow path). Each event is delivered by `deliver`,
    /// called with `owner` unretained: a closure that captures nothing and calls `owner`'s
    /// ``SwipeTableDelegate/swipeTable(_:didDeliver:)`` (`unsafeDowncast` it to its type).
    /// The contract: `owner` is not released while it handles an event, and it calls
    /// ``detach(owner:)`` before it is released (in its `deinit`), or the table must not
    /// deliver after that. Setting ``delegate`` replaces it.
    package func attach<Owner: SwipeTableDelegate>(owner: Owner, deliver: @escaping OwnerDelivery) {
        recipient = Recipient(owner: owner, deliver: deliver)
    }

    /// Ends ``attach(owner:deliver:)`` if `owner` is still the attached one (a later host may have
    /// taken the table over): the table then has no delegate.
    package func detach(owner: AnyObject) {
        // Compared by address, not loaded: `owner` is usually in its `deinit`.
        guard let recipient, recipient.kept == nil,
            recipient.object.toOpaque() == Unmanaged.passUnretained(owner).toOpaque()
        else { return }
        self.recipient = nil
    }

    /// After an event: cells configured, the invariants checked (debug builds), calls delivered.
    @inline(__always)
    func finish(configuring: Bool = true) {
        if configuring, !state.unconfigured.isEmpty { configureDequeuedCells() }
        #if DEBUG
            checkInvariants()
        #endif
        if state.hasEventsToDeliver || !state.slidOut.isEmpty { deliverEvents() }
    }
}

// MARK: - Time

extension SwipeTable {
    /// Moves the virtual clock forward, running every animation completion that falls due, in
    /// time order, each at its own deadline. The clock stops at ``VirtualInstant/maximum``:
    /// drivers that take the amount from outside call ``checkCanAdvance(by:)`` first.
    public func advance(by amount: TimeAmount) {
        advance(to: now + amount)
    }

    /// Moves the virtual clock forward to `instant` (at most ``VirtualInstant/maximum``).
    public func advance(to instant: VirtualInstant) {
        let instant = min(instant, max(now, .maximum))
        precondition(instant >= now, "the virtual clock only moves forward")
        while let timer = state.runDue(until: instant) {
            if timer != TableState.rowDeleted { timerHandler?(timer) }
            finish()
        }
        // Row animations that ended give back the cells of the rows they pulled into view;
        // rows that had no height at the top, and have some now, get theirs.
        if !state.motions.isEmpty, state.dropFinishedMotions() || state.unsizedAtTop {
            state.layoutVisibleRows()
            finish()
        }
        #if DEBUG
            checkInvariants()
        #endif
    }

    /// Throws ``TableError/clockLimit(now:amount:)`` when moving the clock by `amount` would
    /// pass ``VirtualInstant/maximum`` (or `amount` is negative).
    public func checkCanAdvance(by amount: TimeAmount) throws(TableError) {
        guard amount >= .zero, amount <= now.remaining else { throw .clockLimit(now: now, amount: amount) }
    }

    /// Sets a timer on the virtual clock: `timerHandler` is called with the returned id when
    /// the clock passes `now + delay`, in time order with the animation completions. A deadline
    /// past ``VirtualInstant/maximum`` is clamped to it (hosts check the delays they are given).
    public func scheduleTimer(after delay: TimeAmount) -> Int {
        state.scheduleTimer(after: delay)
    }
}

extension SwipeTable {
    /// The table's delegate as it is called: an object, unretained, and a function of no context
    /// that delivers an event to it (a method called on the object would retain and release it
    /// around each call, two atomic operations per event).
    /// - An attached owner (``attach(owner:deliver:)``) is the object itself, neither retained
    ///   nor weak: a weak reference costs its target a side table (every retain and release of
    ///   it then takes the runtime's slow path) and each delivery an atomic load. Sound by the
    ///   owner's contract: it detaches before it is released, so this never points at a freed
    ///   object.
    /// - A ``delegate`` is held weakly, in a box the table keeps: the box is the object, and the
    ///   function calls the delegate while it lives.
    struct Recipient {
        let object: Unmanaged<AnyObject>
        let deliver: OwnerDelivery
        /// What the table keeps alive for the delegate: the box of one set as ``delegate``; nil for
        /// an attached owner.
        let kept: WeakDelegate?
        #if DEBUG
            /// The object, weakly, in debug builds only: delivering to an owner released without
            /// detaching stops there with a message instead of reading freed memory.
            weak var check: AnyObject?
        #endif

        init(owner: some SwipeTableDelegate, deliver: @escaping OwnerDelivery) {
            object = Unmanaged.passUnretained(owner)
            self.deliver = deliver
            kept = nil
            #if DEBUG
                check = owner
            #endif
        }

        init(weakly delegate: any SwipeTableDelegate) {
            let box = WeakDelegate(delegate)
            object = Unmanaged.passUnretained(box)
            deliver = { box, table, event in
                unsafeDowncast(box, to: WeakDelegate.self).delegate?.swipeTable(table, didDeliver: event)
            }
            kept = box
            #if DEBUG
                check = box
            #endif
        }
    }

    /// A ``delegate``, held weakly.
    final class WeakDelegate {
        weak var delegate: (any SwipeTableDelegate)?
        init(_ delegate: any SwipeTableDelegate) { self.delegate = delegate }
    }
}
