import ArgumentParser
import Glibc
import SwipeCommandLine
import SwipeScript

extension SwipeHostCommand {
    /// `swipehost serve`: parses and checks the options here (help and usage errors need no
    /// server), then executes `swipehost-serve`, the binary beside this one that links the server
    /// stack, with the same arguments. The process is replaced, so its signals and exit status
    /// are the server's own.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

        @OptionGroup var options: ServeOptions

        /// The server binary's name, looked for in the folder of the running `swipehost`.
        static let serverName = "swipehost-serve"

        func run() throws {
            let arguments = CommandLine.arguments
            let given = arguments.firstIndex(of: "serve").map { Array(arguments[($0 + 1)...]) } ?? []
            let folder = Self.executableFolder()
            let server = folder + "/" + Self.serverName
            guard access(server, X_OK) == 0 else {
                StandardStreams.writeError(
                    """
                    swipehost serve: the playground's server is a binary of its own, \(Self.serverName), and there is none in \(folder).
                    Build it beside swipehost with 'swift build --product \(Self.serverName)' (add '-c release' for a release build), or install both with scripts/install.sh.

                    """)
                throw ExitCode(1)
            }
            let argv = ([server] + given).map { strdup($0) } + [nil]
            execv(server, argv)
            let reason = String(cString: strerror(errno))
            StandardStreams.writeError("swipehost serve: cannot run \(server): \(reason)\n")
            throw ExitCode(1)
        }

        /// The folder holding the running binary, where its sibling is.
        static func executableFolder() -> String {
            let path = FileReading.executablePath()
            guard let slash = path.lastIndex(of: "/") else { return "." }
            return slash == path.startIndex ? "/" : String(path[..<slash])
        }
    }
}
