import Foundation
import SwipeTestSupport
import Testing

/// `swipehost test --coverage` and `swipehost run --coverage`: the file, the
/// table, the minimum, workers, `.busted`.
struct CoverageCommandTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/SwipeTestingTests/Fixtures/coverage").path

    static func lcov(in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("coverage/lcov.info"), encoding: .utf8)
    }

    /// Workers send their counts back: two files in two processes give the file one process gives.
    @Test func workersGiveTheSameFileAsOneProcess() throws {
        let one = try TestFiles.folder("coverage")
        let two = try TestFiles.folder("coverage")
        defer {
            try? FileManager.default.removeItem(at: one)
            try? FileManager.default.removeItem(at: two)
        }
        let single = try Swipehost.run(["test", "--coverage", Self.fixtures], in: one)
        let parallel = try Swipehost.run(["test", "--coverage", "--jobs", "2", Self.fixtures], in: two)
        expectEqual(single.status, 0)
        expectEqual(parallel.status, 0)
        let expected = try Self.lcov(in: one)
        expectEqual(try Self.lcov(in: two), expected)
        #expect(expected.contains("SF:\(Self.fixtures)/counted.lua\n"))
        // Row 2 of the second spec takes the even branch: line 6 ran once.
        #expect(expected.contains("DA:5,3\nDA:6,1\nDA:8,2\n"))
        // The report, the table included, is the same too.
        expectEqual(parallel.stdout, single.stdout)
    }

    @Test(arguments: ["150", "-1", "abc"])
    func aBadMinimumIsStatus2AndWritesNothing(value: String) throws {
        let folder = try TestFiles.folder("coverage")
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["test", "run"] {
            let arguments =
                command == "test"
                ? ["test", "--coverage-min=\(value)", Self.fixtures]
                : ["run", "--coverage-min=\(value)", "--plugin", Self.fixtures + "/counted.lua", "/dev/null"]
            let result = try Swipehost.run(arguments, in: folder)
            expectEqual(result.status, 2)
            expectEqual(result.stdout, "")
            expectEqual(
                result.stderr,
                "swipehost \(command): --coverage-min must be a percentage from 0 to 100, got '\(value)'\n")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("coverage").path))
        }
    }

    @Test func belowTheMinimumIsStatus1() throws {
        let folder = try TestFiles.folder("coverage")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Swipehost.run(
            ["test", "--coverage-min", "99.5", Self.fixtures + "/counted_spec.lua"], in: folder)
        expectEqual(result.status, 1)
        #expect(result.stderr.hasPrefix("swipehost test: line coverage "))
        #expect(result.stderr.hasSuffix("% is below --coverage-min 99.5%\n"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("coverage/lcov.info").path))
    }

    /// A gesture script's plugin lines: the table on stderr, the run's output unchanged.
    @Test func runCountsThePluginLinesOfAScript() throws {
        let folder = try TestFiles.folder("coverage")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("open.swipe")
        try Data("swipe 1 -100\nwait 300\n".utf8).write(to: script)
        let plain = try Swipehost.run(
            ["run", script.path, "--plugin", Self.fixtures + "/counted.lua", "--rows", "1"], in: folder)
        let covered = try Swipehost.run(
            ["run", script.path, "--plugin", Self.fixtures + "/counted.lua", "--rows", "1", "--coverage"], in: folder)
        expectEqual(covered.status, 0)
        expectEqual(covered.stdout, plain.stdout)
        let path = Self.fixtures + "/counted.lua"
        let padding = String(repeating: " ", count: path.count - 4)
        expectEqual(
            covered.stderr,
            """
            File\(padding)  Lines    Hit  Missed   Cover
            \(path)     22     19       3   86.3%
            Total\(String(repeating: " ", count: path.count - 5))     22     19       3   86.3%

            """)
        let lcov = try Self.lcov(in: folder)
        #expect(lcov.hasPrefix("TN:\nSF:\(path)\nFN:4,label\n"))
        #expect(lcov.contains("DA:23,1\n"))
    }

    /// `.busted`'s `coverage = true` is `--coverage`.
    @Test func bustedCoverageTurnsItOn() throws {
        let folder = try TestFiles.folder("coverage")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("return { default = { coverage = true } }".utf8).write(to: folder.appendingPathComponent(".busted"))
        let result = try Swipehost.run(["test", Self.fixtures + "/counted_spec.lua"], in: folder)
        expectEqual(result.status, 0)
        expectEqual(result.stderr, "")
        #expect(result.stdout.contains("\nTotal "))
        #expect(try Self.lcov(in: folder).contains("SF:\(Self.fixtures)/counted.lua\n"))
    }
}
