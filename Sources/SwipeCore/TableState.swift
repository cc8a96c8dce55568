/// Everything the table knows, as a value: items, the viewport with its reuse pool of cells,
/// the open rows, the clock with its pending completions, and the delegate calls waiting to be
/// delivered. ``SwipeTable`` drives it with one `mutating` call per event, so exclusivity is
/// checked once per event rather than once per field; it never calls out (the configuration
/// provider, the delegate and timers are the driver's), so nothing reaches it re-entrantly.
@usableFromInline
struct TableState: Sendable {
    /// A row the table keeps open (`cellsCurrentlyEditing`).
    struct OpenRow: Hashable, Sendable {
        /// The edge it is open on; nil: the row's default edge (opened by the table while off
        /// screen, before its configuration was known).
        var edge: Edge?
        /// Whether its events name their side (``CellConfiguration/namesSides``).
        var namesSide: Bool
    }

    let geometry: TableGeometry
    @usableFromInline var items: TableItems
    var contentOffset: Double = 0
    var now: VirtualInstant = .start
    var direction: LayoutDirection = .ltr {
        didSet { for index in cells.indices { cells[index].direction = direction } }
    }
    var options = TableBehaviorOptions() {
        didSet { watchesMoves = reportsProgress || watchesBegin }
    }
    var openRows = OpenRows()

    /// Every cell ever made; the pool and the visible rows index into it.
    var cells: [SwipeCell] = []
    /// The row each cell shows, or 0 while it waits in the reuse pool.
    var cellRows: [Int] = []
    /// The row each cell's last pan began on: the name a driver gives the pan (`pan 4 move`),
    /// which stays its name while edits above move its row (0: no pan began on the cell).
    var panNames: [Int] = []
    /// The names of pans the table ended itself, their row deleted (or every row replaced, by
    /// `set_items`) under them: a move, end or cancel naming one reaches nothing, as a tap on a
    /// hidden button does, until it ends or a pan begins with that name again.
    var endedPans: Set<Int> = []
    /// The cells of the visible rows, in row order, starting at `firstVisibleRow`.
    var visibleCells: [Int] = []
    var firstVisibleRow = 1
    var reusePool: [Int] = []
    var completions = CompletionQueue()
    /// Cells dequeued for a row and waiting for its configuration, in the order dequeued.
    var unconfigured: [(cell: Int, row: Int)] = []
    /// Delegate calls made while the table changed, delivered once it is consistent.
    var pendingEvents = PendingEvents()
    /// Whether the table is handing the recorded events over: a delegate call that drives the
    /// table adds to them, and the outer delivery hands those over too (``SwipeTable/deliverEvents()``).
    var isDelivering = false
    /// Rows held filled by a `manual` full swipe, waiting for `fulfill`, and their edge.
    var waitingRows: [Int: Edge] = [:]
    /// When each id that left the table left it: a `ctx` call naming it can say so.
    /// One entry per deleted row (dropped if its id comes back).
    var departures: [RowID: VirtualInstant] = [:]
    /// Cells whose full-swipe slide-out completed inside the event that started it (a duration
    /// of 0): their rows are deleted only once that event's calls have been delivered, so the
    /// full swipe's action reaches the row that was swiped, not the one after it.
    var slidOut: [Int] = []
    var nextTimerID = 1
    /// Whether `begin`, `will_open` and `will_close` are delivered (``SwipeTable/reportsLifecycle``).
    var reportsLifecycle = false {
        didSet { watchesMoves = reportsProgress || watchesBegin }
    }
    /// Whether every pan move delivers a `progress` (``SwipeTable/reportsProgress``).
    var reportsProgress = false {
        didSet { watchesMoves = reportsProgress || watchesBegin }
    }
    /// Whether a pan move is looked at for its `begin` or `progress`: one flag, read on every
    /// move (`pan.move` in the callgrind gate), kept by the three it stands for.
    private(set) var watchesMoves = false
    /// The side each tracked pan last began revealing, by cell (kept while a `begin` is wanted:
    /// reported, or closing the other rows with `exclusive = "begin"`).
    var begunSides: [Int: Edge] = [:]
    /// The rows collapsing after a delete or expanding after an insert under `row_animation`
    /// (none with `none`): see RowAnimation.swift.
    var motions: [RowMotion] = []
    /// Counts the changes to ``motions``: a layout made of them at one instant stays valid
    /// while it does not change (``RowLayoutIndex``).
    var motionsVersion = 0
    /// A batch of deletes and inserts under way (``TableEditBatch``), or nil.
    var edits: TableEditBatch?
    /// Whether the last layout left rows at the top without a cell because they had no height
    /// yet: once the clock moves they have some, and the rows are laid out again.
    var unsizedAtTop = false

    /// Whether pans are watched for their `begin`.
    var watchesBegin: Bool { reportsLifecycle || options.exclusiveOnBegin }

    init(items: TableItems, geometry: TableGeometry) {
        self.items = items
        self.geometry = geometry
    }

    var visibleRows: Range<Int> { firstVisibleRow..<(firstVisibleRow + visibleCells.count) }

    var hasEventsToDeliver: Bool { pendingEvents.hasUndelivered }

    func cellIndex(forRow row: Int) -> Int? {
        let position = row - firstVisibleRow
        guard position >= 0, position < visibleCells.count else { return nil }
        return visibleCells[position]
    }

    @inline(__always)
    func checkRowExists(_ row: Int) throws(TableError) {
        guard row >= 1, row <= items.count else { throw .noSuchRow(row: row, rowCount: items.count) }
    }

    /// The visible cell of `row`, or why there is none.
    @inline(__always)
    func visibleCell(_ row: Int) throws(TableError) -> Int {
        try checkRowExists(row)
        guard let index = cellIndex(forRow: row) else { throw .rowOffScreen(row: row, visible: visibleRows) }
        return index
    }

    /// Row `row`'s place in the items (``TableItems/place(row:)``). `mutating` so that the
    /// driver's access borrows the items in place: a read of the class's property would copy
    /// them (a retain and a release of their storage per call). It changes no item.
    @inlinable
    @inline(__always)
    mutating func itemPlace(row: Int) -> TableItems.Place {
        items.place(row: row)
    }

    /// Row `row`'s place as ``itemPlace(row:)``, or nil when some item has fields (the
    /// caller reads the whole record then). `mutating` for the same reason: `items.values` read
    /// through the class's property would copy the items (retains and releases per dispatch).
    @inlinable
    @inline(__always)
    mutating func plainItemPlace(row: Int) -> TableItems.Place? {
        items.values.isEmpty ? items.place(row: row) : nil
    }

    /// The next delegate call to deliver, if any; the list is emptied once all are taken.
    /// Moved out of the list (a copy retained the payload, an outlined copy through the enum's
    /// value witness, only for the list to release it again): ``PendingEvents/take()``.
    mutating func takeEvent() -> TableEvent? {
        pendingEvents.take()
    }
}

// MARK: - Effects

extension TableState {
    /// Performs what a cell event asked for: schedules its completion and records its
    /// notification, updating the open rows the way `cellDidOpen:`/`cellDidClose:` do.
    mutating func perform(_ effects: CellEffects, cell: Int) {
        if let completion = effects.completion {
            completions.schedule(.step(cell: cell, completion.step), at: completion.deadline)
        }
        if let fullSwipe = effects.fullSwipe {
            if case .released = fullSwipe, let notification = effects.notification {
                // A `reset` full swipe's row snaps closed as it is released: its `close` comes
                // before the action, in the order the row moves, so that what the action's
                // handler does to the row (`ctx:open`) comes after it, and stays.
                record(notification, cell: cell, full: true)
                performFullSwipe(fullSwipe, cell: cell)
            } else {
                performFullSwipe(fullSwipe, cell: cell)
                if let notification = effects.notification { record(notification, cell: cell) }
            }
        } else if let notification = effects.notification {
            record(notification, cell: cell)
        }
        // Last, as a `defer` did (which the compiler made a call of its own, at every effect).
        if cells[cell].hasSlidOut { slidOut.append(cell) }
    }

    /// ``perform(_:cell:)``'s notification: the open rows updated, the event recorded.
    @inline(__always)
    /// `full`: a full swipe's `reset` closes the row.
    private mutating func record(_ notification: CellEffects.Notification, cell: Int, full: Bool = false) {
        let row = cellRows[cell]
        let namesSide = cells[cell].configuration.namesSides
        let side = namesSide ? notification.edge : nil
        switch notification.kind {
        case .didOpen:
            if reopens(notification, cell: cell) { return }
            // The rows `exclusive` closes come before this open; its velocity travels in it.
            if options.exclusive { closeOpenRows(except: row) }
            openRows[row] = OpenRow(edge: notification.edge, namesSide: namesSide)
            pendingEvents.append(.open(row: row, side: side, velocity: notification.velocity))
        case .didClose:
            openRows[row] = nil
            pendingEvents.append(.close(row: row, side: side, velocity: notification.velocity, full: full))
        }
    }

    /// A release that leaves a row open on the edge it is open on, under SwipeCellKit's rules:
    /// SwipeCellKit and UIKit announce an opening once (`willBeginEditing` when a pan leaves the
    /// centre), so neither `will_open` nor `open` is said again; the tutorial's snap announces
    /// it again (quirk 1).
    @inline(__always)
    private func reopens(_ notification: CellEffects.Notification, cell: Int) -> Bool {
        guard notification.kind == .didOpen, let open = openRows[cellRows[cell]] else { return false }
        let configuration = cells[cell].configuration
        return configuration.behavior == .swipeCellKit && (open.edge ?? configuration.defaultEdge) == notification.edge
    }

    /// A full swipe's events: `expand`/`collapse`, and a released one's action (its row then
    /// waits for `fulfill` with `manual`).
    private mutating func performFullSwipe(_ event: CellEffects.FullSwipeEvent, cell: Int) {
        let row = cellRows[cell]
        switch event {
        case .expanded(let edge): pendingEvents.append(.expand(row: row, side: edge, expanded: true))
        case .collapsed(let edge): pendingEvents.append(.expand(row: row, side: edge, expanded: false))
        case .released(let full):
            let configuration = cells[cell].configuration
            let buttons = configuration[full.edge].buttons
            if buttons.indices.contains(full.index) {
                pendingEvents.append(
                    .fullAction(
                        row: row, button: buttons[full.index], number: full.index + 1,
                        side: configuration.namesSides ? full.edge : nil))
            }
            if full.completion == .manual {
                // Held, neither open nor closed, until `fulfill`: an `exclusive` open, a scroll or
                // a tap elsewhere must not close it and leave it waiting.
                waitingRows[row] = full.edge
                openRows[row] = nil
            }
        }
    }

    /// Deletes the rows whose content slid out within an event (``slidOut``), once its calls
    /// are delivered: those still slid out (a handler may have opened, closed or deleted the
    /// row meanwhile, as it may while a slide-out animates). Returns whether any cell was waiting.
    mutating func deleteSlidOutRows() -> Bool {
        guard !slidOut.isEmpty else { return false }
        let waiting = slidOut
        slidOut.removeAll()
        for cell in waiting where cells[cell].hasSlidOut { deleteSlidOut(cell) }
        return true
    }

    /// A full swipe's content slid out: the row is deleted, with its `delete` event.
    mutating func deleteSlidOut(_ cell: Int) {
        // Taken after the delete, so that a row animation draws the row as it slid out (its
        // filled button over the row) while it collapses.
        defer { cells[cell].slidOutRowTaken() }
        let row = cellRows[cell]
        guard row >= 1 else { return }
        deleteFullSwiped(row)
    }

    mutating func deleteFullSwiped(_ row: Int) {
        let item = items[row]
        let id = items.value(row: row) != nil ? items.id(row: row) : nil
        waitingRows[row] = nil
        try? deleteRow(row)
        pendingEvents.append(.delete(row: row, item: item, id: id))
    }

    /// `ctx:fulfill`: a waiting row slides out and is deleted, or snaps closed.
    mutating func fulfill(row: Int, _ completion: FullSwipe.Completion) throws(TableError) {
        try checkRowExists(row)
        guard waitingRows.removeValue(forKey: row) != nil else { throw .notWaiting(row: row) }
        if let cell = cellIndex(forRow: row), cells[cell].isWaiting {
            perform(cells[cell].fulfill(completion, at: now), cell: cell)
        } else if completion == .delete {  // off screen, or a row `activate` left at rest
            deleteFullSwiped(row)
        }
    }

    /// Closes every open row but `kept`, animated, each with its `close` event (in row order):
    /// what `exclusive`, `close_on_scroll` and `close_on_tap` do. A row off screen is only
    /// forgotten, with its event.
    mutating func closeOpenRows(except kept: Int? = nil) {
        guard !openRows.isEmpty else { return }
        // One open row is what `exclusive` leaves, so it is the common case: closed without
        // taking the list (a retain and a release of its storage at every open).
        if openRows.count == 1 {
            let row = openRows.entries[0].row
            if row != kept { closeOpenRow(row) }
            return
        }
        // The rows as they were (each close removes its row), already in row order.
        for row in openRows.rows where row != kept { closeOpenRow(row) }
    }

    /// ``closeOpenRows(except:)``'s work for one row.
    private mutating func closeOpenRow(_ row: Int) {
        if let cell = cellIndex(forRow: row) {
            perform(cells[cell].tableClosed(animated: true, notify: true, at: now), cell: cell)
        } else if let open = openRows.removeValue(forKey: row) {
            pendingEvents.append(.close(row: row, side: open.namesSide ? open.edge ?? .trailing : nil))
        }
    }
}

// MARK: - Time

extension TableState {
    /// Runs the completions due by `instant` in time order, each at its own deadline, until
    /// one is a host timer: its id is returned (the clock stands at its deadline). Returns nil
    /// once none is left, with the clock at `instant`.
    /// What ``runDue(until:)`` returns when a completion deleted a row (a full swipe's `delete`):
    /// the table must configure and deliver before the clock moves on. Timer ids are >= 0.
    static let rowDeleted = -1

    mutating func runDue(until instant: VirtualInstant) -> Int? {
        while let entry = completions.popDue(notAfter: instant) {
            now = entry.deadline
            switch entry.action {
            case .step(let cell, let step):
                if let next = cells[cell].complete(step, at: now) {
                    completions.schedule(.step(cell: cell, next.step), at: next.deadline)
                }
                if cells[cell].hasSlidOut {
                    // A full swipe deleted its row: the table configures and delivers now.
                    deleteSlidOut(cell)
                    return Self.rowDeleted
                }
            case .timer(let id):
                return id
            }
        }
        now = instant
        return nil
    }

    mutating func scheduleTimer(after delay: TimeAmount) -> Int {
        let id = nextTimerID
        nextTimerID += 1
        completions.schedule(.timer(id: id), at: now + max(delay, .zero))
        return id
    }
}

// MARK: - Gestures

extension TableState {
    mutating func panBegan(row: Int, translation x: Double) throws(TableError) {
        let cell = try visibleCell(row)
        if cells[cell].isTracking || visibleCells.contains(where: { panNames[$0] == row && cells[$0].isTracking }) {
            throw .panAlreadyInProgress(row: row)
        }
        // A row `activate` left waiting for `fulfill` is at rest, not held: a pan would open it.
        if !waitingRows.isEmpty, waitingRows[row] != nil, !cells[cell].isWaiting { throw .heldByFullSwipe(row: row) }
        cells[cell].panBegan(translation: x)
        panNames[cell] = row
        if !endedPans.isEmpty { endedPans.remove(row) }
        if watchesBegin {
            // A pan that begins with a side revealed does not begin it again.
            let edge = cells[cell].edge
            begunSides[cell] = edge.flatMap { cells[cell].reveal(on: $0) > 0 ? $0 : nil }
        }
    }

    /// Returns whether the move left a delegate call to deliver (most moves do not); nil when
    /// it reached no pan, the table having ended the pan named `row` (``endedPans``).
    mutating func panChanged(row: Int, translation x: Double) throws(TableError) -> Bool? {
        guard let cell = try panningCell(row) else { return nil }
        let effects = cells[cell].panChanged(translation: x, at: now)
        if watchesMoves { reportMove(cell: cell, row: cellRows[cell]) }
        // Most moves only move the content: nothing to schedule, record or delete.
        if !effects.isEmpty || cells[cell].hasSlidOut { perform(effects, cell: cell) }
        return hasEventsToDeliver
    }

    /// Returns whether it reached a pan (false: the table ended the pan named `row`).
    mutating func panEnded(row: Int, velocity: Double? = nil) throws(TableError) -> Bool {
        guard let cell = try panningCell(row) else {
            endedPans.remove(row)  // the pan is over for its driver too
            return false
        }
        guard reportsLifecycle || !begunSides.isEmpty else {
            perform(cells[cell].panEnded(velocity: velocity, at: now), cell: cell)
            return true
        }
        // The velocity the release is made with, read before the pan ends.
        let released = velocity.map(ReleasePhysics.bounded) ?? cells[cell].releaseVelocity(at: now)
        endPan(cells[cell].panEnded(velocity: velocity, at: now), cell: cell, velocity: released)
        return true
    }

    /// Returns whether it reached a pan (false: the table ended the pan named `row`).
    mutating func panCancelled(row: Int) throws(TableError) -> Bool {
        guard let cell = try panningCell(row) else {
            endedPans.remove(row)  // the pan is over for its driver too
            return false
        }
        endPan(cells[cell].panCancelled(at: now), cell: cell, velocity: nil)
        return true
    }

    /// A pan moved `cell`: its `begin` the first time it reveals a side (closing the other rows
    /// with `exclusive = "begin"`), and its `progress`. Nothing for a row that does not move (a
    /// row without buttons, one a `manual` full swipe holds).
    @inline(never)
    private mutating func reportMove(cell: Int, row: Int) {
        // The checks read the array's cells directly: a closure over the cells' buffer that
        // returned them together cost more (the gate's `progress` 3,346.7 against 3,030.3);
        // `progress` below reads the cell in place (through the array it copied the cell).
        guard cells[cell].isSwipeable, !cells[cell].isWaiting else { return }
        if watchesBegin, let edge = cells[cell].edge, cells[cell].reveal(on: edge) > 0, begunSides[cell] != edge {
            begunSides[cell] = edge
            if reportsLifecycle { pendingEvents.append(.begin(row: row, side: edge)) }
            if options.exclusiveOnBegin { closeOpenRows(except: row) }
        }
        if reportsProgress {
            let progress = cells.withUnsafeBufferPointer { $0[cell].progress }
            pendingEvents.append(
                .progress(row: row, side: progress.edge, offset: progress.offset, fraction: progress.fraction))
        }
    }

    /// A pan ended (released at `velocity`, or cancelled: nil): the `will_open` or `will_close`
    /// of the snap it decided, when reported, before the release's events.
    private mutating func endPan(_ effects: CellEffects, cell: Int, velocity: Double?) {
        begunSides[cell] = nil
        if reportsLifecycle, let notification = effects.notification, !reopens(notification, cell: cell) {
            let row = cellRows[cell]
            let edge = notification.edge
            // A full swipe's `reset`: its `will_close` and `close` say so (`row.full` in the hooks).
            var full = false
            if case .released = effects.fullSwipe { full = true }
            pendingEvents.append(
                notification.kind == .didOpen
                    ? .willOpen(row: row, side: edge, velocity: velocity)
                    : .willClose(row: row, side: edge, velocity: velocity, full: full))
        }
        perform(effects, cell: cell)
    }

    /// The cell of the pan named `row` (the row it began on), wherever edits moved its row
    /// since; nil when the table ended that pan (``endedPans``). Inlined into the pan events (a
    /// call would copy the whole state to borrow it). `mutating` though it changes nothing, as
    /// ``movedPanCell(_:)`` is.
    @inline(__always)
    private mutating func panningCell(_ row: Int) throws(TableError) -> Int? {
        // Most pans: still on the row they began on.
        if let cell = cellIndex(forRow: row), panNames[cell] == row, cells[cell].isTracking { return cell }
        return try movedPanCell(row)
    }

    /// ``panningCell(_:)`` for a pan whose row moved, or ended: the pan named `row` on another
    /// row; else the pan on `row`'s cell (a script's `#ID` names the row its item is at now).
    /// `mutating` though it changes nothing: the call then lends it the state in place. Not
    /// mutating, every pan event copied the whole state to the stack to lend it, on the path
    /// that does not call it too (a `memcpy` a move: the gate's `pan.move` 342 instructions
    /// against 283).
    @inline(never)
    private mutating func movedPanCell(_ row: Int) throws(TableError) -> Int? {
        if let cell = visibleCells.first(where: { panNames[$0] == row && cells[$0].isTracking }) { return cell }
        if !endedPans.isEmpty, endedPans.contains(row) { return nil }
        let cell = try visibleCell(row)
        guard cells[cell].isTracking else { throw .noPanInProgress(row: row) }
        return cell
    }

    /// A tap on the middle of `edge`'s button `number` (1 = outermost); whether it reached it
    /// (not where it is hidden, nor on a row a `manual` full swipe holds).
    mutating func tap(row: Int, edge: Edge, button number: Int) throws(TableError) -> Bool {
        let cell = try visibleCell(row)
        let configuration = cells[cell].configuration
        let buttons = configuration[edge].buttons
        guard number >= 1, number <= buttons.count else {
            let name = edge == .trailing ? String(number) : "\(edge.rawValue):\(number)"
            throw Self.noSuchButton(row: row, name, configuration)
        }
        // A row a `manual` full swipe holds shows only its filled button, over the others, and
        // that button's action is the one waiting for `fulfill`: a tap reaches nothing.
        guard cells[cell].reveals(edge, buttonAt: number - 1), !cells[cell].isWaiting else { return false }
        pendingEvents.append(
            .action(row: row, button: buttons[number - 1], number: number, side: configuration.namesSides ? edge : nil))
        return true
    }

    /// A tap on the button with id `id`: its edge and number.
    func button(row: Int, id: String) throws(TableError) -> (edge: Edge, number: Int) {
        let cell = try visibleCell(row)
        let configuration = cells[cell].configuration
        guard let found = configuration.button(id: id) else { throw Self.noSuchButton(row: row, id, configuration) }
        return (found.edge, found.index + 1)
    }

    /// The tutorial's message for a row with trailing buttons only; one that names both edges
    /// otherwise.
    static func noSuchButton(row: Int, _ button: String, _ configuration: CellConfiguration) -> TableError {
        let trailing = configuration.trailing.buttons.map(\.id)
        guard configuration.namesSides else {
            return .noSuchButton(row: row, button: button, ids: trailing, reason: configuration.failure)
        }
        return .noSuchButtonOnEdges(
            row: row, button: button, trailing: trailing, leading: configuration.leading.buttons.map(\.id))
    }

    /// A tap on the row's content: closes the open rows with `close_on_tap`, else nothing.
    mutating func tapContent(row: Int) throws(TableError) {
        _ = try visibleCell(row)
        if options.closeOnTap { closeOpenRows() }
    }
}

// MARK: - Scrolling and reuse

extension TableState {
    mutating func scroll(to offset: Double) {
        if options.closeOnScroll { closeOpenRows() }
        contentOffset = min(max(offset, 0), geometry.maximumOffset(rowCount: items.count))
        layoutVisibleRows()
    }

    /// Brings the visible cells in line with the content offset: rows that left the screen give
    /// their cell to the reuse pool (cancelling a pan first), rows that came on screen dequeue one.
    /// - Complexity: O(visible rows), whatever the row count.
    mutating func layoutVisibleRows() {
        let wanted = wantedRows()
        let old = visibleRows
        if wanted == old { return }
        for (position, cell) in visibleCells.enumerated() where !wanted.contains(old.lowerBound + position) {
            enqueue(cell)
        }
        var updated: [Int] = []
        updated.reserveCapacity(wanted.count)
        for row in wanted {
            if old.contains(row) {
                updated.append(visibleCells[row - old.lowerBound])
            } else {
                updated.append(dequeueCell(for: row))
            }
        }
        firstVisibleRow = wanted.lowerBound
        visibleCells = updated
    }

    /// A cell leaves the screen: its pan, if any, is cancelled while it still has its row.
    mutating func enqueue(_ cell: Int) {
        if cells[cell].isTracking {
            endPan(cells[cell].panCancelled(at: now), cell: cell, velocity: nil)
        }
        cellRows[cell] = 0
        reusePool.append(cell)
    }

    /// `dequeueReusableCellWithIdentifier:`: `prepareForReuse` closes a reused cell; the row's
    /// configuration is applied by ``configure(_:row:with:)`` once the driver has it.
    mutating func dequeueCell(for row: Int) -> Int {
        let cell: Int
        if let reused = reusePool.popLast() {
            cell = reused
            cells[cell].prepareForReuse(at: now)
        } else {
            cell = cells.count
            cells.append(SwipeCell(direction: direction))
            cellRows.append(0)
            panNames.append(0)
        }
        cellRows[cell] = row
        unconfigured.append((cell, row))
        return cell
    }

    /// The next dequeued cell waiting for its row's configuration (with the row's item), if any.
    mutating func nextUnconfigured() -> (cell: Int, row: Int, item: String)? {
        while !unconfigured.isEmpty {
            let (cell, row) = unconfigured.removeFirst()
            // A cell dequeued and given back within one event has nothing to configure.
            if cellRows[cell] == row { return (cell, row, items[row]) }
        }
        return nil
    }

    /// `cellForRowAtIndexPath:`: the row's configuration is applied, and an open row is
    /// re-opened (`openCell`).
    mutating func configure(_ cell: Int, row: Int, with configuration: CellConfiguration) {
        cells[cell].configuration = configuration
        // A panned cell configured again in place (``reloadRow(_:)``): its pan decides where the
        // row goes.
        if cells[cell].isTracking { return }
        if let edge = waitingRows[row] {  // a row waiting for `fulfill` comes back filled
            cells[cell].holdFilled(on: edge)
            return
        }
        guard var open = openRows[row] else { return }
        guard configuration.hasButtons else {
            // Opened off screen, it turns out not to swipe: it is not open (no delegate call, as
            // the table opened it itself).
            openRows[row] = nil
            return
        }
        let edge = open.edge ?? configuration.defaultEdge
        open.edge = edge
        open.namesSide = configuration.namesSides
        openRows[row] = open
        perform(cells[cell].tableOpened(on: edge, animated: false, at: now), cell: cell)
    }
}
