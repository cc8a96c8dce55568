/// The playground's HTTP resources, answered without a server framework: the page (compiled
/// into the binary from `Page/`) and the recordings of the open sessions.
public enum PlaygroundRoutes {
    /// An answer to a `GET`.
    public struct Response: Hashable, Sendable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]
        /// A file name for a download (`Content-Disposition: attachment`), if it is one.
        public var fileName: String?

        public init(status: Int, contentType: String, body: [UInt8], fileName: String? = nil) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.fileName = fileName
        }
    }

    /// The answer to `GET path` (the path without its query); 404 for anything else.
    public static func get(_ path: String, sessions: SessionManager) -> Response {
        switch path {
        case "/", "/index.html":
            return Response(status: 200, contentType: "text/html; charset=utf-8", body: PackageResources.index_html)
        case "/page.css":
            return Response(status: 200, contentType: "text/css; charset=utf-8", body: PackageResources.page_css)
        case "/page.js":
            return Response(status: 200, contentType: "text/javascript; charset=utf-8", body: PackageResources.page_js)
        default: break
        }
        let prefix = "/sessions/"
        guard path.hasPrefix(prefix) else { return notFound(path) }
        let name = String(path.dropFirst(prefix.count))
        for (suffix, isSpec) in [(".swipe", false), ("_spec.lua", true)] where name.hasSuffix(suffix) {
            let id = String(name.dropLast(suffix.count))
            guard let session = sessions.session(id: id) else {
                return Response(
                    status: 404, contentType: "text/plain; charset=utf-8",
                    body: Array(
                        "no open session '\(id.prefix(40))': a recording can be downloaded while its page is open\n"
                            .utf8))
            }
            let text = isSpec ? session.recordedSpec() : session.recordedScript()
            return Response(
                status: 200, contentType: "text/plain; charset=utf-8", body: Array(text.utf8),
                fileName: "session-\(id)\(suffix)")
        }
        return notFound(path)
    }

    static func notFound(_ path: String) -> Response {
        Response(
            status: 404, contentType: "text/plain; charset=utf-8", body: Array("not found: \(path.prefix(200))\n".utf8))
    }
}
