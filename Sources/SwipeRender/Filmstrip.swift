import SwipeCore
import SwipeScript

/// What a render recorded of a run: the frames, each touched row's presented offset over
/// time, and the events. Drawn by ``FilmstripSVG``; a plain value, so tests can read it.
public struct Filmstrip: Hashable, Sendable {
    /// The table at one virtual time.
    public struct Frame: Hashable, Sendable {
        /// 1-based, in time order.
        public var number: Int
        public var time: VirtualInstant
        /// The events the caption names: those of the step the frame follows (`--events`), or
        /// those since the previous frame.
        public var events: [Event]
        /// The visible rows, drawn at their presented offsets.
        public var table: TableSnapshot
    }

    /// A delegate call or plugin event, with the line `--format text` prints for it.
    public struct Event: Hashable, Sendable {
        public var time: VirtualInstant
        /// The row it is about, if any (its number at the time).
        public var row: Int?
        /// The ``Trace/track`` of that row.
        public var track: Int?
        /// A few words for the plot (`open`, `tap Trash`, `delete`).
        public var label: String
        /// The text format's line without its time.
        public var text: String
        /// Its kind, for its colour: `open`, `close`, `action`, or a custom event's name.
        public var kind: String
        /// The id of the button a tap (not a full swipe) acted on: the frame draws it pressed
        /// when it has a `highlight_color`.
        public var tappedButton: String? = nil
    }

    /// A point of a row's plot: the presented offset (positive = content moved right) at a time.
    public struct Sample: Hashable, Sendable {
        public var time: VirtualInstant
        public var offset: Double
    }

    /// A row's number from a time on.
    public struct RowNumber: Hashable, Sendable {
        public var row: Int
        public var from: VirtualInstant
    }

    /// A dashed line across a row's plot.
    public struct Threshold: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            /// Where the edge rests open: all its buttons revealed.
            case open
            /// Where a release of a pan that began closed opens the edge.
            case opens
            /// Where the edge's full swipe expands.
            case fullSwipe = "full swipe"
        }
        public var edge: Edge
        public var kind: Kind
        /// Signed, like the offsets.
        public var offset: Double
    }

    /// One touched row's plot. A row keeps its plot when rows above it are deleted or inserted
    /// (its number changes; ``rows`` says when).
    public struct Trace: Hashable, Sendable {
        /// Which row this is, across renumbering: events name it (``Event/track``).
        public var track: Int
        /// Its number when it first moved.
        public var row: Int
        /// Its item then.
        public var item: String
        /// Its later numbers and from when (after deletes and inserts above it).
        public var renumbered: [RowNumber]
        /// Runs of samples while the row was on screen (a new run after it was off screen).
        public var segments: [[Sample]]
        public var thresholds: [Threshold]
    }

    public var script: String
    /// What the heading says of the run (plugins, preset, direction).
    public var subtitle: String
    public var geometry: TableGeometry
    public var direction: LayoutDirection
    public var frames: [Frame]
    public var traces: [Trace]
    public var events: [Event]
    /// The script's end on the virtual clock.
    public var end: VirtualInstant
    /// The last time a row moved, an event happened or a frame was taken.
    public var lastActivity: VirtualInstant
    /// How the frames were chosen, in words (`after each event`, `every 100 ms`).
    public var selection: String
}
