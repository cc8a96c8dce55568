import Foundation
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript

/// The fixture plugins beside these tests, and the package's root.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func path(_ name: String) -> String { folder + "/" + name }

    /// Settings over one plugin file (absolute), `runs` runs of 50 steps.
    static func settings(_ plugin: String, seed: UInt64, runs: Int = 2_000) -> ExploreSettings {
        var settings = ExploreSettings(
            configuration: SessionConfiguration(plugins: [.file(plugin)]), seed: seed)
        settings.runs = runs
        return settings
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }
}
