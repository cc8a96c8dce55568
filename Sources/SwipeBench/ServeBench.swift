import SwipeCore
import SwipePlayground
import SwipePlugins

extension Benchmarks {
    /// µs on the server from a pointer message received (its JSON text) to its frame encoded
    /// (JSON text): decoding, mapping to a `pan move`, running it through the session and
    /// `plugins/tutorial.lua`, and encoding the visible rows. One session, one long drag of row
    /// 3 back and forth: the median and the 99th percentile of the per-message times.
    func serveInput() throws -> (median: Figure, p99: Figure) {
        try serveInput(configuration: SessionConfiguration(plugins: [.file(tutorialPlugin)]), name: "serve.input_us")
    }

    /// The rows of ``serveInputAppearance()``: three buttons with icons (one alone, labelled)
    /// under a `border` transition, a full swipe past 300 points, and a leading `stretch` edge.
    static let appearancePlugin = """
        return { name = "appearance", configure = function(row) return {
          trailing = { transition = "border", buttons = {
            { id = "trash", title = "Trash", icon = "trash", width = "auto", style = "destructive" },
            { id = "flag", title = "Flag", icon = "flag", width = 70, text_color = "#1c1c1e", color = "#ffcc00" },
            { id = "more", icon = "more", accessibility_label = "More", width = 60, highlight_color = "#636366" } },
            full_swipe = { completion = "delete", threshold = 300 } },
          leading = { transition = "stretch", buttons = {
            { id = "read", title = "Read", icon = "mail_open", width = 80, color = "#007aff" } } },
        } end }
        """

    /// ``serveInput()``'s drag over 12 visible rows whose buttons have icons, the dragged row's
    /// under a `border` transition (every move moves its buttons: its `draw` is made and sent
    /// again each time). A time, so printed without a target: the gate's `serve.input` count
    /// holds this path.
    func serveInputAppearance() throws -> Figure {
        try serveInput(
            configuration: SessionConfiguration(
                plugins: [.source(name: "appearance.lua", code: Self.appearancePlugin)]),
            name: "serve.input_appearance_us"
        ).median
    }

    /// A pointer message of row 3 (y 110) of the serve drag.
    static func serveInputPointer(_ phase: String, x: Double, t: Double) -> String {
        #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":110,"t":\#(t),"id":1}"#
    }

    /// The serve drag's `count` moves after a press at x 300: between 40 and 160 px left of
    /// it and back (a period of 120 moves), a 60 Hz move each.
    static func serveInputMessages(count: Int) -> [String] {
        (0..<count).map { index in
            let x = 200 - 60 * Double(index % 120 < 60 ? index % 60 : 60 - index % 60)
            return serveInputPointer("move", x: x, t: 1 + Double(index) * 16)
        }
    }

    func serveInput(configuration: SessionConfiguration, name: String) throws -> (median: Figure, p99: Figure) {
        let moves = quick ? 500 : 10_000
        let session: PlaygroundSession
        do {
            session = try PlaygroundSession(id: "bench", configuration: configuration)
        } catch {
            throw BenchError(message: "\(name): \(error)")
        }
        _ = session.greeting()
        // Built before the clock starts: the figure is the server's work, not making messages.
        let warmUp = 200
        let messages = Self.serveInputMessages(count: warmUp + moves)
        _ = session.receive(Self.serveInputPointer("down", x: 300, t: 0))
        var samples: [Double] = []
        samples.reserveCapacity(moves)
        var bytes = 0
        for (index, message) in messages.enumerated() {
            var replies: [String] = []
            let elapsed = Clock.measure { replies = session.receive(message) }
            if index >= warmUp { samples.append(elapsed / 1_000) }
            bytes += replies.last?.utf8.count ?? 0
        }
        guard bytes > 0, session.session.table.cell(forRow: 3)?.isTracking == true else {
            throw BenchError(message: "\(name): the moves did not pan row 3")
        }
        samples.sort()
        let p99 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.99).rounded(.up)) - 1)]
        return (
            Figure(name: name, value: median(samples), unit: "us", n: moves, target: nil),
            Figure(
                name: String(name.dropLast(3)) + "_p99_us", value: p99, unit: "us", n: moves, target: nil)
        )
    }
}

extension Benchmarks {
    /// The playground's frame sizes, in bytes of JSON text, over one session of
    /// `plugins/mail.lua` under `--preset mail` (12 rows on screen): its first frame, a flick
    /// that opens row 3, a slow drag of row 5 let go for the spring to settle it open, and a
    /// full swipe that deletes row 8, each followed by the frames the server's timer sends
    /// (``PlaygroundSession/wake(at:)`` at each ``PlaygroundSession/nextWake``). The median and
    /// the largest of all the frames. The sizes do not depend on the machine: one pass.
    func serveFrameBytes() throws -> (median: Figure, max: Figure) {
        let configuration = SessionConfiguration(plugins: [.file(root + "/plugins/mail.lua")], preset: .mail)
        let session: PlaygroundSession
        do {
            session = try PlaygroundSession(id: "bench", configuration: configuration)
        } catch {
            throw BenchError(message: "serve.frame_bytes: \(error)")
        }
        var sizes: [Double] = []
        var texts: [String] = []
        func take(_ replies: [String]) {
            for reply in replies where ServerMessage.isFrame(reply) {
                sizes.append(Double(reply.utf8.count))
                texts.append(reply)
            }
        }
        func pointer(_ phase: String, x: Double, row: Int, t: Double) -> String {
            #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":\#(Double(row - 1) * 44 + 22),"t":\#(t),"id":1}"#
        }
        /// A drag of `row` from `x0` by `dx` in `moves` moves `spacing` ms apart from `t`, then the
        /// wakes until `settle` ms after the release.
        func drag(row: Int, from x0: Double, by dx: Double, moves: Int, spacing: Double, at t: Double, settle: Double) {
            take(session.receive(pointer("down", x: x0, row: row, t: t)))
            for step in 1...moves {
                take(
                    session.receive(
                        pointer(
                            "move", x: x0 + dx * Double(step) / Double(moves), row: row, t: t + Double(step) * spacing))
                )
            }
            let release = t + Double(moves) * spacing + 1
            take(session.receive(pointer("up", x: x0 + dx, row: row, t: release)))
            while let wake = session.nextWake, wake.milliseconds <= release + settle { take(session.wake(at: wake)) }
        }
        take(session.greeting())
        drag(row: 3, from: 300, by: -60, moves: 3, spacing: 8, at: 100, settle: 1_500)
        drag(row: 5, from: 300, by: -110, moves: 12, spacing: 16, at: 2_000, settle: 1_500)
        drag(row: 8, from: 310, by: -300, moves: 10, spacing: 16, at: 4_000, settle: 1_500)
        let all = texts.joined()
        func count(_ event: String) -> Int {
            all.split(separator: "\"event\":\"\(event)\"", omittingEmptySubsequences: false).count - 1
        }
        // (Row 3 closes again when row 5 opens: the preset keeps one row open.)
        guard count("open") == 2, count("delete") == 1, sizes.count > 20 else {
            throw BenchError(
                message:
                    "serve.frame_bytes: the flick, the settle and the full swipe did not open rows 3 and 5 and delete row 8 "
                    + "(\(count("open")) open, \(count("delete")) delete, \(sizes.count) frames)")
        }
        sizes.sort()
        return (
            Figure(
                name: "serve.frame_bytes_p50", value: median(sizes), unit: "bytes", n: sizes.count,
                target: (.atMost, 2_048)),
            Figure(
                name: "serve.frame_bytes_max", value: sizes.last ?? 0, unit: "bytes", n: sizes.count,
                target: (.atMost, 32_768))
        )
    }
}
