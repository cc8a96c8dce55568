import Foundation
import SwipeTestSupport
import Testing

/// Files on the command line: files and streams read with a bound and
/// only when they are what they should be, and `render -o` that writes through what is not a
/// regular file.
struct FileBoundsCommandTests {
    @Test func checkRefusesADeviceAndAFIFOWithoutReadingThem() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        expectEqual(mkfifo(folder + "/fifo.lua", 0o600), 0)
        let zero = try Swipehost.run(["check", "/dev/zero", "--color", "never"])
        expectEqual(zero.status, 1)
        expectEqual(
            zero.stdout,
            "/dev/zero: cannot read the plugin: not a regular file but a character device\n/dev/zero: 1 error\n")
        let fifo = try Swipehost.run(["check", folder + "/fifo.lua", "--color", "never"])
        expectEqual(fifo.status, 1)
        expectEqual(
            fifo.stdout,
            "\(folder)/fifo.lua: cannot read the plugin: not a regular file but a FIFO (named pipe)\n\(folder)/fifo.lua: 1 error\n"
        )
    }

    @Test func aScriptHeaderNamingADeviceIsRefusedAtItsLine() throws {
        let result = try Swipehost.run(["run", "-"], stdin: "# plugin: /dev/zero\nswipe 1 -100\n")
        expectEqual(result.status, 2)
        expectEqual(
            result.stderr, "<stdin>:1: plugin '/dev/zero' cannot be read: not a regular file but a character device\n"
        )
        expectEqual(result.stdout, "")
    }

    @Test func endlessStandardInputStopsAtTheLimit() throws {
        let result = try RunReliabilityTests.shell("yes 2>/dev/null | \"$0\" run -")
        expectEqual(result.status, 2)
        expectEqual(
            result.stderr,
            "swipehost: cannot read standard input: larger than 16777216 bytes (16 MiB), the most read whole from a file or stream (a longer script can be run from a regular file, which is mapped)\n"
        )
        expectEqual(result.stdout, "")
    }

    @Test func aScriptFromANamedPipeIsStillRead() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        expectEqual(mkfifo(folder + "/s.swipe", 0o600), 0)
        let piped = try RunReliabilityTests.shell(
            "printf 'swipe 1 -100\\n' > '\(folder)/s.swipe' & \"$0\" run '\(folder)/s.swipe'; s=$?; wait; exit $s")
        let direct = try Swipehost.run(["run", "-"], stdin: "swipe 1 -100\n")
        expectEqual(piped.status, 0)
        expectEqual(piped.stdout, direct.stdout)
    }

    @Test func aSpecThatLinksToADeviceFailsNamingIt() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        try FileManager.default.createSymbolicLink(atPath: folder + "/zero_spec.lua", withDestinationPath: "/dev/zero")
        let result = try Swipehost.run(["test", folder + "/zero_spec.lua", "--color", "never"])
        expectEqual(result.status, 1)
        #expect(
            result.stdout.contains("cannot read '\(folder)/zero_spec.lua': not a regular file but a character device"),
            "\(result.stdout)")
    }

    @Test func renderReportsAWriteThatFails() throws {
        let result = try Swipehost.run(["render", "examples/demo.swipe", "-o", "/dev/full"])
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "swipehost: cannot write '/dev/full': No space left on device\n")
    }

    /// A FIFO stays a FIFO and its reader gets the picture (before, a regular file was renamed
    /// over it).
    @Test func renderWritesThroughAFIFO() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        expectEqual(mkfifo(folder + "/pipe.svg", 0o600), 0)
        let result = try RunReliabilityTests.shell(
            "cat '\(folder)/pipe.svg' > '\(folder)/read.svg' & \"$0\" render examples/demo.swipe -o '\(folder)/pipe.svg'; s=$?; wait; exit $s"
        )
        expectEqual(result.status, 0)
        let expected = try Swipehost.run(["render", "examples/demo.swipe", "-o", "-"]).stdout
        expectEqual(try String(contentsOfFile: folder + "/read.svg", encoding: .utf8), expected)
        var status = stat()
        #expect(lstat(folder + "/pipe.svg", &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
    }

    /// A link stays a link: the file it names is replaced (atomically), or made if missing.
    @Test func renderKeepsALinkAndWritesWhatItNames() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        try TestFiles.write("old", to: folder + "/target.svg")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.svg", withDestinationPath: "target.svg")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.svg", withDestinationPath: "made.svg")
        let expected = try Swipehost.run(["render", "examples/demo.swipe", "-o", "-"]).stdout
        for link in ["link.svg", "dangling.svg"] {
            let result = try Swipehost.run(["render", "examples/demo.swipe", "-o", folder + "/" + link])
            expectEqual(result.status, 0, "\(result.stderr)")
            var status = stat()
            #expect(lstat(folder + "/" + link, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
        }
        expectEqual(try String(contentsOfFile: folder + "/target.svg", encoding: .utf8), expected)
        expectEqual(try String(contentsOfFile: folder + "/made.svg", encoding: .utf8), expected)
        expectEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
            [
                "dangling.svg", "link.svg", "made.svg", "target.svg",
            ])
    }
}
