/// Which requests the playground answers: those that name the server itself (`Host`) and come
/// from its own page (`Origin`), so that another web page the user visits can neither drive a
/// session over a WebSocket (cross-site WebSocket hijacking) nor read the page through a name
/// of its own that resolves to this machine (DNS rebinding).
///
/// Accepted, for the port the server listens on: the hosts `127.0.0.1`, `localhost`, `[::1]`
/// and the literal `--host` address, and the origins `http://` + each of them; and every origin
/// given with `--allow-origin` (its host name is then accepted as a `Host` too, at any port: a
/// proxy in front may name another). A request without `Origin`, or with a `ws://` or `wss://`
/// one that no web page has, is accepted (a browser always sends its page's origin with a
/// WebSocket and with a cross-origin request; a client without one, a script or a test, could
/// reach the port anyway); one without `Host` is refused.
public struct OriginPolicy: Hashable, Sendable {
    /// The address given with `--host`.
    public var boundHost: String
    /// The port listened on (the real one when `--port 0`).
    public var port: Int
    /// The `--allow-origin` values, as given (already checked with ``parseOrigin(_:)``).
    public var allowedOrigins: [String]

    public init(boundHost: String, port: Int, allowedOrigins: [String] = []) {
        self.boundHost = boundHost
        self.port = port
        self.allowedOrigins = allowedOrigins
    }

    /// An origin: a scheme (`http` or `https`), a host (lower case; an IPv6 address in brackets)
    /// and a port (the scheme's default when none is written).
    public struct Origin: Hashable, Sendable {
        public var scheme: String
        public var host: String
        public var port: Int
    }

    /// Why a request is refused: the body of its `403` answer.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The host names this server answers to by itself.
    var localHosts: Set<String> {
        var hosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        hosts.insert(Self.normalizedHost(boundHost))
        return hosts
    }

    /// `http://HOST:PORT/`, what the server prints.
    var address: String { "http://\(Self.normalizedHost(boundHost)):\(port)/" }

    /// nil when a request with these headers may be answered, else why not.
    public func check(host: String?, origin: String?) -> Refusal? {
        guard let host, !host.isEmpty else {
            return Refusal(message: "refused: a request must name this playground in its Host header (\(address))")
        }
        let allowed = allowedOrigins.compactMap(Self.parseOrigin)
        guard let authority = Self.parseAuthority(host, defaultPort: 80),
            (localHosts.contains(authority.host) && authority.port == port)
                || allowed.contains(where: { $0.host == authority.host })
        else {
            return Refusal(
                message: "refused: Host '\(Self.shown(host))' is not this playground's address (\(address)); "
                    + "to open it under that name, serve with --allow-origin http://\(Self.shown(host))")
        }
        guard let origin, !Self.isNotAPage(origin) else { return nil }
        if let parsed = Self.parseOrigin(origin),
            (parsed.scheme == "http" && localHosts.contains(parsed.host) && parsed.port == port)
                || allowed.contains(parsed)
        {
            return nil
        }
        return Refusal(
            message: "refused: a page from '\(Self.shown(origin))' may not use this playground (\(address)); "
                + "to allow it, serve with --allow-origin ORIGIN")
    }

    /// True for an `Origin` no web page has: `ws://` or `wss://` (a page's origin is its own
    /// `http`, `https` or `file` one; WebSocket libraries such as HummingbirdWSClient send the
    /// socket's URL instead). Such a client is treated as one without `Origin`: it is not a
    /// browser, and a browser cannot be made to send it.
    static func isNotAPage(_ origin: String) -> Bool {
        let lower = origin.prefix(6).lowercased()
        return lower.hasPrefix("ws://") || lower.hasPrefix("wss://")
    }

    /// `scheme://host[:port]` (one trailing `/` allowed), the scheme `http` or `https`; nil for
    /// anything else (`null`, a path, user info, a bad port).
    public static func parseOrigin(_ text: String) -> Origin? {
        var rest = Substring(text)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let scheme: String
        if rest.lowercased().hasPrefix("http://") {
            scheme = "http"
        } else if rest.lowercased().hasPrefix("https://") {
            scheme = "https"
        } else {
            return nil
        }
        rest = rest.dropFirst(scheme.count + 3)
        guard let authority = parseAuthority(String(rest), defaultPort: scheme == "http" ? 80 : 443) else { return nil }
        return Origin(scheme: scheme, host: authority.host, port: authority.port)
    }

    /// `host[:port]` or `[v6]:port`, as in a `Host` header: the host in lower case, the port
    /// (`defaultPort` when none); nil when it is not one.
    static func parseAuthority(_ text: String, defaultPort: Int) -> (host: String, port: Int)? {
        guard !text.isEmpty, text.utf8.count <= 300 else { return nil }
        let forbidden: Set<Character> = ["/", "?", "#", "@", "\\", " ", "\t", "%"]
        guard !text.contains(where: { forbidden.contains($0) || $0.isNewline || !$0.isASCII }) else { return nil }
        var host = Substring(text)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            host = host[...close]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = host.firstIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty else { return nil }
        var port = defaultPort
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit),
                let value = Int(portText), value <= 65_535
            else { return nil }
            port = value
        }
        return (host.lowercased(), port)
    }

    /// An address as a `Host` names it: lower case, an IPv6 address in brackets.
    static func normalizedHost(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
    }

    /// A header value in a message: at most 100 characters, control characters as `?`.
    public static func shown(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(100).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
