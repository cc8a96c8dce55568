import Glibc
import SwipeCore
import SwipePlugins
import SwipeScript
import Synchronization

/// What to explore and how long.
public struct ExploreSettings: Sendable {
    /// The table: its plugins together, its options (`run`'s), the plugins' `# options:`.
    public var configuration: SessionConfiguration
    public var runs = 1_000
    public var steps = 50
    public var seed: UInt64
    public var mix = ExploreMix.standard
    /// Wall-clock seconds after which no new run starts (nil: none). The only thing that
    /// makes an exploration depend on more than its seed.
    public var timeLimit: Double?
    public var jobs = 1

    public init(configuration: SessionConfiguration, seed: UInt64) {
        self.configuration = configuration
        self.seed = seed
    }
}

/// A failure found, shrunk.
public struct ExploreFinding: Sendable {
    /// The run that found it (0-based) and its script up to the failure.
    public var run: Int
    public var original: [ScriptLine]
    public var failure: ExploreFailure
    /// The minimal script and its failure (the same way, maybe at another line).
    public var shrunk: [ScriptLine]
    public var shrunkFailure: ExploreFailure
    /// Candidates the shrinker replayed.
    public var replays: Int
}

/// How an exploration went so far (for the progress line).
public struct ExploreProgress: Sendable {
    public var runs: Int
    public var steps: Int
    public var failures: Int
    public var seconds: Double
}

/// Runs the exploration: runs of generated steps on fresh sessions, `jobs` at a time, each run
/// drawing from its own seeded stream (``ExploreRandom/forRun(_:seed:)``), so that the run that
/// fails first, and so the whole report, is the same whatever the number of jobs.
public struct Explorer: Sendable {
    public var settings: ExploreSettings
    public var checks: (any ExploreChecks)?

    public init(settings: ExploreSettings, checks: (any ExploreChecks)? = nil) {
        self.settings = settings
        self.checks = checks
    }

    /// The outcome: the runs made (all of them unless one failed or time ran out) and the
    /// finding, if any.
    public struct Outcome: Sendable {
        public var runs: Int
        /// The steps made, when nothing was found (0 otherwise).
        public var steps: Int
        public var finding: ExploreFinding?
        public var timedOut: Bool
    }

    struct Shared {
        var next = 0
        var done = 0
        var steps = 0
        /// The lowest failing run so far, with its script and failure.
        var found: (run: Int, lines: [ScriptLine], failure: ExploreFailure)?
        var failures = 0
        var timedOut = false
        var problem: ExploreProblem?
    }

    /// Explores; `progress` is called now and then (from a job's thread). Throws when a job's
    /// checks cannot be made.
    public func run(progress: (@Sendable (ExploreProgress) -> Void)? = nil) throws(ExploreProblem) -> Outcome {
        let shared = Mutex(Shared())
        let started = Self.monotonicSeconds()
        let settings = self.settings
        let checks = self.checks
        let work: @Sendable () -> Void = {
            let check: (any ExploreCheck)?
            do throws(ExploreProblem) {
                check = try Self.make(checks)
            } catch {
                shared.withLock { $0.problem = error }
                return
            }
            let replay = ExploreReplay(configuration: settings.configuration, check: check)
            while true {
                let run: Int? = shared.withLock { state in
                    if let limit = settings.timeLimit, Self.monotonicSeconds() - started >= limit {
                        state.timedOut = true
                    }
                    guard !state.timedOut, state.next < settings.runs, state.problem == nil else { return nil }
                    if let found = state.found, state.next > found.run { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let run else { return }
                let random = ExploreRandom.forRun(run, seed: settings.seed)
                let (lines, failure) = replay.explore(steps: settings.steps, random: random, mix: settings.mix)
                let report: ExploreProgress? = shared.withLock { state in
                    state.done += 1
                    state.steps += lines.count
                    if let failure {
                        state.failures += 1
                        if state.found == nil || run < state.found!.run { state.found = (run, lines, failure) }
                    }
                    guard progress != nil, state.done % 25 == 0 || failure != nil else { return nil }
                    return ExploreProgress(
                        runs: state.done, steps: state.steps, failures: state.failures,
                        seconds: Self.monotonicSeconds() - started)
                }
                if let report { progress?(report) }
            }
        }
        let jobs = max(1, min(settings.jobs, settings.runs))
        if jobs == 1 {
            work()
        } else {
            Self.parallel(jobs, work)
        }
        let state = shared.withLock { $0 }
        if let problem = state.problem { throw problem }
        guard let found = state.found else {
            return Outcome(runs: state.done, steps: state.steps, finding: nil, timedOut: state.timedOut)
        }
        let finding = try shrink(run: found.run, lines: found.lines, failure: found.failure)
        // The runs up to the failing one, every one of which was made whatever the jobs (others
        // a job began before it was found are not counted: the report stays the seed's).
        return Outcome(runs: found.run + 1, steps: 0, finding: finding, timedOut: false)
    }

    /// Shrinks a failing run's script (``Shrinker``), on this thread.
    public func shrink(run: Int, lines: [ScriptLine], failure: ExploreFailure) throws(ExploreProblem)
        -> ExploreFinding
    {
        let replay = ExploreReplay(configuration: settings.configuration, check: try Self.make(checks))
        let distances = (try? replay.start()).map { Self.distances(in: $0.0.table) } ?? []
        var shrinker = Shrinker(target: failure, distances: distances) { candidate in
            if case .fails(let found) = replay.replay(candidate) { return found }
            return nil
        }
        let shrunk = shrinker.shrink(lines)
        var shrunkFailure = failure
        if case .fails(let found) = replay.replay(shrunk) { shrunkFailure = found }
        return ExploreFinding(
            run: run, original: lines, failure: failure, shrunk: shrunk, shrunkFailure: shrunkFailure,
            replays: shrinker.replays)
    }

    /// The distances the visible rows' configurations give weight: open thresholds, the
    /// buttons' widths, full-swipe thresholds, on both edges.
    static func distances(in table: SwipeTable) -> [Double] {
        var distances: [Double] = []
        for row in table.visibleRows {
            guard let metrics = table.cell(forRow: row)?.configuration.metrics else { continue }
            for edge in Edge.allCases {
                distances += [
                    metrics.openThreshold(of: edge), metrics.totalWidth(of: edge), metrics.fullThreshold(of: edge),
                ]
            }
        }
        return distances
    }

    /// A job's checks, if any.
    public static func make(_ checks: (any ExploreChecks)?) throws(ExploreProblem) -> (any ExploreCheck)? {
        guard let checks else { return nil }
        return try checks.make()
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` on `count` threads and waits for them all.
    static func parallel(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var threads: [pthread_t] = []
        for _ in 0..<count {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(Box(body)).toOpaque()
            let status = pthread_create(
                &thread, nil,
                { pointer in
                    let box = Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue()
                    box.body()
                    return nil
                }, box)
            if status == 0 {
                threads.append(thread)
            } else {
                Unmanaged<Box>.fromOpaque(box).release()
                body()
            }
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}
