/// Text made safe for XML 1.0: the one escaper of every XML document the host writes (the JUnit
/// report of `swipehost test`, the SVG of `swipehost render`).
public enum XMLText {
    /// `text` for an attribute value in double or single quotes (`attribute: true`) or for an
    /// element's character data.
    ///
    /// - `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;` (a
    ///   numeric reference for the apostrophe: HTML reads it too, where `&apos;` is XML's only);
    /// - a tab and a carriage return become `&#9;` and `&#13;`, and, in an attribute, a line feed
    ///   `&#10;`: a reader keeps them as they were, where it would turn them into spaces in an
    ///   attribute and a carriage return into a line feed in character data;
    /// - characters XML 1.0 does not allow (control characters but tab, line feed and carriage
    ///   return; U+FFFE and U+FFFF) are dropped. Text shown to people has its control
    ///   characters escaped before, visibly (``DisplayText``), so none are left to drop there.
    public static func escaped(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
