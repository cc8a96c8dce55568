import ArgumentParser
import SwipeCore

/// `swipehost serve`'s options and help, shared by the `serve` subcommand of `swipehost` (which
/// parses them, so that `swipehost serve --help` and its usage errors need no server) and by
/// `swipehost-serve`, the separate binary that runs the server: the server stack (Hummingbird,
/// NIO) is linked into that binary only, so building `swipehost` does not compile it.
public struct ServeOptions: ParsableArguments {
    public init() {}

    public static let abstract =
        "Serve the playground: the table live in a browser, driven by the same core and plugins as run."

    public static let discussion = """
        Prints 'http://HOST:PORT/' as its first line (the real port when --port is 0) and \
        serves until SIGINT (Ctrl-C) or SIGTERM, then closes every session and exits with \
        status 0. Open the address in a browser: the page draws the visible rows with \
        their buttons, titles, widths and colours; drag a row (mouse or touch) to reveal \
        them, tap a button or the content, scroll with the wheel or a vertical drag. The \
        event log shows the delegate calls, plugin events, errors and warnings; the panel \
        shows the configuration of the row under the pointer.

        The server is the only source of truth: each page is a session (its own table and \
        plugin states, a virtual clock in milliseconds since the page connected). The page \
        sends its pointer events over a WebSocket (/ws); the server turns them into \
        gesture commands (a drag of more than 10 px: horizontal pans the row, vertical \
        scrolls; a press without one is a tap, hit-tested on the server), runs them and \
        sends frames back: each row's offset, and while it animates, its path sampled \
        every 4 ms, with the events.

        Live reload: the plugin files are checked every 200 ms; when one changes, the new \
        code is loaded into fresh Lua states in every session, keeping the items, open rows \
        and scroll, and the page shows 'reloaded'. Code that does not load or validate is \
        rolled back: the old plugin stays in charge and the page shows 'FILE:LINE: message' \
        until the next save.

        Recording: every session records its inputs. The page offers them as a gesture \
        script (GET /sessions/ID.swipe: 'swipehost run' replays it to the same events) \
        and as a busted-style spec (GET /sessions/ID_spec.lua: 'swipehost test' runs it).

        Limits: at most 32 pages at once (the 33rd gets an error and is closed), 64 KiB a \
        message (a larger one gets an error message; the session goes on); a page that \
        sends nothing for 10 minutes is closed (1001, 'idle'), and one that reads too \
        little of what it is sent, once 8 MiB wait, is closed (1008, 'too far behind'). \
        The server listens on 127.0.0.1 unless --host says otherwise: it runs plugin code \
        for anyone who can reach it (with --trusted, code with the full Lua library), so \
        only bind another address on a network you trust (serve warns on stderr when the \
        address is not loopback).

        Other web pages: a request must name the server in its Host header (127.0.0.1, \
        localhost, [::1] or the --host address, with the port), and a page's Origin must \
        be the server's own (http:// and one of those); others get 403 with the reason, so \
        a site the user visits cannot drive a session, nor read the page through a name of \
        its own (DNS rebinding). --allow-origin adds an origin (and its host), e.g. the \
        machine's address on the network with --host 0.0.0.0. A WebSocket without Origin \
        (not a browser) is accepted. See docs/playground.md.

        A plugin that does not load when the server starts ends it with status 2 and \
        'FILE:LINE: message' on stderr; a port in use (or another failure to listen) ends \
        it with status 1.

        The server is a binary of its own, swipehost-serve, installed beside swipehost \
        (scripts/install.sh installs both): 'swipehost serve ARGS' runs it with the same \
        arguments, and says what to build when it is missing (swift build --product \
        swipehost-serve).
        """

    @OptionGroup public var configuration: ConfigurationOptions

    @Option(help: ArgumentHelp("The address to listen on (loopback by default).", valueName: "address"))
    public var host = "127.0.0.1"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The port to listen on; 0 takes any free port (the first line says which).", valueName: "port"))
    public var port = 8080

    @Option(
        name: .customLong("allow-origin"),
        help: ArgumentHelp(
            "Also answer pages from this origin (scheme://host[:port], e.g. http://192.168.1.5:8080) and requests naming its host; repeatable. Without it, only the server's own address (127.0.0.1, localhost, [::1] or --host, at --port) is answered; others get 403.",
            valueName: "origin"))
    public var allowOrigin: [String] = []

    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, got \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host must name an address, got ''") }
        // --allow-origin is checked by swipehost-serve, with the server's own origin parser
        // (`ServeCommand.validate()`): `swipehost` links none of the playground.
    }

    /// True for an address only this machine reaches.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }
}
