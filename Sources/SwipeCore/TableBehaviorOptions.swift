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
    /// `exclusive = "begin"`: a pan that begins revealing a row's side (``TableEvent/begin(row:side:)``)
    /// closes the other open rows then, as UIKit and SwipeCellKit do, not when the row opens.
    /// Only with ``exclusive`` (which still closes them when the table opens a row itself).
    public var exclusiveOnBegin: Bool
    /// How a deleted row leaves and an inserted one arrives (`none`: at once, the tutorial's).
    public var rowAnimation: RowAnimation

    public init(
        exclusive: Bool = false, closeOnScroll: Bool = false, closeOnTap: Bool = false, exclusiveOnBegin: Bool = false,
        rowAnimation: RowAnimation = .none
    ) {
        self.exclusive = exclusive || exclusiveOnBegin
        self.closeOnScroll = closeOnScroll
        self.closeOnTap = closeOnTap
        self.exclusiveOnBegin = exclusiveOnBegin
        self.rowAnimation = rowAnimation
    }

    /// What `exclusive` is set to in a plugin's `table` and a spec's `swipe.table{}`: `false`,
    /// `true` (on open) or `"begin"`.
    public var exclusiveName: String? {
        exclusiveOnBegin ? "begin" : exclusive ? "true" : nil
    }
}
