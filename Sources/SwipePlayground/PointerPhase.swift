/// A pointer's phase, as the page's pointer events report it.
public enum PointerPhase: String, Hashable, Sendable, CaseIterable {
    case down, move, up, cancel
}
