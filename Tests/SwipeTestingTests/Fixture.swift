import Foundation
import SwipeTestSupport

/// The fixture spec folders next to these tests.
enum Fixture {
    static let folder = Repository.path("Tests/SwipeTestingTests/Fixtures")

    /// `Fixtures/<name>`.
    static func path(_ name: String) -> String { folder + "/" + name }
}
