import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A handler that fails, at a random point after random `ctx` calls, leaves the table exactly as
/// it was: items, open rows, every visible cell's constants and configuration, the trace (only
/// the tap's action and one `plugin_error` are added), and nothing scheduled that fires later.
/// Seeded (SplitMix64-style, printed on failure) and deterministic.
struct HandlerRollbackPropertyTests {
    let fixtures = Fixtures()

    struct Snapshot: Equatable {
        var items: [String]
        var openRows: Set<Int>
        var visible: [String]
        var records: [TraceRecord]
    }

    static func snapshot(_ host: PluginHost) -> Snapshot {
        Snapshot(
            items: host.items(), openRows: host.table.openRows,
            visible: host.table.visibleRows.map { row in
                let cell = host.table.cell(forRow: row)
                return
                    "\(row): \(cell.map { "\($0.right) \($0.left) \($0.startingRight) \($0.gesture) \($0.configuration)" } ?? "none")"
            },
            records: host.recorder.records)
    }

    static func call(_ random: inout UInt64) -> String {
        let row = 1 + Int(next(&random) % 12)
        switch next(&random) % 11 {
        case 0: return "ctx:delete(\(row))"
        case 1: return "ctx:insert(\(row), 'new \(row)')"
        case 2: return "ctx:set_item(\(row), 'changed')"
        case 3: return "ctx:open(\(row))"
        case 4: return "ctx:close(\(row))"
        case 5: return "ctx:invalidate(\(row))"
        case 6: return "ctx:log('line')"
        case 7: return "ctx:emit('custom', { v = \(row) })"
        case 8: return "ctx:present { title = 'T' }"
        case 9: return "ctx:dismiss()"
        default: return "ctx:after(\(next(&random) % 500), function(ctx) ctx:log('late') ctx:delete(1) end)"
        }
    }

    static func failure(_ random: inout UInt64) -> String {
        ["error('boom')", "local x = nil; x.y = 1", "error({})", "ctx:open(100000)", "ctx:delete(0)"][
            Int(next(&random) % 5)]
    }

    /// SplitMix64's step on a bare state.
    static func next(_ state: inout UInt64) -> UInt64 {
        var generator = SplitMix64(seed: state)
        defer { state = generator.state }
        return generator.next()
    }

    @Test func aFailedHandlerLeavesTheTableAsItWas() throws {
        for seed in UInt64(0)..<150 {
            var random = seed &* 0x2545_F491_4F6C_DD1D
            let calls = (0..<Int(Self.next(&random) % 8)).map { _ in Self.call(&random) }
            let body = (calls + [Self.failure(&random)]).joined(separator: "\n")
            let host = try fixtures.host(plugin("on_action = function(ctx, row, button)\n\(body)\nend"))
            let row = 1 + Int(Self.next(&random) % 12)
            try host.open(row)
            if Self.next(&random) % 2 == 0 { try host.open(1 + Int(Self.next(&random) % 12)) }
            let before = Self.snapshot(host)
            try host.table.tap(row: row, button: 1)
            var after = Self.snapshot(host)
            let added = Array(after.records.dropFirst(before.records.count))
            after.records = Array(after.records.prefix(before.records.count))
            let context = "seed \(seed), handler:\n\(body)"
            expectEqual(after, before, "\(context)")
            expectEqual(added.count, 2, "\(context)\nadded: \(added)")
            if case .action(let tapped, _, _, _)? = added.first?.event {
                expectEqual(tapped, row, "\(context)")
            } else {
                Issue.record("\(context): no action first: \(added)")
            }
            if let name = added.last?.event.name, !added.last!.event.isDelegateCall {
                expectEqual(name, "plugin_error", "\(context)")
            } else {
                Issue.record("\(context): no plugin_error last: \(added)")
            }
            // Nothing the handler scheduled fires later.
            let settled = Self.snapshot(host)
            host.table.advance(by: TimeAmount.milliseconds(1000 as Int64))
            expectEqual(Self.snapshot(host).records, settled.records, "\(context): something fired after the failure")
            expectEqual(Self.snapshot(host).items, before.items, "\(context)")
        }
    }
}
