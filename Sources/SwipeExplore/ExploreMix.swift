import SwipeCore

/// The kinds of step the explorer generates, `--mix`'s names (like Monkey's `--pct-touch`,
/// `--pct-motion`...).
public enum ExploreKind: String, CaseIterable, Sendable {
    /// A pan with moves: a slow drag, a pull past the buttons, a reversal, a cancel.
    case pan
    /// A short fast pan released with a velocity.
    case flick
    /// `swipe ROW DX MS`: to a distance that matters (the thresholds, a full swipe), either way.
    case swipe
    /// A tap on a revealed button (by id, number or edge) or on a row's content.
    case tap
    /// `wait MS`, short (a frame, an animation) or long (timers, delayed fulfils).
    case wait
    case scroll
    case open
    case close
    /// `activate ROW ID`: a button's action as a screen reader runs it.
    case activate
    /// `dismiss`: the detail screen a plugin presented.
    case dismiss
}

/// How often each kind of step is chosen: weights, not percentages (`pan=40,tap=25` picks a pan
/// 40 times in 65).
public struct ExploreMix: Equatable, Sendable {
    public private(set) var weights: [ExploreKind: Int]

    /// The default: mostly pans and taps, with waits, and a little of everything else.
    public static let standard = ExploreMix(uncheckedWeights: [
        .pan: 30, .flick: 8, .swipe: 12, .tap: 20, .wait: 14, .scroll: 4, .open: 4, .close: 3, .activate: 3,
        .dismiss: 2,
    ])

    init(uncheckedWeights: [ExploreKind: Int]) { weights = uncheckedWeights }

    /// `--mix`'s text, `kind=weight,...`: the kinds named take their weights, the others 0. A
    /// problem is a sentence naming the word at fault.
    public init(parsing text: String) throws(ExploreProblem) {
        var weights: [ExploreKind: Int] = [:]
        let names = ExploreKind.allCases.map(\.rawValue)
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].trimmingSpaces
            guard pair.count == 2 else {
                throw ExploreProblem("--mix: expected KIND=WEIGHT, got '\(DisplayText.token(String(part)))'")
            }
            guard let kind = ExploreKind(rawValue: name) else {
                let hint = closestMatch(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw ExploreProblem(
                    "--mix: unknown kind '\(DisplayText.token(name))'\(hint) (known: \(names.joined(separator: ", ")))")
            }
            guard let weight = Int(pair[1].trimmingSpaces), weight >= 0, weight <= 1_000_000 else {
                throw ExploreProblem(
                    "--mix: the weight of '\(name)' must be a whole number from 0 to 1000000, got '\(DisplayText.token(String(pair[1])))'"
                )
            }
            guard weights[kind] == nil else { throw ExploreProblem("--mix: '\(name)' is given twice") }
            weights[kind] = weight
        }
        guard weights.values.contains(where: { $0 > 0 }) else {
            throw ExploreProblem("--mix: every weight is 0: give at least one kind a weight above 0")
        }
        self.weights = weights
    }

    /// `kind=weight,...` for the kinds with a weight, in ``ExploreKind`` order.
    public var text: String {
        ExploreKind.allCases.compactMap { kind in weights[kind].map { "\(kind.rawValue)=\($0)" } }.joined(
            separator: ",")
    }

    /// The kinds with a weight above 0, and their running totals.
    var cumulative: [(kind: ExploreKind, total: Int)] {
        var total = 0
        return ExploreKind.allCases.compactMap { kind in
            guard let weight = weights[kind], weight > 0 else { return nil }
            total += weight
            return (kind, total)
        }
    }
}

/// A problem with what explore was given (an option, a check file): a sentence for the user.
public struct ExploreProblem: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
