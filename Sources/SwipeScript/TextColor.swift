/// The colours of text output on a terminal (ANSI SGR codes); never used in jsonl, TAP or JUnit.
public enum TextColor: String, Sendable, CaseIterable {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case magenta = "35"
    case cyan = "36"
    case bold = "1"
    case dim = "2"

    /// `text` in this colour. Each line is coloured by itself (and reset at its end), so that a
    /// pager or a `grep` of the output never sees a colour run over from the line before.
    public func paint(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "\u{1B}[\(rawValue)m\($0)\u{1B}[0m" }
            .joined(separator: "\n")
    }

    /// How an event's line is coloured: the row opening green, closing blue, a button's action
    /// cyan, a plugin error red, a plugin warning yellow, any other plugin event magenta.
    public static func of(_ event: TraceEvent) -> TextColor {
        switch event {
        case .open: .green
        case .close: .blue
        case .action: .cyan
        case .pluginError: .red
        case .pluginWarning: .yellow
        default: .magenta
        }
    }
}
