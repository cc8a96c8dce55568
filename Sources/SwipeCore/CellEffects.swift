/// What the driver must do after a cell event: an action in swift-nio's sense, a fixed struct
/// of three independent parts, each nil when there is nothing to do. ``TableState`` performs
/// them in this order: it schedules ``completion`` on the virtual clock; it records the
/// ``fullSwipe`` event (`expand`, or the released full swipe's action, after which a `manual`
/// row waits for `fulfill`); then it records ``notification`` (an `open` after the rows an
/// `exclusive` table closes, or a `close`), updating its open rows as the tutorial's
/// `cellDidOpen:`/`cellDidClose:` do. A row a full swipe slid out is not an effect but the
/// cell's state (``SwipeCell/hasSlidOut``), read once the event's calls are delivered, since a
/// handler may cancel the deletion first.
public struct CellEffects: Hashable, Sendable {
    /// A delegate call to make.
    public struct Notification: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case didOpen
            case didClose
        }

        public var kind: Kind
        /// The edge that opened or closed.
        public var edge: Edge
        /// The release velocity (points/s), when it took part in the decision (`release =
        /// "velocity"`); nil otherwise, and always for the tutorial.
        public var velocity: Double? = nil

        public init(_ kind: Kind, edge: Edge, velocity: Double? = nil) {
            self.kind = kind
            self.edge = edge
            self.velocity = velocity
        }

        /// `[self.delegate cellDidOpen:self]`, on the trailing edge (the tutorial's).
        public static let didOpen = Notification(.didOpen, edge: .trailing)
        /// `[self.delegate cellDidClose:self]`, on the trailing edge.
        public static let didClose = Notification(.didClose, edge: .trailing)
        public static func opened(on edge: Edge) -> Notification { Notification(.didOpen, edge: edge) }
        public static func closed(on edge: Edge) -> Notification { Notification(.didClose, edge: edge) }
    }

    /// The delegate call to make (`open` or `close`), if any.
    public var notification: Notification?
    /// The animation step whose completion must run at its `deadline`, if any.
    public var completion: ScheduledStep?

    /// A full swipe's event: a pan crossed its edge's full-swipe threshold (`expanded` past it,
    /// `collapsed` back), or was released expanded (`released`). A pan's move gives the first
    /// two, its release the third, so one value says it.
    public enum FullSwipeEvent: Hashable, Sendable {
        case expanded(Edge)
        case collapsed(Edge)
        case released(FullAction)
    }
    /// The full swipe's event to record, if any.
    public var fullSwipe: FullSwipeEvent? = nil

    /// A full swipe was released: button `index` (0-based) of `edge` acts, then `completion`.
    public struct FullAction: Hashable, Sendable {
        public var edge: Edge
        public var index: Int
        public var completion: FullSwipe.Completion
    }

    /// Nothing to do: no delegate call, completion or full swipe event.
    @inlinable
    public var isEmpty: Bool {
        notification == nil && completion == nil && fullSwipe == nil
    }

    /// Takes `other`'s notification and completion (a snap's or a slide-out's, after a full
    /// swipe's action).
    mutating func merge(_ other: CellEffects) {
        notification = other.notification
        completion = other.completion
    }

    public init(notification: Notification? = nil, completion: ScheduledStep? = nil) {
        self.notification = notification
        self.completion = completion
    }
}

/// The completion block of one animation step, due when the clock reaches `deadline`.
public struct ScheduledStep: Hashable, Sendable {
    public var step: SnapStep
    public var deadline: VirtualInstant
}

/// The completion blocks nested in the two snap routines.
public enum SnapStep: Hashable, Sendable {
    /// `setConstraintsToShowAllButtons` //3: come back from the bounce to the total width.
    case openSettle
    /// `setConstraintsToShowAllButtons` //4: commit `startingRightLayoutConstraintConstant`.
    case openCommit
    /// `resetConstraintContstantsToZero`: come back from the bounce to zero.
    case closeSettle
    /// `resetConstraintContstantsToZero`: commit `startingRightLayoutConstraintConstant`.
    case closeCommit
    /// A full swipe's `delete`: the content has slid out; the table deletes the row.
    case slideOut
}
