/// One action button under a cell's content. Button 1 is the outermost: the rightmost of the
/// trailing edge in `ltr` (the tutorial's), the leftmost of the leading edge.
public struct SwipeButton: Hashable, Sendable {
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case normal
        case destructive
    }

    public var id: String
    /// The title drawn on the button; empty for a button that shows its ``icon`` alone.
    public var title: String
    public var width: Double
    public var color: String?
    public var style: Style
    /// A glyph drawn alone or above the title (docs/appearance.md, "Icons").
    public var icon: ButtonIcon?
    /// The colour of the title and the icon (`#rgb` or `#rrggbb`); nil: white, or dark ink on a
    /// light ``color``.
    public var textColor: String?
    /// The button's colour while it is pressed (the page) and in `render`'s frame of a tap on
    /// it; nil: no pressed look.
    public var highlightColor: String?
    /// What a screen reader says for the button; required when it has an icon and no title.
    public var accessibilityLabel: String?

    public init(
        id: String, title: String, width: Double, color: String? = nil, style: Style = .normal,
        icon: ButtonIcon? = nil, textColor: String? = nil, highlightColor: String? = nil,
        accessibilityLabel: String? = nil
    ) {
        self.id = id
        self.title = title
        self.width = width
        self.color = color
        self.style = style
        self.icon = icon
        self.textColor = textColor
        self.highlightColor = highlightColor
        self.accessibilityLabel = accessibilityLabel
    }

    /// The button as text names it (the text table, messages): its title, else its icon's name,
    /// else its accessibility label, else its id.
    public var displayTitle: String {
        if !title.isEmpty { return title }
        if let name = icon?.name { return name }
        if let label = accessibilityLabel, !label.isEmpty { return label }
        return id
    }
}
