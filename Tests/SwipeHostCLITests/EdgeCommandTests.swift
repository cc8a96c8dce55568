import Foundation
import SwipeTestSupport
import Testing

/// Both edges' options and script lines, as a user runs them.
struct EdgeCommandTests {
    @Test func aLeadingSwipeOpensTheLeadingEdgeAndItsTapNamesIt() throws {
        // plugins/mail.lua: a leading `unread` button, 80 points, on every row.
        let result = try Swipehost.run(
            ["run", "-", "--plugin", "plugins/mail.lua", "--format", "jsonl", "--rows", "3", "--viewport", "132"],
            stdin: "swipe 3 120\nwait 300\n")
        expectEqual(result.status, 0)
        #expect(result.stdout.hasPrefix("{\"event\":\"open\",\"row\":3,\"side\":\"leading\",\"t\":150}\n"))
        #expect(result.stdout.contains("{\"row\":3,\"right\":-80,\"left\":80}"))
        let tap = try Swipehost.run(
            ["run", "-", "--plugin", "plugins/mail.lua", "--format", "jsonl"],
            stdin: "swipe 3 120\nwait 300\ntap 3 unread\n")
        #expect(
            tap.stdout.contains(
                "{\"event\":\"action\",\"row\":3,\"button\":\"unread\",\"index\":1,\"side\":\"leading\",\"t\":450}\n"))
    }

    @Test func exclusiveClosesRowThreeBeforeRowFiveOpens() throws {
        let result = try Swipehost.run(
            ["run", "-", "--exclusive", "--format", "jsonl"], stdin: "swipe 3 -120\nwait 300\nswipe 5 -120\nwait 300\n")
        expectEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n")
        expectEqual(
            lines.prefix(3),
            [
                "{\"event\":\"open\",\"row\":3,\"t\":150}", "{\"event\":\"close\",\"row\":3,\"t\":600}",
                "{\"event\":\"open\",\"row\":5,\"t\":600}",
            ])
        expectEqual(lines.last?.hasSuffix(",\"editing\":[5]}"), true)
    }

    /// `--exclusive-begin` closes row 3 as the swipe on row 5 begins, and
    /// `--lifecycle-events` traces the begins and the releases (a cancelled pan without velocity).
    @Test func exclusiveBeginClosesRowThreeAsTheSwipeOnRowFiveBegins() throws {
        let script = "swipe 3 -120\nwait 300\nswipe 5 -120\nwait 300\npan 5 begin\npan 5 move 30\npan 5 cancel\n"
        let result = try Swipehost.run(
            ["run", "-", "--exclusive-begin", "--lifecycle-events", "--format", "jsonl"], stdin: script)
        expectEqual(result.status, 0)
        expectEqual(
            result.stdout.split(separator: "\n").dropLast(),
            [
                #"{"event":"begin","row":3,"side":"trailing","t":16}"#,
                #"{"event":"will_open","row":3,"side":"trailing","velocity":-800,"t":150}"#,
                #"{"event":"open","row":3,"t":150}"#,
                #"{"event":"begin","row":5,"side":"trailing","t":466}"#,
                #"{"event":"close","row":3,"t":466}"#,
                #"{"event":"will_open","row":5,"side":"trailing","velocity":-800,"t":600}"#,
                #"{"event":"open","row":5,"t":600}"#,
                #"{"event":"will_open","row":5,"side":"trailing","t":900}"#,
                #"{"event":"open","row":5,"t":900}"#,
            ])
        // Without the flag, the same run traces only the delegate's calls, the close at the begin.
        let plain = try Swipehost.run(["run", "-", "--exclusive-begin", "--format", "jsonl"], stdin: script)
        expectEqual(
            plain.stdout.split(separator: "\n").dropLast().map(String.init),
            [
                #"{"event":"open","row":3,"t":150}"#, #"{"event":"close","row":3,"t":466}"#,
                #"{"event":"open","row":5,"t":600}"#, #"{"event":"open","row":5,"t":900}"#,
            ])
    }

    @Test func closeOnScrollAndCloseOnTap() throws {
        let scroll = try Swipehost.run(
            ["run", "-", "--close-on-scroll", "--format", "jsonl"], stdin: "swipe 3 -120\nwait 300\nscroll 10\n")
        #expect(scroll.stdout.contains("{\"event\":\"close\",\"row\":3,\"t\":450}\n"))
        #expect(scroll.stdout.hasSuffix(",\"editing\":[]}\n"))
        let tap = try Swipehost.run(
            ["run", "-", "--close-on-tap", "--format", "jsonl"], stdin: "swipe 3 -120\nwait 300\ntap 8 content\n")
        #expect(tap.stdout.contains("{\"event\":\"close\",\"row\":3,\"t\":450}\n"))
        let off = try Swipehost.run(
            ["run", "-", "--format", "jsonl"], stdin: "swipe 3 -120\nwait 300\nscroll 10\ntap 8 content\n")
        #expect(off.stdout.hasSuffix(",\"editing\":[3]}\n"))  // the tutorial keeps it open
    }

    @Test func rightToLeftMirrorsTheTable() throws {
        let result = try Swipehost.run(
            ["run", "-", "--direction", "rtl", "--format", "jsonl", "--rows", "1", "--viewport", "44"],
            stdin: "swipe 1 120\nwait 300\n")
        expectEqual(
            result.stdout,
            """
            {"event":"open","row":1,"t":150}
            {"event":"state","t":450,"rows":[{"row":1,"right":-160,"left":160}],"editing":[1]}

            """)
        let text = try Swipehost.run(
            ["run", "-", "--direction", "rtl", "--rows", "1", "--width", "160"], stdin: "open 1\n")
        #expect(text.stdout.contains("     1 |[Button 1][Button 2]|  right -160"))
        let bad = try Swipehost.run(["run", "-", "--direction", "up"], stdin: "")
        expectEqual(bad.status, 64)
        #expect(bad.stderr.contains("The value 'up' is invalid for '--direction <ltr|rtl>'"))
    }

    @Test(arguments: [
        ("open 3 sideways\n", "<stdin>:1: SIDE must be 'leading' or 'trailing', got 'sideways'"),
        (
            "tap 3 leading:0\n",
            "<stdin>:1: BUTTON 'leading:0': after 'leading:' comes a button number >= 1 (1 = outermost)"
        ),
        (
            "tap 3 trailing:x\n",
            "<stdin>:1: BUTTON 'trailing:x': after 'trailing:' comes a button number >= 1 (1 = outermost)"
        ),
        ("open 3 leading\n", "<stdin>:1: row 3 has no leading buttons"),
        (
            "tap 3 leading:1\n",
            "<stdin>:1: row 3 has no button 'leading:1': it has 2 buttons, 'one' (1, the rightmost) and 'two' (2)"
        ),
    ])
    func badEdgeLinesAreNamed(script: String, message: String) throws {
        let result = try Swipehost.run(["run", "-"], stdin: script)
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(result.stderr, message + "\n")
    }
}
