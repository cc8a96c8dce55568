import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipePlayground

/// Row animations in the playground: while a deleted row collapses (`row_animation = "fade"`) the
/// server wakes every 16 ms and each frame carries the collapsing row (`collapsing`) and the
/// rows below at their y; the page computes none of it. A pointer on the collapsing row hits
/// nothing.
struct RowAnimationFrameTests {
    static let code = """
        return { name = "t", table = { row_animation = "fade" }, configure = function(row) return {
          buttons = { { id = "trash", title = "Trash", width = 80 } },
          full_swipe = { completion = "delete", threshold = 120 },
        } end }
        """

    func number(_ value: JSONValue?) -> Double? {
        if case .number(let x)? = value { return x }
        return nil
    }

    @Test func framesCarryTheCollapseEvery16msAndThePageDrawsTheirValues() throws {
        let session = try PlaygroundSession(
            id: "p", configuration: SessionConfiguration(plugins: [.source(name: "t.lua", code: Self.code)]))
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        _ = try Sent(Page.drag(row: 5, by: -300, at: 100).flatMap(session.receive), page: page)
        // Up to the delete.
        var deletedAt: VirtualInstant?
        while deletedAt == nil, let wake = session.nextWake {
            let sent = try Sent(session.wake(at: wake), page: page)
            if !sent.events(named: "delete").isEmpty { deletedAt = session.session.now }
        }
        let start = try #require(deletedAt)
        var collapsingFrames = 0
        while let wake = session.nextWake {
            #expect(wake - session.session.now <= .milliseconds(16 as Int64))
            let sent = try Sent(session.wake(at: wake), page: page)
            let frame = try #require(sent.frames.last)
            let elapsed = Double((session.session.now - start).nanoseconds) / 1e6
            let e = RowAnimation.progress(since: start, at: session.session.now)
            let gap = 44 * (1 - e)
            if elapsed < 300 {
                collapsingFrames += 1
                guard case .array(let ghosts)? = frame["collapsing"], let ghost = ghosts.first else {
                    Issue.record("no collapsing row at \(elapsed) ms")
                    continue
                }
                expectEqual(number(ghost["y"]), 176)
                #expect(abs((number(ghost["h"]) ?? .nan) - gap) < 1e-9)
                #expect(abs((number(ghost["opacity"]) ?? .nan) - (1 - e)) < 1e-9)
                expectEqual(ghost["filled"]?["id"], .string("trash"))
                #expect(abs((number(page.rows[5]?["y"]) ?? .nan) - (176 + gap)) < 1e-9, "at \(elapsed) ms")
                // A tap on the collapsing row hits nothing; one on the row under it hits that row.
                let hit = TableHitTest(session.session.table)
                #expect(hit.row(atY: 176 + gap / 2) == nil || gap < 1e-9)
                expectEqual(hit.row(atY: 176 + gap + 1), 5)
            } else {
                expectEqual(frame["collapsing"], nil)
            }
        }
        #expect(collapsingFrames >= 18)
        expectEqual(number(page.rows[5]?["y"]), 176)
        expectEqual(page.problems, [])
    }

    @Test func anInsertSendsTheGrowingRowsHeightAndItsRestAgain() throws {
        let code = """
            return { name = "i", table = { row_animation = "slide" },
              configure = function(row) return { buttons = { { id = "add", title = "Add", width = 80 } } } end,
              on_action = function(ctx, row) ctx:insert(row.index, "New") end }
            """
        let session = try PlaygroundSession(
            id: "p", configuration: SessionConfiguration(plugins: [.source(name: "i.lua", code: code)]))
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        try session.session.table.openRow(2, animated: false)
        _ = try Sent(Page.tap(row: 2, x: 300, at: 100).flatMap(session.receive), page: page)
        expectEqual(session.session.table.items[2], "New")
        let start = session.session.now
        var heights: [Double] = []
        while let wake = session.nextWake {
            _ = try Sent(session.wake(at: wake), page: page)
            let e = RowAnimation.progress(since: start, at: session.session.now)
            let h = number(page.rows[2]?["h"]) ?? 44
            heights.append(h)
            #expect(abs(h - 44 * e) < 1e-9)
            #expect(abs((number(page.rows[2]?["shift"]) ?? 0) - (-320 * (1 - e))) < 1e-9)
        }
        #expect(heights.count >= 18)
        expectEqual(heights.last, 44)
        expectEqual(number(page.rows[2]?["opacity"]), 1)
        expectEqual(number(page.rows[2]?["shift"]), 0)
        expectEqual(page.problems, [])
    }
}
