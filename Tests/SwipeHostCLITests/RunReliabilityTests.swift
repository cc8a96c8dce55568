import Foundation
import SwipeTestSupport
import Testing

/// The command line's reliability: output that cannot be written, sizes and times past their
/// limits, and control characters in what it prints.
struct RunReliabilityTests {
    /// Runs `command` with `sh -c`, `$0` being the swipehost binary, in the package root.
    static func shell(_ command: String) throws -> Swipehost.Result {
        try Swipehost.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command, Swipehost.binary.path])
    }

    @Test(arguments: [
        ("\"$0\" run examples/demo.swipe --format jsonl > /dev/full", "No space left on device"),
        ("\"$0\" run examples/demo.swipe > /dev/full", "No space left on device"),
        ("\"$0\" run examples/demo.swipe >&-", "Bad file descriptor"),
        ("\"$0\" check plugins/tutorial.lua > /dev/full", "No space left on device"),
    ])
    func outputThatCannotBeWrittenIsAnError(command: String, reason: String) throws {
        let result = try Self.shell(command)
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "swipehost: cannot write the output: \(reason)\n")
    }

    /// A reader that stops early (`head`) ends the run quietly, whether `SIGPIPE` stops it
    /// or, ignored, the write fails with `EPIPE`: the shell sees 141 either way.
    @Test(arguments: ["", "trap '' PIPE; "])
    func aReaderThatGoesAwayEndsTheRunQuietly(prefix: String) throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).swipe")
        try String(repeating: "pan 3 begin\npan 3 move -10\npan 3 end\n", count: 100_000)
            .write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try Self.shell(
            prefix + "{ \"$0\" run '\(script.path)' --format jsonl; echo \"status $?\" >&2; } | head -1")
        expectEqual(result.stdout, "{\"event\":\"close\",\"row\":3,\"t\":0}\n")
        expectEqual(result.stderr, "status 141\n")
    }

    @Test(arguments: [
        (["--rows", "-1"], "--rows must be 0 or more, got -1"),
        (
            ["--rows", "9223372036854775807", "--viewport", "1e20"],
            "--rows must be at most 1000000000, got 9223372036854775807"
        ),
        (["--viewport", "1e300"], "--viewport must be at most 44000 points (1000 rows of 44 points), got 1e+300"),
        (
            ["--rows", "10000000", "--viewport", "1e10"],
            "--viewport must be at most 44000 points (1000 rows of 44 points), got 10000000000.0"
        ),
        (["--viewport", "-5"], "--viewport must be a number of points > 0, got -5.0"),
        (["--viewport", "nan"], "--viewport must be a number of points > 0, got nan"),
        (["--width", "-5"], "--width must be a number of points > 0, got -5.0"),
        (["--width", "inf"], "--width must be a number of points > 0, got inf"),
        (["--width", "20000"], "--width must be at most 10000 points, got 20000.0"),
    ])
    func sizesPastTheirLimitsAreRefused(arguments: [String], message: String) throws {
        let result = try Swipehost.run(["run", "-"] + arguments, stdin: "swipe 3 -60\n")
        expectEqual(result.status, 64)
        expectEqual(result.stdout, "")
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
    }

    @Test func theLargestSizesRun() throws {
        let result = try Swipehost.run(
            ["run", "-", "--rows", "1000000000", "--viewport", "44000", "--width", "10000", "--format", "jsonl"],
            stdin: "scroll 43999999000\nswipe 999999990 -100\nwait 300\n")
        expectEqual(result.status, 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"event\":\"open\",\"row\":999999990,\"t\":150}\n"))
    }

    @Test(arguments: [
        (
            String(repeating: "wait 1000000000000\n", count: 10),
            "<stdin>:10: the virtual clock cannot pass 9000000000000 ms (about 285 years): it is at 9000000000000 ms, and 1000000000000 ms more would pass it"
        ),
        (
            "swipe 3 -100 1000000000000\n",
            "<stdin>:1: MS must be at most 60000 ms (the longest swipe), got '1000000000000'"
        ),
        (
            "swipe 9007199254740993 -60\n",
            "<stdin>:1: ROW must be at most 1000000000 (the most rows a table can have), got '9007199254740993'"
        ),
        (
            "wait 9000000000001\n",
            "<stdin>:1: MS must be at most 9000000000000 ms (the virtual clock's range, about 285 years), got '9000000000001'"
        ),
        // A number too large for a double is out of range, not "not a number".
        (
            "wait " + String(repeating: "9", count: 60_000) + "\n",
            "<stdin>:1: MS must be at most 9000000000000 ms (the virtual clock's range, about 285 years), got '\(String(repeating: "9", count: 60))…(60000 bytes)' (out of range)"
        ),
        (
            "scroll -" + String(repeating: "9", count: 400) + "\n",
            "<stdin>:1: DY must be a number from -1.7976931348623157e308 to 1.7976931348623157e308, got '-\(String(repeating: "9", count: 59))…(401 bytes)' (out of range)"
        ),
        (
            "wait 1\n\u{1B}]0;pwned\u{07}\u{0} 3\n",
            "<stdin>:2: unknown command '\\e]0;pwned\\a\\0' (expected pan ROW begin [X] | pan ROW move X | pan ROW end [VX] | pan ROW cancel | tap ROW BUTTON | wait MS | scroll DY | open ROW [SIDE] | close ROW | swipe ROW DX [MS] | dismiss | activate ROW ID | actions ROW)"
        ),
        (
            "tap 3 \u{1B}[2J\n",
            "<stdin>:1: row 3 has no button '\\e[2J': it has 2 buttons, 'one' (1, the rightmost) and 'two' (2) (no plugin was loaded, so the tutorial's default cell ran: give the script's plugin with --plugin PATH or a '# plugin: PATH' header line)"
        ),
    ])
    func badLinesAreNamedExactly(script: String, message: String) throws {
        let result = try Swipehost.run(["run", "-"], stdin: script)
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(result.stderr, message + "\n")
    }

    @Test func aLongWaitIsAcceptedAndPrintedExactly() throws {
        let result = try Swipehost.run(
            ["run", "-", "--format", "jsonl", "--rows", "1"],
            stdin: "wait 1000000000001\nwait 1000000000000\nwait 449.999999\n")
        expectEqual(result.status, 0)
        expectEqual(
            result.stdout,
            "{\"event\":\"state\",\"t\":2000000000450.999999,\"rows\":[{\"row\":1,\"right\":0,\"left\":0}],\"editing\":[]}\n"
        )
    }

    @Test func aHugeBadTokenIsShortened() throws {
        let token = String(repeating: "q", count: 10_000_000)
        let result = try Swipehost.run(["run", "-"], stdin: "pan 3 move \(token)\n")
        expectEqual(result.status, 2)
        expectEqual(
            result.stderr,
            "<stdin>:1: X must be a number, got '\(String(repeating: "q", count: 60))…(10000000 bytes)'\n")
    }

    @Test func aFileNameWithControlCharactersIsEscaped() throws {
        let result = try Swipehost.run(["run", "no\u{1B}[31m\nsuch.swipe"])
        expectEqual(result.status, 2)
        expectEqual(result.stderr, "swipehost: cannot read 'no\\e[31m\\nsuch.swipe': No such file or directory\n")
    }

    @Test func pluginNamesIdsTitlesAndItemsAreEscapedInTextOutput() throws {
        let folder = try TestFiles.folder("esc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("esc.lua")
        try #"""
        return {
          name = "bad\nname\27[2J",
          items = { "one", "two\7\nthree" },
          configure = function(row)
            return { buttons = { { id = "x\27y", title = "T\0\n", width = 80 } } }
          end,
          on_open = function(ctx, row)
            ctx:log("log\27[31m\nline")
            ctx:present{ title = "ti\ntle", text = "te\27xt" }
            ctx:insert(1, "new\r\nitem")
          end,
          on_action = function(ctx, row, button) error("boom\27[0m\nsecond line") end,
        }
        """#.write(to: plugin, atomically: true, encoding: .utf8)
        let result = try Swipehost.run(
            ["run", "-", "--plugin", plugin.path], stdin: "swipe 2 -100\nwait 300\ntap 3 1\n")
        expectEqual(result.status, 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        expectEqual(
            lines.prefix(6),
            [
                "   150 ms  row 2 opened",
                "   150 ms  [bad\\nname\\e[2J] log\\e[31m\\nline",
                "   150 ms  presented \"ti\\ntle\": te\\ext",
                "   150 ms  inserted row 1: new\\r\\nitem",
                "   450 ms  row 3: tapped \"T\\0\\n\" (button 1, id x\\ey)",
                "   450 ms  plugin error in bad\\nname\\e[2J.on_action (row 3): \(plugin.path):12: boom\\e[0m\\nsecond line",
            ])
        #expect(result.stdout.contains("           stack traceback:\n           \t[C]: in function 'error'\n"))
        #expect(result.stdout.contains("     1 |  new\\r\\nitem    "))
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }
}
