import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

/// Transitions as plugins configure them: `transition` per edge, checked with "did you mean".
struct TransitionPluginTests {
    let fixtures = Fixtures()

    func host(_ configuration: String) throws -> PluginHost {
        try fixtures.host(plugin(configure: "function(row) return { \(configuration) } end"))
    }

    static let button = "buttons = { { id = 'a', title = 'A', width = 80 } }"

    @Test func eachEdgeHasItsTransitionRevealByDefault() throws {
        let both = try host(
            "trailing = { \(Self.button), transition = 'border' }, leading = { buttons = { { id = 'b', title = 'B', width = 60 } }, transition = 'stretch' }"
        )
        let configuration = try #require(both.table.cell(forRow: 1)?.configuration)
        expectEqual(configuration.trailing.transition, .border)
        expectEqual(configuration.leading.transition, .stretch)
        #expect(both.messages("plugin_error") == [] && both.messages("plugin_warning") == [])
        // The top-level keys are the trailing edge's.
        let top = try host("\(Self.button), transition = 'drag'")
        expectEqual(top.table.cell(forRow: 1)?.configuration.trailing.transition, .drag)
        let plain = try host(Self.button)
        expectEqual(plain.table.cell(forRow: 1)?.configuration.trailing.transition, .reveal)
    }

    static let cases: [(String, String)] = [
        (
            "trailing = { \(button), transition = 'bordr' }",
            "trailing.transition: must be 'reveal', 'drag', 'border' or 'stretch', got 'bordr' (did you mean 'border'?)"
        ),
        (
            "\(button), transition = 'strech'",
            "transition: must be 'reveal', 'drag', 'border' or 'stretch', got 'strech' (did you mean 'stretch'?)"
        ),
        (
            "\(button), leading = { \(button.replacingOccurrences(of: "'a'", with: "'b'")), transition = 3 }",
            "leading.transition: must be 'reveal', 'drag', 'border' or 'stretch', got a number"
        ),
    ]

    @Test(arguments: cases)
    func aBadTransitionIsOnePluginErrorNamingTheField(configuration: String, message: String) throws {
        let bad = try host(configuration)
        expectEqual(bad.messages("plugin_error"), ["\(fixtures.folder)/p.lua:1: row 1: \(message)"])
        // Nothing half-applied: the row has no buttons.
        expectEqual(bad.table.cell(forRow: 1)?.configuration.hasButtons, false)
    }
}
