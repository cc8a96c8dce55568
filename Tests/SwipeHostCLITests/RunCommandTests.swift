import Foundation
import SwipeTestSupport
import Testing

@testable import SwipeScript

struct RunCommandTests {
    @Test func theDemoPrintsAReadableSession() throws {
        let result = try Swipehost.run(["run", "examples/demo.swipe"])
        expectEqual(result.status, 0)
        expectEqual(result.stderr, "")
        #expect(
            result.stdout.hasPrefix(
                """
                   150 ms  row 3 opened
                   450 ms  row 3: tapped "Button 1" (button 1, id one)
                   450 ms  row 5 closed
                   750 ms  row 3 closed
                  1150 ms  row 7 opened
                  1400 ms  row 7: tapped "Button 2" (button 2, id two)

                At 1400 ms: rows 1-12 of 30 on screen (offset 0); open rows: 7
                """))
    }

    /// A script's `# options:` lines are run's options: both_edges.swipe runs right to
    /// left by itself; the command line's options come after the header's and win; an option run
    /// does not take is an error at its line.
    @Test func theHeadersOptionsApplyAndTheCommandLineWins() throws {
        let alone = try Swipehost.run(["run", "examples/both_edges.swipe"])
        let flagged = try Swipehost.run(["run", "examples/both_edges.swipe", "--direction", "rtl"])
        expectEqual(alone.status, 0)
        expectEqual(alone.stdout, flagged.stdout)
        let ltr = try Swipehost.run(["run", "examples/both_edges.swipe", "--direction", "ltr"])
        #expect(ltr.stdout.hasPrefix("   150 ms  row 2 opened (trailing)\n"))
        #expect(alone.stdout.hasPrefix("   150 ms  row 2 opened (leading)\n"))
        let script =
            "# Recorded by a swipehost session\n# options: --preset mail --direction rtl\npan 3 begin\npan 3 move 60\npan 3 end 900\nwait 1000\n"
        let recorded = try Swipehost.run(["run", "-", "--format", "jsonl"], stdin: script)
        let explicit = try Swipehost.run(
            ["run", "-", "--format", "jsonl", "--preset", "mail", "--direction", "rtl"], stdin: script)
        expectEqual(recorded.status, 0)
        expectEqual(recorded.stdout, explicit.stdout)
        #expect(recorded.stdout.hasPrefix(#"{"event":"open","row":3,"velocity":900,"t":0}"#))
        let rendered = try Swipehost.run(["render", "examples/both_edges.swipe", "-o", "-"])
        let renderedFlagged = try Swipehost.run([
            "render", "examples/both_edges.swipe", "--direction", "rtl", "-o", "-",
        ])
        expectEqual(rendered.status, 0)
        expectEqual(rendered.stdout, renderedFlagged.stdout)
        let bad = try Swipehost.run(["run", "-"], stdin: "# options: --preset mail\n# options: --bogus 3\nwait 1\n")
        expectEqual(bad.status, 2)
        expectEqual(bad.stdout, "")
        expectEqual(bad.stderr, "<stdin>:2: '# options:' Unknown option '--bogus'. Did you mean '--rows'?\n")
        let badValue = try Swipehost.run(["render", "-", "-o", "-"], stdin: "# options: --preset nope\nwait 1\n")
        expectEqual(badValue.status, 2)
        #expect(badValue.stderr.hasPrefix("<stdin>:1: '# options:' The value 'nope' is invalid for '--preset"))
    }

    @Test func everyExampleScriptRunsInBothFormats() throws {
        let scripts = try Swipehost.examples(withExtension: "swipe")
        #expect(!scripts.isEmpty)
        for script in scripts {
            let plugins = try Swipehost.declaredPlugins(of: script).flatMap { ["--plugin", $0] }
            let text = try Swipehost.run(["run", script] + plugins)
            expectEqual(text.status, 0, "\(script): \(text.stderr)")
            #expect(!text.stdout.contains("plugin_error") && !text.stdout.contains("plugin error"), "\(script)")
            let jsonl = try Swipehost.run(["run", script, "--format", "jsonl"] + plugins)
            expectEqual(jsonl.status, 0, "\(script): \(jsonl.stderr)")
            let objects = try jsonl.stdout.split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(objects.allSatisfy { $0?["event"] is String && $0?["t"] is NSNumber }, "\(script)")
            expectEqual(objects.last??["event"] as? String, "state", "\(script)")
        }
    }

    @Test func jsonlFollowsTheContract() throws {
        let result = try Swipehost.run(
            ["run", "-", "--format", "jsonl", "--rows", "3", "--viewport", "88"],
            stdin: "pan 2 begin\npan 2 move -45\npan 2 end\nwait 300\ntap 2 1\n")
        expectEqual(result.status, 0)
        expectEqual(
            result.stdout,
            """
            {"event":"open","row":2,"t":0}
            {"event":"action","row":2,"button":"one","index":1,"t":300}
            {"event":"state","t":300,"rows":[{"row":1,"right":0,"left":0},{"row":2,"right":160,"left":-160}],"editing":[2]}

            """)
    }

    @Test func widthChangesTheDrawing() throws {
        let result = try Swipehost.run(["run", "-", "--rows", "1", "--width", "160"], stdin: "open 1\n")
        #expect(result.stdout.contains("     1 |[Button 2][Button 1]|  right 160"))
    }

    @Test func aBadLineFailsWithItsPlaceAndPrintsNothingElse() throws {
        let result = try Swipehost.run(
            ["run", "-", "--format", "jsonl"], stdin: "swipe 3 -100\nwait 300\npan 3 move -5\n")
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(
            result.stderr,
            "<stdin>:3: row 3 has no pan in progress: 'pan 3 begin' first (a pan is cancelled when its row leaves the screen)\n"
        )
    }

    @Test func aRowOffScreenLateInTheScriptStillPrintsNothing() throws {
        let script = "swipe 1 -100\nwait 300\ntap 1 1\nscroll 200\ntap 1 1\n"
        let result = try Swipehost.run(["run", "-"], stdin: script)
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(result.stderr, "<stdin>:5: row 1 is off screen: rows 5-16 are on screen\n")
    }

    @Test func aSyntaxErrorNamesTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(getpid()).swipe")
        try "wait 10\n\npan 3 move\n".write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try Swipehost.run(["run", path.path])
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(result.stderr, "\(path.path):3: missing argument: expected 'pan ROW move X'\n")
    }

    @Test func aMissingFileIsNamed() throws {
        let result = try Swipehost.run(["run", "no/such.swipe"])
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(result.stderr, "swipehost: cannot read 'no/such.swipe': No such file or directory\n")
    }

    @Test(arguments: [
        (["run", "-", "--rows=-1"], "--rows must be 0 or more, got -1"),
        (["run", "-", "--width", "0"], "--width must be a number of points > 0, got 0.0"),
        (["run", "-", "--format", "xml"], "The value 'xml' is invalid for '--format <format>'"),
        (["run"], "Missing expected argument '<script>'"),
    ])
    func badArgumentsAreRefused(arguments: [String], message: String) throws {
        let result = try Swipehost.run(arguments, stdin: "")
        #expect(result.status != 0)
        expectEqual(result.stdout, "")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func helpExplainsTheScriptFormat() throws {
        let result = try Swipehost.run(["run", "--help"])
        expectEqual(result.status, 0)
        #expect(result.stdout.contains("swipe ROW DX [MS]"))
        #expect(result.stdout.contains("--format <format>"))
    }

    /// Every form of every command the script reader takes is in the help's grammar, and so is
    /// `#ID`: the two cannot drift apart.
    @Test func helpListsEveryCommandTheScriptReaderTakes() throws {
        let help = try Swipehost.run(["run", "--help"]).stdout
        let forms = ScriptParser.usage.components(separatedBy: " | ")
        expectEqual(Set(forms.map { String($0.prefix { $0 != " " }) }), Set(ScriptParser.commandNames))
        for form in forms {
            #expect(help.contains("\n  " + form + " "), "run --help lacks '\(form)'")
        }
        #expect(help.contains("'#ID'"))
    }
}
