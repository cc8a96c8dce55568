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

    /// What ``checkInvariants()`` checks, without trapping: the first broken invariant as a
    /// sentence, nil when the table is consistent (the rows' announced rests are
    /// ``unannouncedRests``). `swipehost explore` asks it after every step of a release build,
    /// which runs no ``checkInvariants()``.
    public var invariantProblem: String? { state.invariantProblem() }

    /// The rows that will not rest as their last `open` or `close` announced (rows that keep
    /// quirk 6 are not counted); ``checkInvariants()`` traps on the first.
    public var unannouncedRests: [String] { state.unannouncedRests() }
}

extension TableState {
    func checkInvariants() {
        if let problem = invariantProblem() { preconditionFailure(problem) }
        checkAnnouncedStates()
    }

    /// The first of the table's invariants that does not hold, as a sentence; nil when all do.
    func invariantProblem() -> String? {
        if cells.count != cellRows.count { return "a cell without its row slot" }
        if edits != nil { return "a batch of edits is still open (SwipeTable.endEdits)" }
        var seen = [Bool](repeating: false, count: cells.count)
        for (position, cell) in visibleCells.enumerated() {
            if seen[cell] { return "cell \(cell) is shown twice" }
            seen[cell] = true
            if cellRows[cell] != firstVisibleRow + position {
                return "cell \(cell) shows row \(cellRows[cell]), not \(firstVisibleRow + position)"
            }
        }
        for cell in reusePool {
            if seen[cell] { return "cell \(cell) is both shown and in the pool, or twice in the pool" }
            seen[cell] = true
            if cellRows[cell] != 0 { return "pooled cell \(cell) still shows row \(cellRows[cell])" }
            if cells[cell].isTracking { return "pooled cell \(cell) tracks a pan" }
        }
        if seen.contains(false) { return "a cell is neither shown nor pooled" }
        if !visibleCells.isEmpty, firstVisibleRow < 1 || firstVisibleRow + visibleCells.count - 1 > items.count {
            return "visible rows \(visibleRows) outside 1-\(items.count)"
        }
        if openRows.count > items.count { return "more open rows than rows" }
        if !unconfigured.isEmpty { return "a dequeued cell was left unconfigured" }
        for cell in cells.indices {
            if cells[cell].direction != direction {
                return "cell \(cell) is laid out \(cells[cell].direction), the table \(direction)"
            }
            if let problem = cells[cell].invariantProblem { return "cell \(cell): \(problem)" }
        }
        return nil
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
    /// Traps when the cell's offset is out of its bounds (``invariantProblem``).
    public func checkInvariants() {
        if let problem = invariantProblem { preconditionFailure(problem) }
    }

    /// The cell's offset out of its bounds, as a sentence; nil when it is within them: with
    /// nothing revealed or committed it rests at 0; otherwise its reveal on its edge lies between
    /// minus the bounce and the edge's total width plus the bounce (the two bounce positions of
    /// the snaps; past them only while an elastic pan is tracked), and so does the committed
    /// reveal, but while a snap is drawn (it may be from the row's configuration before).
    public var invariantProblem: String? {
        guard let edge else {
            return offset == 0 && committed == 0 ? nil : "no edge, but offset \(offset), committed \(committed)"
        }
        let total = configuration.totalWidth(of: edge)
        let bounce = configuration.bounce
        let reveal = reveal(on: edge)
        // Elastic overscroll goes past the buttons while a pan is tracked, by any finite amount.
        let stretches = configuration.elasticity != nil || configuration.metrics.fullThreshold(of: edge) > 0
        let over = stretches && isTracking ? Double.greatestFiniteMagnitude : 0
        // SwipeCellKit's pan goes past rest the other way, at 0.2 a point, while it is tracked.
        let under = configuration.behavior == .swipeCellKit && isTracking ? Double.greatestFiniteMagnitude : bounce
        // A full swipe holds the row filled at its threshold, or slides it out to the cell's width:
        // the width its `delete` began with, whatever the row's configuration since (a row
        // configured again in place by its new number may have no full swipe left).
        let slides = isSlidingOut ? Double.greatestFiniteMagnitude : 0
        let filled = max(configuration[edge].fullSwipe.map { max($0.width, $0.threshold) } ?? 0, slides)
        if !(reveal >= -under && reveal <= max(total + bounce, filled) + over) {
            return "reveal \(reveal) on \(edge) outside [\(-bounce), \(total + bounce)]"
        }
        // The committed reveal is the last snap's, or where the pan began. While the next snap
        // is drawn it may still be one taken under the configuration the row had before it was
        // configured again in place (a plugin that configures by row number, a delete above
        // moving the row: a pan begun in a 40-point bounce, the row's new bounce 10); the snap's
        // completion commits anew.
        let snapping = animation != nil
        if !snapping, !(committed >= -under && committed <= max(total + bounce, filled) + over) {
            return "committed \(committed) on \(edge) outside [\(-bounce), \(total + bounce)]"
        }
        return nil
    }
}
