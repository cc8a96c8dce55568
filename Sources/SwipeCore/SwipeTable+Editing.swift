extension SwipeTable {
    /// The table opens `row` itself and records it as open, without a delegate call: the
    /// tutorial's `openCell` when `animated` is false, the animated snap otherwise. Works on
    /// rows off screen too (they open when they come on screen).
    public func openRow(_ row: Int, animated: Bool = false) throws(TableError) {
        try checkRowExists(row)
        openRows.insert(row)
        guard let cell = cellIndex(forRow: row) else { return }
        perform(cells[cell].setConstraintsToShowAllButtons(animated: animated, notify: false, at: now), cell: cell)
    }

    /// The table closes `row` itself and forgets it was open, without a delegate call.
    public func closeRow(_ row: Int, animated: Bool = false) throws(TableError) {
        try checkRowExists(row)
        openRows.remove(row)
        guard let cell = cellIndex(forRow: row) else { return }
        perform(cells[cell].resetConstraintConstantsToZero(animated: animated, notify: false, at: now), cell: cell)
    }

    /// Removes `row`'s item. The rows after it, and the open rows among them, move up by one
    /// (the tutorial leaves the open rows where they were; we shift them). A pan on the row is
    /// cancelled first.
    public func deleteRow(_ row: Int) throws(TableError) {
        try checkRowExists(row)
        if let cell = cellIndex(forRow: row) {
            enqueue(cell)
            visibleCells.remove(at: row - firstVisibleRow)
        }
        for position in visibleCells.indices where firstVisibleRow + position >= row {
            cellRows[visibleCells[position]] -= 1
        }
        if row < firstVisibleRow { firstVisibleRow -= 1 }
        items.remove(row: row)
        openRows = Set(openRows.compactMap { $0 == row ? nil : ($0 > row ? $0 - 1 : $0) })
        settleAfterEdit()
    }

    /// Inserts `item` at `row` (1...count + 1); the rows from there move down by one.
    public func insertRow(_ row: Int, item: String) throws(TableError) {
        guard row >= 1, row <= items.count + 1 else { throw .insertionOutOfRange(row: row, rowCount: items.count) }
        items.insert(item, row: row)
        openRows = Set(openRows.map { $0 >= row ? $0 + 1 : $0 })
        for position in visibleCells.indices where firstVisibleRow + position >= row {
            cellRows[visibleCells[position]] += 1
        }
        if row < firstVisibleRow {
            firstVisibleRow += 1
        } else if row < firstVisibleRow + visibleCells.count {
            visibleCells.insert(dequeueCell(for: row), at: row - firstVisibleRow)
        }
        settleAfterEdit()
    }

    /// Replaces `row`'s item and reloads its cell (closed, reconfigured, re-opened if open).
    public func setItem(_ item: String, row: Int) throws(TableError) {
        try checkRowExists(row)
        items.set(item, row: row)
        try reloadRow(row)
    }

    /// Asks the configuration provider again for `row` and reloads its cell if on screen.
    public func reloadRow(_ row: Int) throws(TableError) {
        try checkRowExists(row)
        guard let cell = cellIndex(forRow: row) else { return }
        enqueue(cell)
        visibleCells[row - firstVisibleRow] = dequeueCell(for: row)
        deliverEvents()
    }

    /// After an edit the content may be shorter: clamp the offset and fill the viewport again.
    private func settleAfterEdit() {
        contentOffset = min(contentOffset, geometry.maximumOffset(rowCount: items.count))
        layoutVisibleRows()
        deliverEvents()
    }
}

extension SwipeTable {
    /// Reloads every visible row from `row` on: each cell is closed, configured anew, and
    /// re-opened if its row is open (`reloadRowsAtIndexPaths:`).
    public func reloadVisibleRows(from row: Int = 1) {
        for visible in visibleRows where visible >= row {
            try? reloadRow(visible)
        }
    }
}
