import Foundation
import SwipeTestSupport
import Testing

/// `swipehost test` with snapshots, run as a user would.
struct SnapshotCommandTests {
    /// A fresh folder with a copy of `spec/mail_snapshot_spec.lua`, its snapshots and `plugins/mail.lua`.
    static func mailCopy() throws -> URL {
        let folder = try TestFiles.folder("snapshots")
        let manager = FileManager.default
        try manager.createDirectory(
            at: folder.appendingPathComponent("spec/__snapshots__"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        let root = Repository.root
        for path in ["spec/mail_snapshot_spec.lua", "spec/__snapshots__/mail_snapshot_spec", "plugins/mail.lua"] {
            try manager.copyItem(at: root.appendingPathComponent(path), to: folder.appendingPathComponent(path))
        }
        return folder
    }

    /// Not under CI, whatever the environment running the tests says.
    static let local = ["CI": ""]

    @Test func theShippedSnapshotSpecPassesWithTagsSlow() throws {
        let result = try Swipehost.run(["test", "--tags", "slow"], environment: Self.local)
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        expectEqual(
            result.stdout,
            """
            PASS  mail snapshots #slow #swipehost draws row 2 swiped open to Trash, Flag and More (spec/mail_snapshot_spec.lua:27)
            PASS  mail snapshots #slow #swipehost hands each event to a mocked listener, its time a number (spec/mail_snapshot_spec.lua:36)
            2 passed, 0 failed

            """)
        // Nothing written: the snapshots are the committed ones.
        expectEqual(result.stderr, "")
    }

    /// A button title changed in the plugin fails the spec with a
    /// readable diff.
    @Test func aChangedButtonTitleFailsWithALineDiff() throws {
        let folder = try Self.mailCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        expectEqual(try Swipehost.run(["test", "--tags", "slow"], environment: Self.local, in: folder).status, 0)
        let plugin = folder.appendingPathComponent("plugins/mail.lua")
        let source = try String(contentsOf: plugin, encoding: .utf8)
        try source.replacingOccurrences(of: "title = \"Trash\"", with: "title = \"Bin\"").write(
            to: plugin, atomically: true, encoding: .utf8)
        let result = try Swipehost.run(["test", "--tags", "slow"], environment: Self.local, in: folder)
        expectEqual(result.status, 1)
        let snapshot =
            "spec/__snapshots__/mail_snapshot_spec/mail_snapshots_slow_swipehost_draws_row_2_swiped_open_to_Trash_Flag_and_More.snap"
        #expect(
            result.stdout.contains(
                """
                FAIL  mail snapshots #slow #swipehost draws row 2 swiped open to Trash, Flag and More (spec/mail_snapshot_spec.lua:27)
                      spec/mail_snapshot_spec.lua:32: snapshot \(snapshot) does not match (run with --update-snapshots to accept the value now):
                      --- \(snapshot) (stored)
                      +++ the value now
                """), "\(result.stdout)")
        // The picture's diff: the button's label, with three lines of context.
        #expect(
            result.stdout.contains(
                """
                      @@ -28,7 +28,7 @@
                       <svg x="30" y="4" width="20" height="20" viewBox="0 0 24 24">
                       <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
                       </svg>
                      -<text x="40" y="39" font-size="12" font-weight="600" text-anchor="middle" fill="#ffffff">Trash</text>
                      +<text x="40" y="39" font-size="12" font-weight="600" text-anchor="middle" fill="#ffffff">Bin</text>
                       </svg>
                       <svg x="160" y="0" width="80" height="44">
                       <rect width="80" height="44" fill="#ff9500"/>
                PASS  mail snapshots #slow #swipehost hands each event
                """), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"))
        // --update-snapshots accepts it; the next run passes.
        let updated = try Swipehost.run(
            ["test", "--tags", "slow", "--update-snapshots"], environment: Self.local, in: folder)
        expectEqual(updated.status, 0)
        expectEqual(updated.stderr, "swipehost test: snapshots: 2 updated\n")
        expectEqual(try Swipehost.run(["test", "--tags", "slow"], environment: Self.local, in: folder).status, 0)
    }

    @Test func underCITrueANewSnapshotFailsAndNothingIsWritten() throws {
        let folder = try Self.mailCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("spec/__snapshots__"))
        let result = try Swipehost.run(["test", "--tags", "slow"], environment: ["CI": "true"], in: folder)
        expectEqual(result.status, 1)
        #expect(
            result.stdout.contains(
                "spec/mail_snapshot_spec.lua:32: snapshot spec/__snapshots__/mail_snapshot_spec/mail_snapshots_slow_swipehost_draws_row_2_swiped_open_to_Trash_Flag_and_More.snap does not exist, and CI is set (CI=true), so it is not written: run with --update-snapshots locally and commit it\n"
            ))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("spec/__snapshots__").path))
        // Asked for explicitly, CI or not, they are written (as jest --ci -u does).
        let updated = try Swipehost.run(
            ["test", "--tags", "slow", "--update-snapshots"], environment: ["CI": "true"], in: folder)
        expectEqual(updated.status, 0)
        expectEqual(updated.stderr, "swipehost test: snapshots: 3 written\n")
        // They are the same bytes as the committed ones.
        for name in try FileManager.default.contentsOfDirectory(
            atPath: Repository.root.appendingPathComponent("spec/__snapshots__/mail_snapshot_spec").path)
        {
            let committed = try Data(
                contentsOf: Repository.root.appendingPathComponent(
                    "spec/__snapshots__/mail_snapshot_spec/" + name))
            let written = try Data(
                contentsOf: folder.appendingPathComponent("spec/__snapshots__/mail_snapshot_spec/" + name))
            expectEqual(committed, written, "\(name)")
        }
    }

    /// Worker processes write the snapshots of their own spec files and hand back what they wrote.
    @Test func workersWriteTheirSnapshotsAndReportThem() throws {
        let folder = try TestFiles.folder("snapshots")
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 1...4 {
            let spec =
                "for i = 1, 5 do it(\"value \" .. i, function() assert.snapshot({ spec = \(index), i = i }) end) end\n"
            try spec.write(to: folder.appendingPathComponent("s\(index)_spec.lua"), atomically: true, encoding: .utf8)
        }
        let result = try Swipehost.run(["test", folder.path, "--jobs", "3"], environment: Self.local)
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        expectEqual(result.stderr, "swipehost test: snapshots: 20 written\n")
        for index in 1...4 {
            for i in 1...5 {
                let path = folder.appendingPathComponent("__snapshots__/s\(index)_spec/value_\(i).snap").path
                expectEqual(
                    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) },
                    "# swipehost snapshot 1\n# test: value \(i)\n# type: lua\n{ i = \(i), spec = \(index) }\n")
            }
        }
        let again = try Swipehost.run(["test", folder.path, "--jobs", "3"], environment: Self.local)
        expectEqual(again.status, 0)
        expectEqual(again.stderr, "")
    }

    @Test func aSnapshotFileEditedIntoNonsenseIsStatusTwo() throws {
        let folder = try Self.mailCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot =
            "spec/__snapshots__/mail_snapshot_spec/mail_snapshots_slow_swipehost_hands_each_event_to_a_mocked_listener_its_time_a_number.snap"
        try "{ oops }\n".write(to: folder.appendingPathComponent(snapshot), atomically: true, encoding: .utf8)
        let result = try Swipehost.run(
            ["test", "--tags", "slow", "--jobs", "2", "--update-snapshots"], environment: Self.local, in: folder)
        expectEqual(result.status, 2)
        #expect(
            result.stdout.contains(
                "spec/mail_snapshot_spec.lua:43: snapshot \(snapshot) is not a snapshot file: its first line must be '# swipehost snapshot 1' (fix it, or delete it to record the snapshot again); nothing was written\n"
            ),
            "\(result.stdout)")
        expectEqual(try String(contentsOf: folder.appendingPathComponent(snapshot), encoding: .utf8), "{ oops }\n")
    }
}
