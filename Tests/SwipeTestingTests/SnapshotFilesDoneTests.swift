import Foundation
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// `--watch` drops the file events of the snapshots a run wrote or deleted itself. It does so in
/// ``TestSession/runReporting(filesDone:)``'s `filesDone`, which must come once every file is
/// written or deleted and before anything of the summary is printed: an edit made once the
/// summary shows is the user's, and must run the spec again.
struct SnapshotFilesDoneTests {
    @Test func theRunsFilesAreDoneBeforeItsSummaryAndAreNamed() throws {
        let folder = try TestFiles.folderPath("files-done")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestFiles.write(#"it("keeps a value", function() assert.snapshot("v") end)"#, to: folder + "/x_spec.lua")
        // An orphan, which --update-snapshots deletes.
        let orphan = folder + "/__snapshots__/x_spec/gone.snap"
        try TestFiles.write("# swipehost snapshot 1\n# test: gone\n# type: string\nold\n\n", to: orphan)
        var options = SpecRunOptions()
        options.snapshots = SnapshotOptions(update: true, ci: false)
        var log: [String] = []
        let (status, _, deleted) = TestSession(
            paths: [folder], options: options, output: { log.append("out: " + $0) },
            errorOutput: { log.append("err: " + $0) }
        ).runReporting { touched in
            // The files exist as the run left them when it says it is done with them.
            let written = folder + "/__snapshots__/x_spec/keeps_a_value.snap"
            #expect(FileManager.default.fileExists(atPath: written))
            #expect(!FileManager.default.fileExists(atPath: orphan))
            log.append("files done: " + touched.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))
        }
        expectEqual(status, 0)
        expectEqual(deleted.map { ($0 as NSString).lastPathComponent }, ["gone.snap"])
        let done = try #require(log.firstIndex { $0.hasPrefix("files done: ") })
        let summary = try #require(log.firstIndex { $0.hasSuffix("1 passed, 0 failed\n") })
        expectEqual(log[done], "files done: keeps_a_value.snap, gone.snap")
        #expect(done < summary, "\(log)")
        // Nothing about the snapshots is said before the files are done.
        #expect(!log[..<done].contains { $0.contains("snapshot") }, "\(log)")
    }
}
