import SwipeCore
import SwipeScript

/// Where a point of the table view lands, worked out on the server from the table itself (the
/// page draws what the frames say; the server decides what a tap hit).
///
/// The tutorial's layout: the buttons sit fixed behind the content, the right side's button 1
/// at the right edge and the others to its left, the left side's button 1 at the left edge; the
/// content, as wide as the cell, slides by the cell's presented offset and covers them. A full
/// swipe's filled button covers the whole revealed width.
public struct TableHitTest {
    public let table: SwipeTable

    public init(_ table: SwipeTable) {
        self.table = table
    }

    /// The row (1-based) at `y` px from the table view's top, if a row is there.
    public func row(atY y: Double) -> Int? {
        let geometry = table.geometry
        guard y >= 0, y < geometry.viewportHeight else { return nil }
        let position = ((table.contentOffset + y) / geometry.rowHeight).rounded(.down)
        guard position >= 0, position < Double(table.items.count) else { return nil }
        let row = Int(position) + 1
        return table.visibleRows.contains(row) ? row : nil
    }

    /// What a tap at (`x`, `y`) reaches: a revealed button (by id) or the row's content; nil for
    /// no row, or the empty stretch an elastic pull reveals past the buttons.
    public func tapTarget(x: Double, y: Double) -> (row: Int, button: ButtonReference)? {
        guard let row = row(atY: y), let cell = table.cell(forRow: row) else { return nil }
        let width = table.geometry.width
        let offset = cell.presentedOffset(at: table.now)
        if x >= offset, x < width + offset { return (row, .content) }
        let revealedOnRight = x >= width + offset
        let rightEdge = table.direction.rightEdge
        let edge = revealedOnRight ? rightEdge : rightEdge.opposite
        if let filled = cell.filledButton, cell.edge == edge { return (row, .id(filled.id)) }
        var near = 0.0  // distance from the side's own edge to the current button's inner side
        for button in cell.configuration[edge].buttons {
            let far = near + button.width
            let distance = revealedOnRight ? width - x : x
            if distance >= near, distance < far { return (row, .id(button.id)) }
            near = far
        }
        return nil
    }
}
