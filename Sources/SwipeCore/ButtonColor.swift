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

extension SwipeButton {
    /// The colour of a button without a valid ``color`` of its own: red for a destructive one,
    /// grey for another (the page's defaults too).
    public static let defaultColors: (normal: String, destructive: String) = ("#8e8e93", "#ff3b30")

    /// The colour the button is drawn in, lowercase: its own when valid, else its style's default.
    public var fillColor: String {
        if let color = validColor { return color.lowercased() }
        return style == .destructive ? Self.defaultColors.destructive : Self.defaultColors.normal
    }

    /// ``textColor`` when it is a valid hex colour, lowercase; else nil (the drawer's default).
    public var validTextColor: String? {
        guard let textColor, Self.isHexColor(textColor) else { return nil }
        return textColor.lowercased()
    }

    /// ``highlightColor`` when it is a valid hex colour, lowercase: the pressed look (drawn only
    /// for buttons that set it, so pictures of buttons without it stay as they were).
    public var validHighlightColor: String? {
        guard let highlightColor, Self.isHexColor(highlightColor) else { return nil }
        return highlightColor.lowercased()
    }
}
