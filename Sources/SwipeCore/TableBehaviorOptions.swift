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
