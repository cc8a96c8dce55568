import Foundation
import SwipeTestSupport
import Testing

/// `--preset` on `swipehost run`.
struct PresetCommandTests {
    /// The tutorial preset is today's behaviour exactly: every shipped example run with
    /// `--preset tutorial` prints its golden files byte for byte.
    @Test func theTutorialPresetPrintsEveryExamplesGoldenFiles() throws {
        var compared = 0
        for script in try Swipehost.examples(withExtension: "swipe") {
            let declared = try Swipehost.declaredArguments(of: script)
            if declared.contains("--preset") { continue }
            for (file, arguments) in try GoldenExampleTests.runs(of: script) {
                let result = try Swipehost.run(["run", script] + arguments + ["--preset", "tutorial"])
                let golden = try String(
                    contentsOf: GoldenExampleTests.folder.appendingPathComponent(file), encoding: .utf8)
                expectEqual(result.stdout, golden, "\(script) \(arguments)")
                compared += 1
            }
        }
        #expect(compared >= 10)
    }

    /// From a script: SwipeCellKit's preset opens a short pan
    /// flicked towards the buttons and closes a long one flicked away.
    @Test func theSwipeCellKitPresetFlicks() throws {
        let script =
            "pan 3 begin\npan 3 move -30\npan 3 end -600\nwait 1000\npan 4 begin\npan 4 move -150\npan 4 end 600\nwait 1000\n"
        let result = try Swipehost.run(["run", "-", "--preset", "swipecellkit", "--format", "jsonl"], stdin: script)
        expectEqual(result.status, 0)
        let events = result.stdout.split(separator: "\n").filter { !$0.contains("\"state\"") }
        expectEqual(
            events,
            [
                #"{"event":"open","row":3,"velocity":-600,"t":0}"#,
                #"{"event":"close","row":4,"velocity":600,"t":1000}"#,
            ])
    }

    /// The velocity is reported where it decided: a flick's `open`/`close`, not a release the
    /// position decided (the finger stopped: velocity 0), nor a close by the table.
    @Test func theVelocityIsReportedWhereItDecided() throws {
        let script = "pan 3 begin\npan 3 move -100\nwait 200\npan 3 end\nwait 1000\nswipe 5 -30 48\nwait 1000\n"
        let result = try Swipehost.run(["run", "-", "--preset", "swipecellkit", "--format", "jsonl"], stdin: script)
        let events = result.stdout.split(separator: "\n").filter { !$0.contains("\"state\"") }
        #expect(
            events == [
                #"{"event":"open","row":3,"t":200}"#,
                #"{"event":"close","row":3,"t":1248}"#,  // one row open at a time
                #"{"event":"open","row":5,"velocity":-625,"t":1248}"#,
            ])
        let text = try Swipehost.run(["run", "-", "--preset", "swipecellkit"], stdin: script)
        #expect(text.stdout.contains("  1248 ms  row 5 opened (flicked at -625 points/s)\n"))
        // The tutorial preset ignores it: the same swipe closes, and nothing names a velocity.
        let tutorial = try Swipehost.run(["run", "-", "--format", "jsonl"], stdin: script)
        #expect(!tutorial.stdout.contains("velocity"))
    }

    /// `swipehost check` validates the new keys, each at the configure line, with its field.
    @Test func checkValidatesThePhysicsKeys() throws {
        let path = NSTemporaryDirectory() + "physics-plugin-\(UUID().uuidString).lua"
        try """
        return {
          name = "bad",
          configure = function(row)
            return { buttons = { { id = "a", title = "A", width = 80 } }, overscroll = 1.5, release = "fast",
              curve = "spring", damping = -1, flick_velocity = 0, preset = "ios" }
          end,
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Swipehost.run(["check", path, "--rows", "1"])
        expectEqual(result.status, 1)
        expectEqual(
            result.stdout + result.stderr,
            """
            \(path):3: row 1: preset: must be one of 'tutorial', 'swipecellkit', 'mail', got 'ios'
            \(path):3: row 1: release: must be 'position' or 'velocity', got 'fast'
            \(path):3: row 1: flick_velocity: must be in (0, 100000] points/s, got 0
            \(path):3: row 1: overscroll: must be 'clamp' or an elasticity in (0, 1], got 1.5
            \(path):3: row 1: damping: must be in [0, 1000000], got -1
            \(path): 5 errors, 0 of 1 rows configured

            """)
    }

    @Test func anUnknownPresetIsAUsageError() throws {
        let result = try Swipehost.run(["run", "-", "--preset", "ios"], stdin: "wait 1\n")
        expectEqual(result.status, 64)
        #expect(result.stderr.contains("--preset"))
    }

    @Test func aVelocityPastItsLimitIsRefused() throws {
        let result = try Swipehost.run(["run", "-"], stdin: "pan 3 begin\npan 3 end 200000\n")
        expectEqual(result.status, 2)
        expectEqual(
            result.stderr, "<stdin>:2: VX must be a release velocity from -100000 to 100000 points/s, got 200000\n")
    }
}
