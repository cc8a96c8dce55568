import LuaRuntime
import SwipeCore
import SwipeScript

/// `ctx`, what a handler may do. Every method checks its arguments when called (Lua sees a
/// `bad argument` error) and queues an effect; rows are checked against the table as the
/// effects queued before would leave it, so applying them cannot fail.
extension PluginHost {
    /// Event names a plugin may not `emit`: the host's own.
    static let reservedEvents: Set<String> = [
        "open", "close", "action", "state", "present", "dismiss", "delete", "insert", "update", "log",
        "plugin_error", "plugin_warning",
    ]

    func installContext(for plugin: Plugin, index: Int) throws(PluginProblem) {
        do {
            let lua = plugin.lua
            let context = try lua.newTable(label: "ctx")
            let methods: [(String, LuaFunction)] = [
                ("open", rowMethod(index, "open") { .open(row: $0) }),
                ("close", rowMethod(index, "close") { .close(row: $0) }),
                ("invalidate", rowMethod(index, "invalidate") { .invalidate(row: $0) }),
                ("delete", { [unowned self] args in
                    let row = try self.checkedRow(args, index, "delete")
                    self.projectedRowCount -= 1
                    self.transaction.append(.delete(row: row))
                    return []
                }),
                ("insert", { [unowned self] args in
                    try self.checkActive(args, index, "insert")
                    let row = try args.integer(2)
                    guard row >= 1, row <= self.projectedRowCount + 1 else {
                        throw LuaError.argument(2, "cannot insert at row \(row): rows 1-\(self.projectedRowCount + 1) are possible")
                    }
                    let item = try args.string(3)
                    self.projectedRowCount += 1
                    self.transaction.append(.insert(row: row, item: item))
                    return []
                }),
                ("set_item", { [unowned self] args in
                    let row = try self.checkedRow(args, index, "set_item")
                    self.transaction.append(.setItem(row: row, item: try args.string(3)))
                    return []
                }),
                ("present", { [unowned self] args in
                    try self.checkActive(args, index, "present")
                    let detail = try args.table(2)
                    guard case .string(let title)? = detail["title"] else {
                        throw LuaError.argument(2, "title expected (a string), got \(detail["title"]?.typeName ?? "nil")")
                    }
                    let text = detail["text"].map(Self.text) ?? ""
                    self.transaction.append(.present(title: title, text: text))
                    return []
                }),
                ("dismiss", { [unowned self] args in
                    try self.checkActive(args, index, "dismiss")
                    self.transaction.append(.dismiss)
                    return []
                }),
                ("log", { [unowned self] args in
                    try self.checkActive(args, index, "log")
                    self.transaction.append(.log(args.dropFirst().map(Self.text).joined(separator: "\t")))
                    return []
                }),
                ("after", { [unowned self] args in
                    try self.checkActive(args, index, "after")
                    let ms = try args.number(2)
                    guard ms.isFinite, ms >= 0, ms <= 1e12 else {
                        throw LuaError.argument(2, "a delay in milliseconds >= 0 expected, got \(ms)")
                    }
                    let function = try args.function(3)
                    self.transaction.append(.after(.milliseconds(ms), Plugin.labeled(.function(function), "after", in: lua) ?? function))
                    return []
                }),
                ("emit", { [unowned self] args in
                    try self.checkActive(args, index, "emit")
                    let name = try args.string(2)
                    guard !name.isEmpty, !Self.reservedEvents.contains(name) else {
                        throw LuaError.argument(2, "'\(name)' is not a name a plugin may emit (reserved or empty)")
                    }
                    var fields: [TraceField] = []
                    if args.count >= 3, !args[2].isNil {
                        for (key, value) in try args.table(3) {
                            guard case .string(let field) = key, field != "event", field != "t", field != "plugin" else {
                                throw LuaError.argument(3, "field names must be strings other than 'event', 't' and 'plugin'")
                            }
                            fields.append(TraceField(field, try Self.traceValue(value, field: field)))
                        }
                    }
                    self.transaction.append(.emit(name: name, fields: fields.sorted { $0.key < $1.key }))
                    return []
                }),
            ]
            for (name, body) in methods {
                try lua.register(name, in: context, body)
            }
            try lua.setField("now", in: context, to: .number(0))
            plugin.context = context
        } catch {
            throw PluginProblem(file: plugin.file, message: "cannot set up ctx: \(Plugin.positioned(error))")
        }
    }

    private func rowMethod(_ index: Int, _ name: String, _ effect: @escaping (Int) -> PluginEffect) -> LuaFunction {
        { [unowned self] args in
            self.transaction.append(effect(try self.checkedRow(args, index, name)))
            return []
        }
    }

    private func checkedRow(_ args: [LuaValue], _ index: Int, _ name: String) throws -> Int {
        try checkActive(args, index, name)
        let row = try args.integer(2)
        guard row >= 1, row <= projectedRowCount else {
            throw LuaError.argument(2, "row \(row) does not exist (rows 1-\(projectedRowCount))")
        }
        return row
    }

    /// `ctx` works inside this plugin's handlers only, and as a method (`ctx:open(3)`).
    private func checkActive(_ args: [LuaValue], _ index: Int, _ name: String) throws {
        switch args.first ?? .nil {
        case .table, .reference: break
        default:
            throw LuaError.runtime("call ctx:\(name)(...) with a colon")
        }
        guard activePlugin == index else {
            throw LuaError.runtime("ctx:\(name) can only be used while a handler of this plugin runs (not in configure)")
        }
    }

    static func traceValue(_ value: LuaValue, field: String) throws -> TraceValue {
        switch value {
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .int(number)
        case .number(let number) where number.isFinite: return .number(number)
        case .string(let text): return .string(text)
        default:
            throw LuaError.argument(3, "field '\(field)' must be a string, number or boolean, got \(value.typeName)")
        }
    }
}
