import ArgumentParser
import Glibc
import SwipeCommandLine
import SwipeScript

/// The binaries that `swipehost` runs for a subcommand whose code it does not link
/// (`swipehost-serve`, `swipehost-bench`): found in the folder of the running `swipehost` and
/// executed with the arguments given after the subcommand. The process is replaced, so its
/// signals and exit status are the sibling's own.
enum Sibling {
    /// Executes `name` with the arguments after `subcommand`; when there is no such binary,
    /// says what it is (`what`) and how to build it, and exits with status 1.
    static func exec(_ name: String, for subcommand: String, what: String, buildHint: String) throws -> Never {
        let arguments = CommandLine.arguments
        let given = arguments.firstIndex(of: subcommand).map { Array(arguments[($0 + 1)...]) } ?? []
        let folder = executableFolder()
        let path = folder + "/" + name
        guard access(path, X_OK) == 0 else {
            StandardStreams.writeError(
                """
                swipehost \(subcommand): \(what) is a binary of its own, \(name), and there is none in \(folder).
                \(buildHint)

                """)
            throw ExitCode(1)
        }
        let argv = ([path] + given).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        StandardStreams.writeError("swipehost \(subcommand): cannot run \(path): \(reason)\n")
        throw ExitCode(1)
    }

    /// The folder holding the running binary, where its siblings are.
    static func executableFolder() -> String {
        let path = FileReading.executablePath()
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
