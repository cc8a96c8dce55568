/// What the table tells its delegate, as a value that carries all of it: a delivery needs
/// nothing read beside the event (STYLE.md, point 21). Rows and buttons are 1-based; the row is
/// the one the event concerns when it is delivered. `side` is nil for rows whose buttons are all
/// trailing (the tutorial's shape, whose events name no side), else the edge that opened, closed,
/// expanded or holds the button.
public enum TableEvent: Hashable, Sendable {
    /// `cellDidOpen:`. `velocity`: the release velocity (points/s, negative = left) when a flick
    /// decided the open (`release = "velocity"`); nil otherwise, and always for the tutorial.
    case open(row: Int, side: Edge? = nil, velocity: Double? = nil)
    /// `cellDidClose:`, with the release velocity as for ``open(row:side:velocity:)``. `full`: the
    /// close of a full swipe's `reset` (the row snapping closed as its action runs), not of a
    /// pan released closed or abandoned.
    case close(row: Int, side: Edge? = nil, velocity: Double? = nil, full: Bool = false)
    /// `buttonOneActionForItemText:` and its siblings: button `number` of the edge (1 = outermost)
    /// was tapped.
    case action(row: Int, button: SwipeButton, number: Int, side: Edge? = nil)
    /// A pan crossed `side`'s full-swipe threshold outwards (`expanded`) or back: the moment a
    /// device gives haptic feedback.
    case expand(row: Int, side: Edge, expanded: Bool)
    /// A full swipe's action: button `number` of the edge, then its completion.
    case fullAction(row: Int, button: SwipeButton, number: Int, side: Edge?)
    /// A full swipe deleted the row (its item is given: the row is gone when this is delivered).
    /// `id`: the row's id when its item is a table (it has fields), else nil.
    case delete(row: Int, item: String, id: RowID? = nil)

    // Lifecycle: delivered only when asked (``SwipeTable/reportsLifecycle``,
    // ``SwipeTable/reportsProgress``), so a table nobody listens to for them pays nothing.

    /// A pan started revealing `side`: its first move that uncovered any of the side's buttons
    /// (a pan that began with the side revealed does not begin it again; one that crosses over
    /// to the other side begins that one).
    case begin(row: Int, side: Edge)
    /// A pan ended (released, or cancelled: `velocity` nil) and the row is about to snap open on
    /// `side`: delivered just before that release's other events, its `open` among them.
    /// `velocity`: the release's, points/s, negative = left.
    case willOpen(row: Int, side: Edge, velocity: Double?)
    /// As ``willOpen(row:side:velocity:)``, for a release that closes the row. `full`: a full
    /// swipe's `reset` closes it (its action follows), not a pan released closed or abandoned.
    case willClose(row: Int, side: Edge, velocity: Double?, full: Bool = false)
    /// A pan moved the row: `offset` is the content's (points, negative = moved left), `fraction`
    /// the reveal on `side` over the side's buttons' total width (above 1 past the buttons,
    /// below 0 pulled past rest).
    case progress(row: Int, side: Edge, offset: Double, fraction: Double)

    // Accessibility: delivered only for `activate` and `actions`.

    /// A button's action run as a screen reader's custom action (`activate`): as
    /// ``action(row:button:number:side:)``, the row not revealed.
    case accessibilityAction(row: Int, button: SwipeButton, number: Int, side: Edge?)
    /// `actions ROW`: the row's accessibility actions, what a screen reader offers.
    case actionsListed(row: Int, actions: [AccessibilityAction])

    /// The row the event concerns.
    public var row: Int {
        switch self {
        case .open(let row, _, _), .close(let row, _, _, _), .action(let row, _, _, _), .expand(let row, _, _),
            .fullAction(let row, _, _, _), .delete(let row, _, _), .begin(let row, _), .willOpen(let row, _, _),
            .willClose(let row, _, _, _), .progress(let row, _, _, _), .accessibilityAction(let row, _, _, _),
            .actionsListed(let row, _):
            return row
        }
    }
}
