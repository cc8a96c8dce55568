/// A whole `swipehost test`: finds the spec files, runs them (here, or in worker processes),
/// prints the report and returns the exit status (0 only when nothing failed).
public struct TestSession {
    public var paths: [String]
    public var options: SpecRunOptions
    public var format: TestReportFormat
    public var jobs: Int
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

    /// Status 0 when every test passed (or was pending), 1 when any failed, 2 when nothing was
    /// tested: a path given does not exist, there is no spec file, or the spec files hold no test
    /// (none at all, or none whose name matches the filter); each of those says so on standard
    /// error.
    public func run() -> Int32 {
        var files: [String]
        do {
            files = paths.isEmpty ? SpecDiscovery.defaultFiles() : try SpecDiscovery.files(in: paths)
        } catch {
            errorOutput("swipehost test: \(error)\n")
            return 2
        }
        guard !files.isEmpty else {
            let places = paths.isEmpty ? SpecDiscovery.defaultFolders.joined(separator: "/ and ") + "/" : paths.joined(separator: ", ")
            errorOutput("swipehost test: no *_spec.lua file found in \(places)\n")
            return 2
        }
        if let seed = options.seed { files = SpecDiscovery.shuffled(files, seed: seed) }
        let reports: [SpecFileReport]
        if jobs > 1 && files.count > 1 {
            reports = WorkerPool(jobs: jobs) { file in ["test", "--worker", file] + options.workerArguments }.run(files)
            if format == .text { output(TextReport.render(reports)) }
        } else {
            let runner = SpecRunner(options: options, log: { line in errorOutput(line + "\n") })
            var done: [SpecFileReport] = []
            for file in files {
                let report = runner.run(file: file)
                if format == .text { output(TextReport.render(report)) }
                done.append(report)
            }
            reports = done
        }
        let summary = TestSummary(reports)
        switch format {
        case .text: output(summary.line + "\n")
        case .tap, .junit:
            output(format.render(reports))
            errorOutput(summary.line + "\n")
        }
        if summary.passed + summary.failed + summary.skipped == 0 {
            errorOutput("swipehost test: " + Self.nothingRan(files: files, filter: options.filter) + "\n")
            return 2
        }
        return summary.failed == 0 ? 0 : 1
    }

    /// Why a run with spec files ran no test.
    static func nothingRan(files: [String], filter: String?) -> String {
        let shown = files.count == 1 ? files[0] : "\(files.count) spec files"
        if let filter { return "no test matches --filter '\(filter)' in \(shown)" }
        return "no test in \(shown) (a test is an it(...) call)"
    }
}

extension SpecRunOptions {
    /// The options as `swipehost test` arguments, for worker processes.
    public var workerArguments: [String] {
        var arguments = ["--spec-budget", String(specBudget), "--budget", String(pluginOptions.instructionBudget),
                         "--memory", String(pluginOptions.memoryLimit)]
        if pluginOptions.trusted { arguments.append("--trusted") }
        if let filter { arguments += ["--filter", filter] }
        if let seed { arguments += ["--seed", String(seed)] }
        return arguments
    }
}
