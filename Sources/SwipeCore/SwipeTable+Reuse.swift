extension SwipeTable {
    /// Scrolls by `dy` points (positive = down), clamped to the content. Works while a cell is
    /// open or panned (the tutorial's simultaneous recognition); a pan whose row leaves the
    /// screen is cancelled.
    public func scroll(by dy: Double) {
        scroll(to: contentOffset + dy)
    }

    public func scroll(to offset: Double) {
        contentOffset = min(max(offset, 0), geometry.maximumOffset(rowCount: items.count))
        layoutVisibleRows()
        deliverEvents()
    }

    /// Brings the visible cells in line with the content offset: rows that left the screen give
    /// their cell to the reuse pool (cancelling a pan first), rows that came on screen dequeue one.
    /// - Complexity: O(visible rows), whatever the row count.
    func layoutVisibleRows() {
        let wanted = geometry.visibleRows(offset: contentOffset, rowCount: items.count)
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
    func enqueue(_ cell: Int) {
        if case .panning = cells[cell].gesture {
            perform(cells[cell].panCancelled(at: now), cell: cell)
        }
        cellRows[cell] = 0
        reusePool.append(cell)
    }

    /// `dequeueReusableCellWithIdentifier:` + `cellForRowAtIndexPath:`: `prepareForReuse` closes
    /// a reused cell, the row's configuration is applied, and an open row is re-opened (`openCell`).
    func dequeueCell(for row: Int) -> Int {
        let cell: Int
        if let reused = reusePool.popLast() {
            cell = reused
            cells[cell].prepareForReuse(at: now)
        } else {
            cell = cells.count
            cells.append(SwipeCell())
            cellRows.append(0)
        }
        configure(cell, row: row)
        return cell
    }

    func configure(_ cell: Int, row: Int) {
        cellRows[cell] = row
        cells[cell].configuration = configurationProvider(row, items[row])
        if openRows.contains(row) {
            cells[cell].openCell(at: now)
        }
    }
}
