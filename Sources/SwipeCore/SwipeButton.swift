/// One action button under a cell's content. Button 1 is the outermost: the rightmost of the
/// trailing edge in `ltr` (the tutorial's), the leftmost of the leading edge.
public struct SwipeButton: Hashable, Sendable {
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case normal
        case destructive
    }

    public var id: String
    public var title: String
    public var width: Double
    public var color: String?
    public var style: Style

    public init(id: String, title: String, width: Double, color: String? = nil, style: Style = .normal) {
        self.id = id
        self.title = title
        self.width = width
        self.color = color
        self.style = style
    }
}
