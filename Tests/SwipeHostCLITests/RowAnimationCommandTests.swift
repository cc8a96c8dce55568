import Foundation
import SwipeTestSupport
import Testing

/// Row animations on the command line: `--row-animation`, its message for a bad value, its help,
/// and a trace that a row animation leaves as it was (the text table keeps to text).
struct RowAnimationCommandTests {
    @Test func aBadValueIsRefusedWithItsChoices() throws {
        let bad = try Swipehost.run(["run", "-", "--row-animation", "wobble"], stdin: "")
        expectEqual(bad.status, 64)
        #expect(bad.stderr.contains("The value 'wobble' is invalid for '--row-animation <none|fade|slide>'"))
        let help = try Swipehost.run(["run", "--help"])
        #expect(help.stdout.contains("--row-animation <none|fade|slide>"))
    }

    /// A delete's events and the final table are the same under every row animation: the
    /// animation is drawn, never traced.
    @Test(arguments: ["fade", "slide"])
    func theTraceIsTheSameAsWithoutAnimation(animation: String) throws {
        let script = "swipe 3 -300 150\nwait 1000\nswipe 2 -300 150\nwait 100\n"
        let plain = try Swipehost.run(["run", "-", "--plugin", "plugins/mail.lua", "--preset", "mail"], stdin: script)
        let animated = try Swipehost.run(
            ["run", "-", "--plugin", "plugins/mail.lua", "--preset", "mail", "--row-animation", animation],
            stdin: script)
        expectEqual(plain.status, 0)
        #expect(plain.stdout.contains("delete"))
        expectEqual(animated.stdout, plain.stdout)
        expectEqual(animated.status, 0)
    }
}
