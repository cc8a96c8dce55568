/// A glyph on a button: one of the built-in set (``builtIn``), drawn as outlines, or a plugin's
/// own SVG path, filled. docs/appearance.md ("Icons") shows the set; docs/limits.md the limits.
public struct ButtonIcon: Hashable, Sendable {
    /// The built-in glyph's name; nil for a plugin's own path.
    public var name: String?
    /// SVG path data (only the characters ``isPathData(_:)`` accepts).
    public var path: String
    /// The path's coordinate box: `minX minY width height`.
    public var viewBox: ViewBox
    /// Whether the path is stroked (the built-in outlines) rather than filled (a plugin's path).
    public var stroked: Bool

    public struct ViewBox: Hashable, Sendable {
        public var minX: Double
        public var minY: Double
        public var width: Double
        public var height: Double

        public init(minX: Double, minY: Double, width: Double, height: Double) {
            self.minX = minX
            self.minY = minY
            self.width = width
            self.height = height
        }

        /// The built-in glyphs' box.
        public static let standard = ViewBox(minX: 0, minY: 0, width: 24, height: 24)
    }

    public init(name: String? = nil, path: String, viewBox: ViewBox = .standard, stroked: Bool = false) {
        self.name = name
        self.path = path
        self.viewBox = viewBox
        self.stroked = stroked
    }

    /// The built-in glyph called `name`, if there is one.
    public static func named(_ name: String) -> ButtonIcon? {
        guard let path = builtIn.first(where: { $0.name == name })?.path else { return nil }
        return ButtonIcon(name: name, path: path, viewBox: .standard, stroked: true)
    }

    /// The built-in names, in the order docs/appearance.md lists them.
    public static var names: [String] { builtIn.map(\.name) }

    /// The built-in glyphs: outlines on a 24 x 24 grid, stroked 2 points wide with round caps
    /// and joins, drawn for this project (no icon font's outlines).
    public static let builtIn: [(name: String, path: String)] = [
        ("trash", "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"),
        ("archive", "M3 4h18v4H3zM5 8v12h14V8M10 12h4"),
        ("flag", "M5 21V4M5 4h13l-3 4 3 4H5"),
        ("pin", "M8 3h8M10 3v6l-4 5h12l-4-5V3M12 14v7"),
        ("unpin", "M8 3h8M10 3v6l-4 5h12l-4-5V3M12 14v7M3 3l18 18"),
        ("mail", "M3 6h18v12H3zM3 6l9 7 9-7"),
        ("mail_open", "M3 10v10h18V10M3 10l9-7 9 7M3 10l9 6 9-6"),
        (
            "more",
            "M5 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M11 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M17 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0"
        ),
        ("star", "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"),
        ("bell", "M6 17v-6a6 6 0 0 1 12 0v6l2 2H4zM10 21h4"),
        ("bell_slash", "M6 17v-6a6 6 0 0 1 12 0v6l2 2H4zM10 21h4M3 3l18 18"),
        ("share", "M12 3v12M8 7l4-4 4 4M5 12v8h14v-8"),
        ("edit", "M4 20h4L19 9l-4-4L4 16zM13 7l4 4"),
        ("reply", "M10 5l-6 6 6 6M4 11h10a6 6 0 0 1 6 6v2"),
        ("forward", "M14 5l6 6-6 6M20 11H10a6 6 0 0 0-6 6v2"),
        ("checkmark", "M4 12l5 5L20 6"),
    ]

    /// The longest `path` a plugin may give, in bytes.
    public static let maximumPathLength = 4096
    /// The largest absolute value of a `view_box` number.
    public static let maximumViewBoxValue = 100_000.0

    /// True for SVG path data made only of the commands `M L H V C S Q T A Z` (either case),
    /// digits, `.`, `+`, `-`, `e`, `E`, commas and spaces, starting with a move (`M` or `m`): no
    /// character that could end an SVG attribute or a page's markup.
    public static func isPathData(_ path: String) -> Bool {
        var first = true
        for byte in path.utf8 {
            if first, byte != UInt8(ascii: " ") {
                guard byte == UInt8(ascii: "M") || byte == UInt8(ascii: "m") else { return false }
                first = false
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "."),
                UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            default:
                guard "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte) else { return false }
            }
        }
        return !first
    }

    /// What is wrong with a plugin's `path`, or nil when it can be drawn.
    public static func pathProblem(_ path: String) -> String? {
        if path.utf8.count > maximumPathLength {
            return "must be at most \(maximumPathLength) bytes of SVG path data, got \(path.utf8.count)"
        }
        if !isPathData(path) {
            return
                "must be SVG path data starting with M or m, made of the commands MLHVCSQTAZ (either case), numbers, commas and spaces"
        }
        return nil
    }

    /// A `view_box` text, `minX minY width height` (spaces or commas between), read; or what is
    /// wrong with it.
    public static func viewBox(_ text: String) -> Result<ViewBox, FieldProblem> {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).prefix(5)
        let numbers = words.compactMap { Double($0) }
        let limit = NumberText.describe(maximumViewBoxValue)
        guard words.count == 4, numbers.count == 4, numbers.allSatisfy({ abs($0) <= maximumViewBoxValue }),
            numbers[2] > 0, numbers[3] > 0
        else {
            return .failure(
                FieldProblem(
                    field: "view_box",
                    message:
                        "must be four numbers 'minX minY width height' with width and height > 0, each within +-\(limit), got '\(DisplayText.escaped(String(text.prefix(60))))'"
                ))
        }
        return .success(ViewBox(minX: numbers[0], minY: numbers[1], width: numbers[2], height: numbers[3]))
    }
}

extension ButtonIcon {
    /// An icon's size above a title, in points (alone it is ``ButtonMetrics/iconSize``).
    public static let sizeAboveTitle = 20.0
    /// The height of an icon over a title: the 20-point icon, 4 points, the 12-px title's 12.
    public static let stackHeight = 36.0
}
