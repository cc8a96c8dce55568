import Foundation
import SwipeTestSupport
import Testing

/// Files on the command line: files and streams read with a bound and
/// only when they are what they should be, and `render -o` that writes through what is not a
/// regular file.
struct FileBoundsCommandTests {
    @Test func checkRefusesADeviceAndAFIFOWithoutReadingThem() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        #expect(mkfifo(folder + "/fifo.lua", 0o600) == 0)
        let zero = try Swipehost.run(["check", "/dev/zero", "--color", "never"])
        #expect(zero.status == 1)
        #expect(
            zero.stdout
                == "/dev/zero: cannot read the plugin: not a regular file but a character device\n/dev/zero: 1 error\n")
        let fifo = try Swipehost.run(["check", folder + "/fifo.lua", "--color", "never"])
        #expect(fifo.status == 1)
        #expect(
            fifo.stdout
                == "\(folder)/fifo.lua: cannot read the plugin: not a regular file but a FIFO (named pipe)\n\(folder)/fifo.lua: 1 error\n"
        )
    }

    @Test func aScriptHeaderNamingADeviceIsRefusedAtItsLine() throws {
        let result = try Swipehost.run(["run", "-"], stdin: "# plugin: /dev/zero\nswipe 1 -100\n")
        #expect(result.status == 2)
        #expect(
            result.stderr == "<stdin>:1: plugin '/dev/zero' cannot be read: not a regular file but a character device\n"
        )
        #expect(result.stdout == "")
    }

    @Test func endlessStandardInputStopsAtTheLimit() throws {
        let result = try RunReliabilityTests.shell("yes 2>/dev/null | \"$0\" run -")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "swipehost: cannot read standard input: larger than 16777216 bytes (16 MiB), the most read whole from a file or stream (a longer script can be run from a regular file, which is mapped)\n"
        )
        #expect(result.stdout == "")
    }

    @Test func aScriptFromANamedPipeIsStillRead() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        #expect(mkfifo(folder + "/s.swipe", 0o600) == 0)
        let piped = try RunReliabilityTests.shell(
            "printf 'swipe 1 -100\\n' > '\(folder)/s.swipe' & \"$0\" run '\(folder)/s.swipe'; s=$?; wait; exit $s")
        let direct = try Swipehost.run(["run", "-"], stdin: "swipe 1 -100\n")
        #expect(piped.status == 0)
        #expect(piped.stdout == direct.stdout)
    }

    @Test func aSpecThatLinksToADeviceFailsNamingIt() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        try FileManager.default.createSymbolicLink(atPath: folder + "/zero_spec.lua", withDestinationPath: "/dev/zero")
        let result = try Swipehost.run(["test", folder + "/zero_spec.lua", "--color", "never"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("cannot read '\(folder)/zero_spec.lua': not a regular file but a character device"),
            "\(result.stdout)")
    }

    @Test func renderReportsAWriteThatFails() throws {
        let result = try Swipehost.run(["render", "examples/demo.swipe", "-o", "/dev/full"])
        #expect(result.status == 1)
        #expect(result.stderr == "swipehost: cannot write '/dev/full': No space left on device\n")
    }

    /// A FIFO stays a FIFO and its reader gets the picture (before, a regular file was renamed
    /// over it).
    @Test func renderWritesThroughAFIFO() throws {
        let folder = try TestFiles.folderPath("swipehost-file-bounds")
        #expect(mkfifo(folder + "/pipe.svg", 0o600) == 0)
        let result = try RunReliabilityTests.shell(
            "cat '\(folder)/pipe.svg' > '\(folder)/read.svg' & \"$0\" render examples/demo.swipe -o '\(folder)/pipe.svg'; s=$?; wait; exit $s"
        )
        #expect(result.status == 0)
        let expected = try Swipehost.run(["render", "examples/demo.swipe", "-o", "-"]).stdout
        #expect(try String(contentsOfFile: folder + "/read.svg", encoding: .utf8) == expected)
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
            #expect(result.status == 0, "\(result.stderr)")
            var status = stat()
            #expect(lstat(folder + "/" + link, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
        }
        #expect(try String(contentsOfFile: folder + "/target.svg", encoding: .utf8) == expected)
        #expect(try String(contentsOfFile: folder + "/made.svg", encoding: .utf8) == expected)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "dangling.svg", "link.svg", "made.svg", "target.svg",
            ])
    }
}
