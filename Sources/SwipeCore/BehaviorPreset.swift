/// A behaviour preset: one word for a documented set of row options (README, "Presets").
/// A row's own keys override its preset; the table options a preset names are the run's
/// (``tableOptions``), set by `--preset`.
public enum BehaviorPreset: String, Hashable, Sendable, CaseIterable {
    /// Today's behaviour, exactly: the tutorial's cell (the default).
    case tutorial
    /// SwipeCellKit's `SwipeController` as read from its source: its pan rules
    /// (``SwipeBehavior/swipeCellKit``), release by the velocity's direction, elasticity 0.4 past
    /// the buttons, its release spring, no bounce.
    case swipecellkit
    /// A modern mail client's list: SwipeCellKit's physics and table options, and full swipes
    /// (``addFullSwipes(to:cellWidth:)``): trailing deletes, leading toggles read and closes.
    case mail

    /// The row options of the preset, applied to `configuration` before the row's own keys.
    public func apply(to configuration: inout CellConfiguration) {
        switch self {
        case .tutorial:
            break
        case .swipecellkit, .mail:
            configuration.release = .velocity
            // SwipeCellKit decides by the direction alone, at any speed; a release slower than
            // 1 point/s (a finger that stopped) falls back to the position thresholds here.
            configuration.flickVelocity = 1
            configuration.elasticity = 0.4
            configuration.spring = Spring()
            configuration.bounce = 0
            // SwipeCellKit's pan: the side fixed when the pan begins, no pan towards an edge
            // without buttons, 0.2 a point past rest the other way (docs/physics.md). `mail`
            // takes them too: it is SwipeCellKit's physics under a mail client's full swipes.
            configuration.behavior = .swipeCellKit
        }
    }

    /// The full swipes the preset gives edges that have buttons and no `full_swipe` of their
    /// own: `mail`'s trailing full swipe performs button 1 (Mail's delete) and deletes the row,
    /// its leading one performs button 1 (read/unread) and closes the row. Edges whose buttons
    /// leave no room for the default threshold get none.
    public func addFullSwipes(to configuration: inout CellConfiguration, cellWidth: Double) {
        guard self == .mail else { return }
        for edge in Edge.allCases where configuration.hasButtons(on: edge) && configuration[edge].fullSwipe == nil {
            let threshold = FullSwipe.defaultThreshold(total: configuration.totalWidth(of: edge), width: cellWidth)
            guard threshold <= cellWidth else { continue }
            configuration[edge].fullSwipe = FullSwipe(
                button: 0, threshold: threshold, completion: edge == .trailing ? .delete : .reset, width: cellWidth)
        }
    }

    /// `configuration` under the preset.
    public func configuring(_ configuration: CellConfiguration) -> CellConfiguration {
        var configured = configuration
        apply(to: &configured)
        return configured
    }

    /// The table options the preset names (one row open at a time, close on scroll and tap),
    /// for a run with `--preset`.
    public var tableOptions: TableBehaviorOptions {
        switch self {
        case .tutorial: TableBehaviorOptions()
        case .swipecellkit, .mail: TableBehaviorOptions(exclusive: true, closeOnScroll: true, closeOnTap: true)
        }
    }
}
