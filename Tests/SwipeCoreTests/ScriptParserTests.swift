import SwipeCore
import SwipeTestSupport
import Testing

@testable import SwipeScript

struct ScriptParserTests {
    let parser = ScriptParser(fileName: "s.swipe")

    @Test func everyCommandParses() throws {
        let lines = try parser.parse(
            """
            # a comment line
            pan 3 begin
            pan 3 begin 12.5
            pan 3 move -40.25   # trailing comment
            pan 3 end
            pan 3 cancel

            tap 3 1
            tap 3 delete
            wait 300
            scroll -44
            open 4
            close 4
            swipe 5 -120
            swipe 5 -120 90
            """)
        expectEqual(
            lines.map(\.command),
            [
                .panBegin(row: 3, x: 0), .panBegin(row: 3, x: 12.5), .panMove(row: 3, x: -40.25), .panEnd(row: 3),
                .panCancel(row: 3), .tap(row: 3, button: .number(1)), .tap(row: 3, button: .id("delete")),
                .wait(.milliseconds(300 as Int64)), .scroll(dy: -44), .open(row: 4), .close(row: 4),
                .swipe(row: 5, dx: -120, duration: .milliseconds(150 as Int64)),
                .swipe(row: 5, dx: -120, duration: .milliseconds(90 as Int64)),
            ])
        expectEqual(lines.map(\.number), [2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15])
    }

    /// The playground's dismissed sheet, as a line that prints back the same.
    @Test func dismissParsesAndPrintsBack() throws {
        let lines = try parser.parse("dismiss\n  dismiss   # the sheet\n")
        expectEqual(lines.map(\.command), [.dismiss, .dismiss])
        expectEqual(GestureCommand.dismiss.scriptLine, "dismiss")
    }

    @Test(arguments: ["0.1", "-3.75", "+2", ".5", "12345.6789", "1234567890123456789.5"])
    func numbersMatchTheStandardLibrary(text: String) throws {
        let lines = try parser.parse("scroll \(text)")
        expectEqual(lines.first?.command, .scroll(dy: Double(text)!))
    }

    @Test(arguments: [
        ("pann 3 begin", "unknown command 'pann'"),
        ("pan 3", "missing argument: expected 'pan ROW begin [X] | move X | end [VX] | cancel'"),
        ("pan 3 wiggle", "unknown pan action 'wiggle' (expected begin, move, end or cancel)"),
        ("pan 3 move", "missing argument: expected 'pan ROW move X'"),
        ("pan 3 move left", "X must be a number, got 'left'"),
        ("pan 3 move 1e5", "X must be a number, got '1e5'"),
        ("pan x begin", "ROW must be a whole number >= 1, got 'x'"),
        ("pan 0 begin", "ROW must be a whole number >= 1, got '0'"),
        ("pan 2.5 begin", "ROW must be a whole number >= 1, got '2.5'"),
        ("pan 3 end now", "VX must be a number, got 'now' (expected 'pan ROW end [VX]')"),
        ("pan 3 end -900x", "VX must be a number, got '-900x' (expected 'pan ROW end [VX]')"),
        ("tap 3", "missing argument: expected 'tap ROW BUTTON'"),
        ("tap 3 0", "BUTTON must be a button id or a number >= 1 (1 = rightmost), got '0'"),
        ("wait -5", "MS must be a duration in milliseconds >= 0, got '-5'"),
        ("wait", "missing argument: expected 'wait MS'"),
        ("scroll down", "DY must be a number, got 'down'"),
        ("swipe 3", "missing argument: expected 'swipe ROW DX [MS]'"),
        ("swipe 3 -10 -1", "MS must be a duration in milliseconds >= 0, got '-1'"),
        ("open", "missing argument: expected 'open ROW [SIDE]'"),
        ("open 3 leading extra", "too many arguments 'extra': expected 'open ROW [SIDE]'"),
        ("close 1 2", "too many arguments '2': expected 'close ROW'"),
        ("dismiss now", "too many arguments 'now': expected 'dismiss'"),
    ])
    func badLinesNameTheFileLineAndProblem(line: String, message: String) {
        let script = "wait 10\n\(line)\nwait 10"
        #expect {
            try parser.parse(script)
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.file == "s.swipe" && error.line == 2 && error.message.hasPrefix(message)
        }
    }

    @Test func anUnknownCommandListsTheKnownOnes() {
        #expect(
            throws: ScriptError(
                file: "s.swipe", line: 1, message: "unknown command 'jump' (expected \(ScriptParser.usage))")
        ) {
            try parser.parse("jump 3")
        }
    }

    @Test(arguments: [
        ("pna", "pan"), ("pann", "pan"), ("Tap", "tap"), ("wiat", "wait"), ("scrol", "scroll"),
        ("opne", "open"), ("clsoe", "close"), ("swype", "swipe"),
    ])
    func anUnknownCommandSuggestsTheClosestKnownOne(word: String, suggested: String) {
        #expect(
            throws: ScriptError(
                file: "s.swipe", line: 1,
                message: "unknown command '\(word)' (did you mean '\(suggested)'?) (expected \(ScriptParser.usage))")
        ) {
            try parser.parse("\(word) 3 begin")
        }
    }

    @Test func aHeaderNamesPluginsOnlyBeforeTheFirstCommand() {
        let header = ScriptHeader(
            """
            #!/usr/bin/env swipehost run
            # The Mail pattern.

            # plugin: ../plugins/mail.lua
              #plugin:\t../plugins/with space.lua \r
            # plugins: not/this.lua
            # plugin:
            wait 10
            # plugin: ../plugins/later.lua
            """)
        expectEqual(
            header.plugins,
            [
                ScriptHeader.Plugin(line: 4, path: "../plugins/mail.lua"),
                ScriptHeader.Plugin(line: 5, path: "../plugins/with space.lua"),
                ScriptHeader.Plugin(line: 7, path: ""),
            ])
        #expect(ScriptHeader("wait 1\n# plugin: a.lua\n").plugins.isEmpty)
        #expect(ScriptHeader("").plugins.isEmpty)
    }

    @Test(arguments: [
        ("../plugins/mail.lua", "examples/mail.swipe", "plugins/mail.lua"),
        ("mail.lua", "examples/mail.swipe", "examples/mail.lua"),
        ("./p/../q/./m.lua", "a/b/s.swipe", "a/b/q/m.lua"),
        ("../../../m.lua", "a/s.swipe", "../../m.lua"),
        ("../plugins/mail.lua", "mail.swipe", "../plugins/mail.lua"),
        ("../plugins/mail.lua", "<stdin>", "../plugins/mail.lua"),
        ("/opt/p/../m.lua", "examples/mail.swipe", "/opt/m.lua"),
        ("../../m.lua", "/s/x.swipe", "/m.lua"),
        ("lib/", "/srv/x.swipe", "/srv/lib"),
    ])
    func headerPathsAreRelativeToTheScriptsFolder(path: String, script: String, resolved: String) {
        expectEqual(ScriptHeader.resolve(path, script: script), resolved)
    }
}
