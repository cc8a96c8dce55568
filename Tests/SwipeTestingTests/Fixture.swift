import Foundation

/// The fixture spec folders next to these tests.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// `Fixtures/<name>`.
    static func path(_ name: String) -> String { folder + "/" + name }
}
