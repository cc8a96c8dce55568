import SwipeCore
import SwipeScript

/// Where a point of the table view lands, worked out on the server from the table itself (the
/// page draws what the frames say; the server decides what a tap hit).
///
/// The buttons are where the row's ``CellGeometry`` draws them (its edge's transition; under
/// `reveal`, the tutorial's layout: fixed behind the content, button 1 against the side); the
/// content, as wide as the cell, slides by the cell's presented offset and covers them. A tap
/// reaches the topmost button whose visible part (its clip) it falls in; a full swipe's filled
/// button covers the whole revealed width.
public struct TableHitTest {
    public let table: SwipeTable

    public init(_ table: SwipeTable) {
        self.table = table
    }

    /// The row (1-based) at `y` px from the table view's top, if a row is there.
    /// While rows animate (`row_animation`), the row drawn at `y`: a collapsing row is no row.
    public func row(atY y: Double) -> Int? {
        table.row(atY: y)
    }

    /// What a tap at (`x`, `y`) reaches: a revealed button (by id) or the row's content; nil for
    /// no row, or the empty stretch an elastic pull reveals past the buttons.
    public func tapTarget(x: Double, y: Double) -> (row: Int, button: ButtonReference)? {
        guard let row = row(atY: y), let cell = table.cell(forRow: row), let geometry = table.cellGeometry(forRow: row)
        else { return nil }
        let width = table.geometry.width
        let offset = geometry.offset
        if x >= offset, x < width + offset { return (row, .content) }
        // The buttons where the geometry draws them, the filled one over them, the top first.
        if let filled = geometry.filled, let button = cell.filledButton, cell.edge == filled.edge,
            x >= filled.visibleX, x < filled.visibleX + filled.visibleWidth
        {
            return (row, .id(button.id))
        }
        let buttons = cell.configuration[geometry.filled?.edge ?? geometry.buttons.first?.edge ?? .trailing].buttons
        for frame in geometry.paintOrder.reversed() where x >= frame.visibleX && x < frame.visibleX + frame.visibleWidth
        {
            guard buttons.indices.contains(frame.index) else { continue }
            return (row, .id(buttons[frame.index].id))
        }
        return nil
    }
}
