import SwipePlugins

/// A user's invariants, called after every step (and once on the table before any): the
/// `--check FILE.lua` functions and `swipe.explore{ check = ... }`, over the spec driver. Made
/// once per job (``ExploreChecks/make()``), used from that job's thread only.
public protocol ExploreCheck: AnyObject {
    /// A new run's session: the checks look at this one from now on.
    func begin(_ session: Session)
    /// The first check that fails now, after line `step` (0: before any step).
    func check(_ session: Session, step: Int) -> ExploreFailure?
}

/// Makes each job its own ``ExploreCheck`` (a Lua state is used from one thread).
public protocol ExploreChecks: Sendable {
    func make() throws(ExploreProblem) -> any ExploreCheck
}
