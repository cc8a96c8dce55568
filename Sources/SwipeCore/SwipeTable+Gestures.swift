extension SwipeTable {
    /// A pan begins on `row`'s cell, with the recognizer's translation at that moment.
    public func panBegan(row: Int, translation x: Double = 0) throws(TableError) {
        let cell = try visibleCell(row)
        if case .panning = cells[cell].gesture { throw .panAlreadyInProgress(row: row) }
        cells[cell].panBegan(translation: x)
    }

    /// The pan on `row` moved; `x` is the translation since it began (`translationInView:`).
    public func panChanged(row: Int, translation x: Double) throws(TableError) {
        let cell = try panningCell(row)
        perform(cells[cell].panChanged(translation: x, at: now), cell: cell)
        deliverEvents()
    }

    /// The finger lifted: the cell snaps open or closed.
    public func panEnded(row: Int) throws(TableError) {
        let cell = try panningCell(row)
        perform(cells[cell].panEnded(at: now), cell: cell)
        deliverEvents()
    }

    /// The system cancelled the pan: the cell goes back to where the pan started.
    public func panCancelled(row: Int) throws(TableError) {
        let cell = try panningCell(row)
        perform(cells[cell].panCancelled(at: now), cell: cell)
        deliverEvents()
    }

    /// A tap on the middle of button `number` (1 = rightmost) of `row`. It reaches the button
    /// only where that point is revealed; otherwise nothing is called and it returns false.
    @discardableResult
    public func tap(row: Int, button number: Int) throws(TableError) -> Bool {
        let cell = try visibleCell(row)
        let configuration = cells[cell].configuration
        guard number >= 1, number <= configuration.buttons.count else {
            throw .noSuchButton(row: row, button: String(number), ids: configuration.buttons.map(\.id), reason: configuration.failure)
        }
        guard cells[cell].reveals(buttonAt: number - 1) else { return false }
        pendingEvents.append(.action(row: row, button: configuration.buttons[number - 1], number: number))
        deliverEvents()
        return true
    }

    /// A tap on the button with id `id` of `row`; see ``tap(row:button:)``.
    @discardableResult
    public func tap(row: Int, buttonID id: String) throws(TableError) -> Bool {
        let cell = try visibleCell(row)
        let configuration = cells[cell].configuration
        guard let index = configuration.buttonIndex(id: id) else {
            throw .noSuchButton(row: row, button: id, ids: configuration.buttons.map(\.id), reason: configuration.failure)
        }
        return try tap(row: row, button: index + 1)
    }

    private func panningCell(_ row: Int) throws(TableError) -> Int {
        let cell = try visibleCell(row)
        guard case .panning = cells[cell].gesture else { throw .noPanInProgress(row: row) }
        return cell
    }
}
