import Foundation
import Testing

/// `--preset` on `swipehost run` (issue 12, point 6).
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
                let golden = try String(contentsOf: GoldenExampleTests.folder.appendingPathComponent(file), encoding: .utf8)
                #expect(result.stdout == golden, "\(script) \(arguments)")
                compared += 1
            }
        }
        #expect(compared >= 10)
    }

    /// The issue's first Done-when, from a script: SwipeCellKit's preset opens a short pan
    /// flicked towards the buttons and closes a long one flicked away.
    @Test func theSwipeCellKitPresetFlicks() throws {
        let script = "pan 3 begin\npan 3 move -30\npan 3 end -600\nwait 1000\npan 4 begin\npan 4 move -150\npan 4 end 600\nwait 1000\n"
        let result = try Swipehost.run(["run", "-", "--preset", "swipecellkit", "--format", "jsonl"], stdin: script)
        #expect(result.status == 0)
        let events = result.stdout.split(separator: "\n").filter { !$0.contains("\"state\"") }
        #expect(events == [#"{"event":"open","row":3,"t":0}"#, #"{"event":"close","row":4,"t":1000}"#])
    }

    @Test func anUnknownPresetIsAUsageError() throws {
        let result = try Swipehost.run(["run", "-", "--preset", "ios"], stdin: "wait 1\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--preset"))
    }

    @Test func aVelocityPastItsLimitIsRefused() throws {
        let result = try Swipehost.run(["run", "-"], stdin: "pan 3 begin\npan 3 end 200000\n")
        #expect(result.status == 2)
        #expect(result.stderr == "<stdin>:2: VX must be a release velocity from -100000 to 100000 points/s, got 200000\n")
    }
}
