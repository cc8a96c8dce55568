import LuaRuntime
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// The plugin host is the table's attached owner (``SwipeTable/attach(owner:deliver:)``), not a weak
/// delegate, and its plugins print through it unowned: nothing holds it weakly. When it is
/// released it detaches, so a table or plugin kept beyond it reaches nothing freed.
struct HostAttachmentTests {
    let fixtures = Fixtures()

    static let source = plugin(
        configure: "function(row) return { buttons = { { id = 'a', title = 'A', width = 80 } } } end",
        "on_open = function(ctx, row) print('open ' .. row.index) end")

    @Test func theHostIsTheTablesDelegateAndHearsItsEvents() throws {
        let host = try fixtures.host(Self.source)
        #expect(host.table.delegate === host)
        try host.table.panBegan(row: 2)
        try host.table.panChanged(row: 2, translation: -60)
        try host.table.panEnded(row: 2)
        expectEqual(host.coreEvents, [.open(row: 2)])
        expectEqual(host.texts("log"), ["[p] open 2"])
    }

    @Test func aReleasedHostLeavesItsTableAndPluginsUsable() throws {
        var host: PluginHost? = try fixtures.host(Self.source)
        weak var released = host
        let table = host!.table
        let kept = host!.plugins[0]
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: -60)
        try table.panEnded(row: 3)
        host = nil
        // Released: nothing (the table, a link, a print route) keeps it.
        #expect(released == nil)
        #expect(table.delegate == nil)
        // The table delivers to nobody, and what the plugin prints is dropped.
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: 130)
        try table.panEnded(row: 3)
        table.advance(by: .milliseconds(300 as Int64))
        #expect(table.openRows.isEmpty)
        expectEqual(try kept.lua.run("print('late'); return 1", chunkName: "=t"), [.integer(1)])
    }

    /// A session's reload attaches the new host before the old one goes: the old one's
    /// detaching leaves the new one the table's delegate.
    @Test func aReloadedSessionsTableDeliversToTheNewHost() throws {
        let first = fixtures.plugin("first.lua", Self.source)
        let second = fixtures.plugin(
            "second.lua",
            plugin(
                name: "q", "on_open = function(ctx, row) print('reloaded ' .. row.index) end"))
        let session = try Session(SessionConfiguration(plugins: [.file(first)]), sink: nil)
        try session.reload([.file(second)])
        #expect(session.table.delegate != nil)
        try session.table.panBegan(row: 4)
        try session.table.panChanged(row: 4, translation: -60)
        try session.table.panEnded(row: 4)
        let logs = session.records.compactMap { record -> String? in
            guard record.event.name == "log" else { return nil }
            return TextFormat.line(for: record)
        }
        expectEqual(logs.count, 1)
        expectEqual(logs.first?.hasSuffix("[q] reloaded 4"), true)
    }
}
