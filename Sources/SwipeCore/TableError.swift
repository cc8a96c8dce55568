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
    /// `open` on a row a full swipe's `delete` is sliding out: a delete once begun is not
    /// taken back.
    case beingDeleted(row: Int)
    /// `open` on a row whose configuration has no buttons on either edge (it does not swipe);
    /// `reason`: why, when its configuration says (``CellConfiguration/failure``,
    /// ``CellConfiguration/switchedOff``).
    case doesNotSwipe(row: Int, reason: String?)
    /// An insert with an id another row has (ids are unique in a table): that row.
    case duplicateID(id: RowID, row: Int)
    /// A row named by an id no row has (a script's `#ID`): the closest id a row has, when one
    /// is close enough to be a likely typo.
    case noSuchRowID(id: RowID, closest: RowID?)
}

extension TableError: CustomStringConvertible {
    /// The clock's limit as messages name it.
    public static let limitText = "\(TimeText.milliseconds(VirtualInstant.maximum)) ms (about 285 years)"

    public var description: String {
        switch self {
        case .noSuchRow(let row, let count):
            return count == 0
                ? "row \(row) does not exist: the table is empty"
                : "row \(row) does not exist: the table has rows 1-\(count)"
        case .rowOffScreen(let row, let visible):
            let shown =
                visible.isEmpty
                ? "no rows are on screen" : "rows \(visible.lowerBound)-\(visible.upperBound - 1) are on screen"
            return "row \(row) is off screen: \(shown)"
        case .noPanInProgress(let row):
            return
                "row \(row) has no pan in progress: 'pan \(row) begin' first (a pan is cancelled when its row leaves the screen)"
        case .panAlreadyInProgress(let row):
            return "row \(row) is already being panned: end or cancel that pan first"
        case .noSuchButton(let row, _, let ids, let reason?) where ids.isEmpty:
            return "row \(row) has no buttons: \(DisplayText.escaped(reason))"
        case .noSuchButton(let row, _, let ids, nil) where ids.isEmpty:
            return "row \(row) has no buttons"
        case .noSuchButton(let row, let button, let ids, _):
            let hint =
                Int(button) == nil
                ? closestMatch(to: button, among: ids).map { " (did you mean '\(DisplayText.token($0))'?)" } ?? "" : ""
            let listed = ids.enumerated().map {
                "'\(DisplayText.token($0.element))' (\($0.offset + 1)\($0.offset == 0 ? ", the rightmost" : ""))"
            }
            let list =
                listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " and " + listed.last!
            return
                "row \(row) has no button '\(DisplayText.token(button))'\(hint): it has \(ids.count) button\(ids.count == 1 ? "" : "s"), \(list)"
        case .noSuchButtonOnEdges(let row, let button, let trailing, let leading):
            let hint =
                Int(button) == nil
                ? closestMatch(to: button, among: trailing + leading).map {
                    " (did you mean '\(DisplayText.token($0))'?)"
                } ?? "" : ""
            func listed(_ ids: [String], _ name: (Int) -> String) -> String {
                let items = ids.enumerated().map { "'\(DisplayText.token($0.element))' (\(name($0.offset + 1)))" }
                return items.isEmpty
                    ? "none"
                    : items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " and " + items.last!
            }
            return
                "row \(row) has no button '\(DisplayText.token(button))'\(hint): trailing \(listed(trailing) { $0 == 1 ? "1, the outermost" : String($0) }), "
                + "leading \(listed(leading) { "leading:\($0)" })"
        case .noButtonsOnEdge(let row, let edge):
            return "row \(row) has no \(edge.rawValue) buttons"
        case .insertionOutOfRange(let row, let count):
            return "cannot insert at row \(row): rows 1-\(count + 1) are possible"
        case .clockLimit(_, let amount) where amount < .zero:
            return "the virtual clock only moves forward, got \(TimeText.milliseconds(amount)) ms"
        case .doesNotSwipe(let row, let reason?):
            return "row \(row) does not swipe: \(DisplayText.escaped(reason))"
        case .doesNotSwipe(let row, nil):
            return "row \(row) does not swipe: it has no buttons on either edge"
        case .duplicateID(.number(let number), let row):
            return "id \(number) is already row \(row)'s: a table's ids are unique"
        case .duplicateID(.name(let name), let row):
            return "id '\(DisplayText.token(name))' is already row \(row)'s: a table's ids are unique"
        case .noSuchRowID(let id, let closest):
            let hint = closest.map { " (did you mean '#\(DisplayText.token($0.description))'?)" } ?? ""
            return "no row has id '#\(DisplayText.token(id.description))'\(hint)"
        case .heldByFullSwipe(let row):
            return
                "row \(row) is held by a full swipe with completion 'manual' until it is fulfilled: fulfill it with 'delete' or 'reset' first"
        case .beingDeleted(let row):
            return "row \(row) is sliding out to be deleted by its full swipe: it can no longer be opened"
        case .notWaiting(let row):
            return
                "row \(row) is not waiting for a full swipe to be fulfilled (only a row released past its full-swipe threshold with completion 'manual' is, once)"
        case .clockLimit(let now, let amount):
            return "the virtual clock cannot pass \(Self.limitText): it is at \(TimeText.milliseconds(now)) ms, "
                + "and \(TimeText.milliseconds(amount)) ms more would pass it"
        }
    }
}
