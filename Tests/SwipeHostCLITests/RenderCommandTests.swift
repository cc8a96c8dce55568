import Foundation
import SwipeTestSupport
import Testing

/// `swipehost render`: golden pictures of shipped examples, the same bytes to a file and to
/// standard output, and the messages and statuses of bad options and scripts (nothing written).
///
/// Re-record the pictures with `SWIPEHOST_RECORD_GOLDEN=1 swift test --filter RenderCommandTests`
/// and look at them (docs/render.md says how to turn one into a PNG).
struct RenderCommandTests {
    static let folder = Repository.root.appendingPathComponent("Tests/Golden/render")
    static let recording = ProcessInfo.processInfo.environment["SWIPEHOST_RECORD_GOLDEN"] == "1"
    /// The examples drawn: Mail's plugin, the mail preset (springs, full swipes), the tutorial preset.
    static let examples = ["mail", "mail_preset", "tutorial_preset"]

    @Test(arguments: examples)
    func examplesMatchTheirGoldenPictures(example: String) throws {
        let script = "examples/\(example).swipe"
        let result = try Swipehost.run(["render", script, "-o", "-"] + Swipehost.declaredArguments(of: script))
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(result.stderr, "")
        let url = Self.folder.appendingPathComponent("\(example).svg")
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try result.stdout.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        expectEqual(result.stdout, golden, "\(script) differs from Tests/Golden/render/\(example).svg")
    }

    /// One row per transition (plugins/transitions.lua: reveal, drag, border, stretch)
    /// dragged to half of its buttons and held (100 ms), then released open (700 ms); in `rtl`
    /// the same mirrored. Four different layouts in the first frame (docs/appearance.md).
    @Test(arguments: [("transitions", "ltr"), ("transitions_rtl", "rtl")])
    func theFourTransitionsMatchTheirGoldenPicture(golden: String, direction: String) throws {
        let script = "examples/transitions.swipe"
        let result = try Swipehost.run(
            ["render", script, "--viewport", "176", "--at", "100,700", "--direction", direction, "-o", "-"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let url = Self.folder.appendingPathComponent("\(golden).svg")
        if Self.recording {
            try result.stdout.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let picture = try String(contentsOf: url, encoding: .utf8)
        expectEqual(
            result.stdout, picture,
            "\(script) --direction \(direction) differs from Tests/Golden/render/\(golden).svg")
    }

    /// The header's plugin is loaded as `run` loads it; a file gets the same bytes as standard
    /// output, and only the file (no temporary file is left beside it).
    @Test func aFileGetsTheSameBytes() throws {
        let root = try TestFiles.folder("swipehost-render")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("mail.svg")
        let toFile = try Swipehost.run(["render", "examples/mail.swipe", "-o", out.path])
        expectEqual(toFile.status, 0)
        #expect(toFile.stdout == "" && toFile.stderr == "")
        let toStdout = try Swipehost.run(["render", "examples/mail.swipe", "--output", "-"])
        expectEqual(try String(contentsOf: out, encoding: .utf8), toStdout.stdout)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["mail.svg"])
        // Twice, the same bytes.
        expectEqual(try Swipehost.run(["render", "examples/mail.swipe", "-o", "-"]).stdout, toStdout.stdout)
        #expect(
            toStdout.stdout.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(toStdout.stdout.hasSuffix("</svg>\n"))
    }

    /// A script error is `run`'s, with status 2; nothing is written and a file already there
    /// is left as it was.
    @Test func scriptErrorsWriteNothing() throws {
        let root = try TestFiles.folder("swipehost-render")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("picture.svg")
        try "before".write(to: out, atomically: true, encoding: .utf8)
        let script = "swipe 3 -120\nwait 300\ntap 40 1\n"
        let run = try Swipehost.run(["run", "-"], stdin: script)
        let render = try Swipehost.run(["render", "-", "-o", out.path], stdin: script)
        expectEqual(render.status, 2)
        expectEqual(render.stderr, "<stdin>:3: row 40 does not exist: the table has rows 1-30\n")
        expectEqual(render.stderr, run.stderr)
        expectEqual(render.stdout, "")
        expectEqual(try String(contentsOf: out, encoding: .utf8), "before")
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["picture.svg"])

        let missing = root.appendingPathComponent("none.svg")
        let syntax = try Swipehost.run(["render", "-", "-o", missing.path], stdin: "wait 10\npan 3 wobble\n")
        expectEqual(syntax.status, 2)
        #expect(syntax.stderr.hasPrefix("<stdin>:2: "))
        #expect(!FileManager.default.fileExists(atPath: missing.path))

        let plugin = try Swipehost.run(["render", "examples/demo.swipe", "--plugin", "no/such.lua", "-o", missing.path])
        expectEqual(plugin.status, 2)
        #expect(plugin.stderr.contains("no/such.lua"))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func renderLimitsAndLateFramesAreStatus2() throws {
        let late = try Swipehost.run(["render", "-", "--at", "0,500", "-o", "-"], stdin: "wait 300\n")
        expectEqual(late.status, 2)
        expectEqual(
            late.stderr, "<stdin>: --at 500: the script ends at 300 ms (a 'wait' line at its end renders later times)\n"
        )
        expectEqual(late.stdout, "")
        let many = try Swipehost.run(["render", "-", "--every", "1", "-o", "-"], stdin: "wait 300\n")
        expectEqual(many.status, 2)
        expectEqual(many.stderr, "<stdin>: more than 200 frames (every 1 ms): choose fewer with --every or --at\n")
        let tall = try Swipehost.run(
            ["render", "-", "--every", "100", "--rows", "2000", "--viewport", "44000", "-o", "-"], stdin: "wait 1000\n")
        expectEqual(tall.status, 2)
        expectEqual(
            tall.stderr,
            "<stdin>: the frames would draw more than 10000 rows (frames x rows on screen): choose fewer frames or a smaller --viewport\n"
        )
    }

    @Test(arguments: [
        (["--every", "0"], "Error: --every must be a number of milliseconds > 0, got 0"),
        (["--every", "-5"], "Error: --every must be a number of milliseconds > 0, got -5"),
        (
            ["--at", "1,x"],
            "Error: --at must be times in milliseconds (0 or more) separated by commas, like 0,150,300; got 'x'"
        ),
        (
            ["--at", "-1"],
            "Error: --at must be times in milliseconds (0 or more) separated by commas, like 0,150,300; got '-1'"
        ),
        (["--every", "5", "--at", "3"], "Error: choose one of --events, --every and --at"),
        (["--events", "--every", "3"], "Error: choose one of --events, --every and --at"),
        (["--columns", "0"], "Error: --columns must be from 1 to 12, got 0"),
        (["--viewport", "0"], "Error: --viewport must be a number of points > 0, got 0.0"),
    ])
    func badOptionsAreRefused(arguments: [String], message: String) throws {
        let result = try Swipehost.run(["render", "examples/demo.swipe", "-o", "-"] + arguments)
        expectEqual(result.status, 64)
        expectEqual(result.stdout, "")
        #expect(result.stderr.hasPrefix(message + "\n"))
    }

    @Test func outputIsRequiredAndUnwritableFolderIsStatus1() throws {
        let none = try Swipehost.run(["render", "examples/demo.swipe"])
        expectEqual(none.status, 64)
        #expect(none.stderr.hasPrefix("Error: Missing expected argument '--output <OUT.svg>'\n"))
        let unwritable = try Swipehost.run(["render", "examples/demo.swipe", "-o", "/nonexistent/folder/x.svg"])
        expectEqual(unwritable.status, 1)
        expectEqual(
            unwritable.stderr, "swipehost: cannot write '/nonexistent/folder/x.svg': No such file or directory\n")
    }

    @Test func helpExplainsTheCommand() throws {
        let help = try Swipehost.run(["render", "--help"])
        expectEqual(help.status, 0)
        for words in [
            "filmstrip", "--every MS", "--at T1,T2,...", "--events", "status 2", "docs/limits.md",
            "-o, --output <OUT.svg>", "--preset",
        ] {
            #expect(help.stdout.contains(words), "\(words)")
        }
        let top = try Swipehost.run(["--help"])
        #expect(top.stdout.contains("render"))
    }
}
