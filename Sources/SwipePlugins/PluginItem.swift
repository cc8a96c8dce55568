import LuaRuntime
import SwipeCore
import SwipeScript

/// One item a plugin gives (its `items`, `ctx:insert`, `ctx:set_item`): a string, or a
/// table `{ id = "m42", title = "Lunch?", pinned = true, ... }` whose `title` is what is drawn and
/// whose fields are kept beside it (``ItemValue``). A string item, or a table without `id`, gets
/// the id the table assigns (``TableItems/nextID``).
struct PluginItem: Equatable {
    var title: String
    var id: RowID?
    /// The whole table, as given (nil for a string item).
    var value: ItemValue?

    /// How deep a table item may nest: the item itself is level 1, `{ tags = { "a" } }` level 2.
    static let maximumDepth = 8
    /// How many fields a table item may have, every nested table's counted.
    static let maximumFields = 256
    /// How many bytes of strings (keys and values) a table item may hold.
    static let maximumBytes = 65_536

    /// Reads `value` as an item; a problem is a message that starts with `field` (the item's
    /// place: `items[3]`, or `item` for a `ctx` argument) and names the bad field.
    static func read(_ value: LuaValue, field: String) throws(ItemProblem) -> PluginItem {
        switch value {
        case .string(let text):
            return PluginItem(title: text, id: nil, value: nil)
        case .table(let entries):
            var budget = Budget()
            let fields = try readTable(entries, path: field, depth: 1, budget: &budget)
            guard case .string(let title)? = fields[.name("title")] else {
                let got = fields[.name("title")].map { "got " + $0.typeName } ?? "it has none"
                throw ItemProblem(field: field + ".title", message: "a table item needs a string title; \(got)")
            }
            var id: RowID?
            switch fields[.name("id")] {
            case nil: id = nil
            case .string(let text)?: id = RowID(text: text)
            case .integer(let number)?: id = .number(number)
            case let other?:
                throw ItemProblem(
                    field: field + ".id", message: "must be a string or an integer, got \(other.typeName)")
            }
            // Only ids a script's `#ID` names: a recording writes them so.
            if let id, let problem = ScriptIDs.rowProblem(id) {
                throw ItemProblem(field: field + ".id", message: problem)
            }
            return PluginItem(title: title, id: id, value: .table(fields))
        default:
            throw ItemProblem(field: field, message: "must be a string or a table with a title, got \(value.typeName)")
        }
    }

    private struct Budget {
        var fields = 0
        var bytes = 0
    }

    private static func readTable(_ entries: [LuaValue: LuaValue], path: String, depth: Int, budget: inout Budget)
        throws(ItemProblem) -> [ItemKey: ItemValue]
    {
        guard depth <= maximumDepth else {
            throw ItemProblem(
                field: path,
                message: "a table item may nest at most \(maximumDepth) tables deep (the item is the first)")
        }
        var fields: [ItemKey: ItemValue] = [:]
        // In key order, so the first bad field named is the same from run to run.
        let keyed: [(ItemKey, LuaValue)] = try entries.map { (key, value) throws(ItemProblem) in
            switch key {
            case .string(let name): return (.name(name), value)
            case .integer(let number): return (.index(number), value)
            default:
                throw ItemProblem(
                    field: path,
                    message: "a table item's keys must be strings or integers, got a \(key.typeName) key")
            }
        }.sorted { $0.0 < $1.0 }
        for (key, value) in keyed {
            let place: String
            switch key {
            case .name(let name): place = path + "." + name
            case .index(let number): place = path + "[\(number)]"
            }
            budget.fields += 1
            guard budget.fields <= maximumFields else {
                throw ItemProblem(
                    field: place, message: "a table item may have at most \(maximumFields) fields, nested ones counted")
            }
            if case .name(let name) = key { budget.bytes += name.utf8.count }
            let item: ItemValue
            switch value {
            case .string(let text):
                budget.bytes += text.utf8.count
                item = .string(text)
            case .integer(let number): item = .integer(number)
            case .number(let number): item = .number(number)
            case .boolean(let flag): item = .boolean(flag)
            case .table(let nested):
                item = .table(try readTable(nested, path: place, depth: depth + 1, budget: &budget))
            default:
                throw ItemProblem(
                    field: place, message: "must be a string, number, boolean or table, got \(value.typeName)")
            }
            guard budget.bytes <= maximumBytes else {
                throw ItemProblem(
                    field: place,
                    message: "a table item may hold at most \(maximumBytes) bytes of strings, keys counted")
            }
            fields[key] = item
        }
        return fields
    }

    /// `items` as the table's items: each item's own id, else the next number. A duplicate id is
    /// an error naming both rows.
    static func tableItems(_ items: [PluginItem], field: String = "items") throws(ItemProblem) -> TableItems {
        guard items.contains(where: { $0.id != nil || $0.value != nil }) else { return TableItems(items.map(\.title)) }
        var seen: [RowID: Int] = [:]
        var ids: [RowID] = []
        ids.reserveCapacity(items.count)
        var values: [RowID: ItemValue] = [:]
        // Own number ids are taken before any is assigned, so an assigned one never repeats them.
        var next = 1
        for item in items { if case .number(let number)? = item.id, number >= next { next = number &+ 1 } }
        for (offset, item) in items.enumerated() {
            let id: RowID
            if let own = item.id {
                if let first = seen[own] {
                    throw ItemProblem(
                        field: "\(field)[\(offset + 1)].id",
                        message: "duplicate id \(Self.quoted(own)): \(field)[\(first)] has it too")
                }
                id = own
            } else {
                id = .number(next)
                next = next &+ 1
            }
            seen[id] = offset + 1
            ids.append(id)
            if let value = item.value { values[id] = value }
        }
        return TableItems(items.map(\.title), ids: ids, values: values)
    }

    /// An id as messages write it: a name quoted, a number bare.
    static func quoted(_ id: RowID) -> String {
        switch id {
        case .number(let number): return String(number)
        case .name(let name): return "'\(name)'"
        }
    }
}

extension PluginItem {
    /// The value of argument `position`, converted; a table that cannot be converted (one that
    /// contains itself) is a bad argument naming its field under `field` (`items[1].parent`).
    static func argument(_ args: LuaStackArguments, _ position: Int, field: String) throws -> LuaValue {
        do {
            return try args.argument(position)
        } catch let error as LuaError {
            guard let path = error.path else { throw error }
            throw LuaError.argument(position, "\(field)\(path): \(unconvertible(error))")
        }
    }

    /// What is wrong with the field a conversion stopped at (``LuaError/path``).
    static func unconvertible(_ error: LuaError) -> String {
        error.message == LuaState.cyclicTableMessage
            ? "holds a table it is inside; a table that contains itself cannot be read" : error.message
    }
}

/// A bad item: `field` is where (`items[3].tags[2]`), `message` what is wrong.
struct ItemProblem: Error {
    var field: String
    var message: String
}

extension ItemValue {
    var typeName: String {
        switch self {
        case .string: "string"
        case .integer, .number: "number"
        case .boolean: "boolean"
        case .table: "table"
        }
    }

    /// The value as Lua sees it (a copy).
    public var luaValue: LuaValue {
        switch self {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .boolean(let flag): return .boolean(flag)
        case .table(let fields):
            var entries: [LuaValue: LuaValue] = [:]
            for (key, value) in fields {
                switch key {
                case .name(let name): entries[.string(name)] = value.luaValue
                case .index(let number): entries[.integer(number)] = value.luaValue
                }
            }
            return .table(entries)
        }
    }
}
