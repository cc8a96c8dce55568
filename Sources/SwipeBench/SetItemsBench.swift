import LuaRuntime
import SwipeCore
import SwipePlugins

/// `table.set_items_vs_plain_lua`: `ctx:set_items` on a 10,000-item table against a
/// plain-Lua diff of the same two lists, measured in turns in one run.
extension Benchmarks {
    /// The items in the bench's lists, and the seed of their edits.
    static let setItemsCount = 10_000
    static let setItemsSeed = 22

    /// A plugin handler calling `ctx:set_items` with a realistic batch (`Lua/set_items_bench.lua`:
    /// 10,000 table items with ids, the new list with about 5% deleted, 5% inserted, 2% moved and
    /// 5% updated, seeded), timed from the handler's call to the batch applied (the list read and
    /// checked, the diff, the events recorded, the table's rows and visible cells updated), then
    /// the same diff in plain Lua (`diff` in the same file: events by id, the moves off a longest
    /// increasing run, the updates by comparing fields) in a trusted state of the same embedded
    /// Lua 5.4. Each repetition alternates the two, each one way then back (old to new, new to
    /// old); the figure is the median of the repetitions' ratios, host time over plain-Lua time.
    func setItemsVsPlainLua() throws -> Figure {
        let applies = quick ? 2 : 10
        let source = String(decoding: PackageResources.set_items_bench_lua, as: UTF8.self)
        let call = "(\(Self.setItemsCount), \(Self.setItemsSeed))"
        let plugin = try Plugin(
            name: "set_items_bench.lua", source: "return (function()\n\(source)\nend)().plugin\(call)")
        let host = try PluginHost(plugins: [plugin], configuration: SessionConfiguration())
        var options = LuaOptions()
        options.sandbox = false
        options.instructionBudget = 0
        options.memoryLimit = 0
        let lua = try LuaState(options: options)
        guard
            case .function(let step)? = try lua.run(
                "return (function()\n\(source)\nend)().reference\(call)",
                chunkName: "@Sources/SwipeBench/Lua/set_items_bench.lua"
            ).first
        else { throw BenchError(message: "set_items_bench.lua: reference() did not return a function") }
        // The first batch replaces the 30 generated rows with the new list, the second goes back to
        // the old one: untimed, so that every timed batch is a diff between the two lists.
        for _ in 0..<2 { host.dispatchOpen(row: 3) }
        var ratios: [Double] = []
        for _ in 0..<repetitions {
            var hostTime = 0.0
            var luaTime = 0.0
            for _ in 0..<applies {
                let before = host.table.items.count
                hostTime += Clock.measure { host.dispatchOpen(row: 3) }
                // The two lists differ in length (10,000 and 10,058): a batch that applied changes it.
                guard host.errorCount == 0, host.table.items.count != before else {
                    throw BenchError(message: "set_items bench: the plugin's ctx:set_items did not apply")
                }
                var failure: (any Error)?
                luaTime += Clock.measure {
                    do { _ = try lua.call(step, arguments: []) } catch { failure = error }
                }
                if let failure { throw BenchError(message: "set_items bench: the plain Lua diff failed: \(failure)") }
            }
            ratios.append(hostTime / luaTime)
        }
        return Figure(
            name: "table.set_items_vs_plain_lua", value: median(ratios), unit: "x", n: Self.setItemsCount,
            target: (.atMost, Self.setItemsTarget))
    }

    /// See docs/performance.md, `table.set_items_vs_plain_lua`.
    static let setItemsTarget = 5.0
}
