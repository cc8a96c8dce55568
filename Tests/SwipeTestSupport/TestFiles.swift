import Foundation

/// The files and folders tests write: fresh temporary folders, and text written whole.
public enum TestFiles {
    /// A fresh, empty folder `<temporary directory>/<prefix>-XXXXXX` (six random characters,
    /// `mkdtemp`; the temporary directory is `$TMPDIR`, else /tmp); the caller removes it when it
    /// wants it gone. The name is kept short on purpose: Lua shortens a chunk name past 59
    /// characters (`luaO_chunkid`), and a test that compares an error's `path:line` wants it whole.
    public static func folder(_ prefix: String) throws -> URL {
        URL(fileURLWithPath: try folderPath(prefix), isDirectory: true)
    }

    /// ``folder(_:)`` as a path.
    public static func folderPath(_ prefix: String) throws -> String {
        let pattern = FileManager.default.temporaryDirectory.path + "/\(prefix)-XXXXXX"
        var template = Array(pattern.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: pattern])
        }
        return String(cString: made)
    }

    /// Writes `text` to `url`, making the folders it needs. Atomically: the text goes to a new
    /// file renamed over the old one, as editors save, so a reader never sees half of it.
    public static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// ``write(_:to:)`` to a path.
    public static func write(_ text: String, to path: String) throws {
        try write(text, to: URL(fileURLWithPath: path))
    }

    /// The file at `path` as UTF-8 text, or nil when there is none.
    public static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
