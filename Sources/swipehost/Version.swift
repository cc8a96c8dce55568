/// The version `swipehost --version` prints; the one place it is written.
enum SwipeHostVersion {
    static let current = "0.1.0"
}
