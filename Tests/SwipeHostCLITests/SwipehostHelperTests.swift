import Foundation
import SwipeTestSupport
import Testing

/// The helper that runs children for these tests captures both streams whatever their sizes
/// (it reads both at once: read one after the other, a child that filled the stderr pipe before
/// closing stdout, like a LeakSanitizer report, would hang the suite).
struct SwipehostHelperTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// The time limit only detects such a hang; the run takes milliseconds.
    @Test(.timeLimit(.minutes(1))) func aChildThatFillsStderrBeforeStdoutIsCapturedWhole() throws {
        // 1.5 MB to stderr first (far past a pipe's 64 KB), then stdout, then stderr again.
        let script =
            "head -c 1500000 /dev/zero | tr '\\000' e >&2; echo out; head -c 1000 /dev/zero | tr '\\000' e >&2; exit 3"
        let result = try Swipehost.run(executable: Self.shell, ["-c", script])
        expectEqual(result.status, 3)
        expectEqual(result.stdout, "out\n")
        expectEqual(result.stderr.utf8.count, 1_501_000)
        #expect(result.stderr.utf8.allSatisfy { $0 == UInt8(ascii: "e") })
    }

    @Test(.timeLimit(.minutes(1))) func aChildThatFillsBothStreamsAndReadsItsInputIsCapturedWhole() throws {
        // The child echoes 2 MB of input to stdout and 1 MB of its own to stderr, interleaved with
        // reading: every pipe is past its capacity at once.
        let input = String(repeating: "0123456789abcdef", count: 131_072)  // 2 MiB
        let script = "head -c 1048576 /dev/zero | tr '\\000' e >&2 & cat; wait"
        let result = try Swipehost.run(executable: Self.shell, ["-c", script], stdin: input)
        expectEqual(result.status, 0)
        expectEqual(result.stdout, input)
        expectEqual(result.stderr.utf8.count, 1_048_576)
    }

    @Test(.timeLimit(.minutes(1))) func aChildThatIgnoresALargeInputDoesNotHangTheWriter() throws {
        let input = String(repeating: "x", count: 1_048_576)
        let result = try Swipehost.run(executable: Self.shell, ["-c", "echo done"], stdin: input)
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "done\n")
        expectEqual(result.stderr, "")
    }

    @Test func swipehostItselfStillRunsThroughTheHelper() throws {
        let result = try Swipehost.run(["run", "-", "--rows", "1", "--width", "160"], stdin: "wait 1\n")
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(result.stderr, "")
    }
}
