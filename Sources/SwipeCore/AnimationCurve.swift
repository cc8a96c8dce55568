/// The timing curve of a snap animation, as UIKit's `UIViewAnimationOptionCurve*`.
///
/// Each curve is the CSS/Core Animation cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1).
/// Curves only shape where a cell is *drawn* while it animates (``SwipeCell/presentedRight(at:)``);
/// the constraint constants, the delegate calls and the completions never depend on them.
public enum AnimationCurve: String, CaseIterable, Sendable {
    case linear
    case easeIn = "ease_in"
    case easeOut = "ease_out"
    case easeInOut = "ease_in_out"

    /// The progress (0...1) at a fraction of the duration (0...1).
    public func progress(_ fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        let x = fraction
        switch self {
        case .linear: return x
        case .easeIn: return Self.bezier(x, 0.42, 0, 1, 1)
        case .easeOut: return Self.bezier(x, 0, 0, 0.58, 1)
        case .easeInOut: return Self.bezier(x, 0.42, 0, 0.58, 1)
        }
    }

    /// Solves the Bézier's x(s) = x for s by bisection (exact enough, and always converges),
    /// then returns y(s).
    private static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let inv = 1 - s
            return 3 * inv * inv * s * p1 + 3 * inv * s * s * p2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<48 {
            let mid = (low + high) / 2
            if coordinate(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, y1, y2)
    }
}
