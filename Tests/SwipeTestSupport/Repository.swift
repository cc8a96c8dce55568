import Foundation

/// The package's root folder (README.md, examples/, plugins/, spec/, Tests/), found from this
/// file's place: `Tests/SwipeTestSupport/Repository.swift`.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The root as a path, without a trailing slash.
    public static let rootPath = root.path

    /// `relative` (`"plugins/mail.lua"`, `"Tests/SwipeExploreTests/Fixtures"`) under the root, as a path.
    public static func path(_ relative: String) -> String { rootPath + "/" + relative }

    /// The text of the repository's file at `relative` (a fixture, a golden file, an embedded
    /// Lua file, the README).
    public static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }
}
