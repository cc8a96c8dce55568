import SwipeCore

/// Which virtual times the filmstrip shows a frame at.
public enum FrameSelection: Hashable, Sendable {
    /// After each step of the run that made delegate calls or plugin events (`--events`, the
    /// default): a command, or an animation completion or timer during a `wait` or `swipe`.
    case events
    /// At 0, `step`, 2 x `step`, ... up to the script's end (`--every MS`).
    case every(TimeAmount)
    /// At these times, sorted, each at most the script's end (`--at T1,T2,...`).
    case at([VirtualInstant])
}

/// How a render is drawn and its limits.
public struct RenderOptions: Hashable, Sendable {
    public var frames: FrameSelection
    /// Frames side by side in the filmstrip before it wraps (1 ... ``maximumColumns``).
    public var columns: Int

    /// The limits in force (tests lower them).
    var sampleLimit = RenderOptions.maximumSamples
    var frameLimit = RenderOptions.maximumFrames
    var drawnRowLimit = RenderOptions.maximumDrawnRows

    public init(frames: FrameSelection = .events, columns: Int = 4) {
        self.frames = frames
        self.columns = columns
    }

    /// The plot samples each moving row's presented offset this often (a 500 Hz display).
    public static let sampleStep = TimeAmount.milliseconds(2 as Int64)
    /// The most frames a filmstrip has.
    public static let maximumFrames = 200
    /// The most rows drawn over all frames (frames x rows on screen): the output stays a few
    /// megabytes at most, whatever the viewport.
    public static let maximumDrawnRows = 10_000
    /// The most row samples (one row on screen at one sample time; the rows on screen are
    /// sampled every 2 ms while one moves, and at every command, animation step and timer):
    /// with 12 rows on screen, about 166 s of virtual time in motion.
    public static let maximumSamples = 1_000_000
    /// The most frames side by side.
    public static let maximumColumns = 12
}

/// Why a render produced no picture. Prints as the message a person reads.
public enum RenderFailure: Error, CustomStringConvertible {
    /// The run failed (a script line, a plugin that did not load): `FILE:LINE: message`.
    case run(String)
    /// A limit of the render, or a frame time the script does not reach: `FILE: message`.
    case render(file: String, message: String)

    /// The exit status a front end uses: 2, as for a script error.
    public var exitStatus: Int32 { 2 }

    public var description: String {
        switch self {
        case .run(let message): message
        case .render(let file, let message): DisplayText.escaped("\(file): \(message)")
        }
    }
}
