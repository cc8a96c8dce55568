import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// `swipehost run --plugin` on each shipped plugin with its example script, whole output pinned.
struct ShippedPluginTests {
    static func run(_ name: String, format: OutputFormat = .jsonl) throws -> String {
        let script = try Repository.text("examples/\(name).swipe")
        let run = PluginRun(
            fileName: "examples/\(name).swipe",
            configuration: SessionConfiguration(plugins: [.file(Repository.path("plugins/\(name).lua"))]),
            format: format)
        return String(decoding: try run.run(script: script).bytes, as: UTF8.self)
    }

    /// The `state` line: rows 1-12 at rest, those in `right` slid open.
    static func state(t: Int, right: [Int: Int], editing: [Int]) -> String {
        let rows = (1...12).map { row in
            let value = right[row] ?? 0
            return "{\"row\":\(row),\"right\":\(value),\"left\":\(-value)}".replacingOccurrences(
                of: ":-0}", with: ":0}")
        }
        return
            "{\"event\":\"state\",\"t\":\(t),\"rows\":[\(rows.joined(separator: ","))],\"editing\":[\(editing.map(String.init).joined(separator: ","))]}\n"
    }

    /// Opens at t=0 (45 >= 40, half of Button 1), settles at 160 by t=200; both taps reach the
    /// open cell and present the detail screen as `showDetailWithText:` does.
    @Test func tutorial() throws {
        expectEqual(
            try Self.run("tutorial"),
            """
            {"event":"open","row":3,"t":0}
            {"event":"action","row":3,"button":"one","index":1,"t":300}
            {"event":"present","title":"In the delegate!","text":"Clicked button one for Longer Title Item #3","t":300}
            {"event":"action","row":3,"button":"two","index":2,"t":300}
            {"event":"present","title":"In the delegate!","text":"Clicked button two for Longer Title Item #3","t":300}

            """ + Self.state(t: 300, right: [3: 160], editing: [3]))
    }

    /// Swipes take 150 ms. Flag closes row 2 (its `close` follows the handler's `update`) and renames it; Trash deletes
    /// row 1 so the open row 4 becomes row 3; More on row 5 (was row 6) presents its item.
    /// Mail's rows have a leading button too (Unread), so their events name their side.
    @Test func mail() throws {
        expectEqual(
            try Self.run("mail"),
            """
            {"event":"open","row":2,"side":"trailing","t":150}
            {"event":"action","row":2,"button":"flag","index":2,"side":"trailing","t":400}
            {"event":"update","row":2,"item":"[flagged] Your order has shipped","t":400}
            {"event":"close","row":2,"side":"trailing","t":400}
            {"event":"open","row":4,"side":"trailing","t":800}
            {"event":"open","row":1,"side":"trailing","t":1200}
            {"event":"action","row":1,"button":"trash","index":1,"side":"trailing","t":1450}
            {"event":"delete","row":1,"item":"Lunch on Friday?","t":1450}
            {"event":"open","row":5,"side":"trailing","t":1600}
            {"event":"action","row":5,"button":"more","index":3,"side":"trailing","t":1850}
            {"event":"present","title":"Team offsite agenda","text":"Reply, Forward, Mark as Unread, Move Message...","t":1850}

            """ + Self.state(t: 1850, right: [3: 240, 5: 240], editing: [3, 5]))
    }

    /// Row 3 opens from 25 >= its 20-point threshold at 180; row 1 at its 120-point Archive;
    /// row 2 at 160; row 10 has the tutorial's cell yet `on_open` still hears it (broadcast).
    @Test func perRow() throws {
        expectEqual(
            try Self.run("per_row"),
            """
            {"event":"open","row":3,"t":150}
            {"event":"opened","plugin":"per_row","row":3,"t":150}
            {"event":"open","row":1,"t":400}
            {"event":"opened","plugin":"per_row","row":1,"t":400}
            {"event":"action","row":1,"button":"archive","index":1,"t":800}
            {"event":"log","plugin":"per_row","message":"archive on Longer Title Item #1","t":800}
            {"event":"open","row":2,"t":950}
            {"event":"opened","plugin":"per_row","row":2,"t":950}
            {"event":"open","row":10,"t":1150}
            {"event":"opened","plugin":"per_row","row":10,"t":1150}

            """ + Self.state(t: 1450, right: [1: 120, 2: 160, 3: 180, 10: 160], editing: [1, 2, 3, 10]))
    }

    @Test(arguments: [OutputFormat.text, .jsonl])
    func theTutorialPluginMatchesTheCoreRunPlusItsPresentLines(format: OutputFormat) throws {
        let script = try Repository.text("examples/tutorial.swipe")
        let core = String(
            decoding: try HeadlessRun(fileName: "tutorial.swipe", format: format).run(script: script).bytes,
            as: UTF8.self)
        let plugin = try Self.run("tutorial", format: format)
        let lines = plugin.split(separator: "\n", omittingEmptySubsequences: false)
        let presents = lines.filter { $0.contains("In the delegate!") }
        expectEqual(presents.count, 2)
        #expect(presents[0].contains("Clicked button one for Longer Title Item #3"))
        #expect(presents[1].contains("Clicked button two for Longer Title Item #3"))
        expectEqual(lines.filter { !$0.contains("In the delegate!") }.joined(separator: "\n"), core)
    }

    @Test func theTutorialPluginsTextLines() throws {
        let text = try Self.run("tutorial", format: .text)
        #expect(text.contains("presented \"In the delegate!\": Clicked button one for Longer Title Item #3\n"))
        #expect(text.contains("presented \"In the delegate!\": Clicked button two for Longer Title Item #3\n"))
    }

    /// A jsonl run writes each record as it happens (`TraceRecorder.Mode.jsonLines`): the same
    /// bytes as rendering the kept records afterwards, nested handlers' effects included.
    @Test(arguments: ["tutorial", "mail", "per_row"])
    func streamedJSONLinesMatchTheKeptRecords(name: String) throws {
        let streamed = try Self.run(name, format: .jsonl)
        let script = try Repository.text("examples/\(name).swipe")
        let plugin = try Plugin(path: Repository.path("plugins/\(name).lua"))
        let host = try PluginHost(plugins: [plugin], recorder: TraceRecorder(mode: .records))
        try ScriptRunner(table: host.table, fileName: name).run(script: script)
        #expect(host.recorder.records.count > 3)
        let kept = HeadlessRun.render(
            host.recorder.records, TableSnapshot(host.table), format: .jsonl, width: host.table.geometry.width)
        expectEqual(String(decoding: kept.bytes, as: UTF8.self), streamed)
    }

    @Test(arguments: ["tutorial", "mail", "per_row", "transitions"])
    func theShippedPluginsCheckClean(name: String) {
        let report = PluginChecker().check(Repository.path("plugins/\(name).lua"))
        #expect(report.loaded)
        expectEqual(report.problems, [])
        expectEqual(report.errorCount, 0)
        expectEqual(report.configuredRows, ["tutorial": 30, "mail": 15, "per_row": 29, "transitions": 4][name])
    }

    /// Found by `swipehost explore --preset mail` on plugins/per_row.lua, shrunk to these lines.
    /// per_row configures a row by its number, so a row that a delete above moves is configured
    /// again in place, mid-gesture. (1, seed 3) Row 4 (bounce 40) snaps closed past rest to -40;
    /// a pan begins on it there; row 3's full swipe deletes row 3 meanwhile, so row 4 becomes
    /// row 3 (bounce 10): the pan's start, -40, stayed committed while the row snapped closed,
    /// outside the new bounce. (2, seed 2026) A row sliding out to its delete is configured as a
    /// row without a full swipe: its 320 points were outside the new buttons' 160. Both times a
    /// debug build trapped and explore said "a bug in swipehost"; the rows were drawn right.
    @Test(arguments: [
        (
            "pan 4 begin\npan 4 move -20\npan 4 end\npan 3 begin\npan 3 move -200\npan 3 end\nswipe 4 0 200\n",
            29
        ),
        (
            "pan 10 begin\npan 10 end -20\npan 3 begin\npan 3 move -200\npan 3 end\nswipe 12 -192 200\n"
                + "pan 9 begin\npan 9 move -20\npan 9 end\nswipe 1 0 150\nswipe 11 0 50\n",
            27
        ),
    ])
    func aRowConfiguredAgainMidGestureByItsNewNumberStaysConsistent(script: String, rows: Int) throws {
        let plugin = Repository.path("plugins/per_row.lua")
        let session = try Session(
            SessionConfiguration(
                plugins: [.file(plugin)], tableBehavior: BehaviorPreset.mail.tableOptions, preset: .mail),
            sink: RecordingSink())
        for line in try ScriptParser(fileName: "s.swipe").parse(script) {
            try session.apply(line.command)
            expectEqual(session.table.invariantProblem, nil, "\(line.command)")
        }
        session.table.advance(by: .seconds(5))
        expectEqual(session.table.invariantProblem, nil)
        expectEqual(session.table.items.count, rows)
    }

    @Test func theShippedPluginsAreFoundInTheirFolder() {
        expectEqual(
            Plugin.paths(inFolder: Repository.path("plugins")).map { ($0 as NSString).lastPathComponent },
            ["mail.lua", "per_row.lua", "transitions.lua", "tutorial.lua"])
    }
}
