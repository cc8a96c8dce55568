import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeRender

/// `render` and time: a `ctx:after(0)` timer's events drawn at their time, plots that follow
/// their items, labels that never cover each other, an `activate` named as one.
struct RenderTimeTests {
    /// `source` as a plugin file of its own.
    static func plugin(_ name: String, _ source: String) throws -> String {
        let path = NSTemporaryDirectory() + "swipehost-render-\(getpid())-\(name).lua"
        try TestFiles.write(source, to: path)
        return path
    }

    static func render(
        _ script: String, plugin path: String, lifecycle: Bool = false, preset: BehaviorPreset = .tutorial
    )
        throws -> Filmstrip
    {
        var configuration = SessionConfiguration(plugins: [.file(path)], preset: preset, lifecycleEvents: lifecycle)
        configuration.tableBehavior = preset.tableOptions
        let run = PluginRun(fileName: "t.swipe", configuration: configuration)
        return try RenderRun(session: RenderTests.session(of: run)).record(script: script)
    }

    @Test func aTimerOfNoDelayIsDrawnAtItsTime() throws {
        let path = try Self.plugin(
            "after0",
            """
            return { name = "p",
              configure = function(row) return { buttons = { { id = "a", title = "A", width = 80 } } } end,
              on_action = function(ctx, row, button) ctx:after(0, function(c) c:log("tick") end) end }
            """)
        defer { unlink(path) }
        let strip = try Self.render("open 3\nwait 40\ntap 3 a\nwait 100\n", plugin: path)
        let tick = try #require(strip.events.first { $0.kind == "log" })
        expectEqual(tick.time, .start + .milliseconds(40 as Int64))
        let frame = try #require(strip.frames.first { $0.events.contains(tick) })
        expectEqual(frame.time, tick.time)
        for frame in strip.frames { #expect(frame.events.allSatisfy { $0.time == frame.time }) }
    }

    @Test func aPlotFollowsItsItemWhenTheRowsMove() throws {
        let path = try Self.plugin(
            "reverse",
            """
            return { name = "p", items = { "A", "B", "C", "D", "E" },
              configure = function(row) return { buttons = {
                { id = "rev", title = "Rev", width = 80, on_tap = function(ctx) ctx:set_items { "E", "D", "C", "B", "A" } end },
                { id = "two", title = "Two", width = 80 } } } end }
            """)
        defer { unlink(path) }
        // D opens at row 4; the reversal moves it to row 2 (B to row 4), where a swipe closes it.
        let strip = try Self.render("swipe 4 -120\nwait 300\ntap 4 rev\nwait 50\nswipe 2 120\nwait 300\n", plugin: path)
        expectEqual(strip.traces.map(\.item), ["D"])
        let trace = try #require(strip.traces.first)
        expectEqual(trace.renumbered.map(\.row), [2])
        expectEqual(trace.segments.last?.last?.offset, 0)
    }

    @Test func anAccessibilityActionIsLabelledActivate() throws {
        let strip = try Self.render("activate 3 flag\nwait 300\n", plugin: Repository.path("plugins/mail.lua"))
        let labels = strip.events.map(\.label)
        #expect(labels.contains("activate Flag"))
        #expect(!labels.contains { $0.hasPrefix("tap ") })
        #expect(strip.events.allSatisfy { $0.tappedButton == nil })
    }

    /// Every event label of every plot starts past the end of the one before it on its level.
    @Test func plotLabelsNeverOverlap() throws {
        let strip = try Self.render(
            "swipe 3 -300 200\nwait 400\nswipe 3 300 200\nwait 400\n", plugin: Repository.path("plugins/mail.lua"),
            lifecycle: true, preset: .mail)
        #expect(strip.events.map(\.label).contains("begin"))
        for trace in strip.traces {
            var svg = SVGWriter()
            OffsetPlot.events(
                trace, strip: strip, px: { 60 + $0 / 1000 * 500 }, py: { _ in 150 }, top: 100, bottom: 200, into: &svg)
            var levels: [String: [(x: Double, end: Double)]] = [:]
            let pattern = try NSRegularExpression(pattern: #"<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>([^<]*)</text>"#)
            let text = svg.text
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let part = { (i: Int) in String(text[Range(match.range(at: i), in: text)!]) }
                let x = Double(part(1))!
                levels[part(2), default: []].append((x, x + Double(part(3).count) * 5.6))
            }
            #expect(levels.values.map(\.count).reduce(0, +) > 2)
            for labels in levels.values {
                for (a, b) in zip(labels, labels.dropFirst()) { #expect(a.end <= b.x, "\(labels)") }
            }
        }
    }
}
