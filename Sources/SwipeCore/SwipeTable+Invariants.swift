extension SwipeTable {
    /// Traps when the table's parts are out of step: every cell is either visible (showing its
    /// row) or in the reuse pool (showing none), once; the visible rows are rows of the table;
    /// every open row is a row; each cell's offset lies within its bounds (see
    /// ``SwipeCell/checkInvariants()``). Debug builds run it after every event, so every test
    /// that drives a table checks it throughout.
    /// - Complexity: O(cells): bounded by the viewport, whatever the row and open-row counts.
    public func checkInvariants() {
        state.checkInvariants()
    }

    /// The rows that will not rest as their last `open` or `close` announced (rows that keep
    /// quirk 6 are not counted); ``checkInvariants()`` traps on the first.
    var unannouncedRests: [String] { state.unannouncedRests() }
}

extension TableState {
    func checkInvariants() {
        precondition(cells.count == cellRows.count, "a cell without its row slot")
        precondition(edits == nil, "a batch of edits is still open (SwipeTable.endEdits)")
        var seen = [Bool](repeating: false, count: cells.count)
        for (position, cell) in visibleCells.enumerated() {
            precondition(!seen[cell], "cell \(cell) is shown twice")
            seen[cell] = true
            precondition(
                cellRows[cell] == firstVisibleRow + position,
                "cell \(cell) shows row \(cellRows[cell]), not \(firstVisibleRow + position)")
        }
        for cell in reusePool {
            precondition(!seen[cell], "cell \(cell) is both shown and in the pool, or twice in the pool")
            seen[cell] = true
            precondition(cellRows[cell] == 0, "pooled cell \(cell) still shows row \(cellRows[cell])")
            precondition(!cells[cell].isTracking, "pooled cell \(cell) tracks a pan")
        }
        precondition(!seen.contains(false), "a cell is neither shown nor pooled")
        if !visibleCells.isEmpty {
            precondition(
                firstVisibleRow >= 1 && firstVisibleRow + visibleCells.count - 1 <= items.count,
                "visible rows \(visibleRows) outside 1-\(items.count)")
        }
        precondition(openRows.count <= items.count, "more open rows than rows")
        precondition(unconfigured.isEmpty, "a dequeued cell was left unconfigured")
        for cell in cells.indices {
            precondition(
                cells[cell].direction == direction,
                "cell \(cell) is laid out \(cells[cell].direction), the table \(direction)")
            cells[cell].checkInvariants()
        }
        checkAnnouncedStates()
    }

    /// A row that does not keep quirk 6 (a spring row) comes to rest as its last `open` or
    /// `close` announced it: open on the edge the table keeps it open on, closed otherwise.
    func checkAnnouncedStates() {
        if let first = unannouncedRests().first { preconditionFailure(first) }
    }

    /// The visible rows that do not keep quirk 6 and will not rest as announced, each as a
    /// sentence (none when the table is consistent).
    func unannouncedRests() -> [String] {
        var found: [String] = []
        for (position, cell) in visibleCells.enumerated() {
            guard let rest = cells[cell].rest else { continue }
            let row = firstVisibleRow + position
            let announced: SwipeCell.Rest =
                openRows[row].map { .open($0.edge ?? cells[cell].configuration.defaultEdge) } ?? .closed
            if rest != announced { found.append("row \(row) was announced \(announced) but comes to rest \(rest)") }
        }
        return found
    }
}

extension SwipeCell {
    /// Traps when the cell's offset is out of its bounds: with nothing revealed or committed it
    /// rests at 0; otherwise its reveal on its edge lies between minus the bounce and the edge's
    /// total width plus the bounce (the two bounce positions of the snaps; past them only while an elastic pan is tracked), and the committed
    /// reveal is one the content has had.
    public func checkInvariants() {
        guard let edge else {
            precondition(offset == 0 && committed == 0, "no edge, but offset \(offset), committed \(committed)")
            return
        }
        let total = configuration.totalWidth(of: edge)
        let bounce = configuration.bounce
        let reveal = reveal(on: edge)
        // Elastic overscroll goes past the buttons while a pan is tracked, by any finite amount.
        let stretches = configuration.elasticity != nil || configuration.metrics.fullThreshold(of: edge) > 0
        let over = stretches && isTracking ? Double.greatestFiniteMagnitude : 0
        // SwipeCellKit's pan goes past rest the other way, at 0.2 a point, while it is tracked.
        let under = configuration.behavior == .swipeCellKit && isTracking ? Double.greatestFiniteMagnitude : bounce
        // A full swipe holds the row filled at its threshold, or slides it out to the cell's width.
        let filled = configuration[edge].fullSwipe.map { max($0.width, $0.threshold) } ?? 0
        precondition(
            reveal >= -under && reveal <= max(total + bounce, filled) + over,
            "reveal \(reveal) on \(edge) outside [\(-bounce), \(total + bounce)]")
        precondition(
            committed >= -under && committed <= max(total + bounce, filled) + over,
            "committed \(committed) on \(edge) outside [\(-bounce), \(total + bounce)]")
    }
}
