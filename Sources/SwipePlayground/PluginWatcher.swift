import Glibc
import SwipePlugins
import SwipeScript

/// Watches the plugin files by polling: every ``interval`` it reads each file's modification
/// time, size and inode (`stat`), and when any changed it hands the plugins over for a reload.
///
/// Polling rather than inotify: it needs no C shim, sees an editor's save whichever way it
/// writes (in place, or a new file renamed over the old one, which a watch on the old file
/// misses), sees a plugin added to a `--plugins` folder, and five `stat` calls a second for a
/// few files cost nothing. A save shows up within ``interval``.
public struct PluginWatcher: Sendable {
    /// How often the files are looked at.
    public static let interval = Duration.milliseconds(200)
    /// At most this many files of a folder plugin are watched (its `.lua` files, recursively).
    public static let maximumFiles = 1_000

    /// The plugins now: the `--plugin` paths and what a `--plugins` folder holds now.
    public let plugins: @Sendable () -> [String]

    public init(plugins: @escaping @Sendable () -> [String]) {
        self.plugins = plugins
    }

    /// What was looked at: each file's path and state, in order.
    public struct Stamp: Hashable, Sendable {
        var plugins: [String]
        var files: [FileState]
    }

    struct FileState: Hashable, Sendable {
        var path: String
        var exists: Bool
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        var inode: UInt
    }

    /// The state of the plugins' files now.
    public func stamp() -> Stamp {
        let plugins = plugins()
        var files: [FileState] = []
        for path in plugins {
            if FileReading.isDirectory(path) {
                collect(folder: path, into: &files)
            } else {
                files.append(state(of: path))
            }
        }
        return Stamp(plugins: plugins, files: files)
    }

    /// Polls until the task is cancelled, calling `changed` with the plugins' paths after each
    /// change.
    public func run(changed: @Sendable ([String]) async -> Void) async {
        var last = stamp()
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.interval)
            if Task.isCancelled { return }
            let now = stamp()
            if now != last {
                last = now
                await changed(now.plugins)
            }
        }
    }

    private func state(of path: String) -> FileState {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return FileState(path: path, exists: false, seconds: 0, nanoseconds: 0, size: 0, inode: 0)
        }
        return FileState(
            path: path, exists: true, seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec),
            size: Int(status.st_size), inode: UInt(status.st_ino))
    }

    /// A folder's `.lua` files, recursively, up to ``maximumFiles``. A symbolic link to a folder
    /// is not followed (`a -> .` would make the walk exponential), nor is a folder seen before
    /// (by device and inode: a bind mount can make a cycle too). A link to a file is watched.
    private func collect(folder: String, into files: inout [FileState]) {
        var seen: Set<FolderID> = []
        var status = stat()
        guard stat(folder, &status) == 0 else { return }
        seen.insert(FolderID(status))
        collect(folder: folder, into: &files, seen: &seen)
    }

    private func collect(folder: String, into files: inout [FileState], seen: inout Set<FolderID>) {
        for entry in FileReading.directoryEntries(folder) {
            guard files.count < Self.maximumFiles else { return }
            guard !entry.hasPrefix(".") else { continue }
            let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                if seen.insert(FolderID(status)).inserted { collect(folder: path, into: &files, seen: &seen) }
            } else if entry.hasSuffix(".lua") {
                files.append(state(of: path))
            }
        }
    }

    /// A folder as the system knows it, whatever path reaches it.
    private struct FolderID: Hashable {
        var device: UInt
        var inode: UInt
        init(_ status: stat) {
            device = UInt(status.st_dev)
            inode = UInt(status.st_ino)
        }
    }
}
