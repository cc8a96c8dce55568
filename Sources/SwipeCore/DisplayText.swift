/// Text from outside (script words, file names, plugin names, ids, titles, items, messages)
/// made safe to show on a terminal.
///
/// Every human-facing message and the text format go through here; jsonl output does not
/// (JSON escapes its own strings). Control characters never reach the terminal raw:
///
/// - `\0` NUL, `\a` BEL, `\b` backspace, `\t` tab, `\n` newline, `\v` vertical tab,
///   `\f` form feed, `\r` carriage return, `\e` escape;
/// - any other C0 control character and DEL as `\x01` ... `\x1f`, `\x7f` (two lowercase hex digits);
/// - C1 controls (U+0080-U+009F), the line and paragraph separators (U+2028, U+2029) and the
///   bidirectional controls (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) as `\u{9b}`,
///   `\u{202e}` (lowercase hex).
///
/// A backslash is left as it is, so text that is already escaped comes out unchanged.
public enum DisplayText {
    /// Tokens longer than this many characters are shortened in messages (see ``token(_:)``).
    public static let tokenLimit = 60

    /// `text` with every control character escaped.
    public static func escaped(_ text: String) -> String {
        escaped(text, keeping: [])
    }

    /// The layout characters a caller keeps as they are: tabs (`ctx:log` and `print` separate
    /// their arguments with them; a traceback indents with them) and newlines (text the host
    /// breaks into lines itself, whose parts from outside were escaped).
    public struct Layout: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let tabs = Layout(rawValue: 1)
        public static let newlines = Layout(rawValue: 2)
    }

    /// `text` with every control character escaped but the layout characters in `layout`.
    public static func escaped(_ text: String, keeping layout: Layout) -> String {
        guard needsEscape(text, keeping: layout) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if (scalar == "\n" && layout.contains(.newlines)) || (scalar == "\t" && layout.contains(.tabs)) {
                result.unicodeScalars.append(scalar)
            } else if let escape = escape(scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A word quoted in a message: escaped, and when longer than ``tokenLimit`` characters, its
    /// first ``tokenLimit`` followed by `…(N bytes)`, N being the whole word's UTF-8 length.
    public static func token(_ text: String) -> String {
        guard text.utf8.count > tokenLimit else { return escaped(text) }
        var end = text.startIndex
        var kept = 0
        while kept < tokenLimit, end < text.endIndex {
            end = text.index(after: end)
            kept += 1
        }
        guard end < text.endIndex else { return escaped(text) }
        return escaped(String(text[..<end])) + "…(\(text.utf8.count) bytes)"
    }

    /// The escape for `scalar`, or nil when it shows as itself.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0x00: return "\\0"
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0B: return "\\v"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0x01..<0x20, 0x7F: return "\\x" + hex(value, digits: 2)
        case 0x80...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + hex(value, digits: 1) + "}"
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return text.count >= digits ? text : String(repeating: "0", count: digits - text.count) + text
    }

    /// Whether any byte of `text` may start a character to escape: a C0 control or DEL, or the
    /// lead bytes of U+0080-U+009F (0xC2) and of U+2000-U+20FF (0xE2).
    private static func needsEscape(_ text: String, keeping layout: Layout) -> Bool {
        for byte in text.utf8 {
            if byte < 0x20 {
                if byte == 0x0A && layout.contains(.newlines) { continue }
                if byte == 0x09 && layout.contains(.tabs) { continue }
                return true
            }
            if byte == 0x7F || byte == 0xC2 || byte == 0xE2 { return true }
        }
        return false
    }
}
