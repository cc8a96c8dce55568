/// The tutorial's `SwipeableCellDelegate`, told about rows rather than cells. Rows are 1-based.
///
/// The table keeps its own set of open rows (`cellsCurrentlyEditing`) before it calls these,
/// and calls them only once the table is consistent again, so a delegate may drive the table
/// (open, close, delete rows) from inside a callback.
///
/// The table calls the methods with a `side`: the edge that opened, closed or holds the tapped
/// button, or nil for a row whose buttons are all trailing (the tutorial's shape, whose events
/// name no side). Their default implementations call the side-less ones, so a delegate written
/// for the tutorial's table implements those only.
public protocol SwipeTableDelegate: AnyObject {
    /// `cellDidOpen:`.
    func swipeTable(_ table: SwipeTable, didOpenRow row: Int)
    /// `cellDidClose:`.
    func swipeTable(_ table: SwipeTable, didCloseRow row: Int)
    /// `buttonOneActionForItemText:` and its siblings: button `number` (1 = outermost) was tapped.
    func swipeTable(_ table: SwipeTable, didTapButton button: SwipeButton, number: Int, inRow row: Int)
    /// `cellDidOpen:`, with the edge.
    func swipeTable(_ table: SwipeTable, didOpenRow row: Int, side: Edge?)
    /// `cellDidClose:`, with the edge.
    func swipeTable(_ table: SwipeTable, didCloseRow row: Int, side: Edge?)
    /// A button's action, with its edge (`number` counts from that edge, 1 = outermost).
    func swipeTable(_ table: SwipeTable, didTapButton button: SwipeButton, number: Int, side: Edge?, inRow row: Int)
    /// A pan crossed `side`'s full-swipe threshold: outwards (`expanded`) or back. The moment a
    /// device gives haptic feedback.
    func swipeTable(_ table: SwipeTable, didExpandRow row: Int, side: Edge, expanded: Bool)
    /// A full swipe performed button `number`'s action (by default: as a tap on it).
    func swipeTable(_ table: SwipeTable, didFullSwipeButton button: SwipeButton, number: Int, side: Edge?, inRow row: Int)
    /// A full swipe deleted `row`, whose item was `item`.
    func swipeTable(_ table: SwipeTable, didDeleteRow row: Int, item: String)
}

extension SwipeTableDelegate {
    public func swipeTable(_ table: SwipeTable, didExpandRow row: Int, side: Edge, expanded: Bool) {}
    public func swipeTable(_ table: SwipeTable, didFullSwipeButton button: SwipeButton, number: Int, side: Edge?, inRow row: Int) {
        swipeTable(table, didTapButton: button, number: number, side: side, inRow: row)
    }
    public func swipeTable(_ table: SwipeTable, didDeleteRow row: Int, item: String) {}
    public func swipeTable(_ table: SwipeTable, didOpenRow row: Int) {}
    public func swipeTable(_ table: SwipeTable, didCloseRow row: Int) {}
    public func swipeTable(_ table: SwipeTable, didTapButton button: SwipeButton, number: Int, inRow row: Int) {}

    public func swipeTable(_ table: SwipeTable, didOpenRow row: Int, side: Edge?) {
        swipeTable(table, didOpenRow: row)
    }

    public func swipeTable(_ table: SwipeTable, didCloseRow row: Int, side: Edge?) {
        swipeTable(table, didCloseRow: row)
    }

    public func swipeTable(_ table: SwipeTable, didTapButton button: SwipeButton, number: Int, side: Edge?, inRow row: Int) {
        swipeTable(table, didTapButton: button, number: number, inRow: row)
    }
}

/// A delegate call, as a value: what a trace records. `side` is nil for rows whose buttons are
/// all trailing (see ``SwipeTableDelegate``).
public enum TableEvent: Hashable, Sendable {
    case open(row: Int, side: Edge? = nil)
    case close(row: Int, side: Edge? = nil)
    case action(row: Int, button: SwipeButton, number: Int, side: Edge? = nil)
    /// A pan crossed `side`'s full-swipe threshold outwards (`expanded`) or back.
    case expand(row: Int, side: Edge, expanded: Bool)
    /// A full swipe's action: button `number` of the edge, then its completion.
    case fullAction(row: Int, button: SwipeButton, number: Int, side: Edge?)
    /// A full swipe deleted the row (its item is given: the row is gone when this is delivered).
    case delete(row: Int, item: String)
}

/// How the table treats its open rows. All off by default: the tutorial keeps every row it
/// opened open, across scrolling (docs/table-behavior.md compares the libraries).
public struct TableBehaviorOptions: Hashable, Sendable {
    /// Opening a row closes the open one, animated, with its `close` event (UIKit's swipe
    /// actions, SwipeCellKit, MGSwipeTableCell all keep one row open).
    public var exclusive: Bool
    /// A scroll closes the open rows (UIKit and SwipeCellKit do).
    public var closeOnScroll: Bool
    /// A tap on a row's content closes the open rows (UIKit and SwipeCellKit do).
    public var closeOnTap: Bool

    public init(exclusive: Bool = false, closeOnScroll: Bool = false, closeOnTap: Bool = false) {
        self.exclusive = exclusive
        self.closeOnScroll = closeOnScroll
        self.closeOnTap = closeOnTap
    }
}

/// Why the table refused an event. Rows and buttons are 1-based.
public enum TableError: Error, Hashable, Sendable {
    case noSuchRow(row: Int, rowCount: Int)
    case rowOffScreen(row: Int, visible: Range<Int>)
    case noPanInProgress(row: Int)
    /// `fulfill` on a row no `manual` full swipe holds.
    case notWaiting(row: Int)
    case panAlreadyInProgress(row: Int)
    /// `ids`: the row's buttons, button 1 first; `reason`: why a row has none, when its
    /// configuration says (``CellConfiguration/failure``).
    case noSuchButton(row: Int, button: String, ids: [String], reason: String?)
    case insertionOutOfRange(row: Int, rowCount: Int)
    /// A tap named a button a row with leading buttons does not have: the ids of each edge,
    /// button 1 first.
    case noSuchButtonOnEdges(row: Int, button: String, trailing: [String], leading: [String])
    /// The table was asked to open a row on an edge that has no buttons.
    case noButtonsOnEdge(row: Int, edge: Edge)
    /// Moving the clock from `now` by `amount` would pass ``VirtualInstant/maximum``.
    case clockLimit(now: VirtualInstant, amount: TimeAmount)
    /// `open` or `close` on a row a `manual` full swipe holds: only `fulfill` ends the wait.
    case heldByFullSwipe(row: Int)
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
        case .noSuchButtonOnEdges(let row, let button, let trailing, let leading):
            let hint = Int(button) == nil
                ? closestMatch(to: button, among: trailing + leading).map { " (did you mean '\(DisplayText.token($0))'?)" } ?? "" : ""
            func listed(_ ids: [String], _ name: (Int) -> String) -> String {
                let items = ids.enumerated().map { "'\(DisplayText.token($0.element))' (\(name($0.offset + 1)))" }
                return items.isEmpty ? "none" : items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " and " + items.last!
            }
            return "row \(row) has no button '\(DisplayText.token(button))'\(hint): trailing \(listed(trailing) { $0 == 1 ? "1, the outermost" : String($0) }), "
                + "leading \(listed(leading) { "leading:\($0)" })"
        case .noButtonsOnEdge(let row, let edge):
            return "row \(row) has no \(edge.rawValue) buttons"
        case .insertionOutOfRange(let row, let count):
            return "cannot insert at row \(row): rows 1-\(count + 1) are possible"
        case .clockLimit(_, let amount) where amount < .zero:
            return "the virtual clock only moves forward, got \(TimeText.milliseconds(amount)) ms"
        case .heldByFullSwipe(let row):
            return "row \(row) is held by a full swipe with completion 'manual' until it is fulfilled: fulfill it with 'delete' or 'reset' first"
        case .notWaiting(let row):
            return "row \(row) is not waiting for a full swipe to be fulfilled (only a row released past its full-swipe threshold with completion 'manual' is, once)"
        case .clockLimit(let now, let amount):
            return "the virtual clock cannot pass \(Self.limitText): it is at \(TimeText.milliseconds(now)) ms, "
                + "and \(TimeText.milliseconds(amount)) ms more would pass it"
        }
    }
}
