import ArgumentParser
@preconcurrency import Glibc
import LuaRuntime
import SwipeCommandLine
import SwipeScript
import SwipeTesting

extension SwipeHostCommand {
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Run plugin specs (*_spec.lua, busted style) against fresh plugin hosts.",
            discussion: """
                Finds *_spec.lua files in the paths given (default: spec/ and plugins/), runs each \
                'it' and prints one line per test, then 'N passed, N failed' (', N skipped' when \
                some are pending). Specs get describe/it/assert/spy as busted and luassert have them, \
                and require("swipe") to drive a table with plugins (see docs/testing.md); the plugin \
                options (--budget, --memory, --trusted) are run's, as the defaults of every \
                swipe.table{...}. What specs write (print, io.write) goes to standard error; os.exit \
                in a spec fails its test.

                Exit status: 0 when every test passed (or is pending); 1 when a test failed (a spec \
                file that does not load fails too); 2 when nothing was tested: a path that does not \
                exist, no *_spec.lua file, or no test in the files (none at all, or none matching \
                the selection), each said on standard error. In JUnit XML (and json), a failed \
                assertion is a <failure> and an error (a Lua error, a spent budget, a file that \
                does not load) an <error>.

                Selection, as busted's: --filter, --filter-out, --name, --tags/-t and \
                --exclude-tags ('#tag' words in describe and it names), and --shard K/N for CI \
                matrices; each is a condition a test must meet. --list prints the selected tests \
                and runs none. A bad --shard or tag ends the run with status 2 before any test.

                --coverage counts the lines the specs and their plugins run (lines that carry code, \
                as Lua's line information gives them), writes coverage/lcov.info (lcov's format, \
                for genhtml and CI services) and prints a table per file; --coverage-min PERCENT \
                then fails the run (status 1) below that line coverage.

                A .busted file in the current folder gives defaults with busted's keys (its _all \
                and default tasks: ROOT, pattern, tags, exclude-tags, output, coverage); the command line \
                wins, another key is a warning, and a file that does not load is status 2.

                Snapshots: assert.snapshot(value) keeps the value in __snapshots__/SPEC/TEST.snap \
                beside the spec the first time and compares it afterwards; a difference fails \
                the test with a line diff, --update-snapshots rewrites it. Under CI=true a new \
                snapshot fails instead of being written. A snapshot file that is not one (its \
                header edited away) is status 2, as is mock() of a non-table. Snapshots no test \
                takes any more (orphans) are listed after the run; under CI=true they fail it \
                (status 1), and --update-snapshots deletes them. Only a spec file whose every \
                test ran (no --filter, --tags, --shard... left one out) has its snapshots judged.

                --watch runs the specs, then again each time a .lua or .snap file under the \
                folders searched changes (only the changed specs when only specs and their \
                snapshots changed), clearing the screen first (--no-clear keeps it); Ctrl-C ends \
                it with status 0. A watched folder deleted or moved away (git checkout) is waited \
                for, said once on stderr; when it is back, it is watched again and every spec runs.
                """
        )

        @Argument(help: "Spec files, or folders searched for *_spec.lua (default: spec/ and plugins/).")
        var paths: [String] = []

        @Option(help: "Run only the tests whose full name matches this Lua pattern (none matching: status 2).")
        var filter: String?

        @Option(
            help: ArgumentHelp(
                "Skip the tests whose full name matches this Lua pattern (repeatable).", valueName: "pattern"))
        var filterOut: [String] = []

        @Option(
            help: ArgumentHelp(
                "Run only the test with exactly this full name (repeatable: any of them).", valueName: "full name"))
        var name: [String] = []

        @Option(
            name: [.customShort("t"), .long],
            help: ArgumentHelp(
                "Run only the tests with one of these '#tag' words in their full name (describe names included); comma-separated, repeatable.",
                valueName: "tag,..."))
        var tags: [String] = []

        @Option(
            help: ArgumentHelp(
                "Skip the tests with one of these '#tag' words; comma-separated, repeatable.", valueName: "tag,..."))
        var excludeTags: [String] = []

        @Option(
            help: ArgumentHelp(
                "Run only the K-th of N shards: a stable partition of the tests by file and full name (the N shards together run every test once).",
                valueName: "K/N"))
        var shard: String?

        @Flag(help: "List the selected tests as 'FILE:LINE: NAME', in the order they would run, and run none.")
        var list = false

        @Option(
            name: .customLong("repeat"),
            help: ArgumentHelp(
                "Run the selected tests this many times, each run reported (1 to 10000).", valueName: "N"))
        var repeatCount = 1

        @Option(
            name: [.customShort("o"), .customLong("output"), .long],
            help: ArgumentHelp(
                "Output: 'text' (the default), 'tap' (TAP 13), 'junit' (JUnit XML) or 'json' (busted's json shape); the counts go to stderr for all but text.",
                valueName: "format"))
        var format: TestReportFormat?

        @Option(help: "Shuffle the spec files and the tests in each block, reproducibly.")
        var seed: Int?

        @Flag(help: "Shuffle with a new seed, printed on stderr ('--seed N' repeats the order); --seed sets it.")
        var shuffle = false

        @Option(help: "Run this many spec files at once, each in its own process.")
        var jobs: Int = 1

        @Option(help: "Lua instructions each test may run in the spec's own state (0 = unlimited).")
        var specBudget: Int = 100_000_000

        /// The defaults of every `swipe.table{...}`: the same options as `run`'s.
        @OptionGroup var limits: PluginLimitOptions

        @OptionGroup var color: ColorOption

        @Flag(
            help:
                "Run, then run again each time a spec, plugin or snapshot file (.lua, .snap) under the folders searched changes; Ctrl-C stops."
        )
        var watch = false

        @Flag(help: "With --watch, do not clear the screen before each run.")
        var noClear = false

        @Flag(
            help:
                "Rewrite the snapshots (assert.snapshot) that differ from the value now, write new ones even under CI=true, and delete those no test takes any more."
        )
        var updateSnapshots = false

        @Flag(help: "Count the lines specs and plugins run; write coverage/lcov.info and print line coverage per file.")
        var coverage = false

        @Option(
            help: ArgumentHelp(
                "Fail (status 1) when the line coverage of all files is below this percentage (0 to 100); implies --coverage.",
                valueName: "percent"))
        var coverageMin: String?

        @Option(help: .hidden)
        var worker: String?

        /// A worker's reading of `CI`: its parent's (`yes` or `no`), whatever its own environment says.
        @Option(help: .hidden)
        var snapshotCi: String?

        func validate() throws {
            guard (1...10_000).contains(repeatCount) else {
                throw ValidationError("--repeat must be from 1 to 10000, got \(repeatCount)")
            }
            guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more, got \(jobs)") }
            guard specBudget >= 0 else {
                throw ValidationError("--spec-budget must be 0 or more instructions, got \(specBudget)")
            }
        }

        func run() throws {
            var options = SpecRunOptions()
            options.filter = filter
            options.filterOut = filterOut
            options.names = name
            options.seed = seed
            // A worker takes its options from the command line alone: the parent read .busted.
            let config: BustedConfig
            let naming: SpecDiscovery.Naming
            do {
                config = worker == nil ? try BustedConfig.load() ?? BustedConfig() : BustedConfig()
                naming = try config.naming()
            } catch {
                StandardStreams.writeError("swipehost test: \(error)\n")
                throw ExitCode(2)
            }
            for warning in config.warnings { StandardStreams.writeError("swipehost test: warning: \(warning)\n") }
            let format = self.format ?? config.output ?? .text
            let paths = self.paths.isEmpty ? config.roots : self.paths
            var coverageSettings: CoverageSettings?
            do {
                options.tags = tags.flatMap {
                    $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
                options.excludeTags = excludeTags.flatMap {
                    $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
                try TestOptionError.checkTags(options.tags, option: "--tags")
                try TestOptionError.checkTags(options.excludeTags, option: "--exclude-tags")
                if tags.isEmpty { options.tags = config.tags }
                if excludeTags.isEmpty { options.excludeTags = config.excludeTags }
                options.shard = try shard.map(TestShard.init(parsing:))
                if coverage || coverageMin != nil || config.coverage == true {
                    coverageSettings = CoverageSettings(minimum: try coverageMin.map(CoverageMinimum.init(parsing:)))
                }
            } catch {
                StandardStreams.writeError("swipehost test: \(error)\n")
                throw ExitCode(2)
            }
            if shuffle, seed == nil, worker == nil {
                let chosen = Int(truncatingIfNeeded: UInt32.random(in: 1...UInt32.max))
                options.seed = chosen
                StandardStreams.writeError("swipehost test: shuffled with --seed \(chosen)\n")
            }
            options.specBudget = specBudget
            options.tableDefaults.pluginOptions = limits.options
            options.snapshots = SnapshotOptions(
                update: updateSnapshots,
                ci: snapshotCi.map { $0 == "yes" } ?? SnapshotOptions.isCI(getenv("CI").map { String(cString: $0) }))
            // Asked before standard output is pointed at standard error, below.
            let colored = format == .text && worker == nil && color.onStandardOutput
            // Standard output carries only the report (a worker's, its results): what specs write
            // there (io.stdout, programs they run) goes to standard error, as their print does.
            let report = ReportOutput()
            if let worker {
                if coverageSettings != nil { options.coverage = LuaCoverage() }
                let result = SpecRunner(options: options, log: { StandardStreams.writeError($0 + "\n") }).run(
                    file: worker)
                let counted = options.coverage?.files() ?? []
                report.write { StandardStreams.write(Array(WorkerProtocol.encode(result, coverage: counted).utf8)) }
                return
            }
            var session = TestSession(
                paths: paths, options: options, format: format, jobs: jobs,
                output: { text in
                    let shown = colored ? Self.painted(text) : text
                    report.write { StandardStreams.write(Array(shown.utf8)) }
                },
                errorOutput: StandardStreams.writeError)
            session.repeatCount = repeatCount
            session.listOnly = list
            session.naming = naming
            session.coverage = coverageSettings
            if watch { return try Self.watch(session, clear: !noClear) }
            let status = session.run()
            if status != 0 { throw ExitCode(status) }
        }

        /// `--watch`: runs the session, then again whenever a `.lua` file changes under its
        /// folders: only the changed specs when nothing but specs changed, else every spec.
        /// Ctrl-C (SIGINT) ends it with status 0.
        static func watch(_ session: TestSession, clear: Bool) throws {
            let folders = session.watchedFolders
            let watcher: TestWatch
            do {
                watcher = try TestWatch(roots: folders)
            } catch {
                StandardStreams.writeError("swipehost test: --watch: \(error.reason)\n")
                throw ExitCode(2)
            }
            signal(SIGINT) { _ in _exit(0) }
            // A parent may have started it with SIGINT blocked (a test runner's thread does).
            var interrupt = sigset_t()
            sigemptyset(&interrupt)
            sigaddset(&interrupt, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
            for warning in watcher.warnings { StandardStreams.writeError("swipehost test: --watch: \(warning)\n") }
            var round = session
            while true {
                if clear { session.output("\u{1B}[2J\u{1B}[H") }
                // The snapshot files the run wrote or deleted itself are no change to run again
                // for: their events, queued already, are read and dropped once the run is done
                // with its files and before it prints its summary, so an edit made once the
                // summary shows counts, however soon.
                var changed: [String] = []
                _ = round.runReporting { touched in
                    changed = watcher.pendingChanges(ignoring: Set(touched.map(ScriptHeader.normalized)))
                }
                StandardStreams.writeError(
                    "swipehost test: watching \(folders.joined(separator: ", ")) for changes (Ctrl-C to stop)\n")
                // A folder already gone (its move read just now, with no file event to go with it)
                // is said below before anything waits: the wait ends only on a new event.
                if changed.isEmpty && watcher.missingFolders.isEmpty { changed = watcher.waitForChanges() }
                // A folder deleted or moved away (git checkout, rsync) is waited for, said once; the
                // run is held until it is back (the watcher then names it: every spec runs).
                var told: [String] = []
                while case let missing = watcher.missingFolders, !missing.isEmpty {
                    for folder in missing where !told.contains(folder) {
                        StandardStreams.writeError(
                            "swipehost test: --watch: \(folder) is gone; waiting for it to come back (Ctrl-C to stop)\n"
                        )
                        told.append(folder)
                    }
                    changed += watcher.waitForChanges()
                }
                let specs = session.specFiles() ?? []
                // A changed snapshot runs its spec again.
                let changedSpecs = changed.map { path in
                    specs.filter { TestSession.samePath($0, path) || SnapshotStore.holds(snapshot: path, of: $0) }
                }
                round = session
                if !changed.isEmpty && !changedSpecs.contains(where: \.isEmpty) {
                    var unique: [String] = []
                    for spec in changedSpecs.joined() where !unique.contains(spec) { unique.append(spec) }
                    round.paths = unique
                }
            }
        }

        /// The text report for a terminal: `PASS` green, `FAIL` red, `SKIP` yellow, and the counts
        /// line green when nothing failed, red otherwise.
        static func painted(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                for (tag, color) in [("PASS  ", TextColor.green), ("FAIL  ", .red), ("SKIP  ", .yellow)]
                where line.hasPrefix(tag) {
                    return color.paint(String(tag.prefix(4))) + line.dropFirst(4)
                }
                if line.prefixMatch(of: #/[0-9]+ passed, [0-9]+ failed/#) != nil {
                    return (line.contains(" 0 failed") ? TextColor.green : .red).paint(String(line))
                }
                return String(line)
            }.joined(separator: "\n")
        }
    }
}

extension TestReportFormat: ExpressibleByArgument {}

/// Keeps standard output for the report while specs run: descriptor 1 is pointed at standard
/// error, and back at the real standard output only while the report is written.
private struct ReportOutput {
    /// The real standard output, or -1 when it could not be kept (it is then left alone).
    let saved: Int32

    init() {
        fflush(stdout)
        // Close-on-exec: workers and the programs specs run must not hold the real output open.
        let saved = fcntl(1, F_DUPFD_CLOEXEC, 3)
        if saved >= 0, dup2(2, 1) < 0 {
            close(saved)
            self.saved = -1
        } else {
            self.saved = saved
        }
        // What specs write through C's stdout reaches standard error in order with their print.
        setvbuf(stdout, nil, _IONBF, 0)
    }

    func write(_ body: () -> Void) {
        guard saved >= 0 else { return body() }
        fflush(stdout)
        dup2(saved, 1)
        body()
        dup2(2, 1)
    }
}
