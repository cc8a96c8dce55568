import ArgumentParser
import SwipeCommandLine

@main
struct SwipeHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipehost",
        abstract: "A scriptable, headless host for swipeable table rows.",
        discussion: """
            Runs the swipeable cell of the classic iOS tutorial ("How To Make A Swipeable Table \
            View Cell With Actions") headless, on a virtual clock, driven by gesture scripts.
            """,
        version: "swipehost \(SwipeHostVersion.current)",
        subcommands: [Run.self, Render.self, Serve.self, Check.self, Test.self, Explore.self, Lua.self, Bench.self]
    )

    /// The common forms of `swipehost run` start without the argument parser (see
    /// ``RunRequest/init(fastArguments:)``): its reflection over every command's options costs
    /// more than the short run itself (docs/performance.md, "Figures behind the code").
    /// Everything else is parsed as always.
    static func main() {
        guard let request = RunRequest(fastArguments: CommandLine.arguments.dropFirst()) else {
            main(nil)
            return
        }
        do {
            try request.execute()
        } catch {
            exit(withError: error)
        }
    }
}
