import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeRender

/// Properties over generated scripts: moving the clock in steps changes nothing the run does
/// (render's events are `swipehost run`'s), and a script mirrored (every translation negated)
/// under the other direction draws every row's curve mirrored.
struct RenderPropertyTests {
    static let seeds: [UInt64] = Array(1...40)

    /// A script of swipes, pans, waits, taps, scrolls and table opens on rows 1-8.
    static func script(seed: UInt64, mirrored: Bool = false) -> String {
        var random = SplitMix64(seed: seed)
        let sign = mirrored ? -1.0 : 1.0
        var lines: [String] = []
        for _ in 0..<Int.random(in: 6...18, using: &random) {
            let row = Int.random(in: 1...8, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:
                let dx = Double(Int.random(in: -300...300, using: &random))
                lines.append("swipe \(row) \(sign * dx) \(Int.random(in: 0...300, using: &random))")
            case 2:
                lines.append("pan \(row) begin")
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    lines.append("pan \(row) move \(sign * Double(Int.random(in: -250...250, using: &random)))")
                    lines.append("wait \(Int.random(in: 0...40, using: &random))")
                }
                lines.append(
                    Bool.random(using: &random)
                        ? "pan \(row) end"
                        : "pan \(row) end \(sign * Double(Int.random(in: -1500...1500, using: &random)))")
            case 3, 4: lines.append("wait \(Int.random(in: 1...400, using: &random))")
            case 5:
                lines.append(
                    "tap \(row) \(["trash", "flag", "more", "unread", "content"][Int.random(in: 0..<5, using: &random)])"
                )
            case 6: lines.append("scroll \(Int.random(in: -60...60, using: &random))")
            case 7: lines.append("open \(row) \(Bool.random(using: &random) ? "leading" : "trailing")")
            default: lines.append("close \(row)")
            }
        }
        lines.append("wait 600")
        return lines.joined(separator: "\n") + "\n"
    }

    static func session(preset: BehaviorPreset, direction: LayoutDirection) -> SessionConfiguration {
        var session = SessionConfiguration(
            plugins: [.file(Repository.path("plugins/mail.lua"))], direction: direction, preset: preset)
        session.scriptName = "gen.swipe"
        return session
    }

    /// The events of `script` as `swipehost run --format text` prints them, or its error.
    static func runLines(_ script: String, preset: BehaviorPreset, direction: LayoutDirection) -> [String] {
        let run = PluginRun(fileName: "gen.swipe", configuration: session(preset: preset, direction: direction))
        do {
            let text = String(decoding: try run.run(script: script).bytes, as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
                .map { String($0.drop { $0 == " " }) }.filter { $0 != "(no delegate calls)" }
        } catch {
            return ["error: \(error)"]
        }
    }

    static func renderLines(_ script: String, preset: BehaviorPreset, direction: LayoutDirection) -> [String] {
        do {
            let strip = try RenderRun(session: session(preset: preset, direction: direction)).record(script: script)
            return strip.events.map { TimeText.milliseconds($0.time, roundedToMicroseconds: true) + " ms  " + $0.text }
        } catch {
            return ["error: \(error)"]
        }
    }

    @Test(arguments: [BehaviorPreset.tutorial, .mail])
    func renderSeesTheRunsEvents(preset: BehaviorPreset) {
        var events = 0
        for seed in Self.seeds {
            let script = Self.script(seed: seed)
            let expected = Self.runLines(script, preset: preset, direction: .ltr)
            expectEqual(Self.renderLines(script, preset: preset, direction: .ltr), expected, "seed \(seed):\n\(script)")
            events += expected.count
        }
        #expect(events > Self.seeds.count * 2)
    }

    @Test(arguments: [BehaviorPreset.tutorial, .mail])
    func mirroredScriptsDrawMirroredCurves(preset: BehaviorPreset) throws {
        var compared = 0
        for seed in Self.seeds {
            let left = try? RenderRun(session: Self.session(preset: preset, direction: .ltr)).record(
                script: Self.script(seed: seed))
            let right = try? RenderRun(session: Self.session(preset: preset, direction: .rtl))
                .record(script: Self.script(seed: seed, mirrored: true))
            guard let left, let right else {
                #expect(left == nil && right == nil, "seed \(seed)")
                continue
            }
            expectEqual(left.traces.map(\.row), right.traces.map(\.row), "seed \(seed)")
            for (a, b) in zip(left.traces, right.traces) {
                let mirrored = b.segments.map { $0.map { Filmstrip.Sample(time: $0.time, offset: -$0.offset) } }
                expectEqual(a.segments, mirrored, "seed \(seed) row \(a.row)")
                expectEqual(a.thresholds.map { -$0.offset }, b.thresholds.map(\.offset))
                compared += 1
            }
            expectEqual(left.frames.map(\.time), right.frames.map(\.time))
        }
        #expect(compared > Self.seeds.count)
    }

    /// What a plugin prints while it loads is the first frame's caption, at 0 ms.
    @Test func loadingEventsMakeTheFirstFrame() throws {
        let folder = try TestFiles.folderPath("swipehost-render")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/hello.lua"
        try "print('hello')\nreturn { name = 'hello' }\n".write(toFile: path, atomically: true, encoding: .utf8)
        var session = SessionConfiguration(plugins: [.file(path)])
        session.scriptName = "t.swipe"
        let strip = try RenderRun(session: session).record(script: "swipe 3 -120\n")
        expectEqual(strip.frames.map(\.time.nanoseconds), [0, 150_000_000])
        expectEqual(strip.frames.map { $0.events.map(\.text) }, [["[hello] hello"], ["row 3 opened"]])
    }

    /// A plugin timer during a `wait` is a wake: its events get a frame at its exact time.
    @Test func timersAreStops() throws {
        let folder = try TestFiles.folderPath("swipehost-render")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/timer.lua"
        try """
        return { name = "timer",
          on_open = function(ctx, row) ctx:after(123.5, function(c) c:log("tick"); c:close(row.index) end) end }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        var session = SessionConfiguration(plugins: [.file(path)])
        session.scriptName = "t.swipe"
        let strip = try RenderRun(session: session).record(script: "swipe 3 -120\nwait 1000\n")
        expectEqual(strip.frames.map { TimeText.milliseconds($0.time) }, ["150", "273.5"])
        // `ctx:close` of the open row gives its `close`, as auto-close does.
        expectEqual(strip.frames.map { $0.events.map(\.text) }, [["row 3 opened"], ["[timer] tick", "row 3 closed"]])
        // The close the timer asked for animates from where the row is drawn then, on the way
        // back from its bounce (180) to its buttons' width (160): still open in the frame.
        let drawn = strip.frames[1].table.rows.first { $0.row == 3 }?.presentedRight ?? 0
        #expect(drawn > 160 && drawn < 180)
        expectEqual(strip.traces.first?.segments.flatMap { $0 }.last?.offset, 0)
    }
}
