import LuaRuntime
import SwipeCore
import SwipePlugins
import SwipeScript

/// A whole `swipehost test`: finds the spec files, runs them (here, or in worker processes),
/// prints the report and returns the exit status (0 only when nothing failed).
public struct TestSession {
    public var paths: [String]
    public var options: SpecRunOptions
    public var format: TestReportFormat
    public var jobs: Int
    /// Runs the whole selection this many times (`--repeat`), each result reported.
    public var repeatCount = 1
    /// Lists the selected tests (`FILE:LINE: NAME`) instead of running them (`--list`).
    public var listOnly = false
    /// Which file names are specs in the folders searched (a `.busted` `pattern`).
    public var naming: SpecDiscovery.Naming = SpecDiscovery.specNaming
    /// `--coverage`: counts the lines specs and plugins run, writes the lcov file and prints the
    /// table; nil: no coverage (no line hook).
    public var coverage: CoverageSettings?
    /// Called with the coverage report once it is written (an embedder's, or a test's, view of it).
    public var coverageReport: ((CoverageReport) -> Void)?
    public var output: (String) -> Void
    public var errorOutput: (String) -> Void

    public init(
        paths: [String], options: SpecRunOptions = SpecRunOptions(), format: TestReportFormat = .text, jobs: Int = 1,
        output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void
    ) {
        self.paths = paths
        self.options = options
        self.format = format
        self.jobs = jobs
        self.output = output
        self.errorOutput = errorOutput
    }

    /// The spec files this session would run, or nil when a path does not exist.
    public func specFiles() -> [String]? {
        paths.isEmpty ? SpecDiscovery.defaultFiles(naming: naming) : try? SpecDiscovery.files(in: paths, naming: naming)
    }

    /// The folders `--watch` watches: the folders given, those of the files given, and with no
    /// path the default folders that exist.
    public var watchedFolders: [String] {
        // A default folder that does not exist is no path given: its folder (`.`) is not watched.
        let roots = paths.isEmpty ? SpecDiscovery.defaultFolders.filter(FileReading.isDirectory) : paths
        var folders: [String] = []
        for root in roots {
            let folder: String
            if FileReading.isDirectory(root) {
                folder = root
            } else if let slash = root.lastIndex(of: "/") {
                folder = slash == root.startIndex ? "/" : String(root[..<slash])
            } else {
                folder = "."
            }
            if FileReading.isDirectory(folder), !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }

    /// Whether two spellings name the same file (`./a/b.lua` and `a/b.lua`).
    public static func samePath(_ a: String, _ b: String) -> Bool {
        ScriptHeader.normalized(a) == ScriptHeader.normalized(b)
    }

    /// Status 0 when every test passed (or was pending), 1 when any failed, 2 when nothing was
    /// tested: a path given does not exist, there is no spec file, or the spec files hold no test
    /// (none at all, or none whose name matches the filter); each of those says so on standard
    /// error.
    public func run() -> Int32 { runReporting().status }

    /// ``run()``, with the reports of the tests run and the orphaned snapshots it deleted.
    /// `filesDone` is called once the run has written and deleted every snapshot file it will,
    /// before its summary is printed, with those files: `--watch` drops their file events there,
    /// so that an edit made once the summary shows is never taken for the run's own write.
    public func runReporting(filesDone: (_ touched: [String]) -> Void = { _ in }) -> (
        status: Int32, reports: [SpecFileReport], snapshotsDeleted: [String]
    ) {
        var options = self.options
        // Each run counts afresh (--watch runs again).
        if coverage != nil { options.coverage = LuaCoverage() }
        var files: [String]
        do {
            files =
                paths.isEmpty
                ? SpecDiscovery.defaultFiles(naming: naming) : try SpecDiscovery.files(in: paths, naming: naming)
        } catch {
            errorOutput("swipehost test: \(error)\n")
            return (2, [], [])
        }
        guard !files.isEmpty else {
            let places =
                paths.isEmpty
                ? SpecDiscovery.defaultFolders.joined(separator: "/ and ") + "/" : paths.joined(separator: ", ")
            errorOutput("swipehost test: no *_spec.lua file found in \(places)\n")
            return (2, [], [])
        }
        if let seed = options.seed { files = SpecDiscovery.shuffled(files, seed: seed) }
        if listOnly { return (list(files), [], []) }
        var reports: [SpecFileReport] = []
        for _ in 0..<max(repeatCount, 1) {
            if jobs > 1 && files.count > 1 {
                var pool = WorkerPool(jobs: jobs) { file in ["test", "--worker", file] + options.workerArguments }
                pool.coverage = options.coverage
                let done = pool.run(files)
                if format == .text { output(TextReport.render(done)) }
                reports += done
            } else {
                let runner = SpecRunner(options: options, log: { line in errorOutput(line + "\n") })
                for file in files {
                    let report = runner.run(file: file)
                    if format == .text { output(TextReport.render(report)) }
                    reports.append(report)
                }
            }
        }
        let summary = TestSummary(reports)
        let orphans = SnapshotOrphans.find(reports: reports, searched: searchedFolders)
        // The orphans go before anything is printed: the files are done when the summary shows.
        let deletion = options.snapshots.update ? SnapshotOrphans.delete(orphans) : nil
        let deleted = deletion?.deleted ?? []
        filesDone(reports.flatMap { $0.snapshotsWritten + $0.snapshotsUpdated } + deleted)
        switch format {
        case .text: output(summary.line + "\n")
        case .tap, .junit, .json:
            output(format.render(reports))
            errorOutput(summary.line + "\n")
        }
        // Orphans left in place fail a CI run; so does one that could not be deleted.
        var orphansFail = false
        if let deletion {
            for problem in deletion.problems { errorOutput("swipehost test: \(problem)\n") }
            orphansFail = !deletion.problems.isEmpty
        }
        if let line = Self.snapshotLine(reports, deleted: deleted.count) { errorOutput(line + "\n") }
        if !deleted.isEmpty { errorOutput(Self.orphansText(deleted, deleted: true)) }
        if !options.snapshots.update && !orphans.isEmpty {
            errorOutput(Self.orphansText(orphans, deleted: false))
            if options.snapshots.ci {
                errorOutput(
                    "swipehost test: orphaned snapshots fail the run when CI is set (CI=true): run with --update-snapshots locally and commit the deletion\n"
                )
                orphansFail = true
            }
        }
        if summary.passed + summary.failed + summary.skipped == 0 {
            errorOutput("swipehost test: " + Self.nothingRan(files: files, options: options) + "\n")
            // A shard may be empty where the others are not (a small suite on a wide matrix).
            return (options.shard == nil ? 2 : (orphansFail ? 1 : 0), reports, deleted)
        }
        var status: Int32 = summary.failed == 0 && !orphansFail ? 0 : 1
        if let coverage, let counted = options.coverage {
            let report = CoverageReport(counted)
            coverageReport?(report)
            // The table is part of the text report; beside TAP, JUnit or json it goes to stderr.
            if format == .text { output(report.table) } else { errorOutput(report.table) }
            if let failure = report.write(to: coverage.path) {
                errorOutput("swipehost test: --coverage: \(failure)\n")
                status = max(status, 1)
            }
            if let failure = coverage.minimum?.failure(report) {
                errorOutput("swipehost test: \(failure)\n")
                status = max(status, 1)
            }
        }
        // Bad input (a snapshot file edited into nonsense, mock of a non-table) is status 2, said
        // on standard error too: the report alone shows a failure like any other.
        let bad = reports.flatMap(\.results).filter(\.isBadInput)
        if !bad.isEmpty {
            let shown = bad.map { "\($0.file):\($0.line) (\($0.name))" }.joined(separator: ", ")
            errorOutput(
                "swipehost test: bad input, status 2: \(DisplayText.escaped(shown)); see the failure\(bad.count == 1 ? "" : "s") above\n"
            )
            return (2, reports, deleted)
        }
        return (status, reports, deleted)
    }

    /// The folders this session searches for spec files (recursively): the folders given, or
    /// the default ones that exist. Files given by name are no folder searched.
    var searchedFolders: [String] {
        (paths.isEmpty ? SpecDiscovery.defaultFolders : paths).filter(FileReading.isDirectory)
    }

    /// `swipehost test: snapshots: 2 written, 1 updated, 1 deleted` when the run wrote or deleted
    /// any (nil otherwise).
    static func snapshotLine(_ reports: [SpecFileReport], deleted: Int = 0) -> String? {
        let written = reports.reduce(0) { $0 + $1.snapshotsWritten.count }
        let updated = reports.reduce(0) { $0 + $1.snapshotsUpdated.count }
        guard written + updated + deleted > 0 else { return nil }
        var parts: [String] = []
        if written > 0 { parts.append("\(written) written") }
        if updated > 0 { parts.append("\(updated) updated") }
        if deleted > 0 { parts.append("\(deleted) deleted") }
        return "swipehost test: snapshots: " + parts.joined(separator: ", ")
    }

    /// The orphaned snapshots found (`--update-snapshots` deletes them), or deleted, one per line:
    ///
    ///     swipehost test: 1 orphaned snapshot, which no test takes any more (--update-snapshots deletes it):
    ///       spec/__snapshots__/mail_spec/mail_old_name.snap
    static func orphansText(_ paths: [String], deleted: Bool) -> String {
        let one = paths.count == 1
        let head =
            deleted
            ? "swipehost test: deleted \(paths.count) orphaned snapshot\(one ? "" : "s"), which no test took any more:"
            : "swipehost test: \(paths.count) orphaned snapshot\(one ? "" : "s"), which no test takes any more (--update-snapshots deletes \(one ? "it" : "them")):"
        return ([head] + paths.map { "  " + DisplayText.escaped($0) }).joined(separator: "\n") + "\n"
    }

    /// `--list`: `FILE:LINE: NAME` for each selected test, in the order they would run; status
    /// 1 when a spec file does not load (its failure on standard error), 2 when none is selected.
    func list(_ files: [String]) -> Int32 {
        let runner = SpecRunner(options: options, log: { line in errorOutput(line + "\n") })
        var count = 0
        var failed = false
        for file in files {
            switch runner.list(file: file) {
            case .success(let tests):
                output(tests.map { "\($0.file):\($0.line): \($0.name)\n" }.joined())
                count += tests.count
            case .failure(let failure):
                errorOutput("\(failure.path) (did not load): \(failure.message)\n")
                failed = true
            }
        }
        if failed { return 1 }
        if count == 0 {
            errorOutput("swipehost test: " + Self.nothingRan(files: files, options: options) + "\n")
            return options.shard == nil ? 2 : 0
        }
        return 0
    }

    /// Why a run with spec files ran no test.
    static func nothingRan(files: [String], options: SpecRunOptions) -> String {
        let shown = files.count == 1 ? files[0] : "\(files.count) spec files"
        var given: [String] = []
        if let filter = options.filter { given.append("--filter '\(filter)'") }
        given += options.filterOut.map { "--filter-out '\($0)'" }
        given += options.names.map { "--name '\($0)'" }
        if !options.tags.isEmpty { given.append("--tags '\(options.tags.joined(separator: ","))'") }
        if !options.excludeTags.isEmpty {
            given.append("--exclude-tags '\(options.excludeTags.joined(separator: ","))'")
        }
        if let shard = options.shard { given.append("--shard \(shard)") }
        if given.count == 1, options.filter != nil { return "no test matches \(given[0]) in \(shown)" }
        if !given.isEmpty { return "no test is selected by \(given.joined(separator: " ")) in \(shown)" }
        return "no test in \(shown) (a test is an it(...) call)"
    }
}

extension SpecRunOptions {
    /// The options as `swipehost test` arguments, for worker processes.
    public var workerArguments: [String] {
        // The plugin limits as the configuration prints them (what differs from the defaults).
        var arguments = ["--spec-budget", String(specBudget)] + tableDefaults.arguments(plugins: false)
        if coverage != nil { arguments.append("--coverage") }
        if let filter { arguments += ["--filter", filter] }
        for pattern in filterOut { arguments += ["--filter-out", pattern] }
        for name in names { arguments += ["--name", name] }
        for tag in tags { arguments += ["--tags", tag] }
        for tag in excludeTags { arguments += ["--exclude-tags", tag] }
        if let shard { arguments += ["--shard", shard.description] }
        if let seed { arguments += ["--seed", String(seed)] }
        if snapshots.update { arguments.append("--update-snapshots") }
        // The parent's reading of CI, whatever the worker's environment says.
        arguments += ["--snapshot-ci", snapshots.ci ? "yes" : "no"]
        return arguments
    }
}

/// `--coverage` and `--coverage-min`: where the lcov file goes and the least line coverage.
public struct CoverageSettings: Sendable, Equatable {
    /// The lcov tracefile written after the run.
    public var path: String
    /// Below it, the run fails (status 1).
    public var minimum: CoverageMinimum?

    /// The default file, as luacov's lcov reporter and most CI set-ups expect it.
    public static let defaultPath = "coverage/lcov.info"

    public init(path: String = defaultPath, minimum: CoverageMinimum? = nil) {
        self.path = path
        self.minimum = minimum
    }
}
