import SwipeCore

/// Runs gesture commands against a ``SwipeTable``, advancing its virtual clock.
public struct ScriptRunner {
    public let table: SwipeTable
    public var fileName: String

    /// How often `swipe` moves its pan: every 16 ms, about one 60 Hz frame.
    public static let swipeFrame = TimeAmount.milliseconds(16 as Int64)
    /// The longest a `swipe` may last: 60,000 ms (3,750 moves).
    public static let maximumSwipeDuration = TimeAmount.milliseconds(60_000 as Int64)

    public init(table: SwipeTable, fileName: String) {
        self.table = table
        self.fileName = fileName
    }

    /// Runs one line; a refusal from the table comes back with the line's number. Returns
    /// whether a `tap` reached a button, or a `pan` move, end or cancel or a `swipe` reached its
    /// pan to the end (false for a pan the table ended, its row deleted under it); false for
    /// every other command.
    @discardableResult
    public func run(_ line: ScriptLine) throws(ScriptError) -> Bool {
        if case .swipe(_, _, let duration) = line.command,
            duration < .zero || duration > Self.maximumSwipeDuration
        {
            throw ScriptError(file: fileName, line: line.number, cause: .swipeDuration(duration))
        }
        do {
            if case .some = line.rowID { return try execute(onRowID: line) }
            return try execute(line.command)
        } catch {
            throw ScriptError(file: fileName, line: line.number, cause: .table(error))
        }
    }

    public func run(_ lines: [ScriptLine]) throws(ScriptError) {
        for line in lines { try run(line) }
    }

    /// Parses and runs a whole script, stopping at the first error.
    public func run(script text: String) throws(ScriptError) {
        let parser = ScriptParser(fileName: fileName)
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { (buffer) throws(ScriptError) in
            try parser.forEachCommand(in: buffer) { (line) throws(ScriptError) in try run(line) }
        }
    }

    func execute(_ command: GestureCommand) throws(TableError) -> Bool {
        switch command {
        case .tap(let row, .number(let number)): return try table.tap(row: row, button: number)
        case .tap(let row, .id(let id)): return try table.tap(row: row, buttonID: id)
        case .tap(let row, .onEdge(let edge, let number)): return try table.tap(row: row, edge: edge, button: number)
        case .panMove(let row, let x): return try table.panChanged(row: row, translation: x)
        case .panEnd(let row, let velocity): return try table.panEnded(row: row, velocity: velocity)
        case .panCancel(let row): return try table.panCancelled(row: row)
        case .swipe(let row, let dx, let duration): return try swipe(row: row, dx: dx, duration: duration)
        default:
            try perform(command)
            return false
        }
    }

    /// `line`'s command on the row that has its id now (a `#ID` line, whose command's row is the
    /// placeholder 0: rows are 1-based). Out of line: a line with a numeric row pays nothing
    /// for it.
    @inline(never)
    func execute(onRowID line: ScriptLine) throws(TableError) -> Bool {
        guard line.command.row == 0, let id = line.rowID else { return try execute(line.command) }
        return try execute(line.command.withRow(try table.row(withID: id)))
    }

    @inline(__always)
    func perform(_ command: GestureCommand) throws(TableError) {
        switch command {
        case .panBegin(let row, let x): try table.panBegan(row: row, translation: x)
        case .panMove(let row, let x): try table.panChanged(row: row, translation: x)
        case .panEnd(let row, let velocity): try table.panEnded(row: row, velocity: velocity)
        case .panCancel(let row): try table.panCancelled(row: row)
        case .tap(let row, .number(let number)): try table.tap(row: row, button: number)
        case .tap(let row, .id(let id)): try table.tap(row: row, buttonID: id)
        case .tap(let row, .onEdge(let edge, let number)): try table.tap(row: row, edge: edge, button: number)
        case .tap(let row, .content): try table.tapContent(row: row)
        case .wait(let amount):
            try table.checkCanAdvance(by: amount)
            table.advance(by: amount)
        case .scroll(let dy): table.scroll(by: dy)
        case .open(let row, let side): try table.openRow(row, edge: side)
        case .close(let row): try table.closeRow(row)
        case .swipe(let row, let dx, let duration): try swipe(row: row, dx: dx, duration: duration)
        case .dismiss: break  // a table without plugins presents nothing (a `Session` dismisses its host's)
        case .activate(let row, let button): try table.activate(row: row, buttonID: button)
        case .actions(let row): try table.listActions(row: row)
        }
    }

    /// Begin at 0, a move every 16 ms along a straight line to `dx` (the last one exactly at
    /// `duration`), then end. A swipe that would take the clock past its limit is refused
    /// before it begins. Returns whether the pan lasted to its end: when the table ends it (its
    /// row deleted by a timer meanwhile), the rest of the swipe moves nothing, and the clock
    /// still runs to its end.
    @discardableResult
    func swipe(row: Int, dx: Double, duration: TimeAmount) throws(TableError) -> Bool {
        try table.checkCanAdvance(by: duration)
        try table.panBegan(row: row, translation: 0)
        let start = table.now
        var elapsed = TimeAmount.zero
        repeat {
            elapsed = min(elapsed + Self.swipeFrame, duration)
            table.advance(to: start + elapsed)
            let fraction = duration.nanoseconds == 0 ? 1 : Double(elapsed.nanoseconds) / Double(duration.nanoseconds)
            try table.panChanged(row: row, translation: dx * fraction)
        } while elapsed < duration
        return try table.panEnded(row: row)
    }
}
