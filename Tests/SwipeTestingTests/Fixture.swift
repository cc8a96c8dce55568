import Foundation

/// The fixture spec folders next to these tests.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path

    /// The package's root (plugins/, spec/).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `Fixtures/<name>`.
    static func path(_ name: String) -> String { folder + "/" + name }
}
