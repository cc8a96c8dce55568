import Glibc
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript

extension Benchmarks {
    /// `explore.vs_replay`: `swipehost explore`'s cost per step (generation, the invariants after
    /// every step, a fresh session per run) over replay's cost per line (`swipehost run --format
    /// jsonl`, a fresh session per script) on `plugins/mail.lua`, replaying the very scripts the
    /// exploration generates, in the same run. Each repetition explores then replays; the figure
    /// is the median of the repetitions' ratios.
    func exploreVsReplay() throws -> Figure {
        let runs = quick ? 40 : 400
        let configuration = SessionConfiguration(plugins: [.file(root + "/plugins/mail.lua")])
        var settings = ExploreSettings(configuration: configuration, seed: 1)
        settings.runs = runs
        let generator = ExploreReplay(configuration: configuration, check: nil)
        let scripts = (0..<runs).map { run in
            let (lines, _) = generator.explore(
                steps: settings.steps, random: .forRun(run, seed: settings.seed), mix: settings.mix)
            return (text: Array(ExploreOutput.text(of: lines).utf8), lines: lines.count)
        }
        let lines = scripts.reduce(0) { $0 + $1.lines }
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        var ratios: [Double] = []
        for _ in 0..<repetitions {
            var outcome: Explorer.Outcome?
            var failure: (any Error)?
            let explored = Clock.measure {
                do { outcome = try Explorer(settings: settings).run() } catch { failure = error }
            }
            if let failure { throw BenchError(message: "explore failed: \(failure)") }
            guard let outcome, outcome.finding == nil, outcome.steps == lines else {
                throw BenchError(message: "explore.vs_replay: the exploration of plugins/mail.lua found a failure")
            }
            var replayed = 0.0
            for script in scripts {
                replayed +=
                    Double(script.lines)
                    / (try Self.linesPerSecond(
                        replaying: script.text, lines: script.lines, configuration: configuration,
                        fileName: "explored.swipe", into: devNull, failing: "replay failed"))
            }
            ratios.append((explored / 1e9 / Double(outcome.steps)) / (replayed / Double(lines)))
        }
        return Figure(name: "explore.vs_replay", value: median(ratios), unit: "x", n: lines, target: (.atMost, 3))
    }
}
