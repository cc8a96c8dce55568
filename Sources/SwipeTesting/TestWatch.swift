import Glibc
import SwipeScript

/// `swipehost test --watch`: waits, with inotify, for a `.lua` file (a spec or a plugin) or a
/// `.snap` file (a snapshot, in a `__snapshots__` folder) to be
/// written, created, moved in or deleted under the folders watched
/// (recursively, new folders included, hidden folders and symbolic links to folders skipped).
/// No polling: the thread sleeps in `read` until the kernel reports a change.
public final class TestWatch {
    /// The most folders watched; past it the rest are left out, with a warning.
    public static let maximumFolders = 4_096
    /// How long more changes are waited for after the first, so that one save (an editor's write,
    /// rename and chmod) runs the specs once.
    public static let settleMilliseconds: Int32 = 30

    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    public private(set) var warnings: [String] = []

    /// Watches `roots` (folders) and everything under them.
    public init(roots: [String]) throws(FileError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileError(path: "inotify", cause: .init(rawValue: errno)) }
        for root in roots { watch(folder: root) }
    }

    deinit { close(descriptor) }

    public var folderCount: Int { folders.count }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    private func watch(folder: String) {
        guard folders.count < Self.maximumFolders else {
            if warnings.isEmpty {
                warnings.append("more than \(Self.maximumFolders) folders: \(folder) and the rest are not watched")
            }
            return
        }
        let added = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR))
        guard added >= 0 else { return }
        folders[added] = folder
        for entry in FileReading.directoryEntries(folder) where !entry.hasPrefix(".") {
            let path = folder == "." ? entry : (folder.hasSuffix("/") ? folder + entry : folder + "/" + entry)
            if FileReading.isUnlinkedDirectory(path) { watch(folder: path) }
        }
    }

    /// Blocks until a watched file changes; returns the paths changed (each once, sorted).
    public func waitForChanges() -> [String] {
        var changed: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // The first read sleeps; once something changed, later ones wait a moment at most.
            if !changed.isEmpty {
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
            guard let folder = folders[descriptorOfFolder], !name.isEmpty, !name.hasPrefix(".") else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if mask & UInt32(IN_ISDIR) != 0 {
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { watch(folder: path) }
            } else if name.hasSuffix(".lua") || name.hasSuffix(".snap") {
                changed.insert(path)
            }
        }
    }
}
