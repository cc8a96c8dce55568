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

    /// Whether a file name found in a folder is a spec's: `*_spec.lua`, or with a `.busted`
    /// `pattern`, a `.lua` file whose name the pattern finds.
    public typealias Naming = (String) -> Bool
    public static func specNaming(_ name: String) -> Bool { name.hasSuffix("_spec.lua") }

    /// The spec files of `paths` (folders searched recursively, sorted by path), without duplicates.
    public static func files(in paths: [String], naming: Naming = specNaming) throws(Missing) -> [String] {
        var files: [String] = []
        for path in paths {
            if FileReading.isDirectory(path) {
                files += specs(under: path, naming: naming)
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
    public static func defaultFiles(naming: Naming = specNaming) -> [String] {
        defaultFolders.filter(FileReading.isDirectory).flatMap { specs(under: $0, naming: naming) }
    }

    static func specs(under folder: String, naming: Naming) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        for entry in FileReading.directoryEntries(folder) where !entry.hasPrefix(".") {
            let path = base == "." ? entry : base + "/" + entry
            if FileReading.isDirectory(path) {
                found += specs(under: path, naming: naming)
            } else if naming(entry) {
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
