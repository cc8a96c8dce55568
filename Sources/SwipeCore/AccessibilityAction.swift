/// One of a row's buttons as a screen reader offers it: an accessibility custom action
/// (VoiceOver's "Actions available"), which runs the button's action without revealing it.
public struct AccessibilityAction: Hashable, Sendable {
    /// What VoiceOver reads: the button's `accessibility_label`, else its title, else its id
    /// (`check` warns about a button with neither label nor title).
    public var label: String
    /// The edge the button is on.
    public var edge: Edge
    /// The button's 1-based number on its edge (1 = outermost).
    public var number: Int
    /// The button's id: what `activate ROW ID` names.
    public var buttonID: String

    public init(label: String, edge: Edge, number: Int, buttonID: String) {
        self.label = label
        self.edge = edge
        self.number = number
        self.buttonID = buttonID
    }
}

extension SwipeButton {
    /// What a screen reader says for the button: its non-empty `accessibility_label`, else its
    /// title, else its id.
    public var accessibilityText: String {
        if let label = accessibilityLabel, !label.isEmpty { return label }
        return title.isEmpty ? id : title
    }
}

extension CellConfiguration {
    /// Every button of both edges as an ``AccessibilityAction``, in SwipeCellKit's order: the
    /// outermost trailing button, the outermost leading one, then the other trailing buttons
    /// and the other leading ones, each edge outermost first. Empty for a row without buttons.
    public var accessibilityActions: [AccessibilityAction] {
        func action(_ edge: Edge, _ index: Int) -> AccessibilityAction {
            let button = self[edge].buttons[index]
            return AccessibilityAction(
                label: button.accessibilityText, edge: edge, number: index + 1, buttonID: button.id)
        }
        let trailing = trailing.buttons.indices.map { action(.trailing, $0) }
        let leading = leading.buttons.indices.map { action(.leading, $0) }
        return Array(trailing.prefix(1)) + Array(leading.prefix(1)) + trailing.dropFirst() + leading.dropFirst()
    }
}

extension TableState {
    /// `activate ROW ID`: the button with id `id` runs its action as a screen reader's custom
    /// action does, the row staying where it is (no `open`). The edge's `manual` full-swipe
    /// button leaves the row waiting for `fulfill`, as a full swipe would.
    mutating func activate(row: Int, id: String) throws(TableError) {
        let cell = try visibleCell(row)
        if waitingRows[row] != nil { throw .heldByFullSwipe(row: row) }
        let configuration = cells[cell].configuration
        guard let found = configuration.button(id: id) else { throw Self.noSuchButton(row: row, id, configuration) }
        let edge = configuration[found.edge]
        pendingEvents.append(
            .accessibilityAction(
                row: row, button: edge.buttons[found.index], number: found.index + 1,
                side: configuration.namesSides ? found.edge : nil))
        if let full = edge.fullSwipe, full.button == found.index, full.completion == .manual {
            waitingRows[row] = found.edge
        }
    }

    /// `actions ROW`: the row's accessibility actions, as an event.
    mutating func listActions(row: Int) throws(TableError) {
        let cell = try visibleCell(row)
        pendingEvents.append(.actionsListed(row: row, actions: cells[cell].configuration.accessibilityActions))
    }
}

extension SwipeTable {
    /// Runs the action of `row`'s button with id `id` (either edge) as VoiceOver's custom action
    /// does, without revealing it: an ``TableEvent/accessibilityAction(row:button:number:side:)``
    /// and no `open`. The row must be on screen (a screen reader offers the actions of the
    /// elements it can focus). When the button is its edge's full-swipe button with completion
    /// `manual`, the row waits for ``fulfill(row:_:)`` as after a full swipe (still at rest:
    /// `delete` deletes it without a slide-out, `reset` ends the wait). Refused for a row a
    /// `manual` full swipe already holds.
    public func activate(row: Int, buttonID id: String) throws(TableError) {
        try state.activate(row: row, id: id)
        finish(configuring: false)
    }

    /// Delivers ``TableEvent/actionsListed(row:actions:)`` with `row`'s accessibility actions
    /// (`actions ROW`): what a screen reader would offer. The row must be on screen.
    public func listActions(row: Int) throws(TableError) {
        try state.listActions(row: row)
        finish(configuring: false)
    }

    /// `row`'s accessibility actions (``CellConfiguration/accessibilityActions``); the row must
    /// be on screen (its configuration is known only then).
    public func accessibilityActions(row: Int) throws(TableError) -> [AccessibilityAction] {
        let cell = try state.visibleCell(row)
        return state.cells[cell].configuration.accessibilityActions
    }
}
