import Foundation

/// Writes plugin files for a test into a fresh folder.
struct Fixtures {
    let folder: String

    init() {
        folder = NSTemporaryDirectory() + "swipehost-plugins-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Writes `source` to `name` in the folder and returns its path.
    func plugin(_ name: String, _ source: String) -> String {
        let path = folder + "/" + name
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The repository root, for the shipped plugins.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
