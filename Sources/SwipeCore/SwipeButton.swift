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
    public var icon: ButtonIcon? {
        get { look?.icon }
        set { look = Look.make(newValue, textColor, highlightColor, accessibilityLabel) }
    }
    /// The colour of the title and the icon (`#rgb` or `#rrggbb`); nil: white, or dark ink on a
    /// light ``color``.
    public var textColor: String? {
        get { look?.textColor }
        set { look = Look.make(icon, newValue, highlightColor, accessibilityLabel) }
    }
    /// The button's colour while it is pressed (the page) and in `render`'s frame of a tap on
    /// it; nil: no pressed look.
    public var highlightColor: String? {
        get { look?.highlightColor }
        set { look = Look.make(icon, textColor, newValue, accessibilityLabel) }
    }
    /// What a screen reader says for the button; required when it has an icon and no title.
    public var accessibilityLabel: String? {
        get { look?.accessibilityLabel }
        set { look = Look.make(icon, textColor, highlightColor, newValue) }
    }

    /// The appearance keys beyond title and colour, behind one reference: a button travels inside
    /// every action event the table delivers, and a box keeps it (and so every event) as small and
    /// as cheap to copy as a button without them. Nil when none is set; immutable, so shared.
    private var look: Look?

    private final class Look: Hashable, Sendable {
        let icon: ButtonIcon?
        let textColor: String?
        let highlightColor: String?
        let accessibilityLabel: String?

        private init(_ icon: ButtonIcon?, _ textColor: String?, _ highlightColor: String?, _ label: String?) {
            self.icon = icon
            self.textColor = textColor
            self.highlightColor = highlightColor
            self.accessibilityLabel = label
        }

        /// The box for these keys, or nil when none is set (so equal buttons have equal boxes).
        static func make(
            _ icon: ButtonIcon?, _ textColor: String?, _ highlightColor: String?, _ label: String?
        ) -> Look? {
            if icon == nil, textColor == nil, highlightColor == nil, label == nil { return nil }
            return Look(icon, textColor, highlightColor, label)
        }

        static func == (lhs: Look, rhs: Look) -> Bool {
            lhs === rhs
                || (lhs.icon == rhs.icon && lhs.textColor == rhs.textColor && lhs.highlightColor == rhs.highlightColor
                    && lhs.accessibilityLabel == rhs.accessibilityLabel)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(icon)
            hasher.combine(textColor)
            hasher.combine(highlightColor)
            hasher.combine(accessibilityLabel)
        }
    }

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
        self.look = Look.make(icon, textColor, highlightColor, accessibilityLabel)
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
