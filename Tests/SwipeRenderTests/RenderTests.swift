import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The filmstrip recorded from the shipped examples: the same events as `swipehost run`, frames
/// at the times asked, the plot's samples, the limits, and a well-formed, deterministic SVG.
struct RenderTests {

    /// (script, plugins, preset, direction) as the examples' comment lines say.
    static let examples: [(String, [String], BehaviorPreset, LayoutDirection?)] = [
        ("demo", [], .tutorial, nil),
        ("mail", ["mail"], .tutorial, nil),
        ("mail_preset", ["mail"], .mail, nil),
        ("both_edges", ["mail"], .tutorial, .rtl),
        ("per_row", ["per_row"], .tutorial, nil),
        ("swipecellkit", [], .swipecellkit, nil),
        ("tutorial", ["tutorial"], .tutorial, nil),
        ("tutorial_preset", [], .tutorial, nil),
    ]

    static func pluginRun(
        _ example: String, _ plugins: [String], _ preset: BehaviorPreset, _ direction: LayoutDirection?
    ) -> PluginRun {
        let configuration = SessionConfiguration(
            plugins: plugins.map { .file(Repository.path("plugins/\($0).lua")) }, direction: direction, preset: preset)
        return PluginRun(fileName: "examples/\(example).swipe", configuration: configuration)
    }

    static func script(_ example: String) throws -> String {
        try Repository.text("examples/\(example).swipe")
    }

    /// The session `run` makes (what `swipehost render` is given).
    /// The session `swipehost run` drives (and `swipehost render` is given).
    static func session(of run: PluginRun) -> SessionConfiguration {
        run.sessionConfiguration
    }

    static func render(
        _ script: String, frames: FrameSelection = .events, plugins: [String] = [],
        configure: (inout RenderOptions) -> Void = { _ in }
    ) throws(RenderFailure) -> Filmstrip {
        var options = RenderOptions(frames: frames)
        configure(&options)
        let run = PluginRun(
            fileName: "t.swipe",
            configuration: SessionConfiguration(plugins: plugins.map { .file(Repository.path("plugins/\($0).lua")) }))
        return try RenderRun(session: session(of: run), options: options).record(script: script)
    }

    /// Stepping the clock itself through `wait` and `swipe` changes nothing the run does: the
    /// events, their times and their text are `swipehost run`'s, for every example.
    @Test(arguments: examples.map(\.0))
    func eventsAreTheRunsEvents(example: String) throws {
        let (_, plugins, preset, direction) = Self.examples.first { $0.0 == example }!
        let script = try Self.script(example)
        let run = Self.pluginRun(example, plugins, preset, direction)
        let text = String(decoding: try run.run(script: script).bytes, as: UTF8.self)
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }.map { $0.drop { $0 == " " } }.map(String.init)
        let strip = try RenderRun(session: Self.session(of: run)).record(script: script)
        let lines = strip.events.map { TimeText.milliseconds($0.time, roundedToMicroseconds: true) + " ms  " + $0.text }
        expectEqual(lines, expected.filter { $0 != "(no delegate calls)" })
        #expect(!lines.isEmpty)
        // One frame per step with events, each after them, in time order.
        expectEqual(strip.frames.flatMap(\.events), strip.events)
        expectEqual(strip.frames.map(\.number), Array(1...strip.frames.count))
        for frame in strip.frames {
            #expect(frame.events.allSatisfy { $0.time == frame.time } && frame.table.time == frame.time)
        }
        // The table the run ends with is the one the render ends with.
        expectEqual(strip.end, (try Self.finalTime(run, script)))
    }

    static func finalTime(_ run: PluginRun, _ script: String) throws -> VirtualInstant {
        let host = try run.makeHost()
        try ScriptRunner(table: host.table, fileName: run.fileName).run(script: script)
        return host.table.now
    }

    /// The tutorial's cell opened by a swipe: the plot reaches the bounce (160 + 20) exactly,
    /// at the first step's end, then rests at the buttons' width; the thresholds are the
    /// trailing edge's.
    @Test func plotShowsTheBounceAndThresholds() throws {
        let strip = try Self.render("swipe 3 -120\nwait 300\n")
        expectEqual(strip.traces.map(\.row), [3])
        let trace = strip.traces[0]
        let samples = trace.segments.flatMap { $0 }
        expectEqual(samples.map(\.offset).min(), -180)
        expectEqual(samples.last?.offset, -160)
        expectEqual(samples.last?.time, VirtualInstant.start + .milliseconds(450 as Int64))
        expectEqual(
            trace.thresholds,
            [
                .init(edge: .trailing, kind: .open, offset: -160), .init(edge: .trailing, kind: .opens, offset: -40),
            ])
        // Every 2 ms while it animates: the 100 ms bounce steps after the release are sampled
        // at 152, 154, ..., not only at their ends.
        let times = Set(samples.map { $0.time.nanoseconds / 1_000_000 })
        #expect(times.isSuperset(of: Set(stride(from: 152, to: 350, by: 2).map(Int64.init))))
        // Samples are in time order.
        expectEqual(samples.map(\.time), samples.map(\.time).sorted())
    }

    @Test func framesAtTheTimesAsked() throws {
        let at = try Self.render(
            "swipe 3 -120\nwait 300\n",
            frames: .at([.start, .start + .milliseconds(200 as Int64), .start + .milliseconds(450 as Int64)]))
        expectEqual(at.frames.map { $0.time.nanoseconds }, [0, 200_000_000, 450_000_000])
        // At 200 ms row 3 is mid-bounce; the caption names what happened since the frame before.
        let row3 = at.frames[1].table.rows.first { $0.row == 3 }!
        #expect(row3.presentedRight != row3.right)
        expectEqual(at.frames[1].events.map(\.text), ["row 3 opened"])
        #expect(at.frames[2].events.isEmpty)

        let every = try Self.render("swipe 3 -120\nwait 300\n", frames: .every(.milliseconds(100 as Int64)))
        expectEqual(every.frames.map { $0.time.milliseconds }, [0, 100, 200, 300, 400])
        // A frame at a time when commands run shows the table after them.
        let after = try Self.render(
            "pan 3 begin\npan 3 move -45\nwait 10\nopen 5\n",
            frames: .at([.start, .start + .milliseconds(10 as Int64)]))
        expectEqual(after.frames[0].table.rows.first { $0.row == 3 }!.right, 45)
        expectEqual(after.frames[1].table.editing, [5])
    }

    @Test func aFrameTimePastTheEndIsAnError() {
        #expect(throws: RenderFailure.self) {
            try Self.render("wait 100\n", frames: .at([.start + .milliseconds(150 as Int64)]))
        }
        do {
            _ = try Self.render("wait 100\n", frames: .at([.start + .milliseconds(150 as Int64)]))
        } catch {
            expectEqual(
                error.description,
                "t.swipe: --at 150: the script ends at 100 ms (a 'wait' line at its end renders later times)")
        }
    }

    @Test func scriptErrorsAreRunsErrors() throws {
        let script = "swipe 3 -120\nwait 300\ntap 40 1\n"
        let run = PluginRun(fileName: "t.swipe")
        var expected = ""
        do { _ = try run.run(script: script) } catch { expected = error.description }
        #expect(expected.hasPrefix("t.swipe:3: "))
        do {
            _ = try Self.render(script)
            Issue.record("no error")
        } catch {
            expectEqual(error.description, expected)
            expectEqual(error.exitStatus, 2)
        }
        for bad in ["swipe 3 -120 70000\n", "wait -1\n", "pan 3 wobble\n"] {
            var runError = ""
            do { _ = try run.run(script: bad) } catch { runError = error.description }
            do {
                _ = try Self.render(bad)
                Issue.record("no error for \(bad)")
            } catch {
                expectEqual(error.description, runError)
            }
        }
    }

    @Test func limitsEndTheRenderWithTheirMessages() throws {
        do {
            _ = try Self.render("wait 300\n", frames: .every(.milliseconds(1 as Int64)))
            Issue.record("no error")
        } catch {
            expectEqual(
                error.description, "t.swipe: more than 200 frames (every 1 ms): choose fewer with --every or --at")
        }
        do {
            _ = try Self.render("swipe 3 -120\nwait 300\n") { $0.sampleLimit = 1_000 }
            Issue.record("no error")
        } catch {
            expectEqual(
                error.description,
                "t.swipe: the plot needs more than 1000 row samples (each row on screen, every 2 ms while a row moves and at every command and animation step): render a shorter script"
            )
        }
        do {
            _ = try Self.render("swipe 3 -120\nwait 300\n", frames: .every(.milliseconds(100 as Int64))) {
                $0.drawnRowLimit = 40
            }
            Issue.record("no error")
        } catch {
            expectEqual(
                error.description,
                "t.swipe: the frames would draw more than 40 rows (frames x rows on screen): choose fewer frames or a smaller --viewport"
            )
        }
    }

    /// A deleted row's plot ends; the row below keeps its own under its new number.
    @Test func rowsKeepTheirPlotsAcrossDeletes() throws {
        let strip = try Self.render(
            "swipe 4 -150\nwait 250\nswipe 1 -150\nwait 250\ntap 1 trash\nwait 10\n", plugins: ["mail"])
        expectEqual(strip.traces.map(\.row), [1, 4])
        let four = strip.traces[1]
        expectEqual(four.item, "Weekend hiking plan")
        expectEqual(four.renumbered, [.init(row: 3, from: .start + .milliseconds(800 as Int64))])
        expectEqual(four.segments.flatMap { $0 }.last?.offset, -240)
        expectEqual(
            strip.events.filter { $0.track == strip.traces[0].track }.map(\.label), ["open", "tap Trash", "delete"])
    }

    @Test(arguments: examples.map(\.0))
    func svgIsWellFormedAndDeterministic(example: String) throws {
        let (_, plugins, preset, direction) = Self.examples.first { $0.0 == example }!
        let script = try Self.script(example)
        let render = RenderRun(session: Self.session(of: Self.pluginRun(example, plugins, preset, direction)))
        let first = try render.render(script: script)
        let second = try render.render(script: script)
        expectEqual(first, second)
        let parser = XMLParser(data: Data(first.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        expectEqual(counter.root, "svg")
        #expect(counter.count > 100)
    }

    /// Items and titles from a plugin reach the SVG escaped; a colour that is not `#rgb` or
    /// `#rrggbb` is not used.
    @Test func textFromPluginsIsEscaped() throws {
        let folder = try TestFiles.folderPath("swipehost-render")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/odd.lua"
        try """
        return { name = "odd", items = { "<b>&\\"x\\"</b>\\1" },
          configure = function() return { buttons = { { id = "a", title = "]]></text><script/>", width = 80, color = "red\\" onload=\\"x" } } } end }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let run = PluginRun(fileName: "t.swipe", configuration: SessionConfiguration(plugins: [.file(path)]))
        let svg = try RenderRun(session: Self.session(of: run)).render(script: "swipe 1 -100\nwait 300\n")
        #expect(svg.contains("&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;\\x01"))
        #expect(svg.contains("]]&gt;&lt;/text&gt;&lt;script/&gt;"))
        #expect(!svg.contains("onload"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
    }
}

final class ElementCounter: NSObject, XMLParserDelegate {
    var count = 0
    var root: String?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root == nil { root = name }
        count += 1
    }
}
