import LuaRuntime
import SwipePlugins

/// How specs run: which tests, in what order, and their limits.
public struct SpecRunOptions: Sendable {
    /// A Lua pattern (or, if it is not a valid one, plain text) the test's full name must contain.
    public var filter: String?
    /// Patterns (as `filter`) a test's full name must not contain (`--filter-out`).
    public var filterOut: [String] = []
    /// Full names, one of which a test's must be exactly (`--name`); none: any name.
    public var names: [String] = []
    /// `#tag` words, one of which a test's full name must hold (`--tags`); none: any test.
    public var tags: [String] = []
    /// `#tag` words none of which a test's full name may hold (`--exclude-tags`).
    public var excludeTags: [String] = []
    /// Only the tests of this shard (`--shard K/N`): a stable partition by file and full name.
    public var shard: TestShard?
    /// Shuffles the files and the tests within each block, reproducibly.
    public var seed: Int?
    /// Lua instructions each test (hooks included) may run in the spec's own state; 0 = no limit.
    public var specBudget: Int = 100_000_000
    /// The defaults of every `swipe.table{...}`: `swipehost test`'s `--budget`, `--memory` and
    /// `--trusted` (plugins stay sandboxed unless trusted, with these budgets).
    public var tableDefaults = SessionConfiguration.defaults
    /// What `assert.snapshot` may write (`--update-snapshots`, `CI`).
    public var snapshots = SnapshotOptions()
    public init() {}

    /// Counts the lines specs and plugins run (`--coverage`): the spec's own state and every
    /// plugin state of its tables share it.
    public var coverage: LuaCoverage? {
        get { tableDefaults.pluginOptions.coverage }
        set { tableDefaults.pluginOptions.coverage = newValue }
    }

    /// The selection as the test framework's `plan` takes it.
    var selection: LuaValue {
        var table: [LuaValue: LuaValue] = [:]
        if let filter { table["filter"] = .string(filter) }
        func list(_ values: [String]) -> LuaValue {
            .table(
                Dictionary(
                    uniqueKeysWithValues: values.enumerated().map { (.integer($0.offset + 1), .string($0.element)) }))
        }
        table["filter_out"] = list(filterOut)
        table["names"] = list(names)
        table["tags"] = list(tags)
        table["exclude_tags"] = list(excludeTags)
        if let shard {
            table["shard_index"] = .integer(shard.index)
            table["shard_count"] = .integer(shard.count)
        }
        return .table(table)
    }
}
