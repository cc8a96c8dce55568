import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipePlayground

/// Protocol 2's frames: simplified paths within 0.25 points of the core,
/// rows sent by what changed, and the page that applies them drawing what a whole frame shows.
struct FrameEncodingTests {
    /// A small deterministic generator (the properties run the same cases every time).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func double(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
        }
    }

    /// The sessions the properties drive: the presets over mail's rows, and plugins with
    /// generated springs and curves.
    static func configurations(_ random: inout Generator) -> [(String, SessionConfiguration)] {
        var list: [(String, SessionConfiguration)] = BehaviorPreset.allCases.map {
            ("mail --preset \($0.rawValue)", SessionConfiguration(plugins: [.file(mailPlugin)], preset: $0))
        }
        for index in 0..<6 {
            let mass = random.double(0.2...2)
            let stiffness = random.double(20...900)
            let damping = random.double(index == 0 ? 3...6 : 6...60)
            let code = """
                return { name = "spring\(index)", configure = function(row) return {
                  curve = "spring", mass = \(mass), stiffness = \(stiffness), damping = \(damping),
                  overscroll = \(index % 2 == 0 ? "0.4" : "\"clamp\""),
                  buttons = { { id = "a", title = "A", width = 70 }, { id = "b", title = "B", width = 90 } },
                  leading = { buttons = { { id = "c", title = "C", width = 80 } } },
                } end }
                """
            list.append(
                (
                    "spring m=\(mass) k=\(stiffness) c=\(damping)",
                    SessionConfiguration(plugins: [.source(name: "s\(index).lua", code: code)])
                ))
        }
        for curve in ["linear", "easeIn", "easeOut", "easeInOut"] {
            let code = """
                return { name = "\(curve)", configure = function(row) return {
                  curve = "\(curve)", duration = \(random.double(0.05...0.9)), bounce = \(random.int(0...30)),
                  buttons = { { id = "a", title = "A", width = 100 } },
                } end }
                """
            list.append((curve, SessionConfiguration(plugins: [.source(name: "\(curve).lua", code: code)])))
        }
        return list
    }

    /// Drags of generated rows, distances and speeds (slow drags, flicks, full swipes), each
    /// followed by the wakes the server's timer would make.
    static func drive(
        _ session: PlaygroundSession, _ random: inout Generator, gestures: Int, each: (String) throws -> Void
    ) rethrows {
        try session.greeting().forEach(each)
        var t = 50.0
        for _ in 0..<gestures {
            let row = random.int(1...10)
            let dx = random.double(-330...330)
            let moves = random.int(2...12)
            let y = Double(row - 1) * 44 + 22
            let x0 = dx < 0 ? 310.0 : 10
            let spacing = random.double(4...24)
            var messages = [Page.pointer("down", x0, y, t)]
            for step in 1...moves {
                messages.append(
                    Page.pointer("move", x0 + dx * Double(step) / Double(moves), y, t + Double(step) * spacing))
            }
            messages.append(Page.pointer("up", x0 + dx, y, t + Double(moves) * spacing + 1))
            for message in messages { try session.receive(message).forEach(each) }
            // Wakes as they fall due, and now and then a page's tick in the middle of a segment.
            let until = t + Double(moves) * spacing + random.double(60...1_500)
            var wakes = 0
            while let wake = session.nextWake, wake.milliseconds <= until, wakes < 200 {
                wakes += 1
                if random.int(0...3) == 0 {
                    let middle = (session.session.now.milliseconds + wake.milliseconds) / 2
                    try session.receive(#"{"type":"tick","t":\#(middle)}"#).forEach(each)
                }
                try session.wake(at: wake).forEach(each)
            }
            t = until + 1
            try session.receive(#"{"type":"tick","t":\#(t)}"#).forEach(each)
        }
    }

    /// The bound: after every frame, each visible row is drawn within 0.25 points of
    /// `SwipeCell.presentedOffset(at:)` at every 4 ms instant from the frame's time to the end
    /// of its segment (and at its end, and after it).
    @Test func theDrawnOffsetIsWithinAQuarterPointOfTheCoreAtEvery4msInstant() throws {
        var random = Generator(state: 26)
        var checked = 0
        var knots = 0
        var samples = 0
        for (name, configuration) in Self.configurations(&random) {
            let session = try PlaygroundSession(id: "p", configuration: configuration)
            let page = PageModel()
            var worst = 0.0
            var worstPlace = ""
            try Self.drive(session, &random, gestures: 12) { text in
                let sent = try Sent([text], page: page)
                guard let frame = sent.frames.last else { return }
                let table = session.session.table
                for row in table.visibleRows {
                    let cell = try #require(table.cell(forRow: row))
                    let now = table.now
                    let instants = ServerMessage.pathTimes(from: now, to: cell.animationEnd)
                    // After the segment's end too, when the path reaches it (a segment longer than
                    // 10 s holds its last value until the next frame: docs/limits.md).
                    let after =
                        instants.last == cell.animationEnd
                        ? [(cell.animationEnd ?? now) + .milliseconds(1 as Int64)] : []
                    for instant in instants + [now] + after {
                        let drawn = try #require(page.offset(row: row, at: instant.milliseconds))
                        let miss = abs(drawn - cell.presentedOffset(at: instant))
                        if miss > worst {
                            worst = max(worst, miss)
                            worstPlace =
                                "row \(row) at \(instant.milliseconds) (frame \(now.milliseconds), end \(String(describing: cell.animationEnd?.milliseconds))): drawn \(drawn), core \(cell.presentedOffset(at: instant)); \(page.rows[row]?["path"] ?? .null)"
                        }
                        checked += 1
                    }
                    if case .array(let rows)? = frame["rows"],
                        let sentRow = rows.first(where: { $0["row"] == .number(Double(row)) }),
                        case .array(let offsets)? = sentRow["path"]?["offsets"]
                    {
                        knots += offsets.count
                        samples += instants.count
                    }
                }
            }
            #expect(worst <= 0.25, "\(name): drawn \(worst) points from the core, \(worstPlace)")
            expectEqual(page.problems, [], "\(name)")
        }
        #expect(checked > 10_000)
        // Several times fewer numbers than the 4 ms samples (about 6 times under the presets,
        // 2 for a straight line; each shorter too, hundredths of a point).
        #expect(samples > 1_000)
        #expect(knots * 4 <= samples, "\(knots) knots for \(samples) samples")
    }

    /// A page that applied every frame has what a key frame (the whole visible table, nothing
    /// sent before it needed) would give it: the same items, offsets, positions, buttons and
    /// configurations, and a path that draws the same curve within the bound.
    @Test func aPageThatAppliedEveryFrameHasWhatAWholeFrameShows() throws {
        var random = Generator(state: 2026)
        for (name, configuration) in Self.configurations(&random).prefix(4) {
            let session = try PlaygroundSession(id: "p", configuration: configuration)
            let page = PageModel()
            // The same session, encoded whole each time by an encoder of its own.
            try Self.drive(session, &random, gestures: 8) { text in
                _ = try Sent([text], page: page)
                guard ServerMessage.isFrame(text) else { return }
                var whole = FrameEncoder()
                let wholePage = PageModel()
                _ = try Sent(
                    [whole.frame(session.session.table, events: [], preset: session.session.preset(ofRow:))],
                    page: wholePage)
                expectEqual(Set(page.rows.keys), Set(wholePage.rows.keys), "\(name)")
                for (row, fields) in wholePage.rows {
                    for key in ["item", "offset", "y", "right", "left", "filled", "order", "config"] {
                        expectEqual(page.rows[row]?[key], fields[key], "\(name): row \(row) \(key)")
                    }
                    // The buttons drawn the same (a drawing made at an earlier frame's time has
                    // other knots: each is within 0.25 of the core, so within 0.5 of the other).
                    let now = session.session.table.now.milliseconds
                    for t in [now, now + 40, now + 200, now + 2_000] {
                        let (a, b) = (page.drawn(row: row, at: t), wholePage.drawn(row: row, at: t))
                        #expect(a?.right.count == b?.right.count && a?.left.count == b?.left.count)
                        expectEqual((a?.filled == nil), (b?.filled == nil), "\(name): row \(row) filled at \(t)")
                        for (x, y) in zip((a?.right ?? []) + (a?.left ?? []), (b?.right ?? []) + (b?.left ?? [])) {
                            #expect(
                                abs(x.x - y.x) <= 0.5 && abs(x.width - y.width) <= 0.5, "\(name): row \(row) at \(t)")
                        }
                    }
                }
            }
            expectEqual(page.problems, [], "\(name)")
        }
    }

    /// Under the mail preset a full swipe with `completion = "delete"` is
    /// drawn with its filled button (Trash over the whole revealed width) in every frame from the
    /// release through the ~785 ms slide-out until the row is gone; it was `filled: null` from
    /// the release on.
    @Test func framesThroughADeleteSlideOutCarryTheFilledButtonUntilTheRowIsGone() throws {
        // Trash's handler does not delete the row itself (mail.lua's does, at once): the full
        // swipe's completion does, once the content has slid out.
        let code = """
            return { name = "t", configure = function(row) return {
              buttons = { { id = "trash", title = "Trash", width = 80 } },
              full_swipe = { completion = "delete", threshold = 120 },
            } end }
            """
        let session = try PlaygroundSession(
            id: "p", configuration: SessionConfiguration(plugins: [.source(name: "t.lua", code: code)], preset: .mail))
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        let item = page.row(5)?["item"]
        let drag = Page.drag(row: 5, by: -300, at: 100)
        let released = try Sent(drag.flatMap(session.receive), page: page)
        expectEqual(released.events(named: "action").count, 1)
        expectEqual(page.row(5)?["filled"]?["id"], .string("trash"))
        var frames = 0
        var deleted = false
        // A tick every 50 ms (a frame each), then the wake at the slide-out's end.
        while let wake = session.nextWake, !deleted {
            var t = session.session.now.milliseconds + 50
            while t < wake.milliseconds {
                _ = try Sent(session.receive(#"{"type":"tick","t":\#(t)}"#), page: page)
                frames += 1
                expectEqual(page.row(5)?["item"], item)
                expectEqual(page.row(5)?["filled"]?["id"], .string("trash"), "at \(t) ms")
                t += 50
            }
            let sent = try Sent(session.wake(at: wake), page: page)
            deleted = !sent.events(named: "delete").isEmpty
        }
        #expect(deleted)
        #expect(frames >= 10)
        // The row that took its place is not filled.
        expectEqual(page.row(5)?["filled"], .null)
        expectEqual(page.problems, [])
    }

    @Test func rowsTheDragDoesNotTouchAreNotSentAgain() throws {
        let session = try mailSession()
        let page = PageModel()
        let greeting = try Sent(session.greeting(), page: page)
        expectEqual(greeting.frames.first?["key"], .bool(true))
        expectEqual(greeting.frames.first?["visible"], .array([.number(1), .number(12)]))
        guard case .array(let all)? = greeting.frames.first?["rows"] else { Issue.record("no rows"); return }
        expectEqual(all.count, 12)
        let drag = Page.drag(row: 3, by: -120, at: 100)
        let moved = try Sent(drag.dropLast().flatMap(session.receive), page: page)
        for frame in moved.frames {
            expectEqual(frame["key"], .bool(false))
            expectEqual(frame["looks"], .object([]))
            guard case .array(let rows)? = frame["rows"] else { Issue.record("no rows"); continue }
            // Row 3 alone, with only what changed: its offset.
            expectEqual(rows.map { $0["row"] }, [.number(3)])
            if case .object(let fields)? = rows.first {
                #expect(Set(fields.map(\.key)).isSubset(of: ["row", "offset"]))
            }
        }
        expectEqual(moved.frames.count, 8)
        // The release sends row 3's path, nothing else.
        let released = try Sent(session.receive(drag.last!), page: page)
        guard case .array(let rows)? = released.frames.last?["rows"] else { Issue.record("no rows"); return }
        expectEqual(rows.map { $0["row"] }, [.number(3)])
        #expect(rows.first?["path"]?["at"] != nil)
        // A frame with nothing changed lists no row, and the page keeps all 12.
        let same = try Sent([session.frame()], page: page)
        expectEqual(same.frames.last?["rows"], .array([]))
        expectEqual(page.rows.count, 12)
        expectEqual(page.problems, [])
    }

    /// The widest viewport (1,000 rows of 44 points) with 1,000 rows on screen: its whole frame
    /// fits the 64 KiB a message may be.
    @Test func aThousandRowViewportFitsIn64KiB() throws {
        let configuration = SessionConfiguration(
            items: .generated(count: 1_000), geometry: TableGeometry(width: 320, viewportHeight: 44_000))
        let session = try PlaygroundSession(id: "wide", configuration: configuration)
        let greeting = session.greeting()
        let page = PageModel()
        let sent = try Sent(greeting, page: page)
        expectEqual(page.rows.count, 1_000)
        expectEqual(page.problems, [])
        #expect(greeting[1].utf8.count <= 65_536)
        // Mid-scroll (every row moved) and whole again.
        let scrolled = session.receive(#"{"type":"wheel","dy":10.5,"t":10}"#)
        #expect(scrolled.allSatisfy { $0.utf8.count <= 65_536 })
        #expect(session.frame(key: true).utf8.count <= 65_536)
        expectEqual(sent.page.row(1000)?["item"], .string("Longer Title Item #1000"))
    }

    /// A page is sent at most 1,024 looks (`FrameEncoder.maximumLooks`): the frame after that
    /// is a key frame, the numbers start again, and the page still has every row right.
    @Test func pastTheLookLimitTheNextFrameIsAKeyFrame() throws {
        let code = """
            return { name = "titled", configure = function(row) return {
              buttons = { { id = "a", title = row.item, width = 80 } },
            } end }
            """
        let configuration = SessionConfiguration(
            plugins: [.source(name: "titled.lua", code: code)], items: .generated(count: 2_000))
        let session = try PlaygroundSession(id: "looks", configuration: configuration)
        let page = PageModel()
        var keys: [Double] = []
        for text in session.greeting() { _ = try Sent([text], page: page) }
        // Each 440-point scroll brings 10 new rows, each with a look of its own.
        for index in 1...110 {
            let sent = try Sent(session.receive(#"{"type":"wheel","dy":440,"t":\#(index)}"#), page: page)
            for frame in sent.frames where frame["key"] == .bool(true) {
                if case .number(let t)? = frame["t"] { keys.append(t) }
            }
        }
        // 12 looks first, then 10 a scroll: the 1,024th is defined by scroll 102, so the
        // frame of scroll 103 is whole.
        expectEqual(keys, [103])
        expectEqual(page.problems, [])
        let first = try #require(session.session.table.visibleRows.first)
        expectEqual(titles(page.row(first)?["right"]), ["Longer Title Item #\(first)"])
    }

    /// The simplification alone: a curve of straight stretches needs one knot per corner, and a
    /// knot's offset is the sample's rounded to hundredths.
    @Test func straightStretchesNeedOnlyTheirCorners() {
        let times = (0...100).map { Double($0) * 4 }
        let samples = times.map { $0 <= 200 ? -$0 / 2 : -100 + ($0 - 200) / 4 }
        let path = PathSimplifier.simplify(times: times, samples: samples)
        expectEqual(path.times, [0, 200, 400])
        expectEqual(path.offsets, [0, -100, -50])
        expectEqual(PathSimplifier.rounded(-12.3456), -12.35)
    }
}
