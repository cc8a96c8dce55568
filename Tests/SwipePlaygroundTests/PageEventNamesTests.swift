import Foundation
import SwipeScript
import SwipeTestSupport
import Testing

/// The page styles an event as the host's (`.event.NAME`, the actions menu for `actions`) only
/// when its name is in page.js's `KNOWN_EVENTS`: that list is the host's, no more (a name a
/// plugin may emit would pass for the host's) and no less.
struct PageEventNamesTests {
    @Test func thePageKnowsTheHostsEventsExactly() throws {
        let page = try Repository.text("Sources/SwipePlayground/Page/page.js")
        let list = try #require(page.firstMatch(of: /var KNOWN_EVENTS = \{([^}]*)\}/)).1
        let names = list.matches(of: /([a-z_]+): 1/).map { String($0.1) }
        expectEqual(names.sorted(), TraceEvent.Kind.allCases.map(\.rawValue).sorted())
    }
}
