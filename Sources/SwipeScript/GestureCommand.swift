import SwipeCore

/// One line of a gesture script, parsed. Rows are 1-based; distances are points; X is the
/// pan's translation since it began, like `translationInView:`.
public enum GestureCommand: Hashable, Sendable {
    /// `pan ROW begin [X]`
    case panBegin(row: Int, x: Double)
    /// `pan ROW move X`
    case panMove(row: Int, x: Double)
    /// `pan ROW end [VX]`: VX is the release velocity in points/s (negative = left); without
    /// it, the velocity of the pan's last two moves.
    case panEnd(row: Int, velocity: Double? = nil)
    /// `pan ROW cancel`
    case panCancel(row: Int)
    /// `tap ROW BUTTON` (or `tap ROW content`)
    case tap(row: Int, button: ButtonReference)
    /// `wait MS`
    case wait(TimeAmount)
    /// `scroll DY` (positive = down)
    case scroll(dy: Double)
    /// `open ROW [leading|trailing]`: the table opens the row itself (`openCell`) and records
    /// it; `side` nil: the row's default edge (trailing if it has trailing buttons).
    case open(row: Int, side: Edge? = nil)
    /// `close ROW`: the table closes the row itself and forgets it.
    case close(row: Int)
    /// `swipe ROW DX [MS]`: begin, a move every 16 ms to DX over MS, end.
    case swipe(row: Int, dx: Double, duration: TimeAmount)
    /// `dismiss`: the person dismissed the detail screen a plugin presented (`ctx:present`), as
    /// the playground's sheet records it; a `dismiss` event when one is on show, nothing
    /// otherwise (a table without plugins has none).
    case dismiss
    /// `activate ROW ID`: button `ID` of the row runs its action as a screen reader's custom
    /// action does, without revealing it (``SwipeTable/activate(row:buttonID:)``).
    case activate(row: Int, button: String)
    /// `actions ROW`: lists the row's accessibility actions (``SwipeTable/listActions(row:)``).
    case actions(row: Int)
    // A ROW written `#ID` (`swipe #m42 -120`) is not a case here: the command's row is a
    // placeholder (0) and the id is the line's ``ScriptLine/rowID``, replaced by the row that
    // has the id when the line runs (``withRow(_:)``). An indirect case made every command
    // costlier to copy and destroy, on every line of every replay.
}

extension GestureCommand {
    /// The row the command names, if it names one (0, the placeholder, for a ROW written `#ID`;
    /// nil for `wait`, `scroll` and `dismiss`).
    public var row: Int? {
        switch self {
        case .panBegin(let row, _), .panMove(let row, _), .panEnd(let row, _), .panCancel(let row),
            .tap(let row, _), .open(let row, _), .close(let row), .swipe(let row, _, _), .activate(let row, _),
            .actions(let row):
            return row
        case .wait, .scroll, .dismiss: return nil
        }
    }

    /// The command with its row replaced by `row` (itself for a command that names none).
    public func withRow(_ row: Int) -> GestureCommand {
        switch self {
        case .panBegin(_, let x): .panBegin(row: row, x: x)
        case .panMove(_, let x): .panMove(row: row, x: x)
        case .panEnd(_, let velocity): .panEnd(row: row, velocity: velocity)
        case .panCancel: .panCancel(row: row)
        case .tap(_, let button): .tap(row: row, button: button)
        case .open(_, let side): .open(row: row, side: side)
        case .close: .close(row: row)
        case .swipe(_, let dx, let duration): .swipe(row: row, dx: dx, duration: duration)
        case .activate(_, let button): .activate(row: row, button: button)
        case .actions: .actions(row: row)
        case .wait, .scroll, .dismiss: self
        }
    }
}
