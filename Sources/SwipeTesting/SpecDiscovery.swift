import SwipeCore
import SwipeScript

/// Finds spec files: every `*_spec.lua` under the folders given, and the files given as they are.
public enum SpecDiscovery {
    /// Where `swipehost test` looks when given no path.
    public static let defaultFolders = ["spec", "plugins"]

    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path): no such file or folder" }
    }

    /// The spec files of `paths` (folders searched recursively, following no symbolic link to a
    /// folder inside them, sorted by path), without duplicates.
    public static func files(in paths: [String]) throws(Missing) -> [String] {
        var files: [String] = []
        for path in paths {
            if FileReading.isDirectory(path) {
                files += specs(under: path)
            } else if FileReading.exists(path) {
                files.append(path)
            } else {
                throw Missing(path: path)
            }
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    /// The spec files of the default folders that exist.
    public static func defaultFiles() -> [String] {
        defaultFolders.filter(FileReading.isDirectory).flatMap(specs(under:))
    }

    static func specs(under folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        for entry in FileReading.directoryEntries(folder) where !entry.hasPrefix(".") {
            let path = base == "." ? entry : base + "/" + entry
            if FileReading.isUnlinkedDirectory(path) {
                found += specs(under: path)
            } else if entry.hasSuffix("_spec.lua") {
                found.append(path)
            }
        }
        return found.sorted()
    }

    /// `files` in an order shuffled by `seed` (the same seed, the same order).
    public static func shuffled(_ files: [String], seed: Int) -> [String] {
        var generator = SplitMix64(seed: UInt64(bitPattern: Int64(seed)))
        var result = files
        guard result.count > 1 else { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            let other = Int(generator.next() % UInt64(index + 1))
            result.swapAt(index, other)
        }
        return result
    }
}
