import ArgumentParser
import Glibc
import SwipeCommandLine
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript
import SwipeTesting

extension SwipeHostCommand {
    struct Explore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "explore",
            abstract: "Generate gesture scripts against plugins until one breaks, and shrink it to a few lines.",
            discussion: """
                Each PLUGIN is explored on its own: --runs runs of --steps script lines each, \
                generated from the script grammar (pans on both edges, flicks, full swipes, taps on \
                revealed buttons, scrolls, waits, open, close, activate, dismiss) with distances read \
                from each row's configuration. After every line: no plugin_error, every row rests as \
                its last open or close announced, the host's own invariants (a failure there is a bug \
                in swipehost), and the --check functions.

                A failure is shrunk to a minimal script, printed with the failure under it, and \
                written as DIR/<plugin>-<seed>.swipe (its '# plugin:' and '# options:' headers make \
                'swipehost run FILE' replay it) and DIR/<plugin>-<seed>_spec.lua (a spec that fails \
                until the bug is fixed). The scripts already in DIR for the plugin are replayed first, \
                as 'swipehost run' runs them (their '# options:' header, then this command line's).

                The same seed gives the same output, whatever --jobs. Exit status: 0 nothing found, \
                1 a failure found, 2 a plugin that does not load or a broken --check file, 64 a bad \
                option. See docs/testing.md, "Exploring".
                """
        )

        @Argument(
            help:
                "The plugins to explore (.lua files, or folders with init.lua), each on its own, then those --plugin and --plugins name."
        )
        var plugins: [String] = []

        @Option(parsing: .unconditional, help: "Runs per plugin, each on a fresh table.")
        var runs: Int = 1_000

        @Option(parsing: .unconditional, help: "Script lines per run.")
        var steps: Int = 50

        @Option(help: "The seed (default: a fresh one, printed); the same seed gives the same output.")
        var seed: UInt64?

        @Option(
            parsing: .unconditional,
            help: "Start no new run after this many seconds (the output then depends on the machine).")
        var time: Double?

        @Option(parsing: .unconditional, help: "Runs made at once, on as many threads.")
        var jobs: Int = 1

        @Option(
            help: ArgumentHelp(
                "Weights per kind of step, e.g. pan=40,tap=25,wait=15 (the kinds not named: 0). Kinds: \(ExploreKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                valueName: "kind=weight,..."))
        var mix: String?

        @Option(
            help: ArgumentHelp(
                "A Lua file returning a table of named functions function(t), called after every step with the spec driver's t (repeatable).",
                valueName: "file.lua"))
        var check: [String] = []

        @Option(help: ArgumentHelp("Where findings are written and saved ones replayed from.", valueName: "dir"))
        var out: String = "explore"

        @Option(name: .customShort("o"), help: "Output: 'text', or 'json' (one JSON object a plugin, a line each).")
        var output: ExploreOutputFormat = .text

        @OptionGroup var options: ConfigurationOptions

        /// The plugins to explore: the arguments, then `--plugin` and `--plugins` ones.
        var targetPaths: [String] { plugins + options.pluginPaths }

        func validate() throws {
            guard !targetPaths.isEmpty else { throw ValidationError("name at least one plugin to explore") }
            guard (1...100_000_000).contains(runs) else {
                throw ValidationError("--runs must be from 1 to 100000000, got \(runs)")
            }
            guard (1...100_000).contains(steps) else {
                throw ValidationError("--steps must be from 1 to 100000, got \(steps)")
            }
            guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 256, got \(jobs)") }
            if let time, !(time.isFinite && time > 0) {
                throw ValidationError("--time must be a number of seconds above 0, got \(time)")
            }
            if let mix {
                do {
                    _ = try ExploreMix(parsing: mix)
                } catch {
                    throw ValidationError(error.description)
                }
            }
        }

        func run() throws {
            let seed = self.seed ?? UInt64.random(in: 0...UInt64(ScriptIDs.maximumNumber))
            var settings = ExploreSettings(
                configuration: options.configuration(), seed: seed)
            settings.runs = runs
            settings.steps = steps
            settings.jobs = jobs
            settings.timeLimit = time
            if let mix { settings.mix = try ExploreMix(parsing: mix) }
            // Everything checked before anything is explored or written.
            let checks: LuaExploreChecks?
            do {
                checks = check.isEmpty ? nil : try LuaExploreChecks(files: check)
            } catch {
                StandardStreams.writeError("swipehost explore: \(error.description)\n")
                throw ExitCode(2)
            }
            let targets = targetPaths.map {
                ExploreTarget(path: $0, settings: settings, checks: checks, checkPaths: check, folder: out)
            }
            for target in targets {
                do {
                    try target.validate()
                } catch {
                    StandardStreams.writeError("swipehost explore: \(DisplayText.escaped(error.description))\n")
                    throw ExitCode(2)
                }
            }
            if self.seed == nil, output == .text {
                StandardStreams.write("explore: seed \(seed) (a fresh one: --seed \(seed) repeats this exploration)\n")
            }
            var found = false
            for target in targets {
                found = try explore(target) || found
            }
            if found { throw ExitCode(1) }
        }

        /// Explores one plugin and prints what came of it; whether a failure was found.
        func explore(_ target: ExploreTarget) throws -> Bool {
            let shown = DisplayText.escaped(target.path)
            var text = "explore \(shown): seed \(target.settings.seed), \(runs) runs of \(steps) steps\n"
            var json: [(String, String)] = [
                ("plugin", JSONText.string(target.path)), ("seed", String(target.settings.seed)),
            ]
            // Saved failures first: one that still fails is the finding.
            var replayed: [String] = []
            for file in target.savedFailures {
                switch Self.replaySaved(file, on: target) {
                case .fails(let failure):
                    text += "replayed \(file): still fails: \(DisplayText.escaped(failure.description))\n"
                    json += [
                        ("found", "true"), ("saved", JSONText.string(file)),
                        ("failure", Self.json(failure)),
                    ]
                    print(text, json)
                    return true
                case .passes: text += "replayed \(file): passes now\n"
                case .invalid(let reason): text += "replayed \(file): does not run: \(DisplayText.escaped(reason))\n"
                }
                replayed.append(file)
            }
            json.append(("replayed", "[" + replayed.map(JSONText.string).joined(separator: ",") + "]"))
            let terminal = isatty(2) == 1 && output == .text
            let explorer = Explorer(settings: target.settings, checks: target.checks)
            let outcome: Explorer.Outcome
            let report: (@Sendable (ExploreProgress) -> Void)? = terminal ? Self.progressLine(shown) : nil
            do throws(ExploreProblem) {
                outcome = try explorer.run(progress: report)
            } catch {
                if terminal { StandardStreams.writeError("\r\u{1B}[K") }
                StandardStreams.writeError("swipehost explore: \(error.description)\n")
                throw ExitCode(2)
            }
            if terminal { StandardStreams.writeError("\r\u{1B}[K") }
            json.append(("runs", String(outcome.runs)))
            guard let finding = outcome.finding else {
                let limited = outcome.timedOut ? " (--time ran out)" : ""
                text += "nothing found in \(outcome.runs) runs (\(outcome.steps) steps)\(limited)\n"
                json += [("found", "false"), ("steps", String(outcome.steps))]
                print(text, json)
                return false
            }
            let output = target.output(finding)
            text += output.report
            json += [
                ("found", "true"), ("run", String(finding.run + 1)), ("failure", Self.json(finding.shrunkFailure)),
                ("original_lines", String(finding.original.count)), ("shrunk_lines", String(finding.shrunk.count)),
                ("script", JSONText.string(ExploreOutput.text(of: finding.shrunk))),
            ]
            switch target.write(finding) {
            case .success(let files):
                text += "wrote \(files.joined(separator: " and "))\n"
                json.append(("files", "[" + files.map(JSONText.string).joined(separator: ",") + "]"))
            case .failure(let problem):
                text += "\(problem.description)\n"
                json.append(("write_error", JSONText.string(problem.description)))
            }
            print(text, json)
            return true
        }

        /// A saved script replayed as `swipehost run FILE` runs it: its `# options:` header first,
        /// then this command line's options, which win (run's own ``HeaderOptions``), so that a
        /// failure found under `--preset mail` is replayed under it even when this exploration is not.
        static func replaySaved(_ file: String, on target: ExploreTarget) -> ExploreReplay.Outcome {
            // A file that cannot be read is said so by the target's own replay.
            guard let bytes = try? FileReading.bytes(atPath: file) else { return target.replaySaved(file) }
            let reparsed: Explore?
            do {
                reparsed = try HeaderOptions.reparse(
                    Explore.self, header: bytes.withUnsafeBufferPointer { ScriptHeader($0) }, file: file,
                    subcommand: "explore")
            } catch {
                return .invalid(error.description)
            }
            guard let reparsed else { return target.replaySaved(file) }
            var settings = target.settings
            settings.configuration = reparsed.options.configuration()
            return ExploreTarget(
                path: target.path, settings: settings, checks: target.checks, checkPaths: target.checkPaths,
                folder: target.folder
            ).replaySaved(file)
        }

        /// The progress line on standard error (a terminal): runs, steps per second, failures.
        static func progressLine(_ shown: String) -> @Sendable (ExploreProgress) -> Void {
            { progress in
                let rate = progress.seconds > 0 ? Int(Double(progress.steps) / progress.seconds) : 0
                let line = "\r\(shown): \(progress.runs) runs, \(rate) steps/s, \(progress.failures) failing\u{1B}[K"
                StandardStreams.writeError(line)
            }
        }

        func print(_ text: String, _ json: [(String, String)]) {
            StandardStreams.write(output == .json ? JSONText.object(json) + "\n" : text)
        }

        static func json(_ failure: ExploreFailure) -> String {
            JSONText.object([
                ("kind", JSONText.string(failure.kindName)), ("name", JSONText.string(failure.name)),
                ("message", JSONText.string(failure.message)), ("step", String(failure.step)),
                ("host_bug", failure.isHostBug ? "true" : "false"),
                ("description", JSONText.string(failure.description)),
            ])
        }
    }
}

enum ExploreOutputFormat: String, ExpressibleByArgument {
    case text, json
}
