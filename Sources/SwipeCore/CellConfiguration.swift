/// One action button under a cell's content. Button 1 is the rightmost.
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

/// How a cell decides where to snap. The tutorial's algorithm is the first preset; others
/// (velocity snapping, full-swipe expansion, leading actions) are meant to be added as cases.
public enum SwipeBehavior: String, Hashable, Sendable {
    /// `SwipeableCell.m` step for step, quirks included (see docs/tutorial-quirks.md).
    case tutorial
}

/// Everything that shapes one row's cell: its buttons, thresholds, bounce and animation.
///
/// The derived geometry (``totalWidth``, the default thresholds, each button's middle) is
/// computed once when the buttons change, not on every pan event.
public struct CellConfiguration: Hashable, Sendable {
    /// Button 1 first: `buttons[0]` is the rightmost.
    public var buttons: [SwipeButton] { didSet { recomputeGeometry() } }
    /// How far past its rest position a snap overshoots, in points (`kBounceValue`).
    public var bounce: Double
    /// The length of one animation step (`updateConstraintsIfNeeded:`'s 0.1 s).
    public var duration: TimeAmount
    public var curve: AnimationCurve
    /// Points of reveal at which a pan that began closed snaps open; `nil` = half of button 1.
    public var openThreshold: Double? { didSet { recomputeGeometry() } }
    /// Points of reveal below which a pan that began open snaps closed; `nil` = every
    /// button but the leftmost, plus half of the leftmost.
    public var closeThreshold: Double? { didSet { recomputeGeometry() } }
    public var behavior: SwipeBehavior
    /// Why this row has no buttons, when the one who configures it failed to (a plugin's
    /// `configure` that raised an error or returned something invalid): taps name it.
    public var failure: String?

    /// `buttonTotalWidth`: the buttons sit side by side against the right edge.
    public private(set) var totalWidth: Double = 0
    public private(set) var effectiveOpenThreshold: Double = 0
    public private(set) var effectiveCloseThreshold: Double = 0
    /// Distance from the cell's right edge to each button's middle, button 1 first.
    public private(set) var buttonMiddles: [Double] = []

    public init(
        buttons: [SwipeButton],
        bounce: Double = 20,
        duration: TimeAmount = .milliseconds(100 as Int64),
        curve: AnimationCurve = .easeOut,
        openThreshold: Double? = nil,
        closeThreshold: Double? = nil,
        behavior: SwipeBehavior = .tutorial
    ) {
        self.buttons = buttons
        self.bounce = bounce
        self.duration = duration
        self.curve = curve
        self.openThreshold = openThreshold
        self.closeThreshold = closeThreshold
        self.behavior = behavior
        recomputeGeometry()
    }

    /// The tutorial's cell: `Button 1` (`one`, rightmost) and `Button 2` (`two`), 80 points each.
    public static let tutorial = CellConfiguration(buttons: [
        SwipeButton(id: "one", title: "Button 1", width: 80),
        SwipeButton(id: "two", title: "Button 2", width: 80),
    ])

    /// The index (0-based) of the button with this id, if any.
    public func buttonIndex(id: String) -> Int? {
        buttons.firstIndex { $0.id == id }
    }

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
