/// How an edge's buttons move as the content uncovers them (`transition` in the edge's
/// configuration). Each is a pure function of the reveal (``CellGeometry``); the formulas and the
/// libraries they come from are in docs/appearance.md.
public enum Transition: String, Hashable, Sendable, CaseIterable {
    /// The buttons stay where they rest, under the content (the tutorial's; flutter_slidable's
    /// `BehindMotion`, SwipeCellKit's `.reveal`).
    case reveal
    /// The buttons ride with the content's edge (SwipeCellKit's `.drag`, flutter_slidable's
    /// `ScrollMotion`).
    case drag
    /// Each button slides in from just past the row's edge to where it rests, by the revealed
    /// fraction (flutter_slidable's `DrawerMotion`, SwipeCellKit's `.border`).
    case border
    /// The buttons fill what is revealed, their widths scaled by the reveal (flutter_slidable's
    /// `StretchMotion`).
    case stretch

    /// The order to paint `count` buttons in, bottom first (0-based indices): under `border` the
    /// buttons overlap as they slide in and the outer one is on top (flutter_slidable's
    /// `DrawerMotion` paints it last); the others never overlap.
    public func paintOrder(count: Int) -> [Int] {
        self == .border ? Array((0..<count).reversed()) : Array(0..<count)
    }
}
