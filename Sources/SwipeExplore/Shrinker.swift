import SwipeCore
import SwipeScript

/// Shrinks a failing script to a small one that fails the same way
/// (``ExploreFailure/isSameFailure(as:)``), deterministically, by delta debugging and
/// simplification, each pass repeated until none changes anything:
///
/// 1. the lines after the failure go;
/// 2. chunks of lines go (halves, quarters... single lines), then whole pans (from `begin` to
///    their `end` or `cancel`), which also merges moves (a move dropped leaves its neighbour);
///    two waits in a row become one;
/// 3. numbers go towards round values and the rows' thresholds: distances and velocities
///    (a release velocity dropped first), waits and swipe durations shorter;
/// 4. row numbers lower: a row in every line that names it, then a line (a pan's lines together).
///
/// A candidate is kept only when it fails the same way and is no longer; so the result fails
/// the same way, is no longer than the input, and shrinking it again changes nothing.
public struct Shrinker {
    /// Replays a candidate: its failure, or nil when it passes or does not run.
    let replay: ([ScriptLine]) -> ExploreFailure?
    let target: ExploreFailure
    /// Distances a row's configuration gives weight (thresholds, button widths), from the table
    /// as the failing run began.
    let distances: [Double]
    /// The most candidates tried (each a fresh session): the shrink's bound.
    public var limit = 5_000
    /// Candidates tried so far.
    public private(set) var replays = 0

    public init(target: ExploreFailure, distances: [Double] = [], replay: @escaping ([ScriptLine]) -> ExploreFailure?) {
        self.target = target
        self.distances = Array(Set(distances.filter { $0 > 0 && $0.isFinite })).sorted()
        self.replay = replay
    }

    /// `lines` fails as ``target``: the shrunk script.
    public mutating func shrink(_ lines: [ScriptLine]) -> [ScriptLine] {
        var current = Array(lines.prefix(max(0, target.step)))
        if let kept = attempt(current) { current = kept } else { current = lines }
        var changed = true
        var rounds = 0
        while changed, rounds < 20 {
            changed = false
            rounds += 1
            changed = dropChunks(&current) || changed
            changed = dropPans(&current) || changed
            changed = mergeWaits(&current) || changed
            changed = simplifyNumbers(&current) || changed
            changed = renameRows(&current) || changed
            changed = lowerRows(&current) || changed
        }
        return current.enumerated().map { index, line in
            var numbered = line
            numbered.number = index + 1
            return numbered
        }
    }

    /// `candidate`, cut after its failure, when it fails the same way; nil otherwise.
    mutating func attempt(_ candidate: [ScriptLine]) -> [ScriptLine]? {
        guard replays < limit else { return nil }
        replays += 1
        guard let failure = replay(candidate), failure.isSameFailure(as: target) else { return nil }
        return Array(candidate.prefix(failure.step))
    }

    /// Keeps `candidate` in `lines` when it fails the same way and is no longer.
    mutating func accept(_ candidate: [ScriptLine], into lines: inout [ScriptLine]) -> Bool {
        guard candidate.count <= lines.count, candidate != lines, let kept = attempt(candidate) else { return false }
        lines = kept
        return true
    }

    mutating func dropChunks(_ lines: inout [ScriptLine]) -> Bool {
        var changed = false
        var size = max(1, lines.count / 2)
        while true {
            var start = 0
            while start < lines.count {
                var candidate = lines
                candidate.removeSubrange(start..<min(lines.count, start + size))
                if accept(candidate, into: &lines) { changed = true } else { start += size }
            }
            if size == 1 { break }
            size /= 2
        }
        return changed
    }

    /// The pans, each from its `begin` to its `end` or `cancel` (or the script's end).
    static func pans(in lines: [ScriptLine]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (index, line) in lines.enumerated() {
            guard case .panBegin(let row, _) = line.command else { continue }
            var end = lines.count
            for later in (index + 1)..<lines.count where lines[later].rowID == line.rowID {
                switch lines[later].command {
                case .panEnd(row, _), .panCancel(row): end = later + 1
                default: continue
                }
                break
            }
            ranges.append(index..<end)
        }
        return ranges
    }

    mutating func dropPans(_ lines: inout [ScriptLine]) -> Bool {
        var changed = false
        var index = 0
        while index < Self.pans(in: lines).count {
            let range = Self.pans(in: lines)[index]
            var candidate = lines
            candidate.removeSubrange(range)
            if accept(candidate, into: &lines) { changed = true } else { index += 1 }
        }
        return changed
    }

    /// How complex a number reads: its digits first, then its size.
    static func cost(_ value: Double) -> (Int, Double) { (ScriptNumber.plain(value).count, abs(value)) }

    static func simpler(_ a: Double, than b: Double) -> Bool {
        let (ca, cb) = (cost(a), cost(b))
        return ca.0 < cb.0 || (ca.0 == cb.0 && ca.1 < cb.1)
    }

    /// Rounder values for a distance `value`: 0, the thresholds below it, rounded to 100, 50,
    /// 10, 5, 1; only those simpler than it, simplest first.
    func distanceCandidates(_ value: Double) -> [Double] {
        let sign: Double = value < 0 ? -1 : 1
        let size = abs(value)
        var candidates: [Double] = [0] + distances.filter { $0 < size }.map { $0 * sign }
        for unit in [100.0, 50, 10, 5, 1] { candidates.append((size / unit).rounded() * unit * sign) }
        return Self.ordered(candidates, simplerThan: value)
    }

    /// Shorter durations for `amount`: round values below it, simplest first.
    func durationCandidates(_ amount: TimeAmount) -> [TimeAmount] {
        let milliseconds = amount.milliseconds
        let round: [Double] = [0, 1, 8, 16, 50, 100, 150, 200, 300, 500, 1000, 2000, 5000]
        let candidates = round.filter { $0 < milliseconds } + [milliseconds.rounded()]
        return Self.ordered(candidates, simplerThan: milliseconds).map { .milliseconds($0) }
    }

    static func ordered(_ candidates: [Double], simplerThan value: Double) -> [Double] {
        var seen = Set<Double>()
        return candidates.filter { $0 != value && simpler($0, than: value) && seen.insert($0).inserted }.sorted {
            simpler($0, than: $1)
        }
    }

    /// The simpler versions of `command`, simplest first.
    func simplifications(of command: GestureCommand) -> [GestureCommand] {
        switch command {
        case .panBegin(let row, let x): return distanceCandidates(x).map { .panBegin(row: row, x: $0) }
        case .panMove(let row, let x): return distanceCandidates(x).map { .panMove(row: row, x: $0) }
        case .panEnd(let row, let velocity?):
            return [.panEnd(row: row, velocity: nil)]
                + distanceCandidates(velocity).map { .panEnd(row: row, velocity: $0) }
        case .scroll(let dy): return distanceCandidates(dy).filter { $0 != 0 }.map { .scroll(dy: $0) }
        case .wait(let amount): return durationCandidates(amount).map { .wait($0) }
        case .swipe(let row, let dx, let duration):
            return distanceCandidates(dx).map { .swipe(row: row, dx: $0, duration: duration) }
                + durationCandidates(duration).map { .swipe(row: row, dx: dx, duration: $0) }
        default: return []
        }
    }

    mutating func simplifyNumbers(_ lines: inout [ScriptLine]) -> Bool {
        var changed = false
        var index = 0
        while index < lines.count {
            for command in simplifications(of: lines[index].command) {
                var candidate = lines
                candidate[index].command = command
                if accept(candidate, into: &lines) {
                    changed = true
                    break
                }
            }
            index += 1
        }
        return changed
    }

    /// Two waits in a row made one (their sum).
    mutating func mergeWaits(_ lines: inout [ScriptLine]) -> Bool {
        var changed = false
        var index = 0
        while index + 1 < lines.count {
            if case .wait(let first) = lines[index].command, case .wait(let second) = lines[index + 1].command {
                var candidate = lines
                candidate[index].command = .wait(first + second)
                candidate.remove(at: index + 1)
                if accept(candidate, into: &lines) {
                    changed = true
                    continue
                }
            }
            index += 1
        }
        return changed
    }

    /// A row named by number renamed lower in every line that names it (a gesture on row 12 and
    /// another on row 12 become two on row 1), then line by line.
    mutating func renameRows(_ lines: inout [ScriptLine]) -> Bool {
        var changed = false
        let rows = Set(lines.compactMap { $0.rowID == nil ? $0.command.row : nil }).filter { $0 > 1 }.sorted()
        for row in rows {
            let used = Set(lines.compactMap { $0.rowID == nil ? $0.command.row : nil })
            for lower in (1..<row) where !used.contains(lower) {
                let candidate = lines.map { line -> ScriptLine in
                    guard line.rowID == nil, line.command.row == row else { return line }
                    var renamed = line
                    renamed.command = line.command.withRow(lower)
                    return renamed
                }
                if accept(candidate, into: &lines) {
                    changed = true
                    break
                }
                if lower >= 3 { break }
            }
        }
        return changed
    }

    /// Lower numbers for line `index`'s row (a pan's lines together); nil rows (`#ID`) stay.
    mutating func lowerRows(_ lines: inout [ScriptLine]) -> Bool {
        var changed = false
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index]
            guard line.rowID == nil, let row = line.command.row, row > 1 else { continue }
            var group = [index]
            switch line.command {
            case .panMove, .panEnd, .panCancel: continue  // moved with their begin
            case .panBegin:
                if let range = Self.pans(in: lines).first(where: { $0.lowerBound == index }) {
                    group = range.filter { lines[$0].command.row == row && lines[$0].rowID == nil }
                }
            default: break
            }
            for lower in Array(Set([1, 2, 3, row / 2, row - 1])).filter({ $0 >= 1 && $0 < row }).sorted() {
                var candidate = lines
                for member in group { candidate[member].command = candidate[member].command.withRow(lower) }
                if accept(candidate, into: &lines) {
                    changed = true
                    break
                }
            }
        }
        return changed
    }
}
