import ArgumentParser
import SwipeCore
import SwipePlugins

/// The table's shape, shared by every subcommand that builds one. Negative values are read as
/// values (`--rows -1`), so that the limits, not the parser, say what is wrong with them.
public struct TableOptions: ParsableArguments {
    public init() {}

    @Option(
        parsing: .unconditional, help: "Number of rows (items 'Longer Title Item #1' ... '#N'), at most 1000000000.")
    public var rows: Int = SessionConfiguration.defaults.items.count

    @Option(parsing: .unconditional, help: "Cell width in points, at most 10000.")
    public var width: Double = SessionConfiguration.defaults.geometry.width

    @Option(
        parsing: .unconditional, help: "Viewport height in points (rows are 44 points tall), at most 44000 (1000 rows)."
    )
    public var viewport: Double = SessionConfiguration.defaults.geometry.viewportHeight

    public var geometry: TableGeometry { TableGeometry(width: width, viewportHeight: viewport) }

    /// The limits are the core's (``TableGeometry/check(rows:)``, ``TableGeometry/problems()``).
    public func validate() throws {
        if let problem = TableGeometry.check(rows: rows) { throw ValidationError(problem.commandLineText) }
        if let problem = geometry.problems().first { throw ValidationError(problem.commandLineText) }
    }
}
