import Foundation
import SwipeCore
import SwipePlugins
import SwipeRender
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// `assert.snapshot`: snapshots are created, pass, fail with a diff, are
/// updated, refused under CI, and a file that is not one is bad input (status 2).
struct SnapshotTests {
    /// A fresh folder holding `spec` as `x_spec.lua`.
    static func folder(spec: String) throws -> String {
        let folder = try TestFiles.folderPath("swipehost-snapshots")
        try TestFiles.write(spec, to: folder + "/x_spec.lua")
        return folder
    }

    /// A run of `folder` through ``TestSession`` with these snapshot options.
    static func session(_ folder: String, update: Bool = false, ci: Bool = false) -> (
        status: Int32, output: String, errors: String
    ) {
        var options = SpecRunOptions()
        options.snapshots = SnapshotOptions(update: update, ci: ci)
        var output = ""
        var errors = ""
        let status = TestSession(
            paths: [folder], options: options, output: { output += $0 }, errorOutput: { errors += $0 }
        ).run()
        return (status, output, errors)
    }

    static let spec = """
        describe("snap", function()
          it("keeps #a value", function()
            assert.snapshot({ b = 1, a = { 1, 2.5, "x\\n" }, [10] = true, c = { d = {} } })
            assert.snapshot("line 1\\nline 2\\n")
          end)
        end)
        """

    @Test func theFirstRunWritesThemAndTheNextPassesWritingNothing() throws {
        let folder = try Self.folder(spec: Self.spec)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = Self.session(folder)
        expectEqual(first.status, 0, "\(first.output)")
        expectEqual(first.errors, "swipehost test: snapshots: 2 written\n")
        let value = folder + "/__snapshots__/x_spec/snap_keeps_a_value.snap"
        let text = folder + "/__snapshots__/x_spec/snap_keeps_a_value.2.snap"
        // A table holding a table is written one entry per line; one of plain values on one line.
        expectEqual(
            TestFiles.read(value),
            """
            # swipehost snapshot 1
            # test: snap keeps #a value
            # type: lua
            {
              [10] = true,
              a = { 1, 2.5, "x\\n" },
              b = 1,
              c = { d = {} },
            }

            """)
        expectEqual(
            TestFiles.read(text),
            "# swipehost snapshot 1\n# test: snap keeps #a value\n# type: string\nline 1\nline 2\n\n"
        )
        let second = Self.session(folder)
        expectEqual(second.status, 0)
        #expect(second.output.hasSuffix("1 passed, 0 failed\n"))
        expectEqual(second.errors, "")
    }

    @Test func aChangedValueFailsWithALineDiff() throws {
        let folder = try Self.folder(spec: Self.spec)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = Self.session(folder)
        try Self.spec.replacingOccurrences(of: "line 2", with: "line two").write(
            toFile: folder + "/x_spec.lua", atomically: true, encoding: .utf8)
        let run = Self.session(folder)
        expectEqual(run.status, 1)
        let path = folder + "/__snapshots__/x_spec/snap_keeps_a_value.2.snap"
        let expected = [
            "FAIL  snap keeps #a value (\(folder)/x_spec.lua:2)",
            "      \(folder)/x_spec.lua:4: snapshot \(path) does not match (run with --update-snapshots to accept the value now):",
            "      --- \(path) (stored)",
            "      +++ the value now",
            "      @@ -2,6 +2,6 @@",
            "       # test: snap keeps #a value",
            "       # type: string",
            "       line 1",
            "      -line 2",
            "      +line two",
            "       ",
            "       ",
            "0 passed, 1 failed",
            "",
        ]
        expectEqual(run.output, expected.joined(separator: "\n"), "\(run.output)")
        // Nothing was written.
        expectEqual(TestFiles.read(path)?.contains("line 2\n"), true)
    }

    @Test func updateRewritesTheChangedOnesOnly() throws {
        let folder = try Self.folder(spec: Self.spec)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = Self.session(folder)
        try Self.spec.replacingOccurrences(of: "line 2", with: "line two").write(
            toFile: folder + "/x_spec.lua", atomically: true, encoding: .utf8)
        let run = Self.session(folder, update: true)
        expectEqual(run.status, 0)
        expectEqual(run.errors, "swipehost test: snapshots: 1 updated\n")
        expectEqual(
            TestFiles.read(folder + "/__snapshots__/x_spec/snap_keeps_a_value.2.snap")?.hasSuffix(
                "# type: string\nline 1\nline two\n\n"), true)
        expectEqual(Self.session(folder).status, 0)
    }

    @Test func underCIANewSnapshotFailsAndNothingIsWritten() throws {
        let folder = try Self.folder(spec: Self.spec)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Self.session(folder, ci: true)
        expectEqual(run.status, 1)
        #expect(
            run.output.contains(
                "\(folder)/x_spec.lua:3: snapshot \(folder)/__snapshots__/x_spec/snap_keeps_a_value.snap does not exist, and CI is set (CI=true), so it is not written: run with --update-snapshots locally and commit it\n"
            ))
        #expect(!FileManager.default.fileExists(atPath: folder + "/__snapshots__"))
        // --update-snapshots is asked for explicitly: it writes them even under CI.
        let updated = Self.session(folder, update: true, ci: true)
        expectEqual(updated.status, 0)
        expectEqual(updated.errors, "swipehost test: snapshots: 2 written\n")
        // Existing snapshots that match pass under CI.
        expectEqual(Self.session(folder, ci: true).status, 0)
    }

    @Test(arguments: [
        ("<svg>\n", "its first line must be '# swipehost snapshot 1'"),
        ("# swipehost snapshot 1\n# type: lua\n{}\n", "its second line must be '# test: ' and the test's full name"),
        (
            "# swipehost snapshot 1\n# test: snap keeps #a value\n# kind: lua\n{}\n",
            "its third line must be '# type: string' or '# type: lua'"
        ),
        ("# swipehost snapshot 1\n# test: snap keeps #a value\n# type: lua", "it ends after its header, with no value"),
    ])
    func aFileThatIsNoSnapshotIsBadInputAndLeftAlone(contents: String, problem: String) throws {
        let folder = try Self.folder(spec: Self.spec)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/__snapshots__/x_spec/snap_keeps_a_value.snap"
        try FileManager.default.createDirectory(
            atPath: folder + "/__snapshots__/x_spec", withIntermediateDirectories: true)
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        for update in [false, true] {
            let run = Self.session(folder, update: update)
            expectEqual(run.status, 2)
            expectEqual(
                run.errors,
                "swipehost test: bad input, status 2: \(folder)/x_spec.lua:2 (snap keeps #a value); see the failure above\n"
            )
            #expect(
                run.output.contains(
                    "\(folder)/x_spec.lua:3: snapshot \(path) is not a snapshot file: \(problem) (fix it, or delete it to record the snapshot again); nothing was written\n"
                ),
                "\(run.output)")
            expectEqual(TestFiles.read(path), contents)
            #expect(!FileManager.default.fileExists(atPath: folder + "/__snapshots__/x_spec/snap_keeps_a_value.2.snap"))
        }
    }

    /// The same value, its tables filled in different orders, is the same text: 40 orders of
    /// 40 keys of every kind, each snapshot of the test compared with the first.
    @Test func aValueIsTheSameTextWhateverOrderItsTablesWereFilledIn() throws {
        let spec = """
            local function filled(seed)
              local keys = {}
              for i = 1, 10 do keys[#keys + 1] = i; keys[#keys + 1] = "k" .. i; keys[#keys + 1] = i + 0.5 end
              for i = 1, 10 do keys[#keys + 1] = "with space " .. i end
              local x = seed
              for i = #keys, 2, -1 do
                x = (x * 1103515245 + 12345) % 2147483648
                local j = x % i + 1
                keys[i], keys[j] = keys[j], keys[i]
              end
              local t = { nested = {} }
              for _, k in ipairs(keys) do t[k] = k; t.nested[k] = { k, true } end
              t[true], t[false] = 1, 0
              return t
            end
            it("orders", function()
              for seed = 1, 40 do assert.snapshot(filled(seed)) end
            end)
            """
        let folder = try Self.folder(spec: spec)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        expectEqual(Self.session(folder).status, 0)
        let first = try #require(TestFiles.read(folder + "/__snapshots__/x_spec/orders.snap"))
        for index in 2...40 {
            expectEqual(TestFiles.read(folder + "/__snapshots__/x_spec/orders.\(index).snap"), first)
        }
        // 1..10 are a sequence, written first without their keys; then the other numbers, the
        // strings byte by byte, the booleans.
        #expect(first.hasPrefix("# swipehost snapshot 1\n# test: orders\n# type: lua\n{\n  1,\n  2,\n"))
        #expect(first.contains("\n  k9 = \"k9\",\n  nested = {\n    { 1, true },\n"))
        #expect(first.contains("  10,\n  [1.5] = 1.5,\n  [2.5] = 2.5,\n"))
        #expect(first.contains("  k1 = \"k1\",\n  k10 = \"k10\",\n  k2 = \"k2\",\n"))
        #expect(first.contains("    [\"with space 1\"] = { \"with space 1\", true },\n"))
        #expect(first.hasSuffix("  [false] = 0,\n  [true] = 1,\n}\n"))
    }

    /// Two runs in two folders give the same bytes: numbers in their fixed formats, no address.
    @Test func twoRunsGiveTheSameBytes() throws {
        let spec = """
            it("numbers", function()
              assert.snapshot({ 1 / 3, 2 ^ 53, 0.1 + 0.2, 1e300 * 1e10, -(1e300 * 1e10), 3, -0.0, 100.0, print, "\\0\\1\\127é" })
            end)
            """
        var texts: [String] = []
        for _ in 0..<2 {
            let folder = try Self.folder(spec: spec)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            expectEqual(Self.session(folder).status, 0)
            texts.append(try #require(TestFiles.read(folder + "/__snapshots__/x_spec/numbers.snap")))
        }
        expectEqual(texts[0], texts[1])
        // Longer than 100 characters on one line: one entry per line.
        #expect(
            texts[0].hasSuffix(
                """
                {
                  0.33333333333333,
                  9.007199254741e+15,
                  0.3,
                  inf,
                  -inf,
                  3,
                  -0.0,
                  100.0,
                  <function>,
                  "\\000\\001\\127é",
                }

                """))
    }

    @Test func outsideATestItIsAnError() throws {
        let folder = try Self.folder(
            spec: """
                describe("d", function()
                  setup(function() assert.snapshot(1) end)
                  it("t", function() end)
                end)
                """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Self.session(folder)
        expectEqual(run.status, 1)
        #expect(
            run.output.contains(
                "      \(folder)/x_spec.lua:2: assert.snapshot: only inside a test (it, before_each, after_each)\n"),
            "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/__snapshots__"))
    }

    @Test func theFileNameRule() {
        expectEqual(SnapshotStore.fileName(test: "mail #slow draws row 2 / open"), "mail_slow_draws_row_2_open")
        expectEqual(SnapshotStore.fileName(test: "  _x_  "), "x")
        expectEqual(SnapshotStore.fileName(test: "√√√"), "test")
        expectEqual(
            SnapshotStore.fileName(test: String(repeating: "a", count: 300)).count, SnapshotStore.maximumNameLength)
        expectEqual(SnapshotStore.folder(forSpec: "spec/mail_spec.lua"), "spec/__snapshots__/mail_spec")
        expectEqual(SnapshotStore.folder(forSpec: "mail_spec.lua"), "__snapshots__/mail_spec")
        #expect(SnapshotStore.holds(snapshot: "spec/__snapshots__/mail_spec/a.2.snap", of: "spec/mail_spec.lua"))
        #expect(SnapshotStore.holds(snapshot: "./__snapshots__/mail_spec/a.snap", of: "mail_spec.lua"))
        #expect(SnapshotStore.holds(snapshot: "spec/__snapshots__/mail_v2_spec/a.snap", of: "spec/mail.v2_spec.lua"))
        #expect(SnapshotStore.holds(snapshot: "spec/__snapshots__/spec/a.snap", of: "spec/...lua"))
        #expect(!SnapshotStore.holds(snapshot: "spec/mail_spec/a.snap", of: "spec/mail_spec.lua"))
        #expect(!SnapshotStore.holds(snapshot: "spec/__snapshots__/mail_spec/a.txt", of: "spec/mail_spec.lua"))
        #expect(!SnapshotStore.holds(snapshot: "spec/__snapshots__/mail_spec/a.snap", of: "spec/mail.v2_spec.lua"))
    }

    /// The spec file's name is made a folder name as a test's is: a name of dots (`...lua`)
    /// made the folder `DIR/__snapshots__/..`, and its snapshots went beside the spec, outside
    /// `__snapshots__`. A name of letters, digits, `-` and `_` keeps the folder it had.
    @Test(arguments: [
        ("spec/mail_snapshot_spec.lua", "spec/__snapshots__/mail_snapshot_spec"),
        ("mail_spec.lua", "__snapshots__/mail_spec"),
        ("/tmp/s/Mail-2_spec.lua", "/tmp/s/__snapshots__/Mail-2_spec"),
        ("spec/_private_spec_.lua", "spec/__snapshots__/_private_spec_"),
        ("spec/mail_spec", "spec/__snapshots__/mail_spec"),
        ("spec/...lua", "spec/__snapshots__/spec"),
        ("spec/..lua", "spec/__snapshots__/spec"),
        ("spec/.lua", "spec/__snapshots__/spec"),
        ("spec/...", "spec/__snapshots__/spec"),
        ("..", "__snapshots__/spec"),
        ("spec/.._spec.lua", "spec/__snapshots__/_spec"),
        ("spec/a..b_spec.lua", "spec/__snapshots__/a_b_spec"),
        ("spec/../..lua", "spec/../__snapshots__/spec"),
        ("spec/mail.v2 spec.lua", "spec/__snapshots__/mail_v2_spec"),
        ("spec/\u{E9}t\u{E9}_spec.lua", "spec/__snapshots__/t__spec"),
    ])
    func aSpecFilesNameIsMadeAFolderName(spec: String, folder: String) {
        expectEqual(SnapshotStore.folder(forSpec: spec), folder)
        expectEqual(
            SnapshotStore(specFile: spec, options: SnapshotOptions()).path(test: "t", index: 1), folder + "/t.snap")
    }

    /// Spec files named only dots and `.lua` keep their snapshots in `__snapshots__/spec`, and
    /// nothing is written anywhere else.
    @Test(arguments: ["...lua", "..lua", ".lua", "....lua"])
    func aSpecFileNamedWithDotsWritesOnlyInsideSnapshots(name: String) throws {
        let root = try TestFiles.folderPath("swipehost-snapshots")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try TestFiles.write(#"it("keeps a value", function() assert.snapshot("v") end)"#, to: root + "/specs/" + name)
        var options = SpecRunOptions()
        options.snapshots = SnapshotOptions()
        var output = ""
        var errors = ""
        let status = TestSession(
            paths: [root + "/specs/" + name], options: options, output: { output += $0 }, errorOutput: { errors += $0 }
        ).run()
        expectEqual(status, 0, "\(output)")
        expectEqual(errors, "swipehost test: snapshots: 1 written\n")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
        expectEqual(
            files,
            [
                "specs", "specs/" + name, "specs/__snapshots__", "specs/__snapshots__/spec",
                "specs/__snapshots__/spec/keeps_a_value.snap",
            ].sorted())
        expectEqual(
            TestFiles.read(root + "/specs/__snapshots__/spec/keeps_a_value.snap"),
            SnapshotStore.contents(test: "keeps a value", kind: "string", body: "v"))
    }

    @Test func twoTestsWhoseNamesMakeOneFileNameAreToldApart() throws {
        let folder = try Self.folder(
            spec: """
                it("a b", function() assert.snapshot(1) end)
                it("a/b", function() assert.snapshot(2) end)
                """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Self.session(folder)
        expectEqual(run.status, 1)
        #expect(
            run.output.contains(
                "snapshot \(folder)/__snapshots__/x_spec/a_b.snap belongs to the test 'a b', not to 'a/b': the two names make the same file name (a_b); rename one of the tests\n"
            ))
    }

    /// `t:render()` is what `swipehost render` draws for the same gestures as a script.
    @Test func renderDrawsWhatSwipehostRenderDrawsForTheSameScript() throws {
        let mail = Repository.path("plugins/mail.lua")
        let folder = try Self.folder(
            spec: """
                local swipe = require("swipe")
                it("draws", function()
                  local t = swipe.table { plugins = { "\(mail)" }, viewport = 176 }
                  t:swipe(2, -150)
                  t:wait(300)
                  t:tap(2, "flag")
                  assert.snapshot(t:render())
                  assert.snapshot(t:render { every = 100, columns = 2 })
                end)
                """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        expectEqual(Self.session(folder).status, 0)
        var configuration = SessionConfiguration(plugins: [.file(mail)], geometry: TableGeometry(viewportHeight: 176))
        configuration.scriptName = "x_spec.lua"
        let script = "swipe 2 -150 150\nwait 300\ntap 2 flag\n"
        let drawn = try RenderRun(session: configuration).render(script: script)
        let every = try RenderRun(
            session: configuration, options: RenderOptions(frames: .every(.milliseconds(100 as Int64)), columns: 2)
        ).render(script: script)
        #expect(drawn.contains("[flagged]"))
        expectEqual(
            TestFiles.read(folder + "/__snapshots__/x_spec/draws.snap"),
            SnapshotStore.contents(test: "draws", kind: "string", body: drawn))
        expectEqual(
            TestFiles.read(folder + "/__snapshots__/x_spec/draws.2.snap"),
            SnapshotStore.contents(test: "draws", kind: "string", body: every))
    }

    @Test(arguments: [
        ("{ every = 0 }", "render: 'every' must be a number of milliseconds > 0, got 0"),
        ("{ every = 10, at = { 1 } }", "render: choose one of 'events', 'every' and 'at', got every and at"),
        (
            "{ colums = 2 }",
            "render: unknown option 'colums' (did you mean 'columns'?) (known: at, columns, events, every)"
        ),
        ("{ columns = 13 }", "render: 'columns' must be a whole number from 1 to 12, got 13"),
        (
            "{ at = { 500 } }",
            "render: x_spec.lua: --at 500: the script ends at 0 ms (a 'wait' line at its end renders later times)"
        ),
    ])
    func badRenderOptionsAreErrorsAtTheSpecLine(options: String, message: String) throws {
        let folder = try Self.folder(
            spec: """
                local swipe = require("swipe")
                it("draws", function()
                  swipe.table{}:render \(options)
                end)
                """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Self.session(folder)
        expectEqual(run.status, 1)
        #expect(run.output.contains("\(folder)/x_spec.lua:3: \(message)\n"), "\(run.output)")
    }

    @Test func theLineDiffShowsHunksWithContextAndIsCutShort() {
        let old = (1...100).map { "line \($0)" }.joined(separator: "\n")
        var lines = (1...100).map { "line \($0)" }
        lines[9] = "changed 10"
        lines.insert("inserted", at: 50)
        let diff = LineDiff.unified(old: old, new: lines.joined(separator: "\n"), oldName: "a", newName: "b")
        expectEqual(
            diff,
            """
            --- a
            +++ b
            @@ -7,7 +7,7 @@
             line 7
             line 8
             line 9
            -line 10
            +changed 10
             line 11
             line 12
             line 13
            @@ -48,6 +48,7 @@
             line 48
             line 49
             line 50
            +inserted
             line 51
             line 52
             line 53
            """)
        let many = LineDiff.unified(
            old: old, new: (1...100).map { "other \($0)" }.joined(separator: "\n"), oldName: "a", newName: "b")
        let shown = many.split(separator: "\n")
        expectEqual(shown.count, 2 + LineDiff.maximumLines + 1)
        expectEqual(shown.last, "… 161 more diff lines not shown")
        expectEqual(LineDiff.unified(old: "same", new: "same", oldName: "a", newName: "b"), "")
    }

    @Test func workersHandBackTheSnapshotsTheyWroteAndBadInput() {
        var report = SpecFileReport(
            path: "spec/a_spec.lua",
            results: [
                TestResult(
                    file: "spec/a_spec.lua", line: 3, name: "a", status: .failed, message: "nonsense", isError: true,
                    isBadInput: true)
            ],
            snapshotsWritten: ["spec/__snapshots__/a_spec/a.snap"],
            snapshotsUpdated: ["spec/__snapshots__/a_spec/a.2.snap"])
        expectEqual(WorkerProtocol.decode(WorkerProtocol.encode(report)), report)
        // What the parent needs to judge orphans: the snapshots compared, and a whole run.
        report.snapshotsChecked = ["spec/__snapshots__/a_spec/a.snap", "spec/__snapshots__/a_spec/a.2.snap"]
        report.ranEveryTest = true
        expectEqual(WorkerProtocol.decode(WorkerProtocol.encode(report)), report)
    }
}
