/// The sizes of the table and its cells, in points (the tutorial's iPhone: 320 x 44 cells).
///
/// Sizes that come from outside are checked with ``check(rows:)`` and ``problems()``, the one
/// place that knows the limits (the command line and the test driver report them).
public struct TableGeometry: Hashable, Sendable {
    public var width: Double
    public var rowHeight: Double
    public var viewportHeight: Double

    public init(width: Double = 320, rowHeight: Double = 44, viewportHeight: Double = 504) {
        self.width = width
        self.rowHeight = rowHeight
        self.viewportHeight = viewportHeight
    }

    /// The rows (1-based) whose frames intersect the viewport at `offset`. Never more than
    /// ``maximumVisibleRows`` + 1, whatever the geometry: a cell is made per visible row.
    func visibleRows(offset: Double, rowCount: Int) -> Range<Int> {
        guard rowCount > 0, rowHeight > 0, viewportHeight > 0, offset.isFinite else { return 1..<1 }
        // Worked out as Doubles and clamped before any conversion: no size converts to an Int
        // out of range (a count near Int.max is not exact as a Double).
        let first = max((offset / rowHeight).rounded(.down), 0)
        guard first < Double(rowCount) else {
            let past = rowCount == .max ? rowCount : rowCount + 1
            return past..<past
        }
        let endExclusive = ((offset + viewportHeight) / rowHeight).rounded(.up)
        let span = min(max(endExclusive - first, 0), Double(Self.maximumVisibleRows + 1))
        let lower = Int(first) + 1
        return lower..<(lower + min(Int(span), rowCount - (lower - 1)))
    }

    /// The largest content offset: the last row at the bottom of the viewport.
    func maximumOffset(rowCount: Int) -> Double {
        max(0, Double(rowCount) * rowHeight - viewportHeight)
    }
}

// MARK: - Limits

extension TableGeometry {
    /// The rows a table has when nothing says otherwise (items 'Longer Title Item #1' ... '#30'):
    /// the one place this default is written (`--rows`, `swipe.table{ rows = ... }`, a recording).
    public static let defaultRows = 30
    /// The most rows a table can have (and the largest row number a script can name).
    public static let maximumRows = 1_000_000_000
    /// The widest cell, in points.
    public static let maximumWidth = 10_000.0
    /// The tallest viewport, in rows: at most this many rows (one more when the offset is
    /// between rows) are on screen, each with its cell.
    public static let maximumVisibleRows = 1_000

    /// The tallest viewport this geometry's rows allow, in points (44,000 for 44-point rows).
    public var maximumViewportHeight: Double { Double(Self.maximumVisibleRows) * rowHeight }

    /// Why `rows` is not a possible row count, if it is not.
    public static func check(rows: Int) -> FieldProblem? {
        if rows < 0 { return FieldProblem(field: "rows", message: "must be 0 or more, got \(rows)") }
        if rows > maximumRows {
            return FieldProblem(field: "rows", message: "must be at most \(maximumRows), got \(rows)")
        }
        return nil
    }

    /// Every size of this geometry outside its limits, in the order width, row height, viewport.
    public func problems() -> [FieldProblem] {
        var problems: [FieldProblem] = []
        if !width.isFinite || width <= 0 {
            problems.append(FieldProblem(field: "width", message: "must be a number of points > 0, got \(width)"))
        } else if width > Self.maximumWidth {
            problems.append(
                FieldProblem(
                    field: "width",
                    message: "must be at most \(NumberText.describe(Self.maximumWidth)) points, got \(width)"))
        }
        let rowHeightValid = rowHeight.isFinite && rowHeight > 0 && rowHeight <= Self.maximumWidth
        if !rowHeightValid {
            problems.append(
                FieldProblem(
                    field: "row_height",
                    message:
                        "must be a number of points > 0 and at most \(NumberText.describe(Self.maximumWidth)), got \(rowHeight)"
                ))
        }
        if !viewportHeight.isFinite || viewportHeight <= 0 {
            problems.append(
                FieldProblem(field: "viewport", message: "must be a number of points > 0, got \(viewportHeight)"))
        } else if rowHeightValid, viewportHeight > maximumViewportHeight {
            problems.append(
                FieldProblem(
                    field: "viewport",
                    message:
                        "must be at most \(NumberText.describe(maximumViewportHeight)) points (\(Self.maximumVisibleRows) rows of \(NumberText.describe(rowHeight)) points), got \(viewportHeight)"
                ))
        }
        return problems
    }
}
