/// The tutorial's `MasterViewController` and its table view, headless: items, a viewport with a
/// reuse pool of ``SwipeCell``s, the set of open rows, and the virtual clock the cells animate on.
///
/// Rows and buttons are numbered from 1, as in scripts, plugins and traces. Every public event
/// leaves the table consistent before the delegate hears of it.
public final class SwipeTable {
    public let geometry: TableGeometry
    @exclusivity(unchecked) public internal(set) var items: TableItems
    @exclusivity(unchecked) public internal(set) var contentOffset: Double = 0
    @exclusivity(unchecked) public internal(set) var now: VirtualInstant = .start
    /// `cellsCurrentlyEditing`: the rows the table re-opens when their cell is dequeued.
    @exclusivity(unchecked) public internal(set) var openRows: Set<Int> = []
    public weak var delegate: (any SwipeTableDelegate)?
    /// Gives each row its cell configuration when the row's cell is dequeued.
    public var configurationProvider: (_ row: Int, _ item: String) -> CellConfiguration

    // The table's state is never accessed re-entrantly while being modified: cell events
    // return effects instead of calling back, and the delegate is called only once the table
    // is consistent. So the dynamic exclusivity checks, half of a pan move's cost, are left
    // out (`@exclusivity(unchecked)`).

    /// Every cell ever made; the pool and the visible rows index into it.
    @exclusivity(unchecked) var cells: [SwipeCell] = []
    /// The row each cell shows, or 0 while it waits in the reuse pool.
    @exclusivity(unchecked) var cellRows: [Int] = []
    /// The cells of the visible rows, in row order, starting at `firstVisibleRow`.
    @exclusivity(unchecked) var visibleCells: [Int] = []
    @exclusivity(unchecked) var firstVisibleRow = 1
    @exclusivity(unchecked) var reusePool: [Int] = []
    @exclusivity(unchecked) var completions = CompletionQueue()
    /// Delegate calls made while the table changed, delivered once it is consistent.
    @exclusivity(unchecked) var pendingEvents: [TableEvent] = []
    @exclusivity(unchecked) var isDelivering = false
    @exclusivity(unchecked) var nextTimerID = 1
    /// Called when a timer set with ``scheduleTimer(after:)`` falls due, with its id.
    public var timerHandler: ((Int) -> Void)?

    public init(
        items: TableItems = .generated(count: 30),
        geometry: TableGeometry = TableGeometry(),
        configurationProvider: @escaping (_ row: Int, _ item: String) -> CellConfiguration = { _, _ in .tutorial }
    ) {
        self.items = items
        self.geometry = geometry
        self.configurationProvider = configurationProvider
        layoutVisibleRows()
    }

    /// The rows on screen, 1-based.
    public var visibleRows: Range<Int> { firstVisibleRow..<(firstVisibleRow + visibleCells.count) }

    /// How many cells the table has made: bounded by the viewport, not by the row count.
    public var cellCount: Int { cells.count }

    /// The cell showing `row`, if the row is on screen.
    public func cell(forRow row: Int) -> SwipeCell? {
        cellIndex(forRow: row).map { cells[$0] }
    }

    /// Whether a completion is still waiting for the clock.
    public var hasPendingAnimations: Bool { !completions.isEmpty }

    func cellIndex(forRow row: Int) -> Int? {
        let position = row - firstVisibleRow
        guard position >= 0, position < visibleCells.count else { return nil }
        return visibleCells[position]
    }

    func checkRowExists(_ row: Int) throws(TableError) {
        guard row >= 1, row <= items.count else { throw .noSuchRow(row: row, rowCount: items.count) }
    }

    /// The visible cell of `row`, or why there is none.
    func visibleCell(_ row: Int) throws(TableError) -> Int {
        try checkRowExists(row)
        guard let index = cellIndex(forRow: row) else { throw .rowOffScreen(row: row, visible: visibleRows) }
        return index
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
        while let entry = completions.popDue(notAfter: instant) {
            now = entry.deadline
            switch entry.action {
            case .step(let cell, let step):
                if let next = cells[cell].complete(step, at: now) {
                    completions.schedule(.step(cell: cell, next.step), at: next.deadline)
                }
            case .timer(let id):
                timerHandler?(id)
                deliverEvents()
            }
        }
        now = instant
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
        let id = nextTimerID
        nextTimerID += 1
        completions.schedule(.timer(id: id), at: now + max(delay, .zero))
        return id
    }
}

// MARK: - Effects and delegate calls

extension SwipeTable {
    /// Performs what a cell event asked for: schedules its completion and records its
    /// notification, updating the open rows the way `cellDidOpen:`/`cellDidClose:` do.
    func perform(_ effects: CellEffects, cell: Int) {
        if let completion = effects.completion {
            completions.schedule(.step(cell: cell, completion.step), at: completion.deadline)
        }
        guard let notification = effects.notification else { return }
        let row = cellRows[cell]
        switch notification {
        case .didOpen:
            openRows.insert(row)
            pendingEvents.append(.open(row: row))
        case .didClose:
            openRows.remove(row)
            pendingEvents.append(.close(row: row))
        }
    }

    /// Hands the recorded delegate calls over, in order. A delegate that drives the table from a
    /// callback adds to the list, and those calls follow.
    func deliverEvents() {
        guard !isDelivering, !pendingEvents.isEmpty else { return }
        isDelivering = true
        defer { isDelivering = false }
        var index = 0
        while index < pendingEvents.count {
            let event = pendingEvents[index]
            index += 1
            guard let delegate else { continue }
            switch event {
            case .open(let row): delegate.swipeTable(self, didOpenRow: row)
            case .close(let row): delegate.swipeTable(self, didCloseRow: row)
            case .action(let row, let button, let number):
                delegate.swipeTable(self, didTapButton: button, number: number, inRow: row)
            }
        }
        pendingEvents.removeAll(keepingCapacity: true)
    }
}

extension SwipeTable {
    /// Calls `body` with row `row`'s item as NUL-terminated UTF-8 and its byte count (see
    /// ``TableItems/withCString(row:_:)``). Read here rather than through `items` from another
    /// module: there, the access is checked for exclusivity at run time, here it is not.
    public func withItemCString(row: Int, _ body: (UnsafePointer<CChar>, Int) throws -> Void) rethrows {
        try items.withCString(row: row, body)
    }
}
