/// One action button under a cell's content. Button 1 is the outermost: the rightmost of the
/// trailing edge in `ltr` (the tutorial's), the leftmost of the leading edge.
public struct SwipeButton: Hashable, Sendable {
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case normal
        case destructive
    }

    public var id: String
    public var title: String
    public var width: Double
    public var color: String?
    public var style: Style

    public init(id: String, title: String, width: Double, color: String? = nil, style: Style = .normal) {
        self.id = id
        self.title = title
        self.width = width
        self.color = color
        self.style = style
    }
}

/// How a cell decides where to snap. The tutorial's algorithm is the first preset
/// (`TutorialBehavior`); others (release velocity, elastic overscroll, springs, full swipe) are
/// meant to be added as cases, each deciding from the same inputs.
public enum SwipeBehavior: String, Hashable, Sendable {
    /// `SwipeableCell.m` step for step, quirks included (see docs/tutorial-quirks.md).
    case tutorial
}

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

/// Everything that shapes one row's cell: the buttons of each edge and their thresholds, the
/// bounce and the animation.
///
/// The tutorial's cell has trailing buttons only; ``buttons``, ``openThreshold`` and
/// ``closeThreshold`` (and the derived ``totalWidth``, ``buttonMiddles``...) are the trailing
/// edge's, so code written for it reads as before.
public struct CellConfiguration: Hashable, Sendable {
    public var trailing: EdgeActions
    public var leading: EdgeActions
    /// How far past its rest position a snap overshoots, in points (`kBounceValue`).
    public var bounce: Double
    /// The length of one animation step (`updateConstraintsIfNeeded:`'s 0.1 s).
    public var duration: TimeAmount
    public var curve: AnimationCurve
    public var behavior: SwipeBehavior

    public init(
        buttons: [SwipeButton],
        bounce: Double = 20,
        duration: TimeAmount = .milliseconds(100 as Int64),
        curve: AnimationCurve = .easeOut,
        openThreshold: Double? = nil,
        closeThreshold: Double? = nil,
        behavior: SwipeBehavior = .tutorial,
        leading: EdgeActions = EdgeActions()
    ) {
        self.trailing = EdgeActions(buttons: buttons, openThreshold: openThreshold, closeThreshold: closeThreshold)
        self.leading = leading
        self.bounce = bounce
        self.duration = duration
        self.curve = curve
        self.behavior = behavior
    }

    /// The tutorial's cell: `Button 1` (`one`, rightmost) and `Button 2` (`two`), 80 points each.
    public static let tutorial = CellConfiguration(buttons: [
        SwipeButton(id: "one", title: "Button 1", width: 80),
        SwipeButton(id: "two", title: "Button 2", width: 80),
    ])

    /// The buttons and thresholds of `edge`.
    @inline(__always)
    public subscript(edge: Edge) -> EdgeActions {
        get { edge == .trailing ? trailing : leading }
        set { if edge == .trailing { trailing = newValue } else { leading = newValue } }
    }

    /// The edge a row names when nothing says which: trailing if it has trailing buttons,
    /// else leading (`open ROW`, a touch released on a closed cell).
    public var defaultEdge: Edge { trailing.isEmpty && !leading.isEmpty ? .leading : .trailing }

    /// Whether the row's events name their edge (`"side"` in the trace): rows with leading
    /// buttons do; rows with trailing buttons only, the tutorial's shape, read as before.
    public var namesSides: Bool { !leading.isEmpty }

    /// Whether any edge has buttons.
    public var hasButtons: Bool { !trailing.isEmpty || !leading.isEmpty }

    /// The edge and index (0-based) of the button with this id, if any (ids are unique
    /// across a row's two edges).
    public func button(id: String) -> (edge: Edge, index: Int)? {
        if let index = trailing.buttons.firstIndex(where: { $0.id == id }) { return (.trailing, index) }
        if let index = leading.buttons.firstIndex(where: { $0.id == id }) { return (.leading, index) }
        return nil
    }

    // MARK: The trailing edge, as the tutorial's cell knows it

    /// The trailing buttons, button 1 (the outermost) first.
    public var buttons: [SwipeButton] {
        get { trailing.buttons }
        set { trailing.buttons = newValue }
    }
    public var openThreshold: Double? {
        get { trailing.openThreshold }
        set { trailing.openThreshold = newValue }
    }
    public var closeThreshold: Double? {
        get { trailing.closeThreshold }
        set { trailing.closeThreshold = newValue }
    }
    public var totalWidth: Double { trailing.totalWidth }
    public var effectiveOpenThreshold: Double { trailing.effectiveOpenThreshold }
    public var effectiveCloseThreshold: Double { trailing.effectiveCloseThreshold }
    public var buttonMiddles: [Double] { trailing.buttonMiddles }

    /// The index (0-based) of the trailing button with this id, if any.
    public func buttonIndex(id: String) -> Int? {
        trailing.buttons.firstIndex { $0.id == id }
    }
}
