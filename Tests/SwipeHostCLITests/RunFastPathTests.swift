import Foundation
import SwipeTestSupport
import Testing

/// The common forms of `swipehost run` start without the argument parser
/// (`RunRequest(fastArguments:)`). Whatever form a command line has, it runs exactly as the
/// argument parser reads it: the same arguments with every other option given at its default
/// value (which the fast reading does not take, so the argument parser reads them) print the
/// same bytes, on both streams, with the same status.
struct RunFastPathTests {
    /// Every other option of `run`, at its default.
    static let defaults = [
        "--rows", "30", "--width", "320", "--viewport", "504", "--budget", "10000000", "--memory", "64M", "--preset",
        "tutorial",
    ]

    /// Command lines of the fast reading's forms: scripts with and without a plugin header, a
    /// missing one, standard input; plugins given, failing, missing; both formats; colour and
    /// --strict; options before and after the script.
    static let commandLines: [[String]] = {
        let scripts = [
            "examples/tutorial.swipe", "examples/mail.swipe", "examples/both_edges.swipe", "no/such.swipe", "-",
        ]
        let plugins: [[String]] = [
            [], ["--plugin", "plugins/tutorial.lua"], ["--plugin", "plugins/tutorial.lua", "--plugin", "plugins/mail"],
            ["--plugin", "no/such.lua"],
        ]
        var lines: [[String]] = []
        var choice = 0
        for script in scripts {
            for plugin in plugins {
                choice += 1
                let format = [[], ["--format", "jsonl"], ["--format", "text"]][choice % 3]
                let color = [[], ["--color", "always"], ["--color", "never"], ["--color", "auto"]][choice % 4]
                let strict = choice % 5 == 0 ? ["--strict"] : []
                // A preset is read without the argument parser too.
                let preset = [[], ["--preset", "mail"], [], ["--preset", "swipecellkit"], ["--preset", "tutorial"]][
                    choice % 5]
                let options = plugin + format + color + strict + preset
                lines.append(choice % 2 == 0 ? ["run", script] + options : ["run"] + options + [script])
            }
        }
        return lines
    }()

    @Test(arguments: commandLines)
    func theFastReadingRunsAsTheArgumentParserReads(arguments: [String]) throws {
        let stdin = "pan 3 begin\npan 3 move -60\npan 3 end\nwait 300\n"
        let fast = try Swipehost.run(arguments, stdin: stdin)
        // A preset given stays the one given; the others are at their defaults.
        let defaults = arguments.contains("--preset") ? Array(Self.defaults.dropLast(2)) : Self.defaults
        let parsed = try Swipehost.run(arguments + defaults, stdin: stdin)
        expectEqual(fast.status, parsed.status)
        expectEqual(fast.stdout, parsed.stdout)
        expectEqual(fast.stderr, parsed.stderr)
    }

    /// Forms the fast reading leaves to the argument parser keep its answers.
    @Test(arguments: [
        (
            ["run", "--format", "yaml", "examples/demo.swipe"],
            "Error: The value 'yaml' is invalid for '--format <format>'"
        ),
        (["run", "examples/demo.swipe", "examples/demo.swipe"], "Error: Unexpected argument 'examples/demo.swipe'"),
        (["run", "--plugin"], "Error: Missing value for '--plugin <path>'"),
        (
            ["run", "--preset", "uikit", "examples/demo.swipe"],
            "Error: The value 'uikit' is invalid for '--preset <tutorial|swipecellkit|mail>'"
        ),
        (["run"], "Error: Missing expected argument '<script>'"),
    ])
    func otherFormsAreTheArgumentParsers(arguments: [String], message: String) throws {
        let result = try Swipehost.run(arguments)
        expectEqual(result.status, 64)
        expectEqual(result.stdout, "")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
