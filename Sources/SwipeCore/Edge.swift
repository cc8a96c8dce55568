/// One of a cell's two edges, named for reading order rather than for left and right: the
/// leading edge is where a line of text starts (the left in `ltr`, the right in `rtl`), the
/// trailing edge where it ends. Swiping towards the leading edge reveals the trailing buttons
/// (Mail's "Delete"), swiping towards the trailing edge the leading ones (Mail's "Unread").
///
/// Only ``LayoutDirection`` maps an edge to a physical side (``LayoutDirection/sign(of:)``);
/// the cell's algorithm is written once, over an edge.
public enum Edge: String, Hashable, Sendable, CaseIterable {
    case leading
    case trailing

    /// The other edge.
    public var opposite: Edge { self == .leading ? .trailing : .leading }
}
