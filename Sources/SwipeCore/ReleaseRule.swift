/// How a row decides open or closed when the finger lifts (`release`).
public enum ReleaseRule: String, Hashable, Sendable, CaseIterable {
    /// The tutorial's thresholds on the position alone (the default).
    case position
    /// A flick: at a release speed of at least ``CellConfiguration/flickVelocity`` the
    /// direction of motion decides (towards the edge's buttons opens, away closes); below it
    /// the position thresholds decide (SwipeCellKit decides by the velocity's direction).
    case velocity
}
