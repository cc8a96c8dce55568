import LuaRuntime
import SwipeCore
import SwipeScript

/// `ctx:set_items(list)`: the table's items replaced by `list` as one batch, diffed by
/// id as UIKit's `apply(snapshot)` does, with `delete`, `insert`, `move` and `update` events that
/// carry ids. Open rows, rows waiting on a `manual` full swipe and cached configurations follow
/// their ids.
extension PluginHost {
    /// The most items `ctx:set_items` takes (the most rows a table may have).
    static let setItemsLimit = 1_000_000

    /// `ctx:set_items`' list, checked whole before anything is queued: a list of items, their
    /// own ids unique.
    static func checkedItemList(_ args: LuaStackArguments, _ position: Int) throws -> [PluginItem] {
        let value = try PluginItem.argument(args, position, field: "items")
        guard let list = value.arrayValue else {
            let got = if case .table = value { "a table that is not a list" } else { value.typeName }
            throw LuaError.argument(position, "a list of items (strings or tables with a title) expected, got \(got)")
        }
        guard list.count <= setItemsLimit else {
            throw LuaError.argument(position, "at most \(setItemsLimit) items, got \(list.count)")
        }
        var items: [PluginItem] = []
        items.reserveCapacity(list.count)
        var seen: [RowID: Int] = [:]
        for (offset, entry) in list.enumerated() {
            let field = "items[\(offset + 1)]"
            let item: PluginItem
            do throws(ItemProblem) {
                item = try PluginItem.read(entry, field: field)
            } catch {
                throw LuaError.argument(position, "\(error.field): \(error.message)")
            }
            if let id = item.id {
                if let first = seen[id] {
                    throw LuaError.argument(
                        position, "\(field).id: duplicate id \(PluginItem.quoted(id)): items[\(first)] has it too")
                }
                seen[id] = offset + 1
            }
            items.append(item)
        }
        return items
    }

    /// What applying `list` to `old` does: the new items, and the events in UIKit's batch order
    /// (deletes by old row, last first; inserts by new row; moves; updates by new row), and
    /// the old row of each id that stays with its item unchanged.
    struct ItemsDiff {
        var items: TableItems
        var events: [TraceEvent]
        /// Old row to new row, for rows whose item stays the same (their configurations stay).
        var kept: [Int: Int]
        var removed: [RowID]
    }

    /// The diff, by id: an item's own id, or for one without, the row of the same title whose
    /// id is a number no item of the list claims (the first such, in order), else a new number.
    /// - Complexity: O((n + m) log m) for n old rows and m items.
    static func diff(_ old: TableItems, _ list: [PluginItem]) -> ItemsDiff {
        let oldIDs = old.allIDs
        let oldTitles = old.all
        var oldRow: [RowID: Int] = [:]
        oldRow.reserveCapacity(oldIDs.count)
        for (offset, id) in oldIDs.enumerated() { oldRow[id] = offset + 1 }
        var claimed = Set<RowID>()
        var next = old.nextID
        for item in list {
            guard let id = item.id else { continue }
            claimed.insert(id)
            if case .number(let number) = id, number >= next { next = number &+ 1 }
        }
        var byTitle: [String: [Int]] = [:]
        for (offset, id) in oldIDs.enumerated() where !claimed.contains(id) {
            if case .number = id { byTitle[oldTitles[offset], default: []].append(offset + 1) }
        }
        var taken: [String: Int] = [:]
        var newIDs: [RowID] = []
        newIDs.reserveCapacity(list.count)
        for item in list {
            if let id = item.id {
                newIDs.append(id)
            } else if let rows = byTitle[item.title], case let used = taken[item.title, default: 0], used < rows.count {
                newIDs.append(oldIDs[rows[used] - 1])
                taken[item.title] = used + 1
            } else {
                newIDs.append(.number(next))
                next = next &+ 1
            }
        }
        var values: [RowID: ItemValue] = [:]
        for (item, id) in zip(list, newIDs) { if let value = item.value { values[id] = value } }
        var items = TableItems(list.map(\.title), ids: newIDs, values: values)
        items.reserveIDs(below: max(next, old.nextID))

        var newRow: [RowID: Int] = [:]
        newRow.reserveCapacity(newIDs.count)
        for (offset, id) in newIDs.enumerated() { newRow[id] = offset + 1 }
        var events: [TraceEvent] = []
        var removed: [RowID] = []
        for offset in oldIDs.indices.reversed() where newRow[oldIDs[offset]] == nil {
            events.append(.delete(row: offset + 1, item: oldTitles[offset], id: oldIDs[offset].description))
            removed.append(oldIDs[offset])
        }
        for (offset, id) in newIDs.enumerated() where oldRow[id] == nil {
            events.append(.insert(row: offset + 1, item: list[offset].title, id: id.description))
        }
        // The items that stay, in their new order: those off the longest run whose old rows
        // increase moved.
        let staying = newIDs.indices.filter { oldRow[newIDs[$0]] != nil }
        let still = Set(longestIncreasingRun(staying.map { oldRow[newIDs[$0]]! }).map { staying[$0] })
        for offset in staying where !still.contains(offset) {
            let id = newIDs[offset]
            events.append(.move(from: oldRow[id]!, row: offset + 1, item: list[offset].title, id: id.description))
        }
        var kept: [Int: Int] = [:]
        for offset in staying {
            let id = newIDs[offset]
            let before = oldRow[id]!
            if oldTitles[before - 1] != list[offset].title || old.values[id] != values[id] {
                events.append(.update(row: offset + 1, item: list[offset].title, id: id.description))
            } else {
                kept[before] = offset + 1
            }
        }
        return ItemsDiff(items: items, events: events, kept: kept, removed: removed)
    }

    /// The positions of a longest strictly increasing run of `values` (patience sorting).
    /// - Complexity: O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // positions: the smallest tail of a run of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: [Int] = []
        var position = tails.last ?? -1
        while position >= 0 {
            run.append(position)
            position = previous[position]
        }
        return run.reversed()
    }

    /// Applies a queued `ctx:set_items` of plugin `plugin`.
    func applySetItems(_ list: [PluginItem], plugin: String) {
        let diff = Self.diff(table.items, list)
        for event in diff.events { record(event) }
        for id in diff.removed { dispatch.departedBy[id] = "ctx:set_items of plugin '\(plugin)'" }
        for item in list { if let id = item.id { dispatch.departedBy[id] = nil } }
        var setups: [Int: RowSetup] = [:]
        for (row, setup) in dispatch.rowSetups {
            if let moved = diff.kept[row] { setups[moved] = setup }
        }
        dispatch.rowSetups = setups
        table.replaceItems(diff.items)
    }
}
