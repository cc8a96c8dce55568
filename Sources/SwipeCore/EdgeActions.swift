/// The buttons of one edge and the thresholds they snap by.
///
/// The derived geometry (``totalWidth``, the default thresholds, each button's middle) is
/// computed once when the buttons change, not on every pan event.
public struct EdgeActions: Hashable, Sendable {
    /// Button 1 (the outermost, against the edge) first.
    public var buttons: [SwipeButton] { didSet { recomputeGeometry() } }
    /// Points of reveal at which a pan that began closed snaps open; `nil` = half of button 1.
    public var openThreshold: Double? { didSet { recomputeGeometry() } }
    /// Points of reveal below which a pan that began open snaps closed; `nil` = every
    /// button but the innermost, plus half of the innermost.
    public var closeThreshold: Double? { didSet { recomputeGeometry() } }
    /// The edge's full swipe, if it has one.
    public var fullSwipe: FullSwipe? = nil
    /// How the buttons move as the content uncovers them (``CellGeometry``).
    public var transition: Transition = .reveal

    /// `buttonTotalWidth`: the buttons sit side by side against the edge.
    public private(set) var totalWidth: Double = 0
    public private(set) var effectiveOpenThreshold: Double = 0
    public private(set) var effectiveCloseThreshold: Double = 0
    /// Distance from the edge to each button's middle, button 1 first.
    public private(set) var buttonMiddles: [Double] = []

    public init(buttons: [SwipeButton] = [], openThreshold: Double? = nil, closeThreshold: Double? = nil) {
        self.buttons = buttons
        self.openThreshold = openThreshold
        self.closeThreshold = closeThreshold
        recomputeGeometry()
    }

    public var isEmpty: Bool { buttons.isEmpty }

    private mutating func recomputeGeometry() {
        var middles: [Double] = []
        middles.reserveCapacity(buttons.count)
        var edge = 0.0
        for button in buttons {
            middles.append(edge + button.width / 2)
            edge += button.width
        }
        totalWidth = edge
        buttonMiddles = middles
        let first = buttons.first?.width ?? 0
        let last = buttons.last?.width ?? 0
        effectiveOpenThreshold = openThreshold ?? first / 2
        effectiveCloseThreshold = closeThreshold ?? (edge - last) + last / 2
    }
}
