import Foundation
import SwipeTestSupport
import Testing

/// A `.busted` file in the current folder gives `swipehost test` its defaults, with busted's keys.
struct BustedConfigTests {
    /// A folder with `checks/inbox_check.lua` (the tags fixture) and the `.busted` given.
    static func folder(busted: String) throws -> URL {
        let folder = try TestFiles.folder("busted")
        let checks = folder.appendingPathComponent("checks")
        try FileManager.default.createDirectory(at: checks, withIntermediateDirectories: true)
        let fixture = Repository.root.appendingPathComponent(TestSelectionTests.file)
        try FileManager.default.copyItem(at: fixture, to: checks.appendingPathComponent("inbox_check.lua"))
        try TestFiles.write(busted, to: folder.appendingPathComponent(".busted"))
        return folder
    }

    @Test func itsRootPatternTagsAndOutputAreDefaultsTheCommandLineOverrides() throws {
        let folder = try Self.folder(
            busted: """
                return {
                  _all = { verbose = true, output = "TAP" },
                  default = { ROOT = { "checks" }, pattern = "_check", tags = "slow", output = "json", lpath = "src/?.lua" },
                  ci = { output = "junit" },
                }
                """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Swipehost.run(["test"], in: folder)
        expectEqual(result.status, 0)
        #expect(
            result.stdout.hasPrefix(
                #"{"successes":[{"name":"inbox #slow archives","file":"checks/inbox_check.lua","line":2,"#))
        expectEqual(
            result.stderr,
            """
            swipehost test: warning: .busted: _all.verbose is not an option swipehost test takes; ignored
            swipehost test: warning: .busted: task 'ci' is not run by swipehost test (only _all and default are read); ignored
            swipehost test: warning: .busted: default.lpath is not an option swipehost test takes; ignored
            2 passed, 0 failed

            """)
        let overridden = try Swipehost.run(["test", "-o", "text", "--tags", "db"], in: folder)
        expectEqual(overridden.status, 0)
        expectEqual(
            overridden.stdout,
            """
            PASS  inbox #slow deletes #db (checks/inbox_check.lua:3)
            PASS  outbox sends #db (checks/inbox_check.lua:6)
            2 passed, 0 failed

            """)
    }

    @Test(arguments: [
        (
            "return { default = { tags = 3 } }",
            "swipehost test: .busted: default.tags must be a string or a list of strings, got a number\n"
        ),
        ("return {\n", "swipehost test: .busted:2: unexpected symbol near <eof>\n"),
        (
            "return { default = { output = \"yaml\" } }",
            "swipehost test: .busted: default.output must be one of 'TAP', 'json', 'junit', 'plainTerminal', 'tap', 'text', 'utfTerminal', got 'yaml'\n"
        ),
        (
            "return { default = { pattern = \"[\" } }",
            "swipehost test: .busted: pattern '[' is not a Lua pattern: malformed pattern (missing ']')\n"
        ),
        ("return 5", "swipehost test: .busted: must return a table of tasks ({ default = { ... } }), got a number\n"),
        (
            "return { default = { tags = \"a b\" } }",
            "swipehost test: .busted: default.tags: a tag is a word of ASCII letters, digits, '_' and '-' (as '#tag' in a name), got 'a b'\n"
        ),
        ("return { default = 1 }", "swipehost test: .busted: default must be a table of options, got a number\n"),
        (
            "return { default = { coverage = \"yes\" } }",
            "swipehost test: .busted: default.coverage must be true or false, got 'yes'\n"
        ),
    ])
    func aBadFileIsStatus2AndRunsNothing(busted: String, message: String) throws {
        let folder = try Self.folder(busted: busted)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Swipehost.run(["test", "checks"], in: folder)
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(result.stderr, message)
    }
}
