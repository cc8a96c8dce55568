import ArgumentParser
import SwipeCommandLine
import SwipeCore
import SwipePlayground
import SwipePlugins
import SwipeServer

/// `swipehost-serve`: the playground's server, a binary of its own so that only it links the
/// server stack (Hummingbird, NIO). `swipehost serve ARGS` executes it with the same arguments;
/// its options and help are `swipehost serve`'s (``ServeOptions``).
@main
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipehost serve",
        abstract: ServeOptions.abstract,
        discussion: ServeOptions.discussion,
        version: "swipehost \(SwipeHostVersion.current)"
    )

    @OptionGroup var options: ServeOptions

    /// What ``ServeOptions`` cannot check without the playground: each `--allow-origin` is an
    /// origin the server's policy reads.
    func validate() throws {
        for origin in options.allowOrigin where OriginPolicy.parseOrigin(origin) == nil {
            throw ValidationError(
                "--allow-origin must be an origin, http:// or https:// then a host and an optional port (http://192.168.1.5:8080), got '\(DisplayText.escaped(origin))'"
            )
        }
    }

    func run() throws {
        var configuration = options.configuration.configuration()
        configuration.scriptName = "session"
        // The plugins must load now: later, a page that cannot get a session says why.
        do {
            _ = try Session(configuration, sink: nil)
        } catch {
            StandardStreams.writeError(
                DisplayText.escaped(PlaygroundSession.describe(error), keeping: [.tabs, .newlines]) + "\n")
            throw ExitCode(error.exitStatus)
        }
        let (named, folder) = (options.configuration.plugins, options.configuration.pluginFolder)
        let watcher =
            options.configuration.pluginPaths.isEmpty
            ? nil : PluginWatcher { ConfigurationOptions.pluginPaths(named, folder: folder) }
        let host = options.host
        let port = options.port
        var server = PlaygroundServer(
            host: host, port: port, sessions: SessionManager(configuration: configuration), watcher: watcher)
        server.allowedOrigins = options.allowOrigin
        if !ServeOptions.isLoopback(host) {
            StandardStreams.writeError(
                "swipehost serve: warning: listening on \(host), not loopback: whoever reaches this port can run the plugins' code"
                    + " (with --trusted, code with io and os); pages are answered only at 127.0.0.1, localhost, [::1] and \(host)"
                    + " (or an origin given with --allow-origin)\n")
        }
        do {
            try server.runBlocking { port in
                StandardStreams.write(PlaygroundServer.address(host: host, port: port) + "\n")
            }
        } catch {
            StandardStreams.writeError("swipehost serve: cannot serve on \(host):\(port): \(error)\n")
            throw ExitCode(1)
        }
    }
}
