/// Something wrong with one field of an input: the field (`buttons[2].width`, `bounce`, `rows`)
/// and what is wrong with it (`must be 0 or more, got -1`). The one problem type of every check
/// the core makes (a cell's configuration, a table's sizes), and the one format its readers
/// print: ``description`` (`FIELD: message`) and, with where it was found,
/// ``located(file:line:warning:row:field:message:)``. A front end that names the field its own
/// way says how it was given: ``commandLineText`` (`--rows must be ...`), or
/// `swipe.table: 'rows' must be ...` in a spec.
public struct FieldProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `FIELD: message`.
    public var description: String { "\(field): \(message)" }

    /// The problem as the command line reports it, the field given as its option:
    /// `--rows must be 0 or more, got -1`.
    public var commandLineText: String { "--\(field) \(message)" }

    /// The one format of a problem with its place: `FILE[:LINE]: [warning: ][row R: ][FIELD: ]message`
    /// (a plugin's problems, its warnings in a trace's text).
    public static func located(
        file: String, line: Int?, warning: Bool = false, row: Int?, field: String?, message: String
    ) -> String {
        var text = file + (line.map { ":\($0)" } ?? "") + ": "
        if warning { text += "warning: " }
        if let row { text += "row \(row): " }
        if let field { text += FieldProblem(field: field, message: message).description } else { text += message }
        return text
    }
}
