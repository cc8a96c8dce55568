import ArgumentParser
import SwipeCommandLine
import SwipeCore
import SwipePlugins
import SwipeScript

extension SwipeHostCommand {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Load and validate plugins, and ask each for the configuration of rows 1...N.",
            discussion: """
                Prints each problem as 'FILE:LINE: row R: FIELD: message' (LINE: where the \
                configure, or the file's top-level return, is) and a summary line per plugin; the \
                same configure error on later rows is one line, 'FILE: the same error as row 1 on \
                11 more rows: 2-12', as in run. The summary names the rows that do not swipe \
                (configure returned false, or gave no edge any buttons): '3 rows do not swipe: 2, \
                5-6'. Loading runs the plugin's items function and check \
                runs its setup: their failures are errors. \
                Exits with status 1 if any plugin has an error; warnings (unknown keys, with the \
                closest known key) are printed but do not fail the check. On a terminal, errors are \
                red and warnings yellow (--color, NO_COLOR).
                """
        )

        @Argument(help: "Plugins to check (.lua files, or folders with init.lua).")
        var plugins: [String]

        @Option(parsing: .unconditional, help: "Ask configure() for rows 1...N.")
        var rows: Int = SessionConfiguration.defaults.items.count

        @Option(parsing: .unconditional, help: "Cell width in points, for the total button width check.")
        var width: Double = SessionConfiguration.defaults.geometry.width

        @OptionGroup var limits: PluginLimitOptions

        @OptionGroup var color: ColorOption

        func validate() throws {
            guard !plugins.isEmpty else { throw ValidationError("name at least one plugin to check") }
            guard rows >= 1 else { throw ValidationError("--rows must be 1 or more, got \(rows)") }
            if let problem = TableGeometry.check(rows: rows) { throw ValidationError(problem.commandLineText) }
            if let problem = TableGeometry(width: width).problems().first {
                throw ValidationError(problem.commandLineText)
            }
        }

        func run() throws {
            let checker = PluginChecker(
                configuration: SessionConfiguration(
                    pluginOptions: limits.options, items: .generated(count: rows), geometry: TableGeometry(width: width)
                ))
            let colored = color.onStandardOutput
            var failed = false
            for path in plugins {
                let report = checker.check(path)
                // One line each: control characters in names and messages are escaped.
                var text = ""
                for problem in report.problems {
                    let line = DisplayText.escaped(problem.description)
                    text += (problem.severity == .error ? TextColor.red : .yellow).paint(line, if: colored) + "\n"
                }
                let warnings = report.problems.count - report.errorCount
                let status =
                    report.errorCount == 0
                    ? TextColor.green.paint("ok", if: colored)
                    : TextColor.red.paint("\(report.errorCount) error\(report.errorCount == 1 ? "" : "s")", if: colored)
                var detail = report.loaded ? ", \(report.configuredRows) of \(report.checkedRows) rows configured" : ""
                if let summary = report.notSwipingSummary { detail += ", \(summary)" }
                text +=
                    "\(DisplayText.escaped(path)): \(status)\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "")\(detail)\n"
                StandardStreams.write(text)
                failed = failed || report.errorCount > 0
            }
            if failed { throw ExitCode(1) }
        }
    }
}
