import ArgumentParser
import SwipeCommandLine
import SwipeTesting

extension SwipeHostCommand {
    struct Lua: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lua",
            abstract: "Run a Lua script like the lua interpreter, with require(\"swipe\") available.",
            discussion: """
                The script is trusted: the full standard library and C modules, no budget. 'arg' \
                and '...' hold its arguments, '-e CODE' runs code first, '-l NAME' requires a \
                module, and a first line starting with '#' is skipped, so existing Lua tools run \
                against the host API: swipehost lua /usr/bin/busted spec/
                """
        )

        @Argument(parsing: .captureForPassthrough, help: "[-e CODE] [-l NAME] [SCRIPT [ARGS...]]")
        var arguments: [String] = []

        func run() throws {
            let status = LuaInterpreter(arguments: arguments).run(errorOutput: StandardStreams.writeError)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
