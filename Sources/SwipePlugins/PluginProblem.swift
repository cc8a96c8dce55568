import SwipeCore

/// Something wrong with a plugin, found when loading it, checking it or asking it for a row's
/// configuration. Prints as `FILE: row R: FIELD: message`, or `FILE:LINE: row R: FIELD: message`
/// when the line of the definition at fault is known: for a row's configuration, the line of
/// the `configure` that made it; for the plugin's table (its `name`, its handlers, its keys), the
/// line of the chunk's top-level `return` (Lua keeps no line for a table constructor); for what
/// an `items` function returned, the line of that function. A Lua error raised while running
/// plugin code gives no line here: its message starts with its own `FILE:LINE:`.
public struct PluginProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    /// The plugin's path, as given.
    public var file: String
    /// The line of the definition at fault (see above), if known.
    public var line: Int?
    /// The row whose configuration this is about, if any.
    public var row: Int?
    /// The field (`buttons[2].width`, `bounce`, `name`), if any.
    public var field: String?
    public var message: String

    public init(
        _ severity: Severity = .error, file: String, line: Int? = nil, row: Int? = nil, field: String? = nil,
        message: String
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.row = row
        self.field = field
        self.message = message
    }

    public var description: String {
        FieldProblem.located(
            file: file, line: line, warning: severity == .warning, row: row, field: field, message: message)
    }
}
