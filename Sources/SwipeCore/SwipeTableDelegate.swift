/// The tutorial's `SwipeableCellDelegate`, told about rows rather than cells, with one entry: each
/// ``TableEvent`` carries what its delivery needs (the side, a flick's release velocity, the
/// button, a deleted row's item).
///
/// The table keeps its own set of open rows (`cellsCurrentlyEditing`) before it delivers, and
/// delivers only once the table is consistent again, so a delegate may drive the table (open,
/// close, delete rows) from inside a delivery: the events that sets off are delivered after it.
public protocol SwipeTableDelegate: AnyObject {
    /// `table` delivers `event`: `cellDidOpen:`, `cellDidClose:`, a button's action, a full
    /// swipe's expansion, action or deletion. ``SwipeTable/now`` is the time it happened.
    func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent)
}
