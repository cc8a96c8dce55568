/// A batch of deletes and inserts (one handler's `ctx:delete` and `ctx:insert` calls, applied
/// together): the table lays its rows out and configures them again once, when the batch ends,
/// not after each edit. Each edit then costs what the items and the row animations cost, not
/// the visible cells': under `row_animation`, 2,000 inserts at row 1 laid out after each one
/// had given every row pulled into view a cell, and shifted and reloaded all of them, each time.
struct TableEditBatch: Hashable, Sendable {
    /// The rows the visible range covers while the batch runs: a row inserted into it has no
    /// cell until the batch ends.
    var first: Int
    var count: Int
    /// The first row an edit touched (``Int/max``: none yet): the rows from there on are
    /// configured again when the batch ends (their numbers changed).
    var low = Int.max

    var rows: Range<Int> { first..<(first + count) }
}

extension TableState {
    /// Starts a batch of edits (``TableEditBatch``); nothing when one is under way.
    mutating func beginEdits() {
        guard edits == nil else { return }
        edits = TableEditBatch(first: firstVisibleRow, count: visibleCells.count)
    }

    /// Ends the batch: the rows are laid out once (a row off screen now gives its cell back, a
    /// row on screen without one dequeues one), and the first row an edit touched is returned
    /// (nil: none), from which the driver configures the visible rows again.
    mutating func endEdits() -> Int? {
        guard let batch = edits else { return nil }
        edits = nil
        contentOffset = min(contentOffset, geometry.maximumOffset(rowCount: items.count))
        let wanted = wantedRows()
        // The cells kept through the batch are in row order, their rows those the edits left.
        var kept: [Int] = []
        for cell in visibleCells {
            if wanted.contains(cellRows[cell]) {
                kept.append(cell)
            } else {
                enqueue(cell)
            }
        }
        var updated: [Int] = []
        updated.reserveCapacity(wanted.count)
        var next = 0
        for row in wanted {
            if next < kept.count, cellRows[kept[next]] == row {
                updated.append(kept[next])
                next += 1
            } else {
                updated.append(dequeueCell(for: row))
            }
        }
        firstVisibleRow = wanted.lowerBound
        visibleCells = updated
        return batch.low == .max ? nil : batch.low
    }

    /// The visible cell of `row` as an edit sees it: during a batch the cells' rows are not
    /// contiguous (rows inserted among them have none), so it is looked for.
    func editedCell(forRow row: Int) -> Int? {
        guard edits != nil else { return cellIndex(forRow: row) }
        return visibleCells.first { cellRows[$0] == row }
    }

    /// An edit in a batch: the cells after `row` shift by `delta` (1 for an insert at `row`, -1
    /// for its delete), and so does the batch's range.
    /// - Complexity: O(the cells visible when the batch began).
    mutating func editedInBatch(_ row: Int, by delta: Int) {
        guard var batch = edits else { return }
        for cell in visibleCells where delta > 0 ? cellRows[cell] >= row : cellRows[cell] > row {
            cellRows[cell] += delta
        }
        if row < batch.first {
            batch.first += delta
        } else if row < batch.first + batch.count {
            batch.count += delta
        }
        batch.low = min(batch.low, row)
        edits = batch
        contentOffset = min(contentOffset, geometry.maximumOffset(rowCount: items.count))
    }

    /// The rows that have a cell: those the content offset puts on screen, and under a row
    /// animation those an expanding row pulls up into view (RowAnimation.swift), except the
    /// rows at the top that have no height yet (an insert's expansion at its start): they get a
    /// cell once the clock has moved and they have some (``hasUnsizedRows``).
    mutating func wantedRows() -> Range<Int> {
        var wanted = geometry.visibleRows(offset: contentOffset, rowCount: items.count)
        unsizedAtTop = false
        guard !motions.isEmpty, !wanted.isEmpty else { return wanted }
        let end = min(wanted.upperBound + rowsPulledIntoView, items.count + 1)
        if end > wanted.upperBound { wanted = wanted.lowerBound..<end }
        let unsized = unsizedRows()
        guard !unsized.isEmpty else { return wanted }
        var first = wanted.lowerBound
        while first < wanted.upperBound - 1, unsized.contains(first) { first += 1 }
        unsizedAtTop = first > wanted.lowerBound
        return first..<wanted.upperBound
    }
}

extension SwipeTable {
    /// Starts a batch of deletes and inserts (``TableEditBatch``): ``deleteRow(_:)`` and
    /// ``insertRow(_:item:id:value:)`` then change the items, the row animations and the rows
    /// of the visible cells, and nothing else, until ``endEdits()`` lays the rows out,
    /// configures them once and delivers the delegate calls the edits made (a pan cancelled
    /// under a deleted row): a delegate never sees the table mid-batch. Nothing but those two
    /// may be called on the table during a batch.
    public func beginEdits() {
        state.beginEdits()
    }

    /// Ends the batch ``beginEdits()`` began: the rows are laid out, the visible rows from the
    /// first one an edit touched are configured again (``reloadVisibleRows(from:)``), and the
    /// delegate calls delivered.
    public func endEdits() {
        if let low = state.endEdits() {
            // The rows just dequeued are configured anyway.
            let dequeued = Set(state.unconfigured.lazy.map(\.row))
            for visible in visibleRows where visible >= low && !dequeued.contains(visible) {
                try? state.reloadRow(visible)
            }
        }
        finish()
    }

    /// After an edit: as ``finish(configuring:)``, or in a batch nothing: the delegate calls an
    /// edit made (a pan cancelled under a deleted row) are delivered when the batch ends, with
    /// the table laid out.
    func finishEdit() {
        if state.edits == nil { finish() }
    }

    /// Whether a batch of edits is under way.
    public var isEditing: Bool { state.edits != nil }
}
