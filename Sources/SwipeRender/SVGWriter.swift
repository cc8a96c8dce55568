import SwipeCore
import SwipeScript

/// Writes SVG text deterministically: numbers with at most two decimals from integer
/// arithmetic (never `-0`, never an exponent), attributes in the order given, text escaped for
/// XML. The same calls make the same bytes on every machine.
struct SVGWriter {
    private(set) var text = ""

    init() {
        text.reserveCapacity(1 << 16)
    }

    /// `value` rounded to hundredths: `12`, `12.5`, `-0.25`; values past +-10^12 are clamped.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -1e12), 1e12)
        let hundredths = Int64((clamped * 100).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let (whole, fraction) = hundredths.magnitude.quotientAndRemainder(dividingBy: 100)
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// An attribute's value: a number or text.
    enum Value {
        case number(Double)
        case text(String)
    }

    mutating func raw(_ string: String) {
        text += string
    }

    private mutating func open(_ name: String, _ attributes: KeyValuePairs<String, Value>) {
        text += "<" + name
        for (key, value) in attributes {
            text += " " + key + "=\""
            switch value {
            case .number(let number): text += Self.number(number)
            case .text(let string): text += XMLText.escaped(string)
            }
            text += "\""
        }
    }

    /// `<name attributes/>`
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, Value>) {
        open(name, attributes)
        text += "/>\n"
    }

    /// The most Unicode scalars of one text drawn (a title, an item, a caption): no frame shows
    /// more, and a plugin's titles have no limit of their own (30 of 1 MB made an SVG of 121 MB).
    static let maximumTextScalars = 200

    /// `<name attributes>text</name>`, the text cut to ``maximumTextScalars`` and `…`.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, Value>, text content: String) {
        open(name, attributes)
        text += ">" + XMLText.escaped(Self.cut(content), attribute: false) + "</" + name + ">\n"
    }

    /// `content`, or its first ``maximumTextScalars`` scalars and `…`.
    static func cut(_ content: String) -> String {
        // No more scalars than UTF-8 bytes: a short text needs no count.
        guard content.utf8.count > maximumTextScalars else { return content }
        let scalars = content.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: maximumTextScalars, limitedBy: scalars.endIndex),
            end < scalars.endIndex
        else { return content }
        return String(scalars[..<end]) + "…"
    }

    /// `<name attributes>`, the children `body` writes, `</name>`.
    mutating func group(_ name: String, _ attributes: KeyValuePairs<String, Value>, _ body: (inout SVGWriter) -> Void) {
        open(name, attributes)
        text += ">\n"
        body(&self)
        text += "</" + name + ">\n"
    }

    /// `x,y x,y ...` for a polyline.
    static func points(_ points: [(x: Double, y: Double)]) -> String {
        points.map { number($0.x) + "," + number($0.y) }.joined(separator: " ")
    }
}

extension SVGWriter.Value: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    init(stringLiteral value: String) { self = .text(value) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
}

/// Colours: a plugin's `#rgb` / `#rrggbb`, the defaults of buttons, and the events' (the
/// playground page's palette).
enum Palette {
    static let behind = "#f2f2f7"
    static let row = "#ffffff"
    static let line = "#e3e3e8"
    static let ink = "#1c1c1e"
    static let muted = "#6e6e73"
    static let faint = "#aeaeb2"
    static let accent = "#007aff"
    static let background = "#eef0f4"
    static let destructive = "#ff3b30"
    static let normalButton = "#8e8e93"

    /// The colour a button is drawn in: its own when it is a valid hex colour, else red for a
    /// destructive button and grey for another.
    static func color(of button: (color: String?, destructive: Bool)) -> String {
        if let color = button.color, SwipeButton.isHexColor(color) { return color.lowercased() }
        return button.destructive ? destructive : normalButton
    }

    /// Dark text on a light colour, white on the rest (as the page's `.light` buttons).
    static func textColor(on color: String) -> String {
        var digits = Array(color.unicodeScalars.dropFirst()).map { Int(String($0), radix: 16) ?? 0 }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 else { return "#ffffff" }
        let red = digits[0] * 16 + digits[1]
        let green = digits[2] * 16 + digits[3]
        let blue = digits[4] * 16 + digits[5]
        // Integer luma (ITU-R BT.601), 0 ... 255,000.
        let luma = 299 * red + 587 * green + 114 * blue
        return luma > 170_000 ? ink : "#ffffff"
    }

    /// An event's colour by its kind.
    static func event(_ kind: String) -> String {
        switch kind {
        case "open": "#248a3d"
        case "close": "#6e6e73"
        case "action": "#0a63c9"
        case "expand", "collapse": "#8944ab"
        case "delete": "#c9341f"
        case "plugin_error": "#d70015"
        case "plugin_warning": "#b25000"
        case "present": "#5e5ce6"
        default: "#0e7c86"
        }
    }
}
