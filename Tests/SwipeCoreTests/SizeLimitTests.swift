import SwipeTestSupport
import Testing

@testable import SwipeCore
@testable import SwipeScript

/// Sizes from outside are checked against documented limits in one place, and a
/// table never makes more cells than its limit of visible rows, whatever its geometry.
struct SizeLimitTests {
    @Test(arguments: [
        (-1, "rows must be 0 or more, got -1"),
        (1_000_000_001, "rows must be at most 1000000000, got 1000000001"),
        (Int.max, "rows must be at most 1000000000, got 9223372036854775807"),
    ])
    func rowCountsOutsideTheLimitsAreNamed(rows: Int, message: String) {
        // As the command line prints it (one problem type, `FieldProblem`, whose own
        // format is `rows: must be ...`; the option form is the command line's).
        expectEqual(TableGeometry.check(rows: rows)?.commandLineText, "--" + message)
    }

    @Test func rowCountsWithinTheLimitsPass() {
        expectEqual(TableGeometry.check(rows: 0), nil)
        expectEqual(TableGeometry.check(rows: TableGeometry.maximumRows), nil)
        expectEqual(TableGeometry().problems(), [])
        expectEqual(TableGeometry(width: 10_000, viewportHeight: 44_000).problems(), [])
    }

    @Test(arguments: [
        (
            TableGeometry(viewportHeight: 1e300),
            "viewport must be at most 44000 points (1000 rows of 44 points), got 1e+300"
        ),
        (
            TableGeometry(viewportHeight: 44_000.5),
            "viewport must be at most 44000 points (1000 rows of 44 points), got 44000.5"
        ),
        (TableGeometry(viewportHeight: .infinity), "viewport must be a number of points > 0, got inf"),
        (TableGeometry(viewportHeight: -5), "viewport must be a number of points > 0, got -5.0"),
        (TableGeometry(viewportHeight: .nan), "viewport must be a number of points > 0, got nan"),
        (TableGeometry(width: 0), "width must be a number of points > 0, got 0.0"),
        (TableGeometry(width: 1e300), "width must be at most 10000 points, got 1e+300"),
        (TableGeometry(rowHeight: 0), "row_height must be a number of points > 0 and at most 10000, got 0.0"),
    ])
    func sizesOutsideTheLimitsAreNamed(geometry: TableGeometry, message: String) {
        expectEqual(geometry.problems().map(\.commandLineText), ["--" + message])
    }

    @Test func anUncheckedHugeViewportMakesABoundedNumberOfCells() {
        let table = SwipeTable(items: .generated(count: Int.max), geometry: TableGeometry(viewportHeight: 1e300))
        expectEqual(table.visibleRows, 1..<1002)
        expectEqual(table.cellCount, 1_001)
        table.scroll(by: 1e308)
        #expect(table.visibleRows.count <= 1_001)
        let nan = SwipeTable(geometry: TableGeometry(viewportHeight: .nan))
        #expect(nan.visibleRows.isEmpty)
    }

    @Test func theTallestViewportShowsAtMostItsRowsAndOne() {
        let table = SwipeTable(items: .generated(count: 5_000), geometry: TableGeometry(viewportHeight: 44_000))
        expectEqual(table.visibleRows, 1..<1001)
        table.scroll(by: 22)
        expectEqual(table.visibleRows, 1..<1002)
    }

    @Test(arguments: [
        (
            "swipe 9007199254740993 -60",
            "ROW must be at most 1000000000 (the most rows a table can have), got '9007199254740993'"
        ),
        ("pan 1000000001 begin", "ROW must be at most 1000000000 (the most rows a table can have), got '1000000001'"),
        ("pan 12x begin", "ROW must be a whole number >= 1, got '12x'"),
    ])
    func rowNumbersPastTheLargestTableAreNamed(line: String, message: String) {
        #expect(throws: ScriptError(file: "t.swipe", line: 1, message: message)) {
            try ScriptParser(fileName: "t.swipe").parse(line)
        }
    }

    @Test func theLargestRowNumberParses() throws {
        expectEqual(
            try ScriptParser(fileName: "t").parse("open 1000000000"),
            [
                ScriptLine(number: 1, command: .open(row: 1_000_000_000))
            ])
    }

    @Test func aHugeBounceDrawsWithoutTrapping() throws {
        var snapshot = TableSnapshot(SwipeTable(items: .generated(count: 1)))
        snapshot.rows[0].presentedRight = 1e300
        var out = OutputBuffer()
        TextFormat.write(snapshot, width: 1e300, to: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self).contains("|  right 0, drawn at 1e+300 (animating)"))
    }
}
