import ArgumentParser
import Glibc
import SwipeCommandLine
import SwipeScript

/// `--color auto|always|never`, shared by the subcommands that print text for people.
///
/// `auto` (the default) colours a stream only when it is a terminal (`isatty`), `NO_COLOR` is
/// unset or empty and `TERM` is not `dumb`; `always` colours even a pipe and despite `NO_COLOR`;
/// `never` does not. jsonl, TAP and JUnit output are never coloured, whatever the option says.
struct ColorOption: ParsableArguments {
    enum Choice: String, CaseIterable, ExpressibleByArgument {
        case auto, always, never
    }

    @Option(
        help: ArgumentHelp(
            "Colour the text output: 'auto' on a terminal unless NO_COLOR is set, 'always' or 'never' (never in jsonl, tap or junit).",
            valueName: "when"))
    var color: Choice = .auto

    /// Whether what goes to standard output is coloured (call it before standard output is
    /// pointed elsewhere).
    var onStandardOutput: Bool { enabled(for: 1) }

    /// Whether what goes to standard error is coloured.
    var onStandardError: Bool { enabled(for: 2) }

    func enabled(for descriptor: Int32) -> Bool {
        Self.enabled(color, for: descriptor)
    }

    static func enabled(_ color: Choice, for descriptor: Int32) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(descriptor) == 1
        }
    }
}

extension TextColor {
    /// `text` in this colour when `on`, as it is otherwise.
    func paint(_ text: String, if on: Bool) -> String {
        on ? paint(text) : text
    }
}
