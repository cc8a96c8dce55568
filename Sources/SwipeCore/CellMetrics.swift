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
