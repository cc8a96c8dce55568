/// A behaviour preset: one word for a documented set of row options (README, "Presets").
/// A row's own keys override its preset; the table options a preset names are the run's
/// (``tableOptions``), set by `--preset`.
public enum BehaviorPreset: String, Hashable, Sendable, CaseIterable {
    /// Today's behaviour, exactly: the tutorial's cell (the default).
    case tutorial
    /// SwipeCellKit's `SwipeController` as read from its source: release by the velocity's
    /// direction, elasticity 0.4 past the buttons, its release spring, no bounce.
    case swipecellkit
    /// A modern mail client's list: SwipeCellKit's physics; its rows' full swipes are the
    /// plugin's (leading toggles read, trailing deletes: plugins/mail.lua).
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
