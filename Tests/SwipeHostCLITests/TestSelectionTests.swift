import Foundation
import SwipeTestSupport
import Testing

/// `swipehost test`'s selection and output options, as busted has them: `--tags`/`-t`,
/// `--exclude-tags`, `--filter-out`, `--name`, `--list`, `--repeat`, `--shuffle`, `--shard`,
/// `-o json`.
struct TestSelectionTests {
    /// Named by itself (a folder search does not find it: see Fixtures/explicit/README.md).
    static let file = "\(TestCommandTests.explicit)/tags.lua"
    static let folder = file

    @Test func listPrintsTheSelectedTestsAndRunsNone() throws {
        let result = try Swipehost.run(["test", Self.folder, "--list"])
        expectEqual(result.status, 0)
        expectEqual(result.stderr, "")
        expectEqual(
            result.stdout,
            """
            \(Self.file):2: inbox #slow archives
            \(Self.file):3: inbox #slow deletes #db
            \(Self.file):6: outbox sends #db
            \(Self.file):7: outbox fails
            \(Self.file):8: outbox later

            """)
    }

    @Test(arguments: [
        (["-t", "slow"], ["inbox #slow archives", "inbox #slow deletes #db"]),
        (["--tags", "db"], ["inbox #slow deletes #db", "outbox sends #db"]),
        (["--tags", "slow,db"], ["inbox #slow archives", "inbox #slow deletes #db", "outbox sends #db"]),
        (["--tags", "slow", "--tags", "db"], ["inbox #slow archives", "inbox #slow deletes #db", "outbox sends #db"]),
        (["--tags", "db", "--exclude-tags", "slow"], ["outbox sends #db"]),
        (["--exclude-tags", "slow,db"], ["outbox fails", "outbox later"]),
        (
            ["--filter-out", "fails", "--filter-out", "later"],
            ["inbox #slow archives", "inbox #slow deletes #db", "outbox sends #db"]
        ),
        (["--name", "outbox fails", "--name", "inbox #slow archives"], ["inbox #slow archives", "outbox fails"]),
        (["--filter", "outbox", "--filter-out", "#db"], ["outbox fails", "outbox later"]),
    ])
    func eachConditionNarrowsTheSelection(arguments: [String], expected: [String]) throws {
        let result = try Swipehost.run(["test", Self.folder, "--list"] + arguments)
        expectEqual(result.status, 0, "\(result.stderr)")
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: ": ", maxSplits: 1)[1] }
        expectEqual(names.map(String.init), expected)
    }

    @Test func theSelectionRunsOnlyItsTests() throws {
        let result = try Swipehost.run(["test", Self.folder, "--tags", "slow"])
        expectEqual(result.status, 0)
        expectEqual(
            result.stdout,
            """
            PASS  inbox #slow archives (\(Self.file):2)
            PASS  inbox #slow deletes #db (\(Self.file):3)
            2 passed, 0 failed

            """)
        let failing = try Swipehost.run(["test", Self.folder, "--exclude-tags", "slow,db"])
        expectEqual(failing.status, 1)
        #expect(failing.stdout.hasSuffix("\n0 passed, 1 failed, 1 skipped\n"))
    }

    @Test func nothingSelectedIsStatus2AndSaysWhy() throws {
        let result = try Swipehost.run(["test", Self.folder, "--tags", "nothing", "--filter-out", "x"])
        expectEqual(result.status, 2)
        #expect(
            result.stderr.hasSuffix(
                "swipehost test: no test is selected by --filter-out 'x' --tags 'nothing' in \(Self.file)\n"))
        let filter = try Swipehost.run(["test", Self.folder, "--filter", "zzz"])
        expectEqual(filter.status, 2)
        #expect(filter.stderr.hasSuffix("swipehost test: no test matches --filter 'zzz' in \(Self.file)\n"))
    }

    @Test func repeatRunsTheSelectionAgain() throws {
        let result = try Swipehost.run(["test", Self.folder, "-t", "slow", "--repeat", "3"])
        expectEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n")
        expectEqual(lines.count, 7)
        expectEqual(lines.filter { $0 == "PASS  inbox #slow archives (\(Self.file):2)" }.count, 3)
        expectEqual(lines.last, "6 passed, 0 failed")
        let bad = try Swipehost.run(["test", Self.folder, "--repeat", "0"])
        expectEqual(bad.status, 64)
        #expect(bad.stderr.hasPrefix("Error: --repeat must be from 1 to 10000, got 0\n"))
    }

    @Test func shufflePrintsItsSeedAndTheSeedRepeatsTheOrder() throws {
        let result = try Swipehost.run(["test", Self.folder, "--shuffle", "--list"])
        expectEqual(result.status, 0)
        let match = try #require(result.stderr.firstMatch(of: #/swipehost test: shuffled with --seed ([0-9]+)\n/#))
        let again = try Swipehost.run(["test", Self.folder, "--list", "--seed", String(match.1)])
        expectEqual(again.stdout, result.stdout)
        expectEqual(Set(result.stdout.split(separator: "\n")).count, 5)
    }

    @Test(arguments: [
        (
            ["--shard", "3/2"],
            "swipehost test: --shard must be K/N, the K-th of N shards with 1 <= K <= N <= 10000, got '3/2'\n"
        ),
        (
            ["--shard", "0/2"],
            "swipehost test: --shard must be K/N, the K-th of N shards with 1 <= K <= N <= 10000, got '0/2'\n"
        ),
        (
            ["--shard", "1"],
            "swipehost test: --shard must be K/N, the K-th of N shards with 1 <= K <= N <= 10000, got '1'\n"
        ),
        (
            ["--tags", "a b"],
            "swipehost test: --tags: a tag is a word of ASCII letters, digits, '_' and '-' (as '#tag' in a name), got 'a b'\n"
        ),
        (
            ["--exclude-tags", "ok,"],
            "swipehost test: --exclude-tags: a tag is a word of ASCII letters, digits, '_' and '-' (as '#tag' in a name), got ''\n"
        ),
    ])
    func badSelectionsAreStatus2AndRunNothing(arguments: [String], message: String) throws {
        let result = try Swipehost.run(["test", Self.folder] + arguments)
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(result.stderr, message)
    }

    /// The shards of a run together list every test once, for every N; an empty shard is not a
    /// failure (status 0, said on stderr).
    @Test func shardsPartitionTheTests() throws {
        let all = try Swipehost.run(["test", Self.folder, "--list"]).stdout.split(separator: "\n")
        for count in 1...6 {
            var seen: [Substring] = []
            for index in 1...count {
                let shard = try Swipehost.run(["test", Self.folder, "--list", "--shard", "\(index)/\(count)"])
                expectEqual(shard.status, 0)
                seen += shard.stdout.split(separator: "\n")
            }
            expectEqual(seen.sorted(), all.sorted(), "\(count) shards")
        }
        // Each shard runs exactly the tests it lists.
        for index in 1...2 {
            let listed = try Swipehost.run(["test", Self.folder, "--list", "--shard", "\(index)/2"]).stdout
            let run = try Swipehost.run(["test", Self.folder, "--shard", "\(index)/2"]).stdout
            let ran = run.split(separator: "\n").filter {
                $0.hasPrefix("PASS  ") || $0.hasPrefix("FAIL  ") || $0.hasPrefix("SKIP  ")
            }
            expectEqual(
                ran.map { $0.dropFirst(6).split(separator: " (")[0] },
                listed.split(separator: "\n").map { $0.split(separator: ": ", maxSplits: 1)[1] })
        }
        // Five tests in fifty shards: most are empty, which is no failure.
        let empty = try #require(
            (1...50).first { index in
                (try? Swipehost.run(["test", Self.folder, "--list", "--shard", "\(index)/50"]).stdout.isEmpty) == true
            })
        let run = try Swipehost.run(["test", Self.folder, "--shard", "\(empty)/50"])
        expectEqual(run.status, 0)
        expectEqual(run.stdout, "0 passed, 0 failed\n")
        expectEqual(run.stderr, "swipehost test: no test is selected by --shard \(empty)/50 in \(Self.file)\n")
    }

    @Test func jsonOutputHasBustedsShape() throws {
        let result = try Swipehost.run(["test", Self.folder, "-o", "json"])
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "3 passed, 1 failed, 1 skipped\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        expectEqual(Set(object.keys), ["successes", "failures", "errors", "pendings", "duration"])
        let names = { (key: String) in (object[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        expectEqual(names("successes"), ["inbox #slow archives", "inbox #slow deletes #db", "outbox sends #db"])
        expectEqual(names("failures"), ["outbox fails"])
        expectEqual(names("errors"), [])
        expectEqual(names("pendings"), ["outbox later"])
        let failure = try #require((object["failures"] as? [[String: Any]])?.first)
        expectEqual(failure["file"] as? String, Self.file)
        expectEqual(failure["line"] as? Int, 7)
        expectEqual((failure["message"] as? String)?.hasPrefix("\(Self.file):7: Expected objects to be equal."), true)
        #expect(result.stdout.hasSuffix("}\n") && result.stdout.split(separator: "\n").count == 1)
    }
}
