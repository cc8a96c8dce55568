import Foundation
import SwipeTestSupport
import Testing

/// One set of plugin options, `--version`, "did you mean" for script
/// commands, plugins named in a script's header, and colour only where a person reads it.
struct OptionsAndMessagesTests {
    // MARK: - --version and the shared plugin options

    @Test func versionIsPrinted() throws {
        let result = try Swipehost.run(["--version"])
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "swipehost 0.1.0\n")
        expectEqual(result.stderr, "")
    }

    /// `test` took `--memory` as a plain number of bytes and refused `64M`; it now has `run`'s
    /// options, which reach every `swipe.table{...}`, here and in worker processes.
    @Test(arguments: ["1", "2"])
    func testTakesRunsPluginOptions(jobs: String) throws {
        let root = try TestFiles.folder("swipehost-options")
        defer { try? FileManager.default.removeItem(at: root) }
        // 4 MB at load time: over a 1M cap, well under 64M.
        try TestFiles.write(
            "local big = string.rep('x', 4 * 1024 * 1024)\nreturn { name = 'big' }\n",
            to: root.appendingPathComponent("big.lua"))
        // io is only there with --trusted.
        try TestFiles.write(
            "local ok = io ~= nil\nreturn { name = 'io', configure = function() assert(ok, 'no io') end }\n",
            to: root.appendingPathComponent("io.lua"))
        try TestFiles.write(
            """
            local swipe = require("swipe")
            it("loads big", function() swipe.table { plugins = { "\(root.path)/big.lua" } } end)
            """, to: root.appendingPathComponent("big_spec.lua"))
        try TestFiles.write(
            """
            local swipe = require("swipe")
            it("has io", function()
              local t = swipe.table { plugins = { "\(root.path)/io.lua" }, rows = 1 }
              assert.are.equal(0, #t:events("plugin_error"))
            end)
            """, to: root.appendingPathComponent("io_spec.lua"))
        let big = root.appendingPathComponent("big_spec.lua").path
        let io = root.appendingPathComponent("io_spec.lua").path

        let roomy = try Swipehost.run(["test", "--jobs", jobs, "--memory", "64M", big, "spec/mail_spec.lua"])
        expectEqual(roomy.status, 0, "\(roomy.stdout)\(roomy.stderr)")
        #expect(roomy.stdout.hasPrefix("PASS  loads big (\(big):2)\n"))
        #expect(roomy.stdout.hasSuffix("\n6 passed, 0 failed\n"))

        let tight = try Swipehost.run(["test", "--jobs", jobs, "--memory", "1M", big, "spec/mail_spec.lua"])
        expectEqual(tight.status, 1)
        #expect(tight.stdout.hasPrefix("FAIL  loads big (\(big):2)\n"))
        #expect(tight.stdout.contains("memory"))
        #expect(tight.stdout.hasSuffix("\n5 passed, 1 failed\n"))

        let sandboxed = try Swipehost.run(["test", "--jobs", jobs, io, "spec/mail_spec.lua"])
        expectEqual(sandboxed.status, 1)
        #expect(sandboxed.stdout.hasPrefix("FAIL  has io (\(io):2)\n"))
        let trusted = try Swipehost.run(["test", "--jobs", jobs, "--trusted", io, "spec/mail_spec.lua"])
        expectEqual(trusted.status, 0, "\(trusted.stdout)\(trusted.stderr)")
        #expect(trusted.stdout.hasPrefix("PASS  has io (\(io):2)\n"))
    }

    /// The same words are refused the same way by every subcommand that loads plugins.
    @Test(arguments: [["run", "-"], ["check", "plugins/mail.lua"], ["test", "spec/mail_spec.lua"]])
    func pluginOptionsAreCheckedAlikeEverywhere(command: [String]) throws {
        for (arguments, message) in [
            (
                ["--memory", "lots"],
                "Error: --memory must be a number of bytes with an optional K, M or G suffix (64M), got 'lots'\n"
            ),
            (
                ["--memory", "-1"],
                "Error: --memory must be a number of bytes with an optional K, M or G suffix (64M), got '-1'\n"
            ),
            (["--budget", "-1"], "Error: --budget must be 0 or more instructions, got -1\n"),
        ] {
            let result = try Swipehost.run(command + arguments, stdin: "")
            expectEqual(result.status, 64)
            expectEqual(result.stdout, "")
            #expect(result.stderr.hasPrefix(message), "\(command) \(arguments): \(result.stderr)")
        }
        let help = try Swipehost.run([command[0], "--help"])
        #expect(help.stdout.contains("--memory <bytes>"))
        #expect(help.stdout.contains("--trusted"))
        #expect(help.stdout.contains("--color <when>"))
    }

    // MARK: - Gesture scripts

    @Test func anUnknownCommandSuggestsTheClosestOne() throws {
        let result = try Swipehost.run(["run", "-"], stdin: "wait 1\npna 3 begin\n")
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(
            result.stderr,
            "<stdin>:2: unknown command 'pna' (did you mean 'pan'?) (expected pan ROW begin [X] | pan ROW move X | pan ROW end [VX] | pan ROW cancel | tap ROW BUTTON | wait MS | scroll DY | open ROW [SIDE] | close ROW | swipe ROW DX [MS] | dismiss | activate ROW ID | actions ROW)\n"
        )
    }

    /// A tap on a button that is not revealed is not silent: it is a notice on
    /// standard error (the trace and the status are unchanged); a revealed button's tap is not.
    @Test func aTapOnAButtonThatIsNotRevealedSaysSo() throws {
        let script = "tap 3 1\npan 3 begin\npan 3 move -200\npan 3 end\nwait 500\ntap 3 two\ntap 5 trailing:2\n"
        for format in ["text", "jsonl"] {
            let result = try Swipehost.run(["run", "-", "--format", format], stdin: script)
            let plain = try Swipehost.run(
                ["run", "-", "--format", format],
                stdin: "pan 3 begin\npan 3 move -200\npan 3 end\nwait 500\ntap 3 two\n")
            expectEqual(result.status, 0)
            expectEqual(result.stdout, plain.stdout)
            expectEqual(
                result.stderr,
                """
                <stdin>:1: notice: 'tap 3 1' hit nothing: that button of row 3 is not revealed (the row is not open on its side); the script goes on
                <stdin>:7: notice: 'tap 5 trailing:2' hit nothing: that button of row 5 is not revealed (the row is not open on its side); the script goes on

                """)
        }
    }

    /// A ROW written `#ID` gets the notice a row number gets, the row named as the script
    /// names it; the `#ID` form printed nothing.
    @Test func aTapByIdOnAButtonThatIsNotRevealedSaysSoToo() throws {
        let result = try Swipehost.run(["run", "-"], stdin: "tap 3 two\ntap #3 two\n")
        expectEqual(result.status, 0)
        expectEqual(
            result.stderr,
            """
            <stdin>:1: notice: 'tap 3 two' hit nothing: that button of row 3 is not revealed (the row is not open on its side); the script goes on
            <stdin>:2: notice: 'tap #3 two' hit nothing: that button of row #3 is not revealed (the row is not open on its side); the script goes on

            """)
    }

    /// A script written for a plugin, run without one, fails on a button id with a word on
    /// why the row has the tutorial's buttons: no plugin was loaded.
    @Test func aButtonIdWithoutAPluginSaysNoPluginWasLoaded() throws {
        let result = try Swipehost.run(["run", "-"], stdin: "wait 1\ntap 3 archive\n")
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(
            result.stderr,
            "<stdin>:2: row 3 has no button 'archive': it has 2 buttons, 'one' (1, the rightmost) and 'two' (2) (no plugin was loaded, so the tutorial's default cell ran: give the script's plugin with --plugin PATH or a '# plugin: PATH' header line)\n"
        )
        // With a plugin, the message is the table's alone.
        let mail = try Swipehost.run(["run", "-", "--plugin", "plugins/mail.lua"], stdin: "tap 3 archive\n")
        expectEqual(mail.status, 2)
        #expect(mail.stderr.hasPrefix("<stdin>:1: row 3 has no button 'archive'"))
        #expect(!mail.stderr.contains("no plugin was loaded"))
        // A button number or an edge's button is not an id: no hint.
        for line in ["tap 3 5\n", "tap 3 leading:1\n"] {
            let other = try Swipehost.run(["run", "-"], stdin: line)
            expectEqual(other.status, 2)
            #expect(!other.stderr.contains("no plugin was loaded"))
        }
    }

    /// The plugins each example needs, as the README and the examples' comments gave them
    /// before the examples named them in their headers. A new example must be added here.
    static let explicitPlugins: [String: [String]] = [
        "examples/both_edges.swipe": ["--plugin", "plugins/mail.lua"],
        "examples/demo.swipe": [],
        "examples/inbox.swipe": ["--plugin", "examples/inbox.lua"],
        "examples/mail.swipe": ["--plugin", "plugins/mail.lua"],
        "examples/mail_preset.swipe": ["--plugin", "plugins/mail.lua"],
        "examples/per_row.swipe": ["--plugin", "plugins/per_row.lua"],
        "examples/swipecellkit.swipe": [],
        "examples/tour.swipe": ["--plugin", "plugins/mail.lua"],
        "examples/transitions.swipe": ["--plugin", "plugins/transitions.lua"],
        "examples/tutorial.swipe": ["--plugin", "plugins/tutorial.lua"],
        "examples/tutorial_preset.swipe": [],
    ]

    @Test func everyExampleRunsByItselfAsWithItsExplicitPlugins() throws {
        let scripts = try Swipehost.examples(withExtension: "swipe")
        expectEqual(scripts, Self.explicitPlugins.keys.sorted())
        for script in scripts {
            for format in ["text", "jsonl"] {
                let alone = try Swipehost.run(["run", script, "--format", format])
                let explicit = try Swipehost.run(
                    ["run", script, "--format", format] + (Self.explicitPlugins[script] ?? []))
                expectEqual(alone.status, 0, "\(script): \(alone.stderr)")
                // The same notices (a tap on a button not revealed: both_edges without its
                // `# options: --direction rtl`), if any.
                expectEqual(alone.stderr, explicit.stderr)
                expectEqual(alone.stdout, explicit.stdout, "\(script) --format \(format)")
                #expect(!alone.stdout.contains("plugin_error") && !alone.stdout.contains("plugin error"), "\(script)")
            }
        }
        // The header is what loads the plugin: the mail example's taps need its buttons.
        let tutorial = try Swipehost.run(["run", "examples/tutorial.swipe"])
        #expect(
            tutorial.stdout.contains("presented \"In the delegate!\": Clicked button one for Longer Title Item #3\n"))
    }

    @Test func headerLinesNameSeveralPluginsRelativeToTheScript() throws {
        let root = try TestFiles.folder("swipehost-options")
        defer { try? FileManager.default.removeItem(at: root) }
        try TestFiles.write("print('a loaded')\nreturn { name = 'a' }\n", to: root.appendingPathComponent("p/a.lua"))
        try TestFiles.write("print('b loaded')\nreturn { name = 'b' }\n", to: root.appendingPathComponent("p/b.lua"))
        let script = root.appendingPathComponent("s/two.swipe")
        try TestFiles.write(
            """
            #!/usr/bin/env swipehost run
            # two plugins, in load order

              # plugin: ../p/a.lua
            #plugin:   ../p/b.lua\u{20}\u{20}
            wait 1
            # plugin: ../p/none.lua   (after the first command: a plain comment)

            """, to: script)
        let result = try Swipehost.run(["run", script.path, "--format", "jsonl", "--rows", "1"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(
            result.stdout,
            """
            {"event":"log","plugin":"a","message":"a loaded","t":0}
            {"event":"log","plugin":"b","message":"b loaded","t":0}
            {"event":"state","t":1,"rows":[{"row":1,"right":0,"left":0}],"editing":[]}

            """)
        // --plugin (or --plugins) replaces the header.
        let given = try Swipehost.run([
            "run", script.path, "--format", "jsonl", "--rows", "1", "--plugin",
            root.appendingPathComponent("p/b.lua").path,
        ])
        #expect(
            given.stdout.hasPrefix(
                "{\"event\":\"log\",\"plugin\":\"b\",\"message\":\"b loaded\",\"t\":0}\n{\"event\":\"state\""))
        // A script read from standard input: relative to the current folder.
        let piped = try Swipehost.run(
            ["run", "-", "--rows", "3"], stdin: "# plugin: plugins/tutorial.lua\nopen 3\ntap 3 1\n")
        expectEqual(piped.status, 0, "\(piped.stderr)")
        #expect(
            piped.stdout.hasPrefix(
                """
                     0 ms  row 3: tapped "Button 1" (button 1, id one)
                     0 ms  presented "In the delegate!": Clicked button one for Longer Title Item #3

                """))
    }

    @Test func aHeaderNamingNothingIsAnErrorAtItsLine() throws {
        let root = try TestFiles.folder("swipehost-options")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = root.appendingPathComponent("missing.swipe")
        try TestFiles.write("# A script\n# plugin: ../plugins/mial.lua\nwait 1\n", to: script)
        let result = try Swipehost.run(["run", script.path])
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        expectEqual(
            result.stderr,
            "\(script.path):2: plugin '../plugins/mial.lua' not found: no file or folder at '\(root.deletingLastPathComponent().path)/plugins/mial.lua' (a '# plugin:' path is relative to the script's folder)\n"
        )

        let piped = try Swipehost.run(["run", "-"], stdin: "\n# plugin: nope.lua\nwait 1\n")
        expectEqual(piped.status, 2)
        expectEqual(
            piped.stderr,
            "<stdin>:2: plugin 'nope.lua' not found: no file or folder at 'nope.lua' (a '# plugin:' path is relative to the current folder, for a script read from standard input)\n"
        )

        let empty = try Swipehost.run(["run", "-"], stdin: "# plugin:\nwait 1\n")
        expectEqual(empty.status, 2)
        expectEqual(empty.stderr, "<stdin>:1: '# plugin:' names no plugin file\n")

        // Given plugins win: the header is not looked at.
        let given = try Swipehost.run(["run", script.path, "--plugin", "plugins/tutorial.lua"])
        expectEqual(given.status, 0, "\(given.stderr)")
    }

    // MARK: - Colour

    static let escape = "\u{1B}["

    /// Drops the colour codes.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test func colourIsOnlyThereWhenAskedOrOnATerminal() throws {
        let piped = try Swipehost.run(["run", "examples/demo.swipe"])
        #expect(!piped.stdout.contains(Self.escape))
        let always = try Swipehost.run(["run", "examples/demo.swipe", "--color", "always"])
        #expect(
            always.stdout.hasPrefix(
                """
                \u{1B}[2m   150 ms  \u{1B}[0m\u{1B}[32mrow 3 opened\u{1B}[0m
                \u{1B}[2m   450 ms  \u{1B}[0m\u{1B}[36mrow 3: tapped "Button 1" (button 1, id one)\u{1B}[0m
                \u{1B}[2m   450 ms  \u{1B}[0m\u{1B}[34mrow 5 closed\u{1B}[0m

                """))
        #expect(
            always.stdout.contains(
                "\n\u{1B}[1mAt 1400 ms: rows 1-12 of 30 on screen (offset 0); open rows: 7\u{1B}[0m\n"))
        expectEqual(Self.plain(always.stdout), piped.stdout)
        let never = try Swipehost.run(["run", "examples/demo.swipe", "--color", "never"])
        expectEqual(never.stdout, piped.stdout)

        let terminal = try Swipehost.runOnTerminal(["run", "examples/demo.swipe"], without: ["NO_COLOR"])
        expectEqual(terminal.status, 0)
        expectEqual(terminal.stdout, always.stdout)
        let noColor = try Swipehost.runOnTerminal(["run", "examples/demo.swipe"], environment: ["NO_COLOR": "1"])
        expectEqual(noColor.stdout, piped.stdout)
        let emptyNoColor = try Swipehost.runOnTerminal(["run", "examples/demo.swipe"], environment: ["NO_COLOR": ""])
        expectEqual(emptyNoColor.stdout, always.stdout)
        let neverOnTerminal = try Swipehost.runOnTerminal(
            ["run", "examples/demo.swipe", "--color", "never"], without: ["NO_COLOR"])
        expectEqual(neverOnTerminal.stdout, piped.stdout)
        let alwaysDespiteNoColor = try Swipehost.run(
            ["run", "examples/demo.swipe", "--color", "always"], environment: ["NO_COLOR": "1"])
        expectEqual(alwaysDespiteNoColor.stdout, always.stdout)
    }

    @Test func programsNeverGetColour() throws {
        for arguments in [
            ["run", "examples/mail.swipe", "--format", "jsonl"],
            ["test", "spec/mail_spec.lua", "--format", "tap"],
            ["test", "spec/mail_spec.lua", "--format", "junit"],
        ] {
            // JUnit's times differ from run to run.
            func timeless(_ text: String) -> String {
                text.replacingOccurrences(of: "time=\"[0-9.]*\"", with: "", options: .regularExpression)
            }
            let piped = try Swipehost.run(arguments)
            let always = try Swipehost.run(arguments + ["--color", "always"])
            expectEqual(always.status, 0)
            expectEqual(timeless(always.stdout), timeless(piped.stdout), "\(arguments)")
            #expect(!always.stdout.contains(Self.escape) && !always.stderr.contains(Self.escape), "\(arguments)")
            let terminal = try Swipehost.runOnTerminal(arguments, without: ["NO_COLOR"])
            expectEqual(timeless(terminal.stdout), timeless(piped.stdout), "\(arguments)")
        }
    }

    @Test func errorsWarningsAndEventsAreToldApart() throws {
        let root = try TestFiles.folder("swipehost-options")
        defer { try? FileManager.default.removeItem(at: root) }
        let plugin = root.appendingPathComponent("warn.lua")
        try TestFiles.write(
            """
            return { name = "warn", configure = function(row)
              return { bounse = 3, buttons = {
                { id = "a", title = "A", width = 80, on_tap = function(ctx) ctx:log("tapped") end },
                { id = "b", title = "B", width = 80, on_tap = function(ctx) error("boom") end } } }
            end }
            """, to: plugin)
        let result = try Swipehost.run(
            ["run", "-", "--plugin", plugin.path, "--rows", "1", "--color", "always"],
            stdin: "open 1\ntap 1 a\nopen 1\ntap 1 b\n")
        expectEqual(result.status, 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        expectEqual(
            lines[0],
            "\u{1B}[2m     0 ms  \u{1B}[0m\u{1B}[33m\(plugin.path):1: warning: row 1: bounse: unknown key (did you mean 'bounce'?)\u{1B}[0m"
        )
        expectEqual(lines[1], "\u{1B}[2m     0 ms  \u{1B}[0m\u{1B}[36mrow 1: tapped \"A\" (button 1, id a)\u{1B}[0m")
        expectEqual(lines[2], "\u{1B}[2m     0 ms  \u{1B}[0m\u{1B}[35m[warn] tapped\u{1B}[0m")
        expectEqual(lines[3], "\u{1B}[2m     0 ms  \u{1B}[0m\u{1B}[36mrow 1: tapped \"B\" (button 2, id b)\u{1B}[0m")
        // (Lua shortens a long path in its message: only the end is certain.)
        #expect(lines[4].hasPrefix("\u{1B}[2m     0 ms  \u{1B}[0m\u{1B}[31mplugin error in warn.on_tap (row 1): "))
        #expect(lines[4].hasSuffix("/warn.lua:4: boom\u{1B}[0m"))
        // The traceback's lines are red too, each by itself.
        #expect(lines[5].hasPrefix("\u{1B}[31m           ") && lines[5].hasSuffix("\u{1B}[0m"))

        let error = try Swipehost.run(["run", "-", "--color", "always"], stdin: "pna 3 begin\n")
        #expect(error.stderr.hasPrefix("\u{1B}[31m<stdin>:1: unknown command 'pna' (did you mean 'pan'?) (expected "))
        #expect(error.stderr.hasSuffix("\u{1B}[0m\n"))
        let plainError = try Swipehost.run(["run", "-", "--color", "never"], stdin: "pna 3 begin\n")
        expectEqual(Self.plain(error.stderr), plainError.stderr)

        let check = try Swipehost.run(["check", plugin.path, "--rows", "1", "--color", "always"])
        expectEqual(check.status, 0)
        expectEqual(
            check.stdout,
            """
            \u{1B}[33m\(plugin.path):1: warning: row 1: bounse: unknown key (did you mean 'bounce'?)\u{1B}[0m
            \(plugin.path): \u{1B}[32mok\u{1B}[0m, 1 warning, 1 of 1 rows configured

            """)

        let test = try Swipehost.run(["test", "Tests/SwipeTestingTests/Fixtures/pending", "--color", "always"])
        #expect(test.stdout.hasPrefix("\u{1B}[32mPASS\u{1B}[0m  pending "))
        #expect(test.stdout.contains("\n\u{1B}[33mSKIP\u{1B}[0m  pending "))
        #expect(test.stdout.hasSuffix("\n\u{1B}[32m1 passed, 0 failed, 2 skipped\u{1B}[0m\n"))
        let failing = try Swipehost.run(["test", "Tests/SwipeTestingTests/Fixtures/fail", "--color", "always"])
        #expect(failing.stdout.contains("\n\u{1B}[31mFAIL\u{1B}[0m  one failure expects the wrong row ("))
        #expect(failing.stdout.hasSuffix("\n\u{1B}[31m1 passed, 2 failed\u{1B}[0m\n"))
        let plainTest = try Swipehost.run(["test", "Tests/SwipeTestingTests/Fixtures/fail"])
        expectEqual(Self.plain(failing.stdout), plainTest.stdout)
    }
}
