import ArgumentParser
import SwipeCore

/// The table's shape, shared by every subcommand that builds one.
struct TableOptions: ParsableArguments {
    @Option(help: "Number of rows (items 'Longer Title Item #1' ... '#N').")
    var rows: Int = 30

    @Option(help: "Cell width in points.")
    var width: Double = 320

    @Option(help: "Viewport height in points (rows are 44 points tall).")
    var viewport: Double = 504

    var geometry: TableGeometry { TableGeometry(width: width, viewportHeight: viewport) }

    func validate() throws {
        guard rows >= 0 else { throw ValidationError("--rows must be 0 or more, got \(rows)") }
        guard width.isFinite, width > 0 else { throw ValidationError("--width must be a number of points > 0, got \(width)") }
        guard viewport.isFinite, viewport > 0 else {
            throw ValidationError("--viewport must be a number of points > 0, got \(viewport)")
        }
    }
}
