import ArgumentParser
import LuaRuntime
import SwipeCommandLine
import SwipeTesting

/// `swipehost run --coverage [--coverage-min PERCENT]`: the plugin lines a gesture script runs,
/// as `swipehost test --coverage` counts them.
struct RunCoverageOptions: ParsableArguments {
    @Flag(
        help:
            "Count the plugin lines the script runs; write coverage/lcov.info and print line coverage per file on stderr."
    )
    var coverage = false

    @Option(
        help: ArgumentHelp(
            "Fail (status 1) when the plugins' line coverage is below this percentage (0 to 100); implies --coverage.",
            valueName: "percent"))
    var coverageMin: String?

    /// The settings, or nil without coverage; a bad --coverage-min is status 2, nothing run.
    var settings: CoverageSettings? {
        get throws {
            guard coverage || coverageMin != nil else { return nil }
            do {
                return CoverageSettings(minimum: try coverageMin.map(CoverageMinimum.init(parsing:)))
            } catch {
                StandardStreams.writeError("swipehost run: \(error)\n")
                throw ExitCode(2)
            }
        }
    }
}

extension RunRequest {
    /// After a run with `--coverage`: the table on stderr, the lcov file, and status 1 when it
    /// cannot be written or the coverage is below `--coverage-min`.
    static func report(_ coverage: LuaCoverage, _ settings: CoverageSettings) throws {
        let report = CoverageReport(coverage)
        StandardStreams.writeError(report.table)
        var failed = false
        if let failure = report.write(to: settings.path) {
            StandardStreams.writeError("swipehost run: --coverage: \(failure)\n")
            failed = true
        }
        if let failure = settings.minimum?.failure(report) {
            StandardStreams.writeError("swipehost run: \(failure)\n")
            failed = true
        }
        if failed { throw ExitCode(1) }
    }
}
