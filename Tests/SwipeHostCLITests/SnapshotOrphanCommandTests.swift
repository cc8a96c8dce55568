import Foundation
import SwipeTestSupport
import Testing

/// Snapshots no test takes any more (orphans), run as a user would: listed after the run, a
/// failure under CI, deleted by --update-snapshots, and judged only by a run that ran every test
/// of their spec file.
struct SnapshotOrphanCommandTests {
    /// A folder with `spec/s_spec.lua`: two tests, each taking a snapshot, recorded once; then
    /// the second test renamed, so that its snapshot is an orphan.
    static func renamedTest() throws -> URL {
        let folder = try TestFiles.folder("orphans")
        try TestFiles.write(spec(second: "two"), to: folder.appendingPathComponent("spec/s_spec.lua"))
        let first = try Swipehost.run(["test"], environment: local, in: folder)
        expectEqual(first.status, 0, "\(first.stdout)\(first.stderr)")
        expectEqual(first.stderr, "swipehost test: snapshots: 2 written\n")
        try TestFiles.write(spec(second: "deux"), to: folder.appendingPathComponent("spec/s_spec.lua"))
        return folder
    }

    static func spec(second: String) -> String {
        """
        describe("s", function()
          it("one", function() assert.snapshot({ 1 }) end)
          it("\(second) #t", function() assert.snapshot({ 2 }) end)
        end)

        """
    }

    static func snapshots(in folder: URL) throws -> [String] {
        let root = folder.appendingPathComponent("spec/__snapshots__")
        guard FileManager.default.fileExists(atPath: root.path) else { return [] }
        return try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".snap") }.sorted()
    }

    /// Not under CI, whatever the environment running the tests says.
    static let local = ["CI": ""]

    static let reported = """
        swipehost test: snapshots: 1 written
        swipehost test: 1 orphaned snapshot, which no test takes any more (--update-snapshots deletes it):
          spec/__snapshots__/s_spec/s_two_t.snap

        """

    /// Whatever the paths and options, a run of every test of the file judges its snapshots.
    @Test(arguments: [
        ["test"], ["test", "spec"], ["test", "spec/s_spec.lua"], ["test", "--shard", "1/1"], ["test", "--repeat", "2"],
    ])
    func aRenamedTestsSnapshotIsListedAndTheRunPasses(arguments: [String]) throws {
        let folder = try Self.renamedTest()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Swipehost.run(arguments, environment: Self.local, in: folder)
        expectEqual(result.status, 0)
        #expect(
            result.stdout.hasSuffix(
                arguments.contains("--repeat") ? "\n4 passed, 0 failed\n" : "\n2 passed, 0 failed\n"))
        expectEqual(result.stderr, Self.reported)
        // Reported, not deleted.
        expectEqual(
            try Self.snapshots(in: folder), ["s_spec/s_deux_t.snap", "s_spec/s_one.snap", "s_spec/s_two_t.snap"])
    }

    /// Worker processes hand back what the parent needs to judge: the snapshots compared, and
    /// whether every test ran.
    @Test func workersHandBackWhatTheJudgementNeeds() throws {
        let folder = try Self.renamedTest()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestFiles.write("it(\"other\", function() end)\n", to: folder.appendingPathComponent("spec/t_spec.lua"))
        let result = try Swipehost.run(["test", "--jobs", "2"], environment: Self.local, in: folder)
        expectEqual(result.status, 0)
        #expect(result.stdout.hasSuffix("\n3 passed, 0 failed\n"))
        expectEqual(result.stderr, Self.reported)
        let filtered = try Swipehost.run(
            ["test", "--jobs", "2", "--filter-out", "deux"], environment: Self.local, in: folder)
        #expect(filtered.stdout.hasSuffix("\n2 passed, 0 failed\n"))
        expectEqual(filtered.stderr, "")
    }

    @Test func underCITheyFailTheRun() throws {
        let folder = try Self.renamedTest()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The new snapshot recorded first: CI refuses to write it, and this test is about orphans.
        expectEqual(try Swipehost.run(["test", "--name", "s deux #t"], environment: Self.local, in: folder).status, 0)
        let result = try Swipehost.run(["test"], environment: ["CI": "true"], in: folder)
        expectEqual(result.status, 1)
        #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"))
        expectEqual(
            result.stderr,
            """
            swipehost test: 1 orphaned snapshot, which no test takes any more (--update-snapshots deletes it):
              spec/__snapshots__/s_spec/s_two_t.snap
            swipehost test: orphaned snapshots fail the run when CI is set (CI=true): run with --update-snapshots locally and commit the deletion

            """)
        expectEqual(
            try Self.snapshots(in: folder), ["s_spec/s_deux_t.snap", "s_spec/s_one.snap", "s_spec/s_two_t.snap"])
    }

    /// A selection that leaves out a test of the file cannot tell its snapshots orphaned. Under
    /// CI, the renamed test fails when it runs: its new snapshot is not written.
    @Test(arguments: [
        (["--filter", "one"], "1 passed, 0 failed"), (["--filter-out", "deux"], "1 passed, 0 failed"),
        (["--name", "s one"], "1 passed, 0 failed"), (["--tags", "t"], "0 passed, 1 failed"),
        (["--exclude-tags", "t"], "1 passed, 0 failed"), (["--shard", "1/2"], "0 passed, 1 failed"),
        (["--shard", "2/2"], "1 passed, 0 failed"),
    ])
    func aRunThatLeftOutATestReportsNone(selection: [String], counts: String) throws {
        let folder = try Self.renamedTest()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Swipehost.run(["test"] + selection, environment: ["CI": "true"], in: folder)
        #expect(result.stdout.hasSuffix("\n" + counts + "\n"), "\(result.stdout)")
        expectEqual(result.status, (counts.hasSuffix(" 0 failed") ? 0 : 1))
        expectEqual(result.stderr, "", "\(result.stderr)")
        expectEqual(try Self.snapshots(in: folder), ["s_spec/s_one.snap", "s_spec/s_two_t.snap"])
    }

    @Test func updateSnapshotsDeletesThem() throws {
        let folder = try Self.renamedTest()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A filtered run deletes none: it cannot tell.
        let filtered = try Swipehost.run(
            ["test", "--filter", "one", "--update-snapshots"], environment: Self.local, in: folder)
        expectEqual(filtered.status, 0)
        expectEqual(filtered.stderr, "")
        expectEqual(try Self.snapshots(in: folder), ["s_spec/s_one.snap", "s_spec/s_two_t.snap"])
        let result = try Swipehost.run(["test", "--update-snapshots"], environment: ["CI": "true"], in: folder)
        expectEqual(result.status, 0)
        expectEqual(
            result.stderr,
            """
            swipehost test: snapshots: 1 written, 1 deleted
            swipehost test: deleted 1 orphaned snapshot, which no test took any more:
              spec/__snapshots__/s_spec/s_two_t.snap

            """)
        expectEqual(try Self.snapshots(in: folder), ["s_spec/s_deux_t.snap", "s_spec/s_one.snap"])
        let again = try Swipehost.run(["test"], environment: ["CI": "true"], in: folder)
        expectEqual(again.status, 0)
        expectEqual(again.stderr, "")
    }

    /// A spec file removed leaves a snapshot folder no file names: all orphans, seen in the
    /// folders searched, and deleted with their folder. A spec given by name says nothing of
    /// its neighbours.
    @Test func aRemovedSpecFilesSnapshotsAreOrphans() throws {
        let folder = try Self.renamedTest()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestFiles.write(Self.spec(second: "two"), to: folder.appendingPathComponent("spec/s_spec.lua"))
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("spec/s_spec.lua"), to: folder.appendingPathComponent("spec/r_spec.lua"))
        try TestFiles.write("it(\"x\", function() end)\n", to: folder.appendingPathComponent("spec/x_spec.lua"))
        let byName = try Swipehost.run(
            ["test", "spec/r_spec.lua", "spec/x_spec.lua"], environment: Self.local, in: folder)
        expectEqual(byName.status, 0)
        expectEqual(byName.stderr, "swipehost test: snapshots: 2 written\n")
        let result = try Swipehost.run(["test"], environment: ["CI": "true"], in: folder)
        expectEqual(result.status, 1)
        expectEqual(
            result.stderr,
            """
            swipehost test: 2 orphaned snapshots, which no test takes any more (--update-snapshots deletes them):
              spec/__snapshots__/s_spec/s_one.snap
              spec/__snapshots__/s_spec/s_two_t.snap
            swipehost test: orphaned snapshots fail the run when CI is set (CI=true): run with --update-snapshots locally and commit the deletion

            """)
        let updated = try Swipehost.run(["test", "--update-snapshots"], environment: Self.local, in: folder)
        expectEqual(updated.status, 0)
        #expect(updated.stderr.hasPrefix("swipehost test: snapshots: 2 deleted\n"))
        expectEqual(try Self.snapshots(in: folder), ["r_spec/s_one.snap", "r_spec/s_two_t.snap"])
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("spec/__snapshots__/s_spec").path))
    }

    /// A test that failed, or is pending, may not have reached its snapshots: they stay.
    @Test func theSnapshotsOfAFailedOrPendingTestAreNoOrphans() throws {
        let folder = try Self.renamedTest()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestFiles.write(
            """
            describe("s", function()
              it("one", function() error("not yet") end)
              pending("two #t")
              it("deux #t", function() assert.snapshot({ 2 }) end)
            end)

            """, to: folder.appendingPathComponent("spec/s_spec.lua"))
        let result = try Swipehost.run(["test", "--update-snapshots"], environment: Self.local, in: folder)
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "swipehost test: snapshots: 1 written\n")
        expectEqual(
            try Self.snapshots(in: folder), ["s_spec/s_deux_t.snap", "s_spec/s_one.snap", "s_spec/s_two_t.snap"])
    }
}
