import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipePlayground

/// The page computes no geometry. Each row's `draw` carries every
/// button's x and width and the filled button's frame as the core computes them, at one instant
/// or as knots in time; the page interpolates linearly between them (docs/playground.md, "DRAW").
struct RowDrawTests {
    /// A row whose trailing edge (`border`, buttons 80, 60 and 100) has a full swipe of button 1
    /// past 260 points that deletes the row, and a leading `stretch` edge.
    static let code = """
        return { name = "t", configure = function(row) return {
          trailing = { transition = "border", buttons = {
            { id = "a", title = "A", width = 80 }, { id = "b", title = "B", width = 60 },
            { id = "c", title = "C", width = 100 } },
            full_swipe = { completion = "delete", threshold = 260 } },
          leading = { transition = "stretch", buttons = { { id = "d", title = "D", width = 90 } },
            full_swipe = { completion = "reset", threshold = 200 } },
        } end }
        """

    static func session(preset: BehaviorPreset = .tutorial) throws -> PlaygroundSession {
        try PlaygroundSession(
            id: "p",
            configuration: SessionConfiguration(plugins: [.source(name: "t.lua", code: code)], preset: preset))
    }

    /// How far the page's drawing of `row` at `instant` is from the core's geometry (each
    /// button of both sides, the filled button), and whether both draw a filled button.
    static func miss(_ page: PageModel, _ session: PlaygroundSession, row: Int, at instant: VirtualInstant) throws
        -> Double
    {
        let table = session.session.table
        let cell = try #require(table.cell(forRow: row))
        let width = table.geometry.width
        let drawn = try #require(page.drawn(row: row, at: instant.milliseconds), "row \(row)")
        let right = cell.frames(of: table.direction.rightEdge, at: instant, width: width)
        let left = cell.frames(of: table.direction.rightEdge.opposite, at: instant, width: width)
        #expect(drawn.right.count == right.count && drawn.left.count == left.count)
        var worst = 0.0
        for (page, core) in zip(drawn.right + drawn.left, right + left) {
            worst = max(worst, abs(page.x - core.x), abs(page.width - core.width))
        }
        let geometry = cell.geometry(at: instant, width: width)
        if let filled = geometry.filled {
            let page = try #require(drawn.filled, "row \(row) at \(instant.milliseconds): no filled button drawn")
            expectEqual(page.index, filled.index)
            expectEqual(page.side, (geometry.offset < 0 ? "right" : "left"))
            worst = max(worst, abs(page.x - filled.x), abs(page.width - filled.width))
        } else if let page = drawn.filled, page.side == (geometry.offset < 0 ? "right" : "left"),
            geometry.offset != 0
        {
            // A shrink that has ended covers its button's own frame exactly.
            let own = (page.side == "right" ? right : left)[page.index]
            worst = max(worst, abs(page.x - own.x), abs(page.width - own.width))
        }
        return worst
    }

    /// After every frame of generated drags, flicks and full swipes (the presets over mail's
    /// rows, generated springs and curves, and the row above under every preset), every button
    /// and the filled one are drawn within 0.25 points of the core's geometry at every 4 ms
    /// instant until the row's drawing stops changing, and after it.
    @Test func everyButtonIsDrawnWithinAQuarterPointOfTheGeometryAtEvery4msInstant() throws {
        var random = FrameEncodingTests.Generator(state: 23)
        var configurations = FrameEncodingTests.configurations(&random)
        for preset in BehaviorPreset.allCases {
            configurations.append(
                (
                    "transitions --preset \(preset.rawValue)",
                    SessionConfiguration(plugins: [.source(name: "t.lua", code: Self.code)], preset: preset)
                ))
        }
        var checked = 0
        for (name, configuration) in configurations {
            let session = try PlaygroundSession(id: "p", configuration: configuration)
            let page = PageModel()
            var worst = 0.0
            var place = ""
            try FrameEncodingTests.drive(session, &random, gestures: 8) { text in
                let sent = try Sent([text], page: page)
                guard !sent.frames.isEmpty else { return }
                let table = session.session.table
                for row in table.visibleRows {
                    guard let cell = table.cell(forRow: row) else { continue }
                    let now = table.now
                    let instants = ServerMessage.pathTimes(from: now, to: cell.drawingEnd(after: now))
                    for instant in instants + [now, now + .milliseconds(Int64(500))] {
                        let miss = try Self.miss(page, session, row: row, at: instant)
                        if miss > worst {
                            worst = miss
                            place = "row \(row) at \(instant.milliseconds) (frame \(now.milliseconds))"
                        }
                        checked += 1
                    }
                }
            }
            #expect(worst <= 0.25, "\(name): drawn \(worst) points from the core, \(place)")
            expectEqual(page.problems, [], "\(name)")
        }
        #expect(checked > 10_000)
    }

    /// A `border` row dragged to half of its 240 points and held: the frame's drawing is the
    /// core's frames exactly (docs/appearance.md: (280, 80) (250, 60) (200, 100)), one number
    /// each, no knots (nothing moves while the finger holds still).
    @Test func aBorderRowDraggedHalfwayIsDrawnAtItsFrames() throws {
        let session = try Self.session()
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        // At rest: the buttons just past the right side (a reveal of 0).
        let rest = try #require(page.drawn(row: 1, at: 0))
        expectEqual(rest.right.map(\.x), [320, 320, 320])
        expectEqual(rest.left.map(\.width), [0])
        let drag = Page.drag(row: 1, by: -120, at: 100).dropLast()
        _ = try Sent(drag.flatMap(session.receive), page: page)
        let draw = try #require(page.rows[1]?["draw"])
        expectEqual(draw["at"], nil)
        expectEqual(
            draw["right"],
            .array([
                .array([.number(280), .number(80)]), .array([.number(250), .number(60)]),
                .array([.number(200), .number(100)]),
            ]))
        expectEqual(draw["filled"], .null)
        expectEqual(page.rows[1]?["order"]?["right"], .array([.number(2), .number(1), .number(0)]))
    }

    /// In the page: a pan past the full-swipe threshold held still sends the filled
    /// button's grow as knots in time (no frame per animation step); drawn from them it is the
    /// core's at every 4 ms instant of the 300 ms, then the whole revealed width exactly. A
    /// release from there slides the row out with Trash filling it until the row is gone.
    @Test func theFilledButtonsGrowIsSentAsKnotsAndDrawnAsTheCoreDrawsIt() throws {
        let session = try Self.session()
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        let drag = Page.drag(row: 2, by: -290, at: 100)
        _ = try Sent(drag.dropLast().flatMap(session.receive), page: page)
        let table = session.session.table
        let cell = try #require(table.cell(forRow: 2))
        expectEqual(cell.filledButton?.id, "a")
        let expansion = try #require(cell.expansion)
        let draw = try #require(page.rows[2]?["draw"])
        guard case .array(let knots)? = draw["at"] else {
            Issue.record("no knots: \(draw)")
            return
        }
        #expect(knots.count >= 3 && knots.count <= 40)
        expectEqual(draw["filled"]?["side"], .string("right"))
        var instant = table.now
        while instant <= expansion.end + .milliseconds(Int64(100)) {
            #expect(try Self.miss(page, session, row: 2, at: instant) <= 0.25, "at \(instant.milliseconds)")
            instant = instant + .milliseconds(Int64(4))
        }
        let end = try #require(page.drawn(row: 2, at: expansion.end.milliseconds + 1)?.filled)
        let full = try #require(cell.geometry(at: expansion.end, width: 320).filled)
        #expect(abs(end.x - full.x) < 0.006 && abs(end.width - full.width) < 0.006)

        // Released: the slide-out, Trash filling what the content reveals until the row is gone.
        let item = page.row(2)?["item"]
        _ = try Sent(session.receive(drag.last!), page: page)
        var deleted = false
        var ticks = 0
        while let wake = session.nextWake, !deleted {
            var t = session.session.now.milliseconds + 10
            while t < wake.milliseconds {
                _ = try Sent(session.receive(#"{"type":"tick","t":\#(t)}"#), page: page)
                expectEqual(page.row(2)?["item"], item)
                let now = session.session.table.now
                expectEqual(page.drawn(row: 2, at: now.milliseconds)?.filled?.side, "right", "at \(t) ms")
                #expect(try Self.miss(page, session, row: 2, at: now) <= 0.25, "at \(t) ms")
                ticks += 1
                t += 10
            }
            deleted = !(try Sent(session.wake(at: wake), page: page)).events(named: "delete").isEmpty
        }
        #expect(deleted)
        #expect(ticks >= 5)
        #expect(page.drawn(row: 2, at: session.session.now.milliseconds)?.filled == nil)
    }
}
