import SwipeCore
import SwipeScript

/// Runs a script on a ``RenderDriver`` and records what the filmstrip draws: it moves the clock
/// itself through `wait` and `swipe` lines, stopping at every animation completion and timer
/// (events happen there), at every frame time, and every 2 ms while a row moves (the plot).
final class FilmstripRecorder {
    let driver: RenderDriver
    let fileName: String
    let selection: FrameSelection
    let options: RenderOptions

    private(set) var frames: [Filmstrip.Frame] = []
    private(set) var events: [Filmstrip.Event] = []
    /// Events since the last frame (timed frames name them in their caption).
    private var uncaptioned: [Filmstrip.Event] = []
    /// Every row sampled so far, by track (a row across renumbering), and the track of each
    /// row number now.
    private var tracks: [SeriesBuilder] = []
    private var trackOfRow: [Int: Int] = [:]
    private var samples = 0
    private var drawnRows = 0
    private(set) var lastActivity = VirtualInstant.start
    /// The next `--at` time (an index into it), or the next multiple of the `--every` step.
    private var atIndex = 0
    private var everyCount: Int64 = 0

    init(driver: RenderDriver, fileName: String, options: RenderOptions) {
        self.driver = driver
        self.fileName = fileName
        self.options = options
        selection = options.frames
    }

    var table: SwipeTable { driver.table }

    // MARK: Running

    /// Runs `script` (UTF-8) line by line; the first failure stops it.
    func run(script: UnsafeBufferPointer<UInt8>) throws(RenderFailure) {
        var failure: RenderFailure?
        do {
            // What the plugins logged while loading, as the first frame's events.
            try step()
            try ScriptParser(fileName: fileName).forEachCommand(in: script) { (line) throws(ScriptError) in
                do {
                    try self.run(line)
                } catch let error as ScriptError {
                    throw error
                } catch {
                    failure = error as? RenderFailure ?? .run("\(error)")
                    throw ScriptError(file: self.fileName, line: line.number, message: "")
                }
            }
        } catch let error as RenderFailure {
            throw error
        } catch {
            throw failure ?? .run("\(error)")
        }
        try captureTimedFrames()
        if case .at(let times) = selection, atIndex < times.count {
            throw .render(
                file: fileName,
                message:
                    "--at \(TimeText.milliseconds(times[atIndex])): the script ends at \(TimeText.milliseconds(table.now)) ms (a 'wait' line at its end renders later times)"
            )
        }
    }

    /// One line: `wait` and `swipe` move the clock here, with stops; the rest take no time.
    private func run(_ line: ScriptLine) throws(any Error) {
        if line.command.row == 0, let id = line.rowID {
            // `#ID`: the row it names now, so that a `swipe` still stops for its frames.
            let row: Int
            do {
                row = try table.row(withID: id)
            } catch {
                throw ScriptError(file: fileName, line: line.number, cause: .table(error))
            }
            return try run(ScriptLine(number: line.number, command: line.command.withRow(row)))
        }
        switch line.command {
        case .wait(let amount):
            do {
                try table.checkCanAdvance(by: amount)
            } catch {
                throw ScriptError(file: fileName, line: line.number, cause: .table(error))
            }
            try advance(to: table.now + amount)
        case .swipe(let row, let dx, let duration):
            try swipe(line, row: row, dx: dx, duration: duration)
        default:
            try apply(line)
        }
    }

    private func apply(_ line: ScriptLine) throws(any Error) {
        try driver.apply(line)
        try step()
    }

    /// `swipe` as ``ScriptRunner`` runs it (begin, a move every 16 ms along a straight line to
    /// `dx`, the last exactly at `duration`, end), with the clock moved here between the moves.
    private func swipe(_ line: ScriptLine, row: Int, dx: Double, duration: TimeAmount) throws(any Error) {
        guard duration >= .zero, duration <= ScriptRunner.maximumSwipeDuration else {
            throw ScriptError(file: fileName, line: line.number, cause: .swipeDuration(duration))
        }
        do {
            try table.checkCanAdvance(by: duration)
        } catch {
            throw ScriptError(file: fileName, line: line.number, cause: .table(error))
        }
        try apply(ScriptLine(number: line.number, command: .panBegin(row: row, x: 0)))
        let start = table.now
        var elapsed = TimeAmount.zero
        repeat {
            elapsed = min(elapsed + ScriptRunner.swipeFrame, duration)
            try advance(to: start + elapsed)
            let fraction = duration.nanoseconds == 0 ? 1 : Double(elapsed.nanoseconds) / Double(duration.nanoseconds)
            try apply(ScriptLine(number: line.number, command: .panMove(row: row, x: dx * fraction)))
        } while elapsed < duration
        try apply(ScriptLine(number: line.number, command: .panEnd(row: row)))
    }

    /// Moves the clock to `target`, stopping at each wake, frame time and (while a row moves)
    /// sample time on the way.
    private func advance(to target: VirtualInstant) throws(RenderFailure) {
        guard target > table.now else { return }
        try captureTimedFrames()
        while table.now < target {
            let now = table.now
            var stop = target
            // A wake due now (a `ctx:after(0)` timer set by the command before) stops the clock
            // here: its events are drawn at their time, where `run` prints them.
            if let wake = driver.nextWake, wake >= now, wake < stop { stop = wake }
            if let frame = nextFrameTime, frame > now, frame < stop { stop = frame }
            try sampleBetween(now, stop)
            driver.advance(to: stop)
            try step()
            if stop < target { try captureTimedFrames() }
        }
    }

    /// After the table changed: the events it made (rows renumbered by deletes and inserts),
    /// a sample, the events' frame.
    private func step() throws(RenderFailure) {
        let records = driver.takeRecords()
        var new: [Filmstrip.Event] = []
        new.reserveCapacity(records.count)
        for record in records {
            var event = Self.event(record)
            event.track = event.row.flatMap { trackOfRow[$0] }
            renumber(after: event)
            new.append(event)
        }
        if !records.isEmpty { followItems() }
        try samplePass(at: table.now)
        guard !new.isEmpty else { return }
        events += new
        lastActivity = max(lastActivity, table.now)
        if selection == .events {
            try capture(events: new)
        } else {
            uncaptioned += new
        }
    }

    /// Within a step, the row numbers each event names: a deleted row's plot ends, the rows below
    /// a delete or an insert move by one (``followItems()`` then puts each plot at its item's row).
    private func renumber(after event: Filmstrip.Event) {
        guard let row = event.row, event.kind == "delete" || event.kind == "insert" else { return }
        let delta = event.kind == "delete" ? -1 : 1
        var moved: [Int: Int] = [:]
        for (number, track) in trackOfRow {
            if number == row && delta < 0 { continue }
            moved[number < row ? number : number + delta] = track
        }
        trackOfRow = moved
    }

    /// After a step's events: each plot is at its item's row, found by the item's id (a delete,
    /// an insert, a `ctx:set_items` move), its new number noted from now; an item that left the
    /// table ends its plot.
    private func followItems() {
        var moved: [Int: Int] = [:]
        for track in trackOfRow.values.sorted() {
            guard let id = tracks[track].id, let row = table.row(of: id) else { continue }
            moved[row] = track
            if row != tracks[track].row {
                tracks[track].row = row
                tracks[track].renumbered.append(Filmstrip.RowNumber(row: row, from: table.now))
            }
        }
        trackOfRow = moved
    }

    // MARK: Sampling

    /// Samples on the grid strictly between `start` and `end`, from the animations running at
    /// `start` (nothing changes the table in between); none when no row moves.
    private func sampleBetween(_ start: VirtualInstant, _ end: VirtualInstant) throws(RenderFailure) {
        var time = SampleGrid.next(after: start)
        guard time < end, isMoving(at: start) else { return }
        while time < end {
            try samplePass(at: time)
            time = SampleGrid.next(after: time)
        }
    }

    /// Whether a row on screen has an animation segment running past `start`.
    private func isMoving(at start: VirtualInstant) -> Bool {
        table.visibleRows.contains { row in
            guard let end = table.cell(forRow: row)?.animationEnd else { return false }
            return end > start
        }
    }

    private var pass = 0

    private func samplePass(at time: VirtualInstant) throws(RenderFailure) {
        let rows = table.visibleRows
        samples += rows.count
        guard samples <= options.sampleLimit else {
            throw .render(
                file: fileName,
                message:
                    "the plot needs more than \(options.sampleLimit) row samples (each row on screen, every 2 ms while a row moves and at every command and animation step): render a shorter script"
            )
        }
        pass += 1
        for row in rows {
            guard let cell = table.cell(forRow: row) else { continue }
            let offset = cell.presentedOffset(at: time)
            let track: Int
            if let known = trackOfRow[row] {
                track = known
            } else {
                track = tracks.count
                trackOfRow[row] = track
                tracks.append(SeriesBuilder(row: row, id: try? table.id(ofRow: row)))
            }
            if tracks[track].append(Filmstrip.Sample(time: time, offset: offset), pass: pass) {
                lastActivity = max(lastActivity, time)
            }
            if offset != 0, tracks[track].thresholds == nil {
                tracks[track].thresholds = Self.thresholds(of: cell.configuration, direction: table.direction)
                tracks[track].item = table.items[row]
                tracks[track].touchedRow = row
                tracks[track].touchedAt = time
            }
        }
    }

    // MARK: Frames

    private var nextFrameTime: VirtualInstant? {
        switch selection {
        case .events: return nil
        case .at(let times): return atIndex < times.count ? times[atIndex] : nil
        case .every(let step): return VirtualInstant.start + step * everyCount
        }
    }

    /// The frames due now (before the clock moves on, or at the script's end).
    private func captureTimedFrames() throws(RenderFailure) {
        while let time = nextFrameTime, time <= table.now {
            if time == table.now { try capture(events: uncaptioned) }
            uncaptioned = []
            switch selection {
            case .events: return
            case .at: atIndex += 1
            case .every(let step):
                everyCount += 1
                // A step too small to move the clock (below a nanosecond) would never end.
                if step.nanoseconds <= 0 { return }
            }
        }
    }

    private func capture(events: [Filmstrip.Event]) throws(RenderFailure) {
        let snapshot = TableSnapshot(table)
        guard frames.count < options.frameLimit else {
            throw .render(
                file: fileName,
                message:
                    "more than \(options.frameLimit) frames (\(Self.describe(selection))): choose fewer with --every or --at"
            )
        }
        drawnRows += snapshot.rows.count
        guard drawnRows <= options.drawnRowLimit else {
            throw .render(
                file: fileName,
                message:
                    "the frames would draw more than \(options.drawnRowLimit) rows (frames x rows on screen): choose fewer frames or a smaller --viewport"
            )
        }
        frames.append(Filmstrip.Frame(number: frames.count + 1, time: table.now, events: events, table: snapshot))
        lastActivity = max(lastActivity, table.now)
    }

    // MARK: Results

    /// The touched rows' plots (rows whose offset was not 0 at some sample), by their number
    /// when they first moved.
    var traces: [Filmstrip.Trace] {
        let touched = tracks.indices.filter { tracks[$0].thresholds != nil }
        return touched.sorted { (tracks[$0].touchedRow, $0) < (tracks[$1].touchedRow, $1) }.map { track in
            let builder = tracks[track]
            // Numbers before it first moved are left out.
            let renumbered = builder.renumbered.filter { $0.from > builder.touchedAt }
            return Filmstrip.Trace(
                track: track, row: builder.touchedRow, item: builder.item, renumbered: renumbered,
                segments: builder.segments, thresholds: builder.thresholds ?? [])
        }
    }

    static func describe(_ selection: FrameSelection) -> String {
        switch selection {
        case .events: "after each event"
        case .every(let step): "every \(TimeText.milliseconds(step)) ms"
        case .at(let times): "at " + times.map { TimeText.milliseconds($0) + " ms" }.joined(separator: ", ")
        }
    }

    /// Each edge with buttons: where it rests open, where a release opens it, and its full
    /// swipe's threshold, signed like the offsets.
    static func thresholds(of configuration: CellConfiguration, direction: LayoutDirection) -> [Filmstrip.Threshold] {
        var lines: [Filmstrip.Threshold] = []
        for edge in [Edge.trailing, .leading] where configuration.hasButtons(on: edge) {
            let sign = direction.sign(of: edge)
            let actions = configuration[edge]
            lines.append(.init(edge: edge, kind: .open, offset: sign * actions.totalWidth))
            lines.append(.init(edge: edge, kind: .opens, offset: sign * actions.effectiveOpenThreshold))
            if let full = actions.fullSwipe {
                lines.append(.init(edge: edge, kind: .fullSwipe, offset: sign * full.threshold))
            }
        }
        return lines
    }

    /// A record as the filmstrip shows it.
    static func event(_ record: TraceRecord) -> Filmstrip.Event {
        var text = TextFormat.line(for: record)
        // The text format's line is "TIME ms  TEXT": the caption shows the time itself.
        text = String(text.prefix { $0 != "\n" })
        let characters = Array(text)
        let marker = Array(" ms  ")
        if let start = (0...max(characters.count - marker.count, 0)).first(where: {
            characters[$0...].starts(with: marker)
        }) {
            text = String(characters[(start + marker.count)...])
        }
        // The row is the event's `row` field (open, close, action, expand, delete, a plugin
        // error in a row's handler, ...).
        var row: Int?
        for field in record.event.fields where field.key == "row" {
            if case .int(let value) = field.value { row = value }
        }
        let kind = record.event.name
        var label = DisplayText.escaped(kind)
        var tapped: String?
        if case .action(_, let id, _, let title) = record.event {
            // A screen reader's custom action (`activate`) reveals nothing: no button is pressed.
            let how = record.full ? "full swipe " : record.accessibility ? "activate " : "tap "
            label = how + DisplayText.escaped(title)
            if !record.full && !record.accessibility { tapped = id }
        }
        return Filmstrip.Event(
            time: record.time, row: row, track: nil, label: label, text: text, kind: kind, tappedButton: tapped)
    }
}
