import SwipeCore

/// What a `tap` line names: a button by its 1-based number on the trailing edge (1 = outermost,
/// the rightmost in `ltr`), by its id (unique across the row's two edges), by its edge and number
/// (`leading:2`), or the row's content (`content`).
public enum ButtonReference: Hashable, Sendable {
    case number(Int)
    case id(String)
    case onEdge(Edge, Int)
    case content
}
