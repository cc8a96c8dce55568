import Foundation
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// `TestWatch` with folders that come and go, driven directly: the kernel queues an event when
/// the call that causes it returns, so ``TestWatch/pendingChanges(ignoring:)`` sees it at once.
struct TestWatchFolderTests {
    static func folder() throws -> String {
        let folder = try TestFiles.folderPath("swipehost-watch")
        try FileManager.default.createDirectory(atPath: folder + "/spec", withIntermediateDirectories: true)
        return folder
    }

    /// A folder moved in brings no event for the files it holds: they are found as it is watched.
    @Test func aFolderMovedInCountsAsItsFilesWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watcher = try TestWatch(roots: [folder + "/spec"])
        try FileManager.default.createDirectory(atPath: folder + "/new/deeper", withIntermediateDirectories: true)
        for file in ["new/a_spec.lua", "new/deeper/plugin.lua", "new/notes.txt"] {
            try Data("return {}\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
        }
        try FileManager.default.moveItem(atPath: folder + "/new", toPath: folder + "/spec/new")
        expectEqual(
            watcher.pendingChanges(ignoring: []),
            [
                folder + "/spec/new/a_spec.lua", folder + "/spec/new/deeper/plugin.lua",
            ])
        expectEqual(watcher.folderCount, 3)
    }

    /// A root deleted is missing until it is made again; it is then watched again, and named
    /// among the changes.
    @Test func aRootDeletedIsMissingUntilItIsBack() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = folder + "/spec"
        try FileManager.default.createDirectory(atPath: spec + "/sub", withIntermediateDirectories: true)
        let watcher = try TestWatch(roots: [spec])
        expectEqual(watcher.folderCount, 2)
        try FileManager.default.removeItem(atPath: spec)
        _ = watcher.pendingChanges(ignoring: [])
        expectEqual(watcher.missingFolders, [spec])
        expectEqual(watcher.folderCount, 0)
        try FileManager.default.createDirectory(atPath: spec, withIntermediateDirectories: true)
        expectEqual(watcher.pendingChanges(ignoring: []), [spec])
        expectEqual(watcher.missingFolders, [])
        try Data("it(\"a\", function() end)\n".utf8).write(to: URL(fileURLWithPath: spec + "/a_spec.lua"))
        expectEqual(watcher.pendingChanges(ignoring: []), [spec + "/a_spec.lua"])
    }

    /// A root moved away is missing, and what happens to it where it went is no change; the
    /// folders above it, deleted and made again one by one, are followed down to it.
    @Test func aRootMovedAwayIsMissingAndItsParentsAreFollowedBack() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = folder + "/a/b/spec"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let watcher = try TestWatch(roots: [root])
        try FileManager.default.moveItem(atPath: root, toPath: folder + "/gone")
        _ = watcher.pendingChanges(ignoring: [])
        expectEqual(watcher.missingFolders, [root])
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/gone/x_spec.lua"))
        try FileManager.default.removeItem(atPath: folder + "/a")
        expectEqual(watcher.pendingChanges(ignoring: []), [])
        for made in ["/a", "/a/b"] {
            try FileManager.default.createDirectory(atPath: folder + made, withIntermediateDirectories: false)
            expectEqual(watcher.pendingChanges(ignoring: []), [])
            expectEqual(watcher.missingFolders, [root])
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        expectEqual(watcher.pendingChanges(ignoring: []), [root])
        expectEqual(watcher.missingFolders, [])
    }
}
