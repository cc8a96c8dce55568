extension SwipeTable {
    /// A pan begins on `row`'s cell, with the recognizer's translation at that moment.
    public func panBegan(row: Int, translation x: Double = 0) throws(TableError) {
        try state.panBegan(row: row, translation: x)
        finish(configuring: false)
    }

    /// The pan on `row` moved; `x` is the translation since it began (`translationInView:`).
    ///
    /// A pan is named by the row it began on, and follows its item while rows above it are
    /// deleted or inserted, as open rows do: `row` reaches it wherever it is. Returns whether it
    /// reached a pan: false when the table ended the pan itself, its row deleted (or the rows
    /// replaced) under it, which a person can do with a timer running (a notice, not an error).
    @discardableResult
    public func panChanged(row: Int, translation x: Double) throws(TableError) -> Bool {
        guard let deliver = try state.panChanged(row: row, translation: x) else { return false }
        #if DEBUG
            checkInvariants()
        #endif
        if deliver { deliverEvents() }
        return true
    }

    /// The finger lifted: the cell snaps open or closed. `velocity` is the release's in points/s
    /// (negative = left); nil: from the pan's last two moves. Returns whether it reached a pan
    /// (see ``panChanged(row:translation:)``).
    @discardableResult
    public func panEnded(row: Int) throws(TableError) -> Bool {
        try panEnded(row: row, velocity: nil)
    }

    /// The finger lifted at `velocity` points/s (nil: the pan's own, from its last two moves).
    @discardableResult
    public func panEnded(row: Int, velocity: Double?) throws(TableError) -> Bool {
        let reached = try state.panEnded(row: row, velocity: velocity)
        finish(configuring: false)
        return reached
    }

    /// The system cancelled the pan: the cell goes back to where the pan started. Returns
    /// whether it reached a pan (see ``panChanged(row:translation:)``).
    @discardableResult
    public func panCancelled(row: Int) throws(TableError) -> Bool {
        let reached = try state.panCancelled(row: row)
        finish(configuring: false)
        return reached
    }

    /// A tap on the middle of trailing button `number` (1 = outermost, the rightmost in `ltr`)
    /// of `row`. It reaches the button only where that point is revealed; otherwise nothing is
    /// called and it returns false.
    @discardableResult
    public func tap(row: Int, button number: Int) throws(TableError) -> Bool {
        try tap(row: row, edge: .trailing, button: number)
    }

    /// A tap on the middle of `edge`'s button `number` (1 = outermost) of `row`; see
    /// ``tap(row:button:)``.
    @discardableResult
    public func tap(row: Int, edge: Edge, button number: Int) throws(TableError) -> Bool {
        let reached = try state.tap(row: row, edge: edge, button: number)
        finish(configuring: false)
        return reached
    }

    /// A tap on the button with id `id` of `row`, on either edge; see ``tap(row:button:)``.
    @discardableResult
    public func tap(row: Int, buttonID id: String) throws(TableError) -> Bool {
        let button = try state.button(row: row, id: id)
        return try tap(row: row, edge: button.edge, button: button.number)
    }

    /// A tap on `row`'s content (not on a button): with `close_on_tap` it closes the open rows.
    public func tapContent(row: Int) throws(TableError) {
        try state.tapContent(row: row)
        finish(configuring: false)
    }

    /// Scrolls by `dy` points (positive = down), clamped to the content. Works while a cell is
    /// open or panned (the tutorial's simultaneous recognition); a pan whose row leaves the
    /// screen is cancelled. With `close_on_scroll`, the open rows close first.
    public func scroll(by dy: Double) {
        scroll(to: contentOffset + dy)
    }

    public func scroll(to offset: Double) {
        state.scroll(to: offset)
        finish()
    }
}
