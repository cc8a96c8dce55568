/// The version `swipehost --version` prints; the one place it is written.
public enum SwipeHostVersion {
    public static let current = "0.1.0"
}
