// The table's edits: opening and closing rows, deleting, inserting and replacing items.

// MARK: - Editing

extension TableState {
    mutating func openRow(_ row: Int, edge: Edge?, animated: Bool) throws(TableError) {
        try checkRowExists(row)
        // Open and waiting at once would draw the filled button and reach the others.
        if waitingRows[row] != nil { throw .heldByFullSwipe(row: row) }
        let cell = cellIndex(forRow: row)
        var edge = edge
        var namesSide = false
        if let cell {
            if cells[cell].isSlidingOut { throw .beingDeleted(row: row) }
            let configuration = cells[cell].configuration
            // A row with no buttons is never open: it would count as open while showing nothing,
            // and `exclusive` would close it with a `close` event.
            if !configuration.hasButtons {
                throw .doesNotSwipe(row: row, reason: configuration.failure ?? configuration.switchedOff)
            }
            if let edge, configuration[edge].isEmpty {
                throw .noButtonsOnEdge(row: row, edge: edge)
            }
            edge = edge ?? configuration.defaultEdge
            namesSide = configuration.namesSides
        }
        if options.exclusive { closeOpenRows(except: row) }
        openRows[row] = OpenRow(edge: edge, namesSide: namesSide)
        guard let cell, let edge else { return }
        perform(cells[cell].tableOpened(on: edge, animated: animated, at: now), cell: cell)
    }

    /// `notify`: with a `close` event, only for a row that was open (an auto-close).
    mutating func closeRow(_ row: Int, animated: Bool, notify: Bool = false) throws(TableError) {
        try checkRowExists(row)
        if waitingRows[row] != nil { throw .heldByFullSwipe(row: row) }
        let open = openRows.removeValue(forKey: row)
        if notify, open == nil { return }
        guard let cell = cellIndex(forRow: row) else {
            if notify, let open { pendingEvents.append(.close(row: row, side: open.namesSide ? open.edge : nil)) }
            return
        }
        // A row a full swipe's `delete` slides out is going: closing it would take the delete back.
        if cells[cell].isSlidingOut { return }
        perform(cells[cell].tableClosed(animated: animated, notify: notify, at: now), cell: cell)
    }

    mutating func deleteRow(_ row: Int) throws(TableError) {
        try checkRowExists(row)
        if options.rowAnimation != .none, let cell = editedCell(forRow: row) {
            // Drawn collapsing where it was, as it was (its cell goes back to the pool).
            let drawn = rowLayout(row)
            let right = direction.rightEdge
            var geometry = cells[cell].geometry(
                at: now, width: self.geometry.width, y: drawn.y, height: drawn.height)
            // Frozen with its filled button grown (a slide-out quicker than the grow would
            // otherwise leave the ghost's filled button short of the row for its whole collapse).
            if let filled = geometry.filled {
                geometry = CellGeometry(
                    configuration: cells[cell].configuration, direction: direction, offset: geometry.offset,
                    filled: filled.index, width: self.geometry.width, y: drawn.y, height: drawn.height,
                    filledProgress: 1)
            }
            let ghost = RowGhost(
                row: row, item: items[row], rightButtons: cells[cell].configuration[right].buttons,
                leftButtons: cells[cell].configuration[right.opposite].buttons, geometry: geometry)
            shiftMotions(at: row, by: -1)
            startCollapse(row: row, ghost: ghost)
        } else if !motions.isEmpty {
            motions.removeAll { !$0.isCollapse && $0.row == row }
            motionsVersion &+= 1
            shiftMotions(at: row, by: -1)
        }
        if let cell = editedCell(forRow: row) {
            if cells[cell].isTracking { endedPans.insert(panNames[cell]) }
            enqueue(cell)
            if edits == nil {
                visibleCells.remove(at: row - firstVisibleRow)
            } else if let position = visibleCells.firstIndex(of: cell) {
                visibleCells.remove(at: position)
            }
        }
        departures[items.id(row: row)] = now
        items.remove(row: row)
        remapHeldRows { $0 == row ? nil : $0 > row ? $0 - 1 : $0 }
        if edits != nil { return editedInBatch(row, by: -1) }
        for position in visibleCells.indices where firstVisibleRow + position >= row {
            cellRows[visibleCells[position]] -= 1
        }
        if row < firstVisibleRow { firstVisibleRow -= 1 }
        settleAfterEdit()
    }

    mutating func insertRow(_ row: Int, item: String, id: RowID? = nil, value: ItemValue? = nil) throws(TableError) {
        guard row >= 1, row <= items.count + 1 else { throw .insertionOutOfRange(row: row, rowCount: items.count) }
        if let id, let existing = items.row(of: id) { throw .duplicateID(id: id, row: existing) }
        items.insert(item, row: row, id: id, value: value)
        if let id, !departures.isEmpty { departures[id] = nil }
        shiftMotions(at: row, by: 1)
        // Animated when drawn: a visible row's place, or the end of a table whose end shows.
        let shown = edits?.rows ?? visibleRows
        if options.rowAnimation != .none, shown.contains(row) || (row == items.count && shown.contains(row - 1)) {
            addMotion(RowMotion(kind: .expand, row: row, start: now, animation: options.rowAnimation))
        }
        remapHeldRows { $0 >= row ? $0 + 1 : $0 }
        if edits != nil { return editedInBatch(row, by: 1) }
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

    /// Replaces every item with `new`'s in one batch (`ctx:set_items`): open rows and
    /// rows waiting on a `manual` full swipe follow their ids to their new rows (an id that
    /// leaves takes its open or waiting state with it, and its departure is kept); every visible
    /// cell is given back (a pan on one is cancelled) and the rows on screen are dequeued and
    /// configured again, re-opened or held filled where they are open or waiting. A full swipe's
    /// `delete` sliding out follows its id too, and still deletes its row (``followSlideOuts(_:)``).
    /// Running row animations follow their ids too (``followIDs(_:)``).
    /// - Complexity: O(n) for n rows, plus the visible cells.
    mutating func replaceItems(_ new: TableItems) {
        let oldIDs = items.allIDs
        var newRow: [RowID: Int] = [:]
        newRow.reserveCapacity(new.count)
        for (offset, id) in new.allIDs.enumerated() { newRow[id] = offset + 1 }
        // A full swipe's `delete` sliding out on an item the batch keeps keeps its cell, out of
        // the pool: reused, the cell would forget the deletion, and the row its delete.
        var sliding: [(cell: Int, row: Int)] = []
        for cell in visibleCells {
            if cells[cell].isSlidingOut, let row = newRow[oldIDs[cellRows[cell] - 1]] {
                sliding.append((cell, row))
            } else {
                if cells[cell].isTracking { endedPans.insert(panNames[cell]) }
                enqueue(cell)
            }
        }
        visibleCells = []
        // Where an old row's item is now, by its id (nil: it left).
        func moved(_ row: Int) -> Int? { row <= oldIDs.count ? newRow[oldIDs[row - 1]] : nil }
        remapHeldRows(moved)
        if !motions.isEmpty { followIDs(moved) }
        for id in oldIDs where newRow[id] == nil { departures[id] = now }
        if !departures.isEmpty { for id in newRow.keys { departures[id] = nil } }
        var new = new
        new.reserveIDs(below: items.nextID)
        items = new
        contentOffset = min(contentOffset, geometry.maximumOffset(rowCount: items.count))
        firstVisibleRow = 1
        layoutVisibleRows()
        if !sliding.isEmpty { followSlideOuts(sliding) }
    }

    /// After ``replaceItems(_:)``: each slide-out kept through the batch follows its item to
    /// `row`. On screen, its cell takes the place of the one dequeued for the row, so the
    /// slide-out goes on and deletes the row when it completes; off screen, the row is deleted
    /// at once, as a `fulfill` off screen does.
    private mutating func followSlideOuts(_ sliding: [(cell: Int, row: Int)]) {
        var offScreen: [(cell: Int, row: Int)] = []
        for (cell, row) in sliding {
            guard visibleRows.contains(row) else {
                offScreen.append((cell, row))
                continue
            }
            // The cell dequeued for the row goes back unconfigured (``nextUnconfigured()`` skips it).
            let position = row - firstVisibleRow
            let dequeued = visibleCells[position]
            cellRows[dequeued] = 0
            reusePool.append(dequeued)
            visibleCells[position] = cell
            cellRows[cell] = row
        }
        // Last row first: a delete moves only the rows after it.
        for (cell, row) in offScreen.sorted(by: { $0.row > $1.row }) {
            cellRows[cell] = row
            enqueue(cell)
            deleteFullSwiped(row)
        }
    }

    /// The open and the waiting rows moved to `transform(row)`, or forgotten where it gives nil
    /// (a row deleted, an id that left): what deleting, inserting and replacing items do to both.
    private mutating func remapHeldRows(_ transform: (Int) -> Int?) {
        openRows.remap(transform)
        guard !waitingRows.isEmpty else { return }
        var waiting: [Int: Edge] = [:]
        for (row, edge) in waitingRows { if let to = transform(row) { waiting[to] = edge } }
        waitingRows = waiting
    }

    mutating func setItem(_ item: String, row: Int, value: ItemValue? = nil) throws(TableError) {
        try checkRowExists(row)
        items.set(item, row: row, value: value)
        try reloadRow(row)
    }

    mutating func reloadRow(_ row: Int) throws(TableError) {
        try checkRowExists(row)
        guard let cell = cellIndex(forRow: row) else { return }
        if cells[cell].isTracking {
            // A pan goes on over a reload (a plugin's delete or insert above reloads the rows
            // below it): its cell keeps it and is configured again where it is.
            unconfigured.append((cell, row))
            return
        }
        enqueue(cell)
        visibleCells[row - firstVisibleRow] = dequeueCell(for: row)
    }

    /// After an edit the content may be shorter: clamp the offset and fill the viewport again.
    private mutating func settleAfterEdit() {
        contentOffset = min(contentOffset, geometry.maximumOffset(rowCount: items.count))
        layoutVisibleRows()
    }
}
