/// The table's layout direction (UIKit's `semanticContentAttribute`): left to right, or right
/// to left, where everything is mirrored. Translations and offsets stay physical (negative =
/// left) in both.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case ltr
    case rtl

    /// +1 when revealing `edge`'s buttons moves the content right (towards positive x), -1 when
    /// it moves it left: the trailing edge's buttons sit on the right in `ltr`, so revealing
    /// them moves the content left (-1), as in the tutorial.
    ///
    /// The one place an edge becomes a side: a reveal of `r` points on `edge` is the signed
    /// offset `r * sign(of: edge)`, and a finger's movement `dx` goes `dx * sign(of: edge)`
    /// points towards revealing `edge`. Multiplying by ±1 is exact, so a mirrored run computes
    /// the same numbers.
    @inline(__always)
    public func sign(of edge: Edge) -> Double {
        (edge == .trailing) == (self == .ltr) ? -1 : 1
    }

    /// The edge on the physical right.
    public var rightEdge: Edge { self == .ltr ? .trailing : .leading }
}
