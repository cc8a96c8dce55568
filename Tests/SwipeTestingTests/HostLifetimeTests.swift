import Foundation
import LuaRuntime
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// A plugin host, its table and its plugins' Lua states are freed when the last reference
/// goes: the test runner makes one per `swipe.table{}`, the playground one per page.
struct HostLifetimeTests {
    /// The repository's `plugins/` folder.
    static let plugins = Repository.path("plugins")

    /// Weak references to what one host owns.
    struct Watched {
        weak var host: PluginHost?
        weak var table: AnyObject?
        weak var lua: LuaState?
        var isFreed: Bool { host == nil && table == nil && lua == nil }
    }

    static func makeAndDrop(_ paths: [String]) throws -> Watched {
        let host = try PluginRun(
            fileName: "<test>", configuration: SessionConfiguration(plugins: paths.map(PluginSource.file))
        ).makeHost()
        // Drives it a little: opening rows runs handlers and dispatches through the table.
        try ScriptRunner(table: host.table, fileName: "<test>").run(script: "open 1\nwait 1000\nclose 1\nwait 1000")
        return Watched(host: host, table: host.table, lua: host.plugins.first?.lua)
    }

    @Test(arguments: ["tutorial.lua", "mail.lua", "per_row.lua"])
    func aDroppedHostIsFreedWithItsLuaStates(plugin: String) throws {
        var watched: [Watched] = []
        for _ in 0..<50 {
            watched.append(try Self.makeAndDrop([Self.plugins + "/" + plugin]))
        }
        expectEqual(watched.filter { !$0.isFreed }.count, 0)
    }

    @Test func aDroppedDriverIsFreedWithItsHost() throws {
        var watched: [Watched] = []
        for _ in 0..<50 {
            var options = SwipeDriver.Options()
            options.configuration.plugins = [.file(Self.plugins + "/tutorial.lua"), .file(Self.plugins + "/mail.lua")]
            let driver = try SwipeDriver(options: options)
            try driver.open(row: 1)
            try driver.wait(milliseconds: 1000)
            watched.append(Watched(host: driver.host, table: driver.table, lua: driver.host.plugins.last?.lua))
        }
        expectEqual(watched.filter { !$0.isFreed }.count, 0)
    }

    /// `swipe.table{}` from Lua, dropped and collected: each driver, host and Lua state is
    /// freed, even though the module remembers the tables of the running test (for the plugin
    /// errors in its failure message).
    @Test func tablesMadeAndDroppedInLuaAreFreed() throws {
        let lua = try LuaState(options: .trusted)
        try SwipeModule.install(in: lua)
        try lua.setGlobal("PLUGINS", .string(Self.plugins))
        try lua.run("swipe = require('swipe')", chunkName: "=test")
        var watched: [Watched] = []
        for _ in 0..<50 {
            try lua.run(
                """
                T = swipe.table{ plugins = { PLUGINS .. '/tutorial.lua' } }
                T:open(1); T:wait(1000)
                DRIVER = T._host
                """, chunkName: "=test")
            guard case .userdata(let reference) = try lua.global("DRIVER"),
                let driver = reference.object(as: SwipeDriver.self)
            else {
                Issue.record("swipe.table{} did not make a SwipeDriver")
                return
            }
            watched.append(Watched(host: driver.host, table: driver.table, lua: driver.host.plugins.first?.lua))
            try lua.run("T, DRIVER = nil, nil; collectgarbage(); collectgarbage()", chunkName: "=test")
        }
        lua.collectGarbage()
        expectEqual(watched.filter { !$0.isFreed }.count, 0)
    }
}
