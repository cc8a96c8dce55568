import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// One field/message problem type, `FieldProblem`, and one format. The core's checks
/// (a configuration's, a table's sizes) return it; a plugin's problem and the text line of a
/// `plugin_warning` print through its ``FieldProblem/located(file:line:warning:row:field:message:)``.
struct ProblemFormatTests {
    @Test func aFieldProblemPrintsFieldThenMessage() {
        let problem = FieldProblem(field: "rows", message: "must be 0 or more, got -1")
        expectEqual(problem.description, "rows: must be 0 or more, got -1")
        expectEqual(problem.commandLineText, "--rows must be 0 or more, got -1")
        expectEqual(TableGeometry.check(rows: -1), problem)
        expectEqual(
            CellConfiguration(buttons: []).problems(cellWidth: 320).map(\.description),
            [
                "buttons: must be a non-empty list of buttons"
            ])
    }

    @Test func aLocatedProblemLeadsWithItsPlace() {
        expectEqual(
            FieldProblem.located(file: "p.lua", line: 3, warning: true, row: 2, field: "bounce", message: "m"),
            "p.lua:3: warning: row 2: bounce: m")
        expectEqual(FieldProblem.located(file: "p.lua", line: nil, row: nil, field: nil, message: "m"), "p.lua: m")
    }

    /// Property: over every combination of line, row and field, a plugin's warning and the text
    /// line the trace prints for it read the same (they were two formatters before).
    @Test func aPluginWarningReadsTheSameAsProblemAndAsTraceLine() {
        for line in [nil, 7] as [Int?] {
            for row in [nil, 2] as [Int?] {
                for field in [nil, "buttons[1].width"] as [String?] {
                    let problem = PluginProblem(
                        .warning, file: "p.lua", line: line, row: row, field: field, message: "is odd")
                    let expected = FieldProblem.located(
                        file: "p.lua", line: line, warning: true, row: row, field: field, message: "is odd")
                    expectEqual(problem.description, expected)
                    let event = PluginWarningEvent(
                        plugin: "p", file: "p.lua", line: line, hook: "configure", row: row, field: field,
                        message: "is odd")
                    let text = TextFormat.line(for: TraceRecord(time: .start, event: .pluginWarning(event)))
                    #expect(text.hasSuffix("  " + expected), "\(text)")
                }
            }
        }
    }
}
