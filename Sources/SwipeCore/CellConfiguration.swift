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

/// How a cell decides where a pan puts the content and which side its release decides for
/// (docs/physics.md, "Pan rules"). The release physics (velocity, overscroll, springs, full
/// swipes) are options beside it.
public enum SwipeBehavior: String, Hashable, Sendable {
    /// `SwipeableCell.m` step for step, quirks included (``TutorialBehavior``,
    /// docs/tutorial-quirks.md): a pan from closed reveals the edge the finger is past its start
    /// towards, and snaps at the clamp.
    case tutorial
    /// SwipeCellKit's `SwipeController.handlePan` (``SwipeCellKitBehavior``), the `swipecellkit`
    /// and `mail` presets': the side is fixed by the pan's first motion, a pan towards an edge
    /// without buttons is ignored, the content goes past its rest the other way at 0.2 a point,
    /// the release decides for that side only, and a `.destructive` full swipe's triggers read
    /// the finger's travel.
    case swipeCellKit = "swipecellkit"
}

/// A full swipe on an edge: a long drag performs button `button`'s action at once (SwipeCellKit's
/// expansion, Mail's delete). Points are resolved by whoever reads the configuration (the
/// threshold may be given as a fraction of the cell's width).
public struct FullSwipe: Hashable, Sendable {
    /// What happens after the action runs.
    public enum Completion: String, Hashable, Sendable, CaseIterable {
        /// The content slides out to the cell's width and the row is deleted.
        case delete
        /// The row snaps closed.
        case reset
        /// The row stays filled until a handler calls `ctx:fulfill(row, "delete" | "reset")`.
        case manual
    }

    /// The expanded button, 0-based on its edge (0 = button 1, the outermost).
    public var button: Int
    /// Points of reveal past which the edge is expanded.
    public var threshold: Double
    public var completion: Completion
    /// The cell's width: where `delete` slides the content to.
    public var width: Double
    /// SwipeCellKit's `.destructive` style (``destructive(button:total:width:completion:)``): under
    /// SwipeCellKit's pan rules (``SwipeBehavior/swipeCellKit``) its target and triggers decide, not
    /// ``threshold``.
    public var isDestructive = false

    public init(button: Int = 0, threshold: Double, completion: Completion = .delete, width: Double) {
        self.button = button
        self.threshold = threshold
        self.completion = completion
        self.width = width
    }

    /// Past the threshold each point of finger movement moves the content this much
    /// (SwipeCellKit's `targetOverscrollElasticity`).
    public static let elasticity = 0.2
    /// The default threshold: this fraction of the cell's width...
    public static let defaultFraction = 0.6
    /// ...and never below the buttons' width plus this.
    public static let minimumPastButtons = 20.0

    /// The default threshold for an edge `total` points wide in a `width`-point cell.
    public static func defaultThreshold(total: Double, width: Double) -> Double {
        max(defaultFraction * width, total + minimumPastButtons)
    }

    /// SwipeCellKit's `.destructive` expansion: expanded when the content's edge is within this
    /// many points of the cell's far edge (its `.edgeInset(30)` target)...
    public static let destructiveEdgeInset = 30.0
    /// ...or when the finger has travelled this fraction of the cell's width (its
    /// `.touchThreshold(0.8)` trigger, measured here from where the pan began).
    public static let destructiveTouchFraction = 0.8
    /// How a row asks for it: `full_swipe = "destructive"` or `full_swipe = { style = "destructive" }`.
    public static let destructiveStyle = "destructive"

    /// The threshold of a `.destructive` full swipe in a `width`-point cell: the first of its two
    /// triggers a pan reaches. The content follows the finger 1:1 up to the threshold, so the
    /// reveal and the finger's travel are equal there and one number decides both triggers.
    public static func destructiveThreshold(width: Double) -> Double {
        min(width - destructiveEdgeInset, destructiveTouchFraction * width)
    }

    /// SwipeCellKit's `.destructive` expansion of button `button` (completion `delete`, its
    /// `.fill(.delete)`), or nil when the edge's buttons (`total` points) leave no room for it.
    public static func destructive(button: Int = 0, total: Double, width: Double, completion: Completion = .delete) -> FullSwipe? {
        let threshold = destructiveThreshold(width: width)
        guard threshold > total else { return nil }
        var full = FullSwipe(button: button, threshold: threshold, completion: completion, width: width)
        full.isDestructive = true
        return full
    }

    /// SwipeCellKit's `.destructive` target under its pan rules: the content follows the finger
    /// 1:1 up to it and at ``elasticity`` a point beyond, and a trigger that fires short of it
    /// pulls the content there (`SwipeExpansionStyle.Target.offset`: the width - 30, never
    /// below the actions' width + 20).
    public func destructiveTarget(total: Double) -> Double {
        max(width - Self.destructiveEdgeInset, total + Self.minimumPastButtons)
    }
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
    /// The edge's full swipe, if it has one.
    public var fullSwipe: FullSwipe? = nil

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
    public var trailing: EdgeActions { didSet { metrics = CellMetrics(trailing: trailing, leading: leading) } }
    public var leading: EdgeActions { didSet { metrics = CellMetrics(trailing: trailing, leading: leading) } }
    /// The numbers the pan path reads, kept apart from the button lists: reading them copies
    /// no array (and retains none).
    public private(set) var metrics: CellMetrics
    /// How far past its rest position a snap overshoots, in points (`kBounceValue`).
    public var bounce: Double
    /// The length of one animation step (`updateConstraintsIfNeeded:`'s 0.1 s).
    public var duration: TimeAmount
    public var curve: AnimationCurve
    /// Whose rules a pan follows: the tutorial's, or SwipeCellKit's (its presets set it).
    public var behavior: SwipeBehavior
    /// How a release decides open or closed (`release`; the tutorial's: by position).
    public var release: ReleaseRule = .position
    /// The release speed in points/s from which `release = "velocity"` decides by direction.
    public var flickVelocity: Double = 300
    /// The elasticity past the buttons' width (`overscroll`), in (0, 1]; nil = `clamp`, the
    /// tutorial's: stop at the buttons' width and snap to show them all.
    public var elasticity: Double? = nil
    /// `curve = "spring"`: settle with this spring (the release velocity its initial velocity)
    /// instead of ``curve`` over ``duration``.
    public var spring: Spring? = nil
    /// Why this row has no buttons, when the one who configures it failed to (a plugin's
    /// `configure` that raised an error or returned something invalid): taps name it.
    public var failure: String?

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
        let trailing = EdgeActions(buttons: buttons, openThreshold: openThreshold, closeThreshold: closeThreshold)
        self.trailing = trailing
        self.leading = leading
        metrics = CellMetrics(trailing: trailing, leading: leading)
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

    /// The buttons and thresholds of `edge` (a copy: the pan path reads single numbers with
    /// ``totalWidth(of:)`` and its siblings, which copy no button list).
    public subscript(edge: Edge) -> EdgeActions {
        get { edge == .trailing ? trailing : leading }
        set { if edge == .trailing { trailing = newValue } else { leading = newValue } }
    }

    /// `buttonTotalWidth` of `edge`.
    @inline(__always)
    public func totalWidth(of edge: Edge) -> Double { metrics.totalWidth(of: edge) }

    /// Whether `edge` has buttons.
    @inline(__always)
    public func hasButtons(on edge: Edge) -> Bool { metrics.hasButtons(on: edge) }

    /// The edge a row names when nothing says which: trailing if it has trailing buttons,
    /// else leading (`open ROW`, a touch released on a closed cell).
    public var defaultEdge: Edge { metrics.defaultEdge }

    /// Whether the row's events name their edge (`"side"` in the trace): rows with leading
    /// buttons do; rows with trailing buttons only, the tutorial's shape, read as before.
    public var namesSides: Bool { !leading.isEmpty }

    /// Whether any edge has buttons.
    public var hasButtons: Bool { metrics.hasTrailing || metrics.hasLeading }

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

/// The numbers of a configuration's two edges that the pan path reads: plain values, no arrays.
public struct CellMetrics: Hashable, Sendable {
    public var trailingTotal: Double
    public var leadingTotal: Double
    public var trailingOpen: Double
    public var leadingOpen: Double
    public var trailingClose: Double
    public var leadingClose: Double
    public var hasTrailing: Bool
    public var hasLeading: Bool
    /// Each edge's full-swipe threshold; 0 without a full swipe.
    public var trailingFull: Double
    public var leadingFull: Double

    init(trailing: EdgeActions, leading: EdgeActions) {
        trailingTotal = trailing.totalWidth
        leadingTotal = leading.totalWidth
        trailingOpen = trailing.effectiveOpenThreshold
        leadingOpen = leading.effectiveOpenThreshold
        trailingClose = trailing.effectiveCloseThreshold
        leadingClose = leading.effectiveCloseThreshold
        hasTrailing = !trailing.buttons.isEmpty
        hasLeading = !leading.buttons.isEmpty
        trailingFull = trailing.fullSwipe.map { $0.threshold } ?? 0
        leadingFull = leading.fullSwipe.map { $0.threshold } ?? 0
    }

    /// `edge`'s full-swipe threshold, 0 without one.
    @inline(__always)
    public func fullThreshold(of edge: Edge) -> Double { edge == .trailing ? trailingFull : leadingFull }
    /// Whether either edge has a full swipe.
    @inline(__always)
    public var hasFullSwipe: Bool { trailingFull > 0 || leadingFull > 0 }

    @inline(__always)
    public func totalWidth(of edge: Edge) -> Double { edge == .trailing ? trailingTotal : leadingTotal }
    @inline(__always)
    public func openThreshold(of edge: Edge) -> Double { edge == .trailing ? trailingOpen : leadingOpen }
    @inline(__always)
    public func closeThreshold(of edge: Edge) -> Double { edge == .trailing ? trailingClose : leadingClose }
    @inline(__always)
    public func hasButtons(on edge: Edge) -> Bool { edge == .trailing ? hasTrailing : hasLeading }
    /// Trailing if it has buttons, else leading (trailing when neither has).
    public var defaultEdge: Edge { !hasTrailing && hasLeading ? .leading : .trailing }
}
