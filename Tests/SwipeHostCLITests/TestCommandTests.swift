import Foundation
import SwipeTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `swipehost test` and `swipehost lua`, run as a user would from the repository root.
struct TestCommandTests {
    static let fixtures = "Tests/SwipeTestingTests/Fixtures"

    @Test func theShippedSpecsPass() throws {
        let result = try Swipehost.run(["test"])
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        expectEqual(lines.last, "\(lines.count - 1) passed, 0 failed")
        #expect(lines.contains("PASS  tutorial bounces to 180 points, then rests at 160 (spec/tutorial_spec.lua:39)"))
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS  ") })
    }

    @Test func allPassingFixturesExitZero() throws {
        let result = try Swipehost.run(["test", "\(Self.fixtures)/pass"])
        expectEqual(result.status, 0)
        #expect(result.stdout.hasSuffix("\n4 passed, 0 failed\n"))
    }

    @Test func aFailingAssertionExitsOneWithItsPlaceAndDiff() throws {
        let result = try Swipehost.run(["test", "\(Self.fixtures)/fail"])
        let file = "\(Self.fixtures)/fail/one_failure_spec.lua"
        expectEqual(result.status, 1)
        #expect(
            result.stdout.contains(
                "FAIL  one failure expects the wrong row (\(file):8)\n      \(file):11: Expected objects to be the same.\n"
            ))
        #expect(result.stdout.contains("        [1].row: expected 4, got 3\n"))
        #expect(result.stdout.contains("      \(file):18: row 99 does not exist: the table has rows 1-30\n"))
        #expect(result.stdout.hasSuffix("\n1 passed, 2 failed\n"))
    }

    @Test func pendingTestsAreSkipped() throws {
        let result = try Swipehost.run(["test", "\(Self.fixtures)/pending"])
        expectEqual(result.status, 0)
        #expect(result.stdout.hasSuffix("\n1 passed, 0 failed, 2 skipped\n"))
    }

    @Test func aSpecThatDoesNotLoadFails() throws {
        let result = try Swipehost.run(["test", "\(Self.fixtures)/syntax/broken_spec.lua"])
        let file = "\(Self.fixtures)/syntax/broken_spec.lua"
        expectEqual(result.status, 1)
        expectEqual(
            result.stdout,
            "FAIL  \(file) (did not load) (\(file))\n      \(file):3: <name> or '...' expected near 'end'\n0 passed, 1 failed\n"
        )
    }

    @Test func endlessLoopsFailTheirTestsAndTheRunGoesOn() throws {
        let result = try Swipehost.run(["test", "\(Self.fixtures)/loop", "--spec-budget", "5000000"])
        let file = "\(Self.fixtures)/loop/forever_spec.lua"
        expectEqual(result.status, 1)
        #expect(result.stdout.contains("forever.lua:8: instruction budget of 100000 exceeded in 'on_open'"))
        #expect(
            result.stdout.contains(
                "FAIL  forever stops its own endless loop (\(file):11)\n      \(file):12: instruction budget of 5000000 exceeded"
            ))
        #expect(result.stdout.contains("PASS  forever goes on after both (\(file):15)\n"))
        #expect(result.stdout.hasSuffix("\n1 passed, 2 failed\n"))
    }

    @Test func tapOutputIsWellFormed() throws {
        let result = try Swipehost.run(["test", "--format", "tap", "\(Self.fixtures)/fail", "\(Self.fixtures)/pending"])
        expectEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        expectEqual(Array(lines.prefix(3)), ["TAP version 13", "1..6", "ok 1 - one failure passes"])
        #expect(lines.contains("not ok 2 - one failure expects the wrong row"))
        #expect(lines.contains("ok 5 - pending is not written yet # SKIP pending"))
        let tests = lines.filter { $0.range(of: #"^(not )?ok \d+ - "#, options: .regularExpression) != nil }
        expectEqual(tests.count, 6)
        #expect(lines.filter { $0 == "  ---" }.count == 2 && lines.filter { $0 == "  ..." }.count == 2)
        expectEqual(result.stderr, "2 passed, 2 failed, 2 skipped\n")
    }

    @Test func junitOutputParses() throws {
        let result = try Swipehost.run([
            "test", "--format", "junit", "\(Self.fixtures)/fail", "\(Self.fixtures)/pending",
        ])
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "2 passed, 2 failed, 2 skipped\n")
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let root = try #require(document.rootElement())
        expectEqual(root.name, "testsuites")
        expectEqual(root.attribute(forName: "tests")?.stringValue, "6")
        // The wrong row is an assertion's failure; the bad script line, an error.
        expectEqual(root.attribute(forName: "failures")?.stringValue, "1")
        expectEqual(root.attribute(forName: "errors")?.stringValue, "1")
        expectEqual(root.attribute(forName: "skipped")?.stringValue, "2")
        let suites = root.elements(forName: "testsuite")
        expectEqual(
            suites.map { $0.attribute(forName: "name")?.stringValue },
            [
                "\(Self.fixtures)/fail/one_failure_spec.lua", "\(Self.fixtures)/pending/pending_spec.lua",
            ])
        let failures = try document.nodes(forXPath: "//testcase/failure")
        expectEqual(failures.count, 1)
        expectEqual(failures.first?.stringValue?.contains("[1].row: expected 4, got 3"), true)
        let errors = try document.nodes(forXPath: "//testcase/error")
        expectEqual(errors.count, 1)
        expectEqual(
            (errors.first as? XMLElement)?.attribute(forName: "message")?.stringValue,
            "\(Self.fixtures)/fail/one_failure_spec.lua:18: row 99 does not exist: the table has rows 1-30")
        expectEqual(
            (errors.first?.parent as? XMLElement)?.attribute(forName: "name")?.stringValue,
            "one failure names the spec line of a bad script line")
    }

    /// A file that does not load and a spent budget are errors too; a failed assertion after a
    /// plugin's error is still a failure.
    @Test(arguments: ["1", "2"])
    func junitReportsLoadAndRuntimeErrorsAsErrors(jobs: String) throws {
        let result = try Swipehost.run([
            "test", "--format", "junit", "--jobs", jobs, "--spec-budget", "5000000",
            "\(Self.fixtures)/syntax/broken_spec.lua", "\(Self.fixtures)/loop/forever_spec.lua",
            "\(Self.fixtures)/fail",
        ])
        expectEqual(result.status, 1)
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let root = try #require(document.rootElement())
        expectEqual(root.attribute(forName: "failures")?.stringValue, "2")
        expectEqual(root.attribute(forName: "errors")?.stringValue, "3")
        let erred = try document.nodes(forXPath: "//testcase[error]").compactMap {
            ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue
        }
        expectEqual(
            erred,
            [
                "\(Self.fixtures)/syntax/broken_spec.lua (did not load)",
                "forever stops its own endless loop",
                "one failure names the spec line of a bad script line",
            ])
        expectEqual(result.stderr, "2 passed, 5 failed\n")
    }

    @Test(arguments: ["text", "junit"], ["1", "2"])
    func aRunThatTestsNothingSaysSoAndExitsTwo(format: String, jobs: String) throws {
        // tap and junit put the counts on standard error, before the reason.
        let counts = format == "text" ? "" : "0 passed, 0 failed\n"
        let filtered = try Swipehost.run([
            "test", "--format", format, "--jobs", jobs, "--filter", "no such test", "spec/mail_spec.lua",
            "spec/tutorial_spec.lua",
        ])
        expectEqual(filtered.status, 2)
        expectEqual(
            filtered.stderr, counts + "swipehost test: no test matches --filter 'no such test' in 2 spec files\n")
        let one = try Swipehost.run([
            "test", "--format", format, "--jobs", jobs, "--filter", "^zzz", "spec/mail_spec.lua",
        ])
        expectEqual(one.status, 2)
        expectEqual(one.stderr, counts + "swipehost test: no test matches --filter '^zzz' in spec/mail_spec.lua\n")

        let folder = try TestFiles.folderPath("swipehost-empty")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "local swipe = require('swipe')\ndescribe('nothing yet', function() end)\n".write(
            toFile: folder + "/a_spec.lua", atomically: true, encoding: .utf8)
        try "-- to do\n".write(toFile: folder + "/b_spec.lua", atomically: true, encoding: .utf8)
        let empty = try Swipehost.run(["test", "--format", format, "--jobs", jobs, folder])
        expectEqual(empty.status, 2)
        expectEqual(empty.stderr, counts + "swipehost test: no test in 2 spec files (a test is an it(...) call)\n")
        if format == "text" {
            expectEqual(filtered.stdout, "0 passed, 0 failed\n")
            expectEqual(empty.stdout, "0 passed, 0 failed\n")
        } else {
            expectEqual(
                try XMLDocument(data: Data(empty.stdout.utf8)).rootElement()?.attribute(forName: "tests")?.stringValue,
                "0")
        }
        // A pending test is a test: its file ran.
        let pending = try Swipehost.run([
            "test", "--format", format, "--jobs", jobs, "--filter", "is not written", "\(Self.fixtures)/pending",
        ])
        expectEqual(pending.status, 0)
    }

    @Test func twoJobsGiveTheSameResultsAsOne() throws {
        let one = try Swipehost.run(["test", Self.fixtures, "--jobs", "1"])
        let two = try Swipehost.run(["test", Self.fixtures, "--jobs", "2"])
        expectEqual(one.status, 1)
        expectEqual(two.status, one.status)
        expectEqual(two.stdout, one.stdout)
        // Fixtures/coverage adds two passing tests.
        #expect(one.stdout.hasSuffix("\n9 passed, 5 failed, 2 skipped\n"))
    }

    /// Specs that attack the runner; named one by one (a folder search does not find them).
    static let explicit = "\(fixtures)/explicit"

    @Test(arguments: ["1", "2"])
    func osExitInASpecFailsItsTestAndTheRunReportsEverything(jobs: String) throws {
        let file = "\(Self.explicit)/exits.lua"
        let result = try Swipehost.run(["test", "--jobs", jobs, file, "\(Self.explicit)/returns_early.lua"])
        expectEqual(result.status, 1)
        #expect(result.stdout.hasPrefix("FAIL  exits fails first (\(file):2)\n"))
        #expect(
            result.stdout.contains(
                "FAIL  exits calls os.exit (\(file):6)\n      \(file):7: os.exit(0) called: a spec cannot end the test run\n"
            ))
        #expect(
            result.stdout.contains(
                "PASS  exits runs after (\(file):16)\nPASS  early is defined (\(Self.explicit)/returns_early.lua:2)\n"))
        #expect(result.stdout.hasSuffix("\n2 passed, 3 failed\n"))
    }

    /// What a spec writes to standard output (io.write, io.stdout) goes to standard error with
    /// its print, whatever the format and the number of jobs: the report stays whole.
    @Test(arguments: ["text", "tap", "junit"], ["1", "2"])
    func whatASpecWritesGoesToStandardError(format: String, jobs: String) throws {
        let result = try Swipehost.run([
            "test", "--format", format, "--jobs", jobs, "\(Self.explicit)/writes.lua",
            "\(Self.explicit)/returns_early.lua",
        ])
        expectEqual(result.status, 1)
        #expect(
            result.stderr.hasPrefix(
                "io.write from a spec\nio.stdout:write from a spec\nprint from a spec\nwritten before failing\n"))
        #expect(!result.stdout.contains("from a spec") && !result.stdout.contains("written before"))
        switch format {
        case "text":
            expectEqual(
                result.stderr,
                "io.write from a spec\nio.stdout:write from a spec\nprint from a spec\nwritten before failing\n")
            #expect(
                result.stdout.hasSuffix(
                    "\nPASS  early is defined (\(Self.explicit)/returns_early.lua:2)\n2 passed, 1 failed\n"))
        case "tap":
            #expect(
                result.stdout.hasPrefix(
                    "TAP version 13\n1..3\nok 1 - writes writes to standard output\nnot ok 2 - writes fails after writing\n"
                ))
            #expect(result.stdout.hasSuffix("\nok 3 - early is defined\n"))
            #expect(result.stderr.hasSuffix("failing\n2 passed, 1 failed\n"))
        default:
            let document = try XMLDocument(data: Data(result.stdout.utf8))
            expectEqual(document.rootElement()?.attribute(forName: "tests")?.stringValue, "3")
            #expect(result.stdout.hasSuffix("</testsuites>\n"))
            #expect(result.stderr.hasSuffix("failing\n2 passed, 1 failed\n"))
        }
    }

    @Test func aWorkerThatDiesIsReportedAndTheRunGoesOn() throws {
        let file = "\(Self.explicit)/kills_its_worker.lua"
        let result = try Swipehost.run(["test", "--jobs", "2", file, "\(Self.explicit)/returns_early.lua"])
        expectEqual(result.status, 1)
        expectEqual(
            result.stdout,
            """
            FAIL  \(file) (did not run) (\(file))
                  the worker process was killed by signal 9 before reporting
            PASS  early is defined (\(Self.explicit)/returns_early.lua:2)
            1 passed, 1 failed

            """)
    }

    @Test func luaRunsAScriptWithRequireSwipe() throws {
        let script = """
            local swipe = require("swipe")
            local t = swipe.table { plugins = { "plugins/mail.lua" } }
            t:swipe(1, -150)
            t:wait(250)
            t:tap(1, "trash")
            print(#t:items(), t:items()[1], t:events("delete")[1].item, arg[0], arg[1], ...)
            """
        let path = NSTemporaryDirectory() + "swipehost-lua-\(UUID().uuidString).lua"
        try ("#!/usr/bin/env lua\n" + script).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Swipehost.run(["lua", path, "one", "two"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(result.stdout, "14\tYour order has shipped\tLunch on Friday?\t\(path)\tone\tone\ttwo\n")
        let failing = try Swipehost.run(["lua", "-e", "require('swipe').table{}:tap(99, 1)"])
        expectEqual(failing.status, 1)
        #expect(failing.stderr.hasPrefix("swipehost lua: (command line):1: row 99 does not exist"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/busted")))
    func bustedRunsTheShippedSpecsThroughLua() throws {
        // The #swipehost blocks use what only swipehost test has (assert.snapshot, t:render).
        let result = try Swipehost.run(["lua", "/usr/bin/busted", "-o", "TAP", "--exclude-tags=swipehost", "spec/"])
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok 1 - "))
        #expect(!result.stdout.contains("not ok"))
    }
}
