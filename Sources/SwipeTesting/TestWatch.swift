import Glibc
import SwipeScript

/// `swipehost test --watch`: waits, with inotify, for a `.lua` file (a spec or a plugin) or a
/// `.snap` file (a snapshot, in a `__snapshots__` folder) to be
/// written, created, moved in or deleted under the folders watched
/// (recursively, new folders included, hidden folders and symbolic links to folders skipped).
/// No polling: the thread sleeps in `read` until the kernel reports a change.
///
/// A watched folder given at the start (a root) that is deleted or moved away (a `git checkout`,
/// an rsync that replaces it) is watched for coming back through its nearest parent that exists,
/// and watched again, whole, once it is back; ``missingFolders`` names the roots gone meanwhile.
public final class TestWatch {
    /// The most folders watched; past it the rest are left out, with a warning.
    public static let maximumFolders = 4_096
    /// How long more changes are waited for after the first, so that one save (an editor's write,
    /// rename and chmod) runs the specs once.
    public static let settleMilliseconds: Int32 = 30

    private let descriptor: Int32
    /// The folders watched, by watch descriptor.
    private var folders: [Int32: String] = [:]
    /// The folders given (those that could be watched at the start), as given.
    private var roots: [String] = []
    /// Watches on the nearest parent that exists of a root that is gone, by watch descriptor:
    /// their events only wake the reader, which then looks for the root again.
    private var lookouts: [Int32: String] = [:]
    public private(set) var warnings: [String] = []

    /// Watches `roots` (folders) and everything under them.
    public init(roots: [String]) throws(FileError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileError(path: "inotify", cause: .init(rawValue: errno)) }
        for root in roots { watch(folder: root) }
        let watched = Set(folders.values)
        self.roots = roots.filter(watched.contains)
    }

    deinit { close(descriptor) }

    public var folderCount: Int { folders.count }

    /// The folders given that are gone (deleted, or moved away) as of the last change read: no
    /// change under them can be seen until they are back, and then they are watched again.
    public var missingFolders: [String] {
        let watched = Set(folders.values)
        return roots.filter { !watched.contains($0) }
    }

    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches `folder` and the folders under it; returns the `.lua` and `.snap` files found in
    /// them (a folder made, or moved in, after the start brings its files with it).
    @discardableResult
    private func watch(folder: String) -> [String] {
        guard folders.count < Self.maximumFolders else {
            if warnings.isEmpty {
                warnings.append("more than \(Self.maximumFolders) folders: \(folder) and the rest are not watched")
            }
            return []
        }
        let added = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR))
        guard added >= 0 else { return [] }
        folders[added] = folder
        lookouts[added] = nil
        var found: [String] = []
        for entry in FileReading.directoryEntries(folder) where !entry.hasPrefix(".") {
            let path = folder == "." ? entry : (folder.hasSuffix("/") ? folder + entry : folder + "/" + entry)
            if FileReading.isUnlinkedDirectory(path) {
                found += watch(folder: path)
            } else if Self.isWatchedFile(entry) {
                found.append(path)
            }
        }
        return found
    }

    private static func isWatchedFile(_ name: String) -> Bool { name.hasSuffix(".lua") || name.hasSuffix(".snap") }

    /// Stops watching `folder` and the folders under it: it was moved, and the kernel would go
    /// on reporting its changes under the old name.
    private func unwatch(folder: String) {
        let inside = folder.hasSuffix("/") ? folder : folder + "/"
        for (watch, path) in folders where path == folder || path.hasPrefix(inside) {
            inotify_rm_watch(descriptor, watch)
            folders[watch] = nil
        }
    }

    /// Watches again each root that is back, adding its path to `changed` (a folder's path: its
    /// specs may all have changed); for each root still gone, keeps a lookout on its nearest
    /// parent that exists, so that the event of its coming back wakes the reader.
    private func rearm(into changed: inout Set<String>) {
        var needed: Set<String> = []
        for root in missingFolders {
            var lookout: String?
            while true {
                if FileReading.isDirectory(root) {
                    watch(folder: root)
                    if missingFolders.contains(root) { break }
                    changed.insert(root)
                    lookout = nil
                    break
                }
                // Looked for again once the lookout is armed: the root, or a parent nearer to it,
                // may have been made in between, with no event to tell.
                guard let parent = Self.nearestExistingParent(of: root), parent != lookout else { break }
                let added = inotify_add_watch(descriptor, parent, Self.mask | UInt32(IN_ONLYDIR))
                if added >= 0, folders[added] == nil { lookouts[added] = parent }
                lookout = parent
            }
            if let lookout { needed.insert(lookout) }
        }
        for (watch, path) in lookouts where !needed.contains(path) {
            lookouts[watch] = nil
            if folders[watch] == nil { inotify_rm_watch(descriptor, watch) }
        }
    }

    /// The closest folder above `path` that exists (`.` for a relative path's first part), or nil.
    static func nearestExistingParent(of path: String) -> String? {
        var current = path
        while true {
            while current.count > 1 && current.hasSuffix("/") { current.removeLast() }
            guard current != "." && current != "/" else { return nil }
            if let slash = current.lastIndex(of: "/") {
                current = slash == current.startIndex ? "/" : String(current[..<slash])
            } else {
                current = "."
            }
            if FileReading.isDirectory(current) { return current }
        }
    }

    /// Blocks until a watched file changes, or a folder given goes or comes back
    /// (``missingFolders``); returns the paths changed (each once, sorted), a folder given that
    /// came back among them.
    public func waitForChanges() -> [String] {
        var changed: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let missing = missingFolders
        while true {
            // The first read sleeps; once something changed, later ones wait a moment at most.
            if !changed.isEmpty || missingFolders != missing {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, Self.settleMilliseconds) <= 0 { return changed.sorted() }
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return changed.sorted() }
            parse(buffer, count: count, into: &changed)
        }
    }

    /// The changes the kernel has reported already (read without waiting), but those of
    /// `ignored` (normalized paths: the snapshot files the run just wrote itself).
    public func pendingChanges(ignoring ignored: Set<String>) -> [String] {
        var changed: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 0) <= 0 { break }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            parse(buffer, count: count, into: &changed)
        }
        return changed.filter { !ignored.contains(ScriptHeader.normalized($0)) }.sorted()
    }

    /// Adds the files named by the events in `buffer[0..<count]` to `changed`; new folders are watched.
    private func parse(_ buffer: [UInt8], count: Int, into changed: inout Set<String>) {
        var offset = 0
        while offset + 16 <= count {
            let (descriptorOfFolder, mask, length) = buffer.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += 16 + length
            // A lookout's events only wake the reader (below, the roots are looked for again).
            guard let folder = folders[descriptorOfFolder] else {
                if mask & UInt32(IN_IGNORED) != 0 { lookouts[descriptorOfFolder] = nil }
                continue
            }
            // The folder itself is gone: deleted (the kernel drops the watch, IN_IGNORED), or
            // moved (its watch, and those under it, would report under the old names).
            if mask & UInt32(IN_IGNORED) != 0 {
                folders[descriptorOfFolder] = nil
                continue
            }
            if mask & UInt32(IN_MOVE_SELF) != 0 {
                unwatch(folder: folder)
                continue
            }
            guard !name.isEmpty, !name.hasPrefix(".") else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if mask & UInt32(IN_ISDIR) != 0 {
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    // Files written into it before its watch was added are seen here.
                    changed.formUnion(watch(folder: path))
                } else if mask & UInt32(IN_MOVED_FROM) != 0 {
                    unwatch(folder: path)
                }
            } else if Self.isWatchedFile(name) {
                changed.insert(path)
            }
        }
        if !missingFolders.isEmpty || !lookouts.isEmpty { rearm(into: &changed) }
    }
}
