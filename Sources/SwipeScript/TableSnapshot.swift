import SwipeCore

/// The table as a run leaves it: what the final `state` line and the text drawing show.
public struct TableSnapshot: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var row: Int
        public var item: String
        /// The right and left constraint constants: `right` > 0 when the content moved left
        /// (minus the signed offset), whatever the layout direction.
        public var right: Double
        public var left: Double
        /// Where the content is drawn now, mid-animation (equal to `right` at rest).
        public var presentedRight: Double
        /// The buttons on the physical right, button 1 (rightmost) first: the trailing ones in
        /// `ltr`, the leading ones in `rtl`.
        public var rightButtons: [SwipeButton]
        /// The buttons on the physical left, button 1 (leftmost) first.
        public var leftButtons: [SwipeButton]
        /// A full swipe's button that fills the whole revealed width (expanded, or waiting for
        /// `fulfill`), on whichever side the content reveals.
        public var filledButton: SwipeButton? = nil
        /// Where its parts are drawn now (``SwipeCell/geometry(at:width:y:height:)``): what the
        /// drawings read.
        public var geometry = CellGeometry(
            configuration: CellConfiguration(buttons: []), direction: .ltr, offset: 0, filled: nil, width: 0)

        /// The trailing buttons in `ltr` (the tutorial's); kept for readers of the right side.
        public var buttons: [SwipeButton] { rightButtons }
    }

    public var time: VirtualInstant
    public var contentOffset: Double
    public var rowCount: Int
    public var rows: [Row]
    /// The open rows (`cellsCurrentlyEditing`), sorted.
    public var editing: [Int]
    /// The deleted rows still collapsing (`row_animation`), each where it is drawn: none with
    /// `row_animation = "none"`.
    public var collapsing: [RowGhost] = []

    public init(_ table: SwipeTable) {
        time = table.now
        contentOffset = table.contentOffset
        rowCount = table.items.count
        let right = table.direction.rightEdge
        rows = table.visibleRows.compactMap { row in
            guard let cell = table.cell(forRow: row) else { return nil }
            return Row(
                row: row, item: table.items[row], right: cell.right, left: cell.left,
                presentedRight: cell.presentedRight(at: table.now),
                rightButtons: cell.configuration[right].buttons,
                leftButtons: cell.configuration[right.opposite].buttons,
                filledButton: cell.filledButton,
                geometry: table.cellGeometry(forRow: row)
                    ?? cell.geometry(at: table.now, width: table.geometry.width))
        }
        editing = table.openRows.sorted()
        collapsing = table.collapsingRows
    }
}

extension TableSnapshot.Row {
    /// A deleted row still collapsing (`row_animation`), drawn as it was when deleted, at rest
    /// in the model (nothing of it is open or moving any more).
    public init(collapsing ghost: RowGhost) {
        self.init(
            row: ghost.row, item: ghost.item, right: 0, left: 0, presentedRight: 0,
            rightButtons: ghost.rightButtons, leftButtons: ghost.leftButtons, geometry: ghost.geometry)
    }
}
