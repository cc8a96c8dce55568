import Foundation
import SwipeTestSupport
import Testing

/// The test driver (`require("swipe")`) checks times and sizes with the core's limits, as the
/// command line does: an error the spec can catch, never a trap.
struct DriverLimitTests {
    @Test func theDriversWaitStopsAtTheClocksLimit() throws {
        let result = try Swipehost.run([
            "lua", "-e",
            """
            local t = require("swipe").table{}
            for i = 1, 10 do
              local ok, err = pcall(t.wait, t, 1e12)
              if not ok then print(i, err) end
            end
            print(t:now())
            print(pcall(t.wait, t, 1e300))
            """,
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(
            result.stdout,
            """
            10\twait: the virtual clock cannot pass 9000000000000 ms (about 285 years): it is at 9000000000000 ms, and 1000000000000 ms more would pass it
            9000000000000
            false\twait: milliseconds must be at most 9000000000000 (the virtual clock's range, about 285 years), got 1e+300

            """)
    }

    @Test func theDriversSizesAndSwipesAreChecked() throws {
        let result = try Swipehost.run([
            "lua", "-e",
            """
            local swipe = require("swipe")
            print(pcall(swipe.table, { viewport = 1e300 }))
            print(pcall(swipe.table, { rows = 1e300 }))
            print(pcall(swipe.table, { rows = 1e7, viewport = 1e10 }))
            print(pcall(swipe.table, { width = 20000 }))
            local t = swipe.table{}
            print(pcall(t.swipe, t, 3, -100, 1e12))
            print(pcall(t.swipe, t, 3, -100, 0/0))
            """,
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(
            result.stdout,
            """
            false\tswipe.table: 'viewport' must be at most 44000 points (1000 rows of 44 points), got 1e+300
            false\tswipe.table: 'rows' must be at most 1000000000, got 1e+300
            false\tswipe.table: 'viewport' must be at most 44000 points (1000 rows of 44 points), got 10000000000.0
            false\tswipe.table: 'width' must be at most 10000 points, got 20000.0
            false\tswipe: milliseconds must be a finite number from 0 to 60000 (the longest swipe), got 1000000000000
            false\tswipe: milliseconds must be a finite number from 0 to 60000 (the longest swipe), got nan

            """)
    }

    /// A mistyped option gets a "did you mean".
    @Test func aMistypedOptionGetsADidYouMean() throws {
        let result = try Swipehost.run([
            "lua", "-e",
            """
            local swipe = require("swipe")
            print(pcall(swipe.table, { exlusive = true }))
            print(pcall(swipe.table, { zzz = 1 }))
            """,
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        let known =
            "budget, close_on_scroll, close_on_tap, direction, exclusive, items, lifecycle_events, memory, plugin_errors, plugins, preset, row_animation, rows, viewport, width"
        expectEqual(
            result.stdout,
            """
            false\tswipe.table: unknown option 'exlusive' (did you mean 'exclusive'?) (known: \(known))
            false\tswipe.table: unknown option 'zzz' (known: \(known))

            """)
    }

    /// `exclusive = "begin"` and `lifecycle_events` in a spec's table, and their bad values.
    @Test func exclusiveBeginAndLifecycleEventsInASpecsTable() throws {
        let result = try Swipehost.run([
            "lua", "-e",
            """
            local swipe = require("swipe")
            local t = swipe.table { exclusive = "begin", lifecycle_events = true }
            t:open(1)
            t:pan(3, { -20 })
            for _, e in ipairs(t:events()) do print(e.event, e.row) end
            print(pcall(swipe.table, { exclusive = "sometimes" }))
            print(pcall(swipe.table, { exclusive = 1 }))
            print(pcall(swipe.table, { lifecycle_events = "yes" }))
            """,
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(
            result.stdout,
            """
            begin\t3
            close\t1
            will_close\t3
            close\t3
            false\tswipe.table: 'exclusive' must be true, false or "begin", got "sometimes"
            false\tswipe.table: 'exclusive' must be true, false or "begin", got a number
            false\tswipe.table: 'lifecycle_events' must be a boolean, got a string

            """)
    }
}
