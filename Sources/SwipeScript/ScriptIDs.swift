import SwipeCore

/// The ids a gesture script can name: a row's `#ID` (``Tokens/rowID(_:)``) and a button's id in
/// `tap ROW BUTTON` (``ScriptParser``). A recording (the playground's script and spec,
/// `t:render`) writes ids as they are, so a plugin's ids are held to these rules when they are
/// read: an id a script cannot name would replay as something else, or not at all.
///
/// An id is 1 to 256 bytes with no space, tab, carriage return, newline or `#` (a script's word
/// ends at each of them, and `#` starts a comment). A row id that is a number is from 1 to
/// ``maximumNumber`` (`#0` and `#-5` read as names); a name must not start with a combining
/// character (it would join the `#` before it). A button id is not a word `tap` reads
/// otherwise: a number (`3`, `-1`: the button's place), `content`, `leading:N`, `trailing:N`.
public enum ScriptIDs {
    /// The longest id, in bytes: as long as a script's `#ID` may be (``Tokens/maximumRowIDBytes``).
    public static let maximumBytes = Tokens.maximumRowIDBytes

    /// The largest row id that is a number: 2^53 - 1, the largest integer a JSON reader (the
    /// playground's page, a jsonl reader) holds exactly. The table gives the next number past
    /// the largest it has seen (``TableItems/nextID``), so past this one there are still more
    /// than 9 * 10^18 numbers to give before `Int.max`: the numbers it gives never wrap round
    /// to an id a row already has.
    public static let maximumNumber = 9_007_199_254_740_991

    /// Why a script could not name a button whose id is `id` (`tap ROW ID`), nil when it can.
    public static func buttonProblem(_ id: String) -> String? {
        if let problem = wordProblem(id) { return problem }
        let shown = DisplayText.token(id)
        if id == "content" {
            return "cannot be 'content': a script's 'tap ROW content' taps the row's content, not a button"
        }
        if isInteger(id) {
            return
                "cannot be a number, got '\(shown)': a script's 'tap ROW N' taps the row's button number N, not a button with id 'N'"
        }
        for edge in Edge.allCases where id.hasPrefix(edge.rawValue + ":") {
            return
                "cannot start with '\(edge.rawValue):', got '\(shown)': a script's 'tap ROW \(edge.rawValue):N' names a button by its edge and number"
        }
        return nil
    }

    /// Why a script could not name a row whose id is `id` as `#ID`, nil when it can.
    public static func rowProblem(_ id: RowID) -> String? {
        switch id {
        case .number(let number):
            guard number >= 1, number <= maximumNumber else {
                return
                    "must be a number from 1 to \(maximumNumber) or a name, got \(number) (a script's '#N' names no other number)"
            }
            return nil
        case .name(let name):
            if let problem = wordProblem(name) { return problem }
            // A script's `#ID` drops the `#` as a character: what combines with it goes too.
            if String(("#" + name).dropFirst()) != name {
                return
                    "cannot start with a combining character, got '\(DisplayText.token(name))': after a script's '#' it would join the '#'"
            }
            return nil
        }
    }

    /// Why `id` is not one word of a script line of at most ``maximumBytes``, nil when it is.
    static func wordProblem(_ id: String) -> String? {
        let bytes = id.utf8.count
        if bytes == 0 { return "must be 1 to \(maximumBytes) bytes, got an empty string" }
        if bytes > maximumBytes { return "must be at most \(maximumBytes) bytes, got \(bytes)" }
        if id.utf8.contains(where: isBreak) {
            return
                "cannot contain a space, a tab, a line break or '#' (a gesture script names it as one word), got '\(DisplayText.token(id))'"
        }
        return nil
    }

    /// A byte that ends a script's word or starts a comment.
    private static func isBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "#")
    }

    /// An optional sign and then digits: what `tap`'s BUTTON reads as a number (or refuses as
    /// one, when it does not fit).
    private static func isInteger(_ id: String) -> Bool {
        var digits = id.utf8[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
