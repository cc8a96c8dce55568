extension SwipeButton {
    /// True for the colours a button may be drawn in: `#rgb` or `#rrggbb`, ASCII hex digits
    /// (either case). The one check every drawer uses (`render`'s SVG, the playground's frames
    /// and, by the same rule, its page): anything else a plugin gives (`"red"`,
    /// `"url(http://host/?x=secret) red"`) is drawn in the default colour of the button's style,
    /// since it would otherwise reach an SVG attribute or a page's `style.background` as it is.
    public static func isHexColor(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(8))
        guard scalars.first == "#", scalars.count == 4 || scalars.count == 7 else { return false }
        return scalars.dropFirst().allSatisfy { $0.properties.isASCIIHexDigit }
    }

    /// ``color`` when it is a valid hex colour (``isHexColor(_:)``), else nil: the button's
    /// style then chooses.
    public var validColor: String? {
        guard let color, Self.isHexColor(color) else { return nil }
        return color
    }
}
