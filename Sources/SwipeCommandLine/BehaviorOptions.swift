import ArgumentParser
import SwipeCore
import SwipePlugins

/// How the table lays out its edges and treats its open rows (`swipehost run`).
public struct BehaviorOptions: ParsableArguments {
    public init() {}

    @Option(
        help: ArgumentHelp(
            "Layout direction: 'ltr', or 'rtl' where the trailing edge is on the left and everything is mirrored (default: ltr, or what a plugin's setup chooses).",
            valueName: "ltr|rtl"))
    public var direction: LayoutDirection?

    @Option(
        help: ArgumentHelp(
            "Behaviour preset of every row (a row's own 'preset' and keys override it) and its table options: 'tutorial' (today's behaviour, the default), 'swipecellkit' or 'mail'.",
            valueName: "tutorial|swipecellkit|mail"))
    public var preset: BehaviorPreset = SessionConfiguration.defaults.preset

    @Flag(help: "Keep one row open: opening a row closes the open one, animated, with its close event.")
    public var exclusive = false

    @Flag(
        help:
            "Keep one row open, closing the open one as soon as a swipe on another row begins (UIKit's and SwipeCellKit's moment; --exclusive waits until it opens)."
    )
    public var exclusiveBegin = false

    @Flag(help: "A scroll closes the open rows.")
    public var closeOnScroll = false

    @Flag(help: "A tap on a row's content ('tap ROW content') closes the open rows.")
    public var closeOnTap = false

    @Option(
        help: ArgumentHelp(
            "How a deleted row leaves and an inserted one arrives: 'none' (at once, the tutorial's; the default), 'fade' or 'slide' (the row's height collapses to 0, or grows from it, over 300 ms, the rows below moving with it; fade fades its content, slide slides it towards its trailing side).",
            valueName: "none|fade|slide"))
    public var rowAnimation: RowAnimation = .none

    @Flag(
        help:
            "Also trace the pans' lifecycle: 'begin' (a pan starts revealing a side), 'will_open' and 'will_close' (at release, with the velocity)."
    )
    public var lifecycleEvents = false

    /// The options the flags turn on (a plugin's `table` may turn on others).
    public var tableBehavior: TableBehaviorOptions {
        TableBehaviorOptions(
            exclusive: exclusive, closeOnScroll: closeOnScroll, closeOnTap: closeOnTap,
            exclusiveOnBegin: exclusiveBegin,
            rowAnimation: rowAnimation)
    }
}

extension LayoutDirection: ExpressibleByArgument {}
extension BehaviorPreset: ExpressibleByArgument {}
extension RowAnimation: ExpressibleByArgument {}
