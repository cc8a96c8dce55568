/// The tutorial's `SwipeableCellDelegate`, told about rows rather than cells. Rows are 1-based.
///
/// The table keeps its own set of open rows (`cellsCurrentlyEditing`) before it calls these,
/// and calls them only once the table is consistent again, so a delegate may drive the table
/// (open, close, delete rows) from inside a callback.
public protocol SwipeTableDelegate: AnyObject {
    /// `cellDidOpen:`.
    func swipeTable(_ table: SwipeTable, didOpenRow row: Int)
    /// `cellDidClose:`.
    func swipeTable(_ table: SwipeTable, didCloseRow row: Int)
    /// `buttonOneActionForItemText:` and its siblings: button `number` (1 = rightmost) was tapped.
    func swipeTable(_ table: SwipeTable, didTapButton button: SwipeButton, number: Int, inRow row: Int)
}

/// A delegate call, as a value: what a trace records.
public enum TableEvent: Hashable, Sendable {
    case open(row: Int)
    case close(row: Int)
    case action(row: Int, button: SwipeButton, number: Int)
}

/// Why the table refused an event. Rows and buttons are 1-based.
public enum TableError: Error, Hashable, Sendable {
    case noSuchRow(row: Int, rowCount: Int)
    case rowOffScreen(row: Int, visible: Range<Int>)
    case noPanInProgress(row: Int)
    case panAlreadyInProgress(row: Int)
    /// `ids`: the row's buttons, button 1 first; `reason`: why a row has none, when its
    /// configuration says (``CellConfiguration/failure``).
    case noSuchButton(row: Int, button: String, ids: [String], reason: String?)
    case insertionOutOfRange(row: Int, rowCount: Int)
    /// Moving the clock from `now` by `amount` would pass ``VirtualInstant/maximum``.
    case clockLimit(now: VirtualInstant, amount: TimeAmount)
}

extension TableError: CustomStringConvertible {
    /// The clock's limit as messages name it.
    public static let limitText = "\(TimeText.milliseconds(VirtualInstant.maximum)) ms (about 285 years)"

    public var description: String {
        switch self {
        case .noSuchRow(let row, let count):
            return count == 0 ? "row \(row) does not exist: the table is empty" : "row \(row) does not exist: the table has rows 1-\(count)"
        case .rowOffScreen(let row, let visible):
            let shown = visible.isEmpty ? "no rows are on screen" : "rows \(visible.lowerBound)-\(visible.upperBound - 1) are on screen"
            return "row \(row) is off screen: \(shown)"
        case .noPanInProgress(let row):
            return "row \(row) has no pan in progress: 'pan \(row) begin' first (a pan is cancelled when its row leaves the screen)"
        case .panAlreadyInProgress(let row):
            return "row \(row) is already being panned: end or cancel that pan first"
        case .noSuchButton(let row, _, let ids, let reason?) where ids.isEmpty:
            return "row \(row) has no buttons: \(DisplayText.escaped(reason))"
        case .noSuchButton(let row, _, let ids, nil) where ids.isEmpty:
            return "row \(row) has no buttons"
        case .noSuchButton(let row, let button, let ids, _):
            let hint = Int(button) == nil ? closestMatch(to: button, among: ids).map { " (did you mean '\(DisplayText.token($0))'?)" } ?? "" : ""
            let listed = ids.enumerated().map { "'\(DisplayText.token($0.element))' (\($0.offset + 1)\($0.offset == 0 ? ", the rightmost" : ""))" }
            let list = listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " and " + listed.last!
            return "row \(row) has no button '\(DisplayText.token(button))'\(hint): it has \(ids.count) button\(ids.count == 1 ? "" : "s"), \(list)"
        case .insertionOutOfRange(let row, let count):
            return "cannot insert at row \(row): rows 1-\(count + 1) are possible"
        case .clockLimit(_, let amount) where amount < .zero:
            return "the virtual clock only moves forward, got \(TimeText.milliseconds(amount)) ms"
        case .clockLimit(let now, let amount):
            return "the virtual clock cannot pass \(Self.limitText): it is at \(TimeText.milliseconds(now)) ms, "
                + "and \(TimeText.milliseconds(amount)) ms more would pass it"
        }
    }
}
