import ArgumentParser
import SwipeCommandLine

extension SwipeHostCommand {
    /// `swipehost serve`: parses and checks the options here (help and usage errors need no
    /// server), then executes `swipehost-serve`, the binary beside this one that links the server
    /// stack, with the same arguments.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

        @OptionGroup var options: ServeOptions

        /// The server binary's name, looked for in the folder of the running `swipehost`.
        static let serverName = "swipehost-serve"

        func run() throws {
            try Sibling.exec(
                Self.serverName, for: "serve", what: "the playground's server",
                buildHint:
                    "Build it beside swipehost with 'swift build --product \(Self.serverName)' (add '-c release' for a release build), or install both with scripts/install.sh."
            )
        }
    }
}
