/// Auto widths (`width = "auto"`): a title's width from the advance widths of DejaVu Sans Bold
/// (Debian's `fonts-dejavu-core` 2.37, `DejaVuSans-Bold.ttf`), the face the titles are drawn in
/// (14 px, weight 600), plus the icon and the padding. docs/appearance.md ("Auto widths") has
/// the rule; `scripts/dejavu_metrics.py` reads the table below from the font file.
public enum ButtonMetrics {
    /// The size titles are measured (and drawn) at, in points.
    public static let fontSize = 14.0
    /// The font's units per em (its `head` table).
    public static let unitsPerEm = 2048.0
    /// Space on each side of the title or icon, in points.
    public static let padding = 15.0
    /// An icon's drawn size, in points (square).
    public static let iconSize = 24.0
    /// The advance of any character outside the table: a whole em (as wide as an ideograph), so
    /// a title in another script is rather too wide than cut.
    public static let otherAdvance: UInt16 = 2048

    /// Advance widths in font units of U+0020 ... U+007E.
    static let ascii: [UInt16] = [
        713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748,
        1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188,
        2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741,
        1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024,
        1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407,
        1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716,
    ]
    /// Advance widths in font units of U+00A0 ... U+00FF.
    static let latin1: [UInt16] = [
        713, 934, 1425, 1425, 1303, 1425, 748, 1024, 1024, 2048, 1155, 1323, 1716, 850, 2048, 1024,
        1024, 1716, 897, 897, 1024, 1507, 1303, 778, 1024, 897, 1155, 1323, 2120, 2120, 2120, 1188,
        1585, 1585, 1585, 1585, 1585, 1585, 2222, 1503, 1399, 1399, 1399, 1399, 762, 762, 762, 762,
        1716, 1714, 1741, 1741, 1741, 1741, 1741, 1716, 1741, 1663, 1663, 1663, 1663, 1483, 1511, 1473,
        1382, 1382, 1382, 1382, 1382, 1382, 2146, 1214, 1389, 1389, 1389, 1389, 702, 702, 702, 702,
        1407, 1458, 1407, 1407, 1407, 1407, 1407, 1716, 1407, 1458, 1458, 1458, 1458, 1335, 1466, 1335,
    ]

    /// The advance of one character, in font units (a control character, as a title shows it
    /// escaped, counts as the other characters do).
    public static func advance(_ scalar: Unicode.Scalar) -> UInt16 {
        switch scalar.value {
        case 0x20...0x7E: ascii[Int(scalar.value - 0x20)]
        case 0xA0...0xFF: latin1[Int(scalar.value - 0xA0)]
        default: otherAdvance
        }
    }

    /// `text`'s width at ``fontSize``, in points (no kerning, as the table has none).
    public static func textWidth(_ text: String) -> Double {
        var units = 0
        for scalar in text.unicodeScalars { units += Int(advance(scalar)) }
        return Double(units) * fontSize / unitsPerEm
    }

    /// A button's auto width: the wider of its title and its icon, rounded up to a whole point,
    /// plus ``padding`` on each side; then at least `minimum` and at most `maximum`.
    public static func autoWidth(title: String, hasIcon: Bool, minimum: Double? = nil, maximum: Double? = nil)
        -> Double
    {
        let content = max(textWidth(title), hasIcon ? iconSize : 0)
        return clamped(content.rounded(.up) + 2 * padding, minimum: minimum, maximum: maximum)
    }

    /// `width` at least `minimum` and at most `maximum` (each when given).
    public static func clamped(_ width: Double, minimum: Double?, maximum: Double?) -> Double {
        var width = width
        if let minimum { width = max(width, minimum) }
        if let maximum { width = min(width, maximum) }
        return width
    }
}
