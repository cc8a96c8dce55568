import Foundation
import SwipeTestSupport
import Testing

/// A long run's output waits in an unlinked temporary file past a bound
/// (`--spool-above`, 4 MiB by default) instead of in memory, and a large script is mapped
/// (`--map-above`) and released as it runs. Neither changes a byte of what is printed, and a
/// script that fails after a spooled prefix still prints nothing.
struct SpoolTests {
    /// The bench's replay cycle (swipes open, taps, drags closed) over rows 1 to 11, `lines` lines.
    static func script(lines: Int) -> String {
        let cycle = [
            "pan R begin", "pan R move -20", "pan R move -45", "pan R end", "wait 250",
            "tap R 1", "pan R begin", "pan R move 130", "pan R end", "wait 250",
        ]
        var text = ""
        var row = 1
        for index in 0..<lines {
            text += cycle[index % 10].replacingOccurrences(of: "R", with: String(row)) + "\n"
            if index % 10 == 9 { row = row % 11 + 1 }
        }
        return text
    }

    /// Writes `text` to a new file in the temporary folder; the caller removes it.
    static func file(_ text: String, suffix: String = ".swipe") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)\(suffix)")
        try Data(text.utf8).write(to: url)
        return url
    }

    static let smallest = "4096"  // the least bound a spool takes

    /// A successful run prints the same bytes however small the bound (so spooled many times
    /// over) and whether the script is mapped, as with everything in memory.
    @Test(arguments: ["jsonl", "text"], [false, true])
    func spooledOutputIsByteIdenticalToTheInMemoryOne(format: String, plugin: Bool) throws {
        let script = try Self.file(Self.script(lines: 6000))
        defer { try? FileManager.default.removeItem(at: script) }
        var arguments = ["run", script.path, "--format", format]
        if plugin { arguments += ["--plugin", "plugins/tutorial.lua"] }
        let inMemory = try Swipehost.run(arguments + ["--spool-above", "1000000000"])
        expectEqual(inMemory.status, 0, "\(inMemory.stderr)")
        #expect(inMemory.stdout.utf8.count > 15 * 4096, "the output must pass the bound many times over")
        for extra in [[], ["--spool-above", Self.smallest], ["--spool-above", "5000", "--map-above", "0"]] {
            let result = try Swipehost.run(arguments + extra)
            expectEqual(result.status, 0, "\(extra): \(result.stderr)")
            expectEqual(result.stderr, "")
            expectEqual(result.stdout, inMemory.stdout, "\(extra)")
        }
    }

    /// A script that fails at its last line, after thousands of lines of output were spooled:
    /// nothing on stdout, the error alone on stderr, status 2. A syntax error and an error the
    /// table finds when the line runs, mapped or read, in both formats.
    @Test(
        arguments: ["jsonl", "text"],
        [
            ("pan 3 wiggle", "unknown pan action 'wiggle' (expected begin, move, end or cancel)"),
            ("pan 500 begin", "row 500 does not exist: the table has rows 1-30"),
        ])
    func aFailureAfterASpooledPrefixPrintsNothing(format: String, bad: (line: String, message: String)) throws {
        let lines = 3000
        let script = try Self.file(Self.script(lines: lines) + bad.line + "\n")
        defer { try? FileManager.default.removeItem(at: script) }
        for map in ["1000000000", "0"] {
            let result = try Swipehost.run([
                "run", script.path, "--format", format, "--plugin", "plugins/tutorial.lua",
                "--spool-above", Self.smallest, "--map-above", map,
            ])
            expectEqual(result.status, 2)
            expectEqual(result.stdout, "")
            expectEqual(result.stderr, "\(script.path):\(lines + 1): \(bad.message)\n")
        }
    }

    /// A spool that cannot be made (no such temporary folder) leaves the output in memory: the
    /// same bytes.
    @Test func aSpoolThatCannotBeMadeKeepsTheOutputInMemory() throws {
        let script = try Self.file(Self.script(lines: 2000))
        defer { try? FileManager.default.removeItem(at: script) }
        let arguments = [
            "run", script.path, "--format", "jsonl", "--plugin", "plugins/tutorial.lua", "--spool-above", Self.smallest,
        ]
        let spooled = try Swipehost.run(arguments)
        let unspooled = try Swipehost.run(arguments, environment: ["TMPDIR": "/nonexistent-swipehost-folder"])
        #expect(spooled.status == 0 && unspooled.status == 0, "\(unspooled.stderr)")
        expectEqual(unspooled.stdout, spooled.stdout)
        #expect(spooled.stdout.utf8.count > 10 * 4096)
    }

    /// Spooled output that cannot be written fails as in-memory output does.
    @Test(arguments: [
        ("> /dev/full", "No space left on device"),
        (">&-", "Bad file descriptor"),
    ])
    func spooledOutputThatCannotBeWrittenIsAnError(redirection: String, reason: String) throws {
        let script = try Self.file(Self.script(lines: 2000))
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try RunReliabilityTests.shell(
            "\"$0\" run '\(script.path)' --spool-above \(Self.smallest) \(redirection)")
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "swipehost: cannot write the output: \(reason)\n")
    }

    /// The bench's memory figure reports the peak resident size of a real run.
    @Test func theReplayMemoryFigureIsMeasured() throws {
        let result = try Swipehost.run(["bench", "--quick", "--json", "--only", "replay.rss_mb_10m"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        expectEqual(object["name"] as? String, "replay.rss_mb_10m")
        expectEqual(object["unit"] as? String, "MiB")
        expectEqual(object["target"] as? String, "<= 64")
        expectEqual(object["n"] as? Int, 10_000)
        expectEqual((object["value"] as? Double).map { $0 > 1 && $0 < 1024 }, true, "\(result.stdout)")
    }
}
