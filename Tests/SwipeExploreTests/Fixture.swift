import Foundation
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript
import SwipeTestSupport

/// The fixture plugins beside these tests.
enum Fixture {
    static let folder = Repository.path("Tests/SwipeExploreTests/Fixtures")

    static func path(_ name: String) -> String { folder + "/" + name }

    /// Settings over one plugin file (absolute), `runs` runs of 50 steps.
    static func settings(_ plugin: String, seed: UInt64, runs: Int = 2_000) -> ExploreSettings {
        var settings = ExploreSettings(
            configuration: SessionConfiguration(plugins: [.file(plugin)]), seed: seed)
        settings.runs = runs
        return settings
    }
}
