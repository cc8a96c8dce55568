import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// Collects what a session hands its sink.
final class RecordingSink: SessionEventSink {
    var records: [TraceRecord] = []

    func session(_ session: Session, didRecord record: TraceRecord) {
        records.append(record)
    }

    /// The records as `--format text` prints them, one line each.
    var lines: [String] { records.map { TextFormat.line(for: $0) } }
}

/// The session API: one input at a time, typed records to a sink, virtual time.
struct SessionTests {
    let fixtures = Fixtures()
    static let mail = Repository.path("plugins/mail.lua")
    static let tutorial = Repository.path("plugins/tutorial.lua")

    static func text(_ buffer: OutputBuffer) -> String { String(decoding: buffer.bytes, as: UTF8.self) }

    /// What `swipehost run` prints for `script` with `plugins`.
    static func run(_ script: String, plugins: [String], format: OutputFormat = .text) throws -> String {
        text(
            try PluginRun(
                fileName: "s.swipe", configuration: SessionConfiguration(plugins: plugins.map(PluginSource.file)),
                format: format
            ).run(script: script))
    }

    /// `script` applied one command at a time to a session over `plugins`; the session and what
    /// its sink saw.
    static func applied(_ script: String, plugins: [String]) throws -> (Session, RecordingSink) {
        let sink = RecordingSink()
        let session = try Session(SessionConfiguration(plugins: plugins.map(PluginSource.file)), sink: sink)
        for line in try ScriptParser(fileName: "s.swipe").parse(script) { try session.apply(line.command) }
        return (session, sink)
    }

    @Test(arguments: ["mail.swipe", "tutorial.swipe", "both_edges.swipe", "per_row.swipe"])
    func aScriptAppliedCommandByCommandGivesWhatRunPrints(example: String) throws {
        let path = Repository.path("examples/" + example)
        let script = try String(contentsOfFile: path, encoding: .utf8)
        let plugins = try ScriptHeader.plugins(of: script, path: path)
        let (session, sink) = try Self.applied(script, plugins: plugins)
        session.host.reportRepeatedFailures()
        let rendered = HeadlessRun.render(sink.records, TableSnapshot(session.table), format: .text, width: 320)
        expectEqual(Self.text(rendered), (try Self.run(script, plugins: plugins)))
        let jsonl = HeadlessRun.render(sink.records, TableSnapshot(session.table), format: .jsonl, width: 320)
        expectEqual(Self.text(jsonl), (try Self.run(script, plugins: plugins, format: .jsonl)))
    }

    @Test func theSinkGetsTheRecordsOfLoadingFirst() throws {
        let plugin = fixtures.plugin("p.lua", "print('hello')\nreturn { name = 'p', colour = 1 }")
        let sink = RecordingSink()
        _ = try Session(SessionConfiguration(plugins: [.file(plugin)]), sink: sink)
        expectEqual(
            sink.lines,
            [
                "     0 ms  [p] hello",
                "     0 ms  \(plugin):2: warning: colour: unknown key",
            ])
    }

    @Test func applyAtAdvancesTheClockFirstFiringTimersInOrder() throws {
        let code = """
            return { name = 'timers', on_open = function(ctx, row)
              ctx:after(100, function(c) c:log('late') end)
              ctx:after(50, function(c) c:log('early') end)
            end }
            """
        let sink = RecordingSink()
        let session = try Session(SessionConfiguration(plugins: [.source(name: "timers.lua", code: code)]), sink: sink)
        expectEqual(session.nextWake, nil)
        try session.apply(.swipe(row: 3, dx: -200, duration: .milliseconds(150 as Int64)))
        expectEqual(session.now, VirtualInstant(nanoseconds: 150_000_000))
        // The open at 150 set timers for 200 and 250; the snap's bounce ends at 200 too.
        expectEqual(session.nextWake, VirtualInstant(nanoseconds: 200_000_000))
        try session.apply(.tap(row: 3, button: .content), at: VirtualInstant(nanoseconds: 300_000_000))
        expectEqual(
            sink.lines,
            [
                "   150 ms  row 3 opened",
                "   200 ms  [timers] early",
                "   250 ms  [timers] late",
            ])
        expectEqual(session.now, VirtualInstant(nanoseconds: 300_000_000))
        // The tap on the content closed the row: its snap runs until 328.
        expectEqual(session.nextWake, VirtualInstant(nanoseconds: 328_000_000))
        // An earlier time does not move the clock back.
        try session.apply(.scroll(dy: 44), at: VirtualInstant(nanoseconds: 100_000_000))
        expectEqual(session.now, VirtualInstant(nanoseconds: 300_000_000))
    }

    @Test func aCellAtRestHasNoAnimationEndAndAnAnimatingOneHasItsSegmentsEnd() throws {
        let session = try Session(SessionConfiguration(), sink: nil)
        try session.apply(.panBegin(row: 2, x: 0))
        try session.apply(.panMove(row: 2, x: -100))
        expectEqual(session.table.cell(forRow: 2)?.animationEnd, nil)
        try session.apply(.panEnd(row: 2))
        let end = try #require(session.table.cell(forRow: 2)?.animationEnd)
        #expect(end > session.now)
        expectEqual(session.nextWake, end)
        session.advance(to: end)
        // The first segment (to the bounce) ended; the settle runs until the next end.
        let settle = try #require(session.table.cell(forRow: 2)?.animationEnd)
        #expect(settle > end)
        session.advance(to: settle)
        expectEqual(session.table.cell(forRow: 2)?.animationEnd, nil)
        expectEqual(session.table.cell(forRow: 2)?.presentedOffset(at: session.now), -160)
        expectEqual(session.nextWake, nil)
    }

    /// At the clock's end a snap's steps all fall due at now (deadlines
    /// saturate there), and the page's times stay at now; an advance only ran what was due
    /// *later*, so the row stayed at its bounce (180) forever. What is due at now runs now, and
    /// the recording says so with a `wait 0` that replays it.
    @Test func completionsDueAtTheClocksEndRun() throws {
        let sink = RecordingSink()
        let session = try Session(SessionConfiguration(plugins: [.file(Self.tutorial)]), sink: sink)
        let end = VirtualInstant.maximum
        session.advance(to: end)
        for command: GestureCommand in [.panBegin(row: 3, x: 0), .panMove(row: 3, x: -100), .panEnd(row: 3)] {
            try session.apply(command, at: end)
        }
        expectEqual(session.table.cell(forRow: 3)?.right, 180)  // the bounce
        expectEqual(session.nextWake, end)
        session.advance(to: end)  // the page's next message, or the server's wake, at the same time
        expectEqual(session.nextWake, nil)
        expectEqual(session.table.cell(forRow: 3)?.right, 160)
        expectEqual(session.table.cell(forRow: 3)?.isOpen(on: .trailing), true)
        expectEqual(session.table.cell(forRow: 3)?.presentedOffset(at: end), -160)
        expectEqual(sink.lines, ["9000000000000 ms  row 3 opened"])
        // Nothing due: an advance to now does nothing, and records nothing.
        session.advance(to: end)
        let script = session.recordedScript()
        #expect(script.hasSuffix("\nwait 9000000000000\npan 3 begin\npan 3 move -100\npan 3 end\nwait 0\n"))
        let replayed = try Self.applied(script, plugins: [Self.tutorial]).0
        expectEqual(replayed.table.cell(forRow: 3)?.right, 160)
        expectEqual(replayed.nextWake, nil)
    }

    @Test func aRefusedCommandThrowsWithItsInputNumberAndLeavesTheSessionUsable() throws {
        let sink = RecordingSink()
        let session = try Session(SessionConfiguration(plugins: [.file(Self.tutorial)]), sink: sink)
        try session.apply(.swipe(row: 3, dx: -200, duration: .milliseconds(150 as Int64)))
        #expect(
            throws: ScriptError(file: "session", line: 2, message: "row 40 does not exist: the table has rows 1-30")
        ) {
            try session.apply(.tap(row: 40, button: .number(1)))
        }
        #expect(throws: ScriptError(file: "session", line: 3, message: "X must be a finite number, got nan")) {
            try session.apply(.panMove(row: 3, x: .nan))
        }
        try session.apply(.wait(.milliseconds(300 as Int64)))
        try session.apply(.tap(row: 3, button: .id("one")))
        expectEqual(
            sink.lines,
            [
                "   150 ms  row 3 opened",
                "   450 ms  row 3: tapped \"Button 1\" (button 1, id one)",
                "   450 ms  presented \"In the delegate!\": Clicked button one for Longer Title Item #3",
            ])
        #expect(session.recordedScript().hasSuffix("swipe 3 -200 150\nwait 300\ntap 3 one\n"))
    }

    @Test func aPluginFromTextIsNamedInItsMessages() throws {
        #expect(throws: RunFailure.self) {
            try Session(SessionConfiguration(plugins: [.source(name: "bad.lua", code: "return {")]), sink: nil)
        }
        do {
            _ = try Session(SessionConfiguration(plugins: [.source(name: "bad.lua", code: "return {")]), sink: nil)
        } catch {
            expectEqual(error.description, "bad.lua: bad.lua:1: unexpected symbol near <eof>")
        }
        let code = "return { name = 'x', configure = function(row) error('no') end }"
        let sink = RecordingSink()
        _ = try Session(
            SessionConfiguration(plugins: [.source(name: "x.lua", code: code)], items: .generated(count: 1)), sink: sink
        )
        expectEqual(
            sink.lines,
            [
                """
                     0 ms  plugin error in x.configure (row 1): x.lua:1: no
                           stack traceback:
                           \t[C]: in function 'error'
                           \tx.lua:1: in function <x.lua:1>
                """
            ])
    }

    @Test func strictMakesThePluginErrorTheCommandsErrorOnce() throws {
        let code = "return { name = 'x', on_open = function() error('boom') end }"
        var configuration = SessionConfiguration(plugins: [.source(name: "x.lua", code: code)])
        configuration.strict = true
        let session = try Session(configuration, sink: nil)
        try session.apply(.open(row: 2))
        #expect(
            throws: ScriptError(
                file: "session", line: 2,
                message: "plugin error (--strict): x.lua:1: boom (plugin 'x', hook on_open, row 3)")
        ) {
            try session.apply(.swipe(row: 3, dx: -200, duration: .zero))
        }
        try session.apply(.swipe(row: 4, dx: -200, duration: .zero))
        expectEqual(session.host.errorCount, 2)
    }
}

extension ScriptHeader {
    /// The plugins a script's `# plugin:` lines name, from its folder.
    static func plugins(of script: String, path: String) throws -> [String] {
        Array(script.utf8).withUnsafeBufferPointer { ScriptHeader($0) }.plugins.map { resolve($0.path, script: path) }
    }
}

/// `Session.reload`: new code swapped in with the table's state kept, or nothing changed.
struct SessionReloadTests {
    static let mailCode = (try? String(contentsOfFile: SessionTests.mail, encoding: .utf8)) ?? ""

    /// A session over mail.lua (from text) with row 1 trashed, row 2 open, scrolled by 44.
    static func used() throws -> (Session, RecordingSink) {
        let sink = RecordingSink()
        let session = try Session(
            SessionConfiguration(plugins: [.source(name: "mail.lua", code: mailCode)]), sink: sink)
        for line in try ScriptParser(fileName: "s").parse(
            "swipe 1 -200\nwait 300\ntap 1 trash\nswipe 2 -200\nwait 300\nscroll 44")
        {
            try session.apply(line.command)
        }
        return (session, sink)
    }

    static func titles(_ session: Session, row: Int) -> [String] {
        TableSnapshot(session.table).rows.first { $0.row == row }?.rightButtons.map(\.title) ?? []
    }

    @Test func goodCodeIsSwappedInKeepingItemsOpenRowsScrollAndClock() throws {
        let (session, sink) = try Self.used()
        let items = session.table.items.all
        expectEqual(items.first, "Your order has shipped")
        expectEqual(session.table.openRows, [2])
        expectEqual(Self.titles(session, row: 2), ["Trash", "Flag", "More"])
        let recorded = sink.records.count
        let now = session.now
        try session.reload([
            .source(name: "mail.lua", code: Self.mailCode.replacingOccurrences(of: "\"Flag\"", with: "\"Pin\""))
        ])
        expectEqual(session.table.items.all, items)
        expectEqual(session.table.openRows, [2])
        expectEqual(session.table.contentOffset, 44)
        expectEqual(session.now, now)
        expectEqual(Self.titles(session, row: 2), ["Trash", "Pin", "More"])
        expectEqual(session.table.cell(forRow: 2)?.right, 240)
        expectEqual(sink.records.count, recorded + 1)
        expectEqual(sink.lines.last, "   900 ms  reloaded plugins: mail.lua")
        expectEqual(
            JSONLinesFormat.line(for: sink.records.last!), #"{"event":"reload","plugins":["mail.lua"],"t":900}"#)
        // The new code runs the buttons: Pin flags row 2.
        try session.apply(.tap(row: 2, button: .id("flag")))
        expectEqual(session.table.items[2], "[flagged] Re: quarterly numbers")
        #expect(session.recordedScript().contains("scroll 44\n# reload: mail.lua\ntap 2 flag\n"))
    }

    @Test func anOpenRowWithoutButtonsOnItsSideAnyMoreClosesWithoutADelegateCall() throws {
        let (session, sink) = try Self.used()
        let recorded = sink.records.count
        let leadingOnly =
            "return { name = 'left', configure = function(row) return { leading = { buttons = { { id = 'a', title = 'A', width = 80 } } } } end }"
        try session.reload([.source(name: "left.lua", code: leadingOnly)])
        #expect(session.table.openRows.isEmpty)
        expectEqual(session.table.cell(forRow: 2)?.isClosed, true)
        expectEqual(sink.lines.dropFirst(recorded), ["   900 ms  reloaded plugins: left.lua"])
    }

    @Test func aSyntaxErrorIsThrownNamingFileAndLineAndNothingChanges() throws {
        let (session, sink) = try Self.used()
        let host = session.host
        let recorded = sink.records.count
        #expect(throws: RunFailure.self) {
            try session.reload([
                .source(name: "mail.lua", code: "return {\n  name = 'x',\n  configure = function(row) return { end,\n}")
            ])
        }
        do {
            try session.reload([
                .source(name: "mail.lua", code: "return {\n  name = 'x',\n  configure = function(row) return { end,\n}")
            ])
        } catch {
            expectEqual(error.description, "mail.lua: mail.lua:3: unexpected symbol near 'end'")
        }
        #expect(session.host === host)
        expectEqual(session.plugins, [.source(name: "mail.lua", code: Self.mailCode)])
        expectEqual(sink.records.count, recorded)
        expectEqual(Self.titles(session, row: 2), ["Trash", "Flag", "More"])
        try session.apply(.tap(row: 2, button: .id("flag")))
        expectEqual(session.table.items[2], "[flagged] Re: quarterly numbers")
    }

    @Test func aConfigureErrorIsThrownNamingFileAndLineAndNothingChanges() throws {
        let (session, sink) = try Self.used()
        let host = session.host
        let recorded = sink.records.count
        let failing =
            "return {\n  name = 'mail',\n  configure = function(row)\n    if row.index == 3 then error('no row 3') end\n  end,\n}"
        do {
            try session.reload([.source(name: "mail.lua", code: failing)])
            Issue.record("the reload did not fail")
        } catch {
            expectEqual(error.description, "mail.lua:4: no row 3 (in configure, row 3)")
        }
        let invalid =
            "return {\n  name = 'mail',\n  configure = function(row)\n    return { buttons = { { id = 'a', title = 'A', width = -1 } } }\n  end,\n}"
        do {
            try session.reload([.source(name: "mail.lua", code: invalid)])
            Issue.record("the reload did not fail")
        } catch {
            expectEqual(
                error.description,
                "mail.lua:3: row 2: buttons[1].width: must be a finite number > 0, got -1 (in configure, row 2)")
        }
        #expect(session.host === host)
        expectEqual(sink.records.count, recorded)
        expectEqual(session.table.openRows, [2])
        expectEqual(Self.titles(session, row: 2), ["Trash", "Flag", "More"])
    }

    @Test func theOldPluginsTimersAreDroppedAndThePresentedScreenStays() throws {
        let code = """
            return { name = 't', on_open = function(ctx, row)
              ctx:present { title = 'open', text = tostring(row.index) }
              ctx:after(100, function(c) c:log('old timer') end)
            end }
            """
        let sink = RecordingSink()
        let session = try Session(SessionConfiguration(plugins: [.source(name: "t.lua", code: code)]), sink: sink)
        try session.apply(.swipe(row: 3, dx: -200, duration: .zero))
        try session.reload([.source(name: "t.lua", code: code.replacingOccurrences(of: "old timer", with: "new timer"))]
        )
        session.advance(to: VirtualInstant(nanoseconds: 500_000_000))
        expectEqual(
            sink.lines,
            [
                "     0 ms  row 3 opened",
                "     0 ms  presented \"open\": 3",
                "     0 ms  reloaded plugins: t.lua",
            ])
        expectEqual(session.host.presented?.title, "open")
    }

    @Test func aFilePluginIsReadAgainFromDisk() throws {
        let fixtures = Fixtures()
        let path = fixtures.plugin("mail.lua", Self.mailCode)
        let session = try Session(SessionConfiguration(plugins: [.file(path)]), sink: nil)
        try session.apply(.open(row: 1))
        _ = fixtures.plugin("mail.lua", Self.mailCode.replacingOccurrences(of: "\"Trash\"", with: "\"Bin\""))
        try session.reload([.file(path)])
        expectEqual(Self.titles(session, row: 1), ["Bin", "Flag", "More"])
        expectEqual(session.table.openRows, [1])
    }
}
