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
}
