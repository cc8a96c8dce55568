import SwipeCore
import SwipePlugins
import SwipeScript

/// The table a render drives, one command at a time on its virtual clock. Render never runs a
/// `wait` or a `swipe` whole: it moves the clock itself, stopping where it samples and draws.
protocol RenderDriver: AnyObject {
    var table: SwipeTable { get }
    /// Runs one command that takes no time (not `wait` nor `swipe`).
    func apply(_ line: ScriptLine) throws(ScriptError)
    /// Moves the clock to `instant` (later than now), running what falls due.
    func advance(to instant: VirtualInstant)
    /// The earliest pending animation completion or timer; nil when nothing is pending.
    var nextWake: VirtualInstant? { get }
    /// The records made since the last call, in time order.
    func takeRecords() -> [TraceRecord]
}

/// A ``RenderDriver`` over a plugin host (``PluginRun/makeHost()``) and a ``ScriptRunner``.
final class HostDriver: RenderDriver {
    let host: PluginHost
    let runner: ScriptRunner
    private var taken = 0

    init(host: PluginHost, fileName: String) {
        self.host = host
        runner = ScriptRunner(table: host.table, fileName: fileName)
    }

    var table: SwipeTable { host.table }

    func apply(_ line: ScriptLine) throws(ScriptError) {
        try runner.run(line)
    }

    func advance(to instant: VirtualInstant) {
        host.table.advance(to: instant)
    }

    /// The table says only whether something is pending, not when: the next sample time then,
    /// so the clock stops every 2 ms while anything is pending.
    var nextWake: VirtualInstant? {
        guard table.hasPendingAnimations else { return nil }
        return SampleGrid.next(after: table.now)
    }

    func takeRecords() -> [TraceRecord] {
        let records = host.recorder.records
        defer { taken = records.count }
        return Array(records[taken...])
    }
}

/// The times the plot samples at: multiples of ``RenderOptions/sampleStep`` from the start.
enum SampleGrid {
    static func next(after instant: VirtualInstant) -> VirtualInstant {
        let step = RenderOptions.sampleStep.nanoseconds
        let (quotient, _) = instant.nanoseconds.quotientAndRemainder(dividingBy: step)
        return instant + TimeAmount(nanoseconds: (quotient + 1) * step - instant.nanoseconds)
    }
}
