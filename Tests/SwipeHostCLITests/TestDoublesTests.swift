import Foundation
import SwipeTestSupport
import Testing

/// busted's doubles and luassert's extensions in `swipehost test`: `mock`, `match.is_*`,
/// `assert:register` with `say` messages, `unique`, `spec`/`test`, `insulate`.
struct TestDoublesTests {
    static let passing = "\(TestCommandTests.explicit)/doubles.lua"
    static let failing = "\(TestCommandTests.explicit)/doubles_failing.lua"

    @Test func theDoublesSpecPasses() throws {
        let result = try Swipehost.run(["test", Self.passing])
        expectEqual(result.status, 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\n9 passed, 0 failed\n"))
        #expect(result.stdout.contains("PASS  an insulated block sees what it set (\(Self.passing):71)\n"))
        #expect(result.stdout.contains("PASS  after the insulated block its globals are gone (\(Self.passing):77)\n"))
    }

    /// It uses busted's API only, so Debian's busted (luassert, say) passes it too.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/busted")))
    func theDoublesSpecPassesUnderBusted() throws {
        let result = try Swipehost.run(["lua", "/usr/bin/busted", Self.passing])
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("9 successes / 0 failures / 0 errors / 0 pending"))
    }

    @Test func theirFailuresSayWhatFailed() throws {
        let result = try Swipehost.run(["test", Self.failing])
        let file = Self.failing
        // mock of a non-table is bad input: the run's status is 2.
        expectEqual(result.status, 2)
        #expect(
            result.stderr.hasSuffix(
                "swipehost test: bad input, status 2: \(file):13 (fails mock of a non-table); see the failure above\n"))
        #expect(result.stdout.hasSuffix("\n0 passed, 6 failed\n"))
        for expected in [
            "FAIL  fails registered (\(file):8)\n      \(file):8: Expected property (string) \"age\" in:\n      (table) {\n        name = \"x\"\n      }\n",
            "FAIL  fails negated (\(file):9)\n      \(file):9: Expected property (string) \"name\" to not be in:\n",
            "FAIL  fails unique (\(file):10)\n      \(file):10: Expected object to be unique:\n      (table) {\n        1,\n        1\n      }\n",
            "FAIL  fails matcher (\(file):11)\n      \(file):11: Expected to be called with (match.is_string()), calls were:\n        call 1: (1)\n",
            "FAIL  fails unknown matcher (\(file):12)\n      \(file):12: luassert: unknown matcher: 'is_frobnicated'\n",
            "FAIL  fails mock of a non-table (\(file):13)\n      \(file):13: mock: a table expected as argument #1, got number\n",
        ] {
            #expect(result.stdout.contains(expected), "missing: \(expected)")
        }
    }
}
