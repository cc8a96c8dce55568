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
    public static func destructive(button: Int = 0, total: Double, width: Double, completion: Completion = .delete)
        -> FullSwipe?
    {
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
