import SwipeCore

/// The table as a run leaves it: what the final `state` line and the text drawing show.
public struct TableSnapshot: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var row: Int
        public var item: String
        public var right: Double
        public var left: Double
        /// Where the content is drawn now, mid-animation (equal to `right` at rest).
        public var presentedRight: Double
        public var buttons: [SwipeButton]
    }

    public var time: VirtualInstant
    public var contentOffset: Double
    public var rowCount: Int
    public var rows: [Row]
    /// The open rows (`cellsCurrentlyEditing`), sorted.
    public var editing: [Int]

    public init(_ table: SwipeTable) {
        time = table.now
        contentOffset = table.contentOffset
        rowCount = table.items.count
        rows = table.visibleRows.compactMap { row in
            guard let cell = table.cell(forRow: row) else { return nil }
            return Row(
                row: row, item: table.items[row], right: cell.right, left: cell.left,
                presentedRight: cell.presentedRight(at: table.now), buttons: cell.configuration.buttons)
        }
        editing = table.openRows.sorted()
    }
}
