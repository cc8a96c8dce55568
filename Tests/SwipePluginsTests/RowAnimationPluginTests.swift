import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

/// Row animations in the plugin layer: `table = { row_animation = ... }`, the host's option over it,
/// its messages, and a `ctx:delete` that collapses its row.
struct RowAnimationPluginTests {
    let fixtures = Fixtures()

    @Test func aPluginsTableChoosesTheRowAnimationAndTheHostsReplacesIt() throws {
        let path = fixtures.plugin("a.lua", plugin(name: "a", "table = { row_animation = 'fade' },"))
        let host = try PluginHost(plugins: [try Plugin(path: path)])
        expectEqual(host.table.options, TableBehaviorOptions(rowAnimation: .fade))
        let flagged = try PluginHost(
            plugins: [try Plugin(path: path)],
            configuration: SessionConfiguration(tableBehavior: TableBehaviorOptions(rowAnimation: .slide)))
        expectEqual(flagged.table.rowAnimation, .slide)
        let none = try PluginHost(
            plugins: [try Plugin(path: path)],
            configuration: SessionConfiguration(tableBehavior: TableBehaviorOptions(rowAnimation: RowAnimation.none)))
        expectEqual(none.table.rowAnimation, .fade)
        // No preset turns it on.
        for preset in BehaviorPreset.allCases {
            let plain = try fixtures.host(plugin(), preset: preset)
            expectEqual(plain.table.rowAnimation, RowAnimation.none, "\(preset)")
        }
    }

    @Test(arguments: [
        ("'fde'", "must be 'none', 'fade' or 'slide', got 'fde' (did you mean 'fade'?)"),
        ("'wobble'", "must be 'none', 'fade' or 'slide', got 'wobble'"),
        ("3", "must be 'none', 'fade' or 'slide', got a number"),
        ("true", "must be 'none', 'fade' or 'slide', got a boolean"),
    ])
    func aBadRowAnimationStopsTheLoad(value: String, message: String) throws {
        let path = fixtures.plugin("t.lua", plugin("table = { row_animation = \(value) },"))
        #expect(throws: PluginProblem(file: path, line: 1, field: "table.row_animation", message: message)) {
            try Plugin(path: path)
        }
    }

    @Test func aCtxDeleteCollapsesTheRowItDeleted() throws {
        let source = plugin(
            "table = { row_animation = 'fade' }, on_action = function(ctx, row) ctx:delete(row.index) end,")
        let host = try fixtures.host([("d.lua", source)])
        try host.open(3)
        try host.table.tap(row: 3, buttonID: "a")
        expectEqual(host.table.items.count, 29)
        let ghost = try #require(host.table.collapsingRows.first)
        #expect(ghost.row == 3 && ghost.item == "Longer Title Item #3")
        expectEqual(ghost.geometry.offset, -80)
        expectEqual(try #require(host.table.cellGeometry(forRow: 3)).y, 132)
        host.table.advance(by: .milliseconds(150 as Int64))
        #expect(abs(try #require(host.table.cellGeometry(forRow: 3)).y - 110) < 1e-9)
        host.table.advance(by: .milliseconds(150 as Int64))
        #expect(host.table.collapsingRows.isEmpty)
        expectEqual(try #require(host.table.cellGeometry(forRow: 3)).y, 88)
    }

    @Test func theOptionPrintsAsItsFlagAndItsSpecField() {
        let configuration = SessionConfiguration(tableBehavior: TableBehaviorOptions(rowAnimation: .slide))
        expectEqual(configuration.arguments(), ["--row-animation", "slide"])
        #expect(configuration.tableFields().contains("row_animation = \"slide\""))
        expectEqual(SessionConfiguration.defaults.arguments(), [])
    }
}
