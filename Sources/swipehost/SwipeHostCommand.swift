import ArgumentParser

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
        subcommands: [Run.self, Serve.self, Check.self, Test.self, Lua.self, Bench.self]
    )
}
