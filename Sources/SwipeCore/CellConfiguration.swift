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
    /// Why this row does not swipe, when the one who configures it said so (a plugin's
    /// `configure` that returned `false`): `open` names it.
    public var switchedOff: String?

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

    /// `self[edge].fullSwipe`, read without copying the edge's actions: the copy retained and
    /// released both of its arrays, twice a pan move under SwipeCellKit's rules.
    @inline(__always)
    public func fullSwipe(on edge: Edge) -> FullSwipe? { edge == .trailing ? trailing.fullSwipe : leading.fullSwipe }

    /// `self[edge].buttons.count`, read without copying the edge's actions.
    @inline(__always)
    public func buttonCount(on edge: Edge) -> Int { edge == .trailing ? trailing.buttons.count : leading.buttons.count }

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
