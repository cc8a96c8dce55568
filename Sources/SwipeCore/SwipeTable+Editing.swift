extension SwipeTable {
    /// The table opens `row` itself and records it as open, without a delegate call: the
    /// tutorial's `openCell` when `animated` is false, the animated snap otherwise. Works on
    /// rows off screen too (they open when they come on screen). `edge` nil: the row's default
    /// edge (trailing if it has trailing buttons, else leading).
    public func openRow(_ row: Int, edge: Edge? = nil, animated: Bool = false) throws(TableError) {
        try state.openRow(row, edge: edge, animated: animated)
        finish(configuring: false)
    }

    /// The table closes `row` itself and forgets it was open, without a delegate call.
    public func closeRow(_ row: Int, animated: Bool = false) throws(TableError) {
        try state.closeRow(row, animated: animated)
        finish(configuring: false)
    }

    /// The table closes `row`, animated, as a tapped button's `close = true` does (SwipeCellKit's
    /// `hidesWhenSelected`): with its `close` event (``TableEvent/close(row:side:velocity:)``)
    /// when it was open, and nothing when it was not.
    public func closeRowAfterAction(_ row: Int) throws(TableError) {
        try state.closeRow(row, animated: true, notify: true)
        finish(configuring: false)
    }

    /// Finishes a `manual` full swipe that holds `row` filled: `delete` slides the content out and
    /// deletes the row (with its `delete` event), `reset` snaps it closed (with its `close`).
    /// Throws ``TableError/notWaiting(row:)`` for a row that is not waiting (fulfilled already,
    /// or never full-swiped).
    public func fulfill(row: Int, _ completion: FullSwipe.Completion) throws(TableError) {
        try state.fulfill(row: row, completion)
        finish()
    }

    /// Whether the table keeps `row` open (``openRows``).
    public func isOpen(row: Int) -> Bool { state.openRows[row] != nil }

    /// Whether a `manual` full swipe holds `row` filled, waiting for ``fulfill(row:_:)``.
    public func isWaiting(row: Int) -> Bool { state.waitingRows[row] != nil }

    /// Removes `row`'s item. The rows after it, and the open rows among them, move up by one
    /// (the tutorial leaves the open rows where they were; we shift them). A pan on the row is
    /// cancelled first.
    public func deleteRow(_ row: Int) throws(TableError) {
        try state.deleteRow(row)
        finishEdit()
    }

    /// Inserts `item` at `row` (1...count + 1) with `id`, or when nil the next number the
    /// table gives (``TableItems/nextID``); the rows from there move down by one. An `id`
    /// another row has is refused (``TableError/duplicateID(id:row:)``).
    public func insertRow(_ row: Int, item: String, id: RowID? = nil, value: ItemValue? = nil) throws(TableError) {
        try state.insertRow(row, item: item, id: id, value: value)
        finishEdit()
    }

    /// Row `row`'s id: it stays with the row's item while rows are inserted,
    /// deleted or replaced around it.
    public func id(ofRow row: Int) throws(TableError) -> RowID {
        try state.checkRowExists(row)
        return state.items.id(row: row)
    }

    /// The row of the item with id `id`, if it is in the table.
    public func row(of id: RowID) -> Int? { state.items.row(of: id) }

    /// When the item with id `id` left the table (deleted), if it did and has not come back.
    public func departure(of id: RowID) -> VirtualInstant? { state.departures[id] }

    /// Replaces `row`'s item (its title, and `value` its fields when a table item, nil for a
    /// string) and reloads its cell (closed, reconfigured, re-opened if open). It keeps its id.
    public func setItem(_ item: String, row: Int, value: ItemValue? = nil) throws(TableError) {
        try state.setItem(item, row: row, value: value)
        finish()
    }

    /// Replaces every item with `items`' in one batch (`ctx:set_items`): open rows and
    /// rows waiting on a `manual` full swipe follow their ids; the rows on screen are configured
    /// again. The caller reports what changed.
    public func replaceItems(_ items: TableItems) {
        state.replaceItems(items)
        finish()
    }

    /// Asks the configuration provider again for `row` and reloads its cell if on screen.
    public func reloadRow(_ row: Int) throws(TableError) {
        try state.reloadRow(row)
        finish()
    }

    /// Reloads every visible row from `row` on: each cell is closed, configured anew, and
    /// re-opened if its row is open (`reloadRowsAtIndexPaths:`).
    public func reloadVisibleRows(from row: Int = 1) {
        for visible in visibleRows where visible >= row {
            try? reloadRow(visible)
        }
    }
}
