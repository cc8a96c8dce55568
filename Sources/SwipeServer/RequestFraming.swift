import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import SwipePlayground

/// RFC 9112's request framing, checked on each request head as it was received: exactly one
/// `Host` field line (section 3.2) and a request target in origin form, `/path` (section 3.2; an
/// absolute-form `GET http://evil.example/` is a proxy's request, and this server is none).
///
/// Checked before the head is converted to HTTPTypes, which keeps the first `Host` as the
/// authority and only the path of an absolute-form target: after it, `Host: good` then
/// `Host: evil` and `GET http://evil.example/` looked like well-formed requests for the server
/// itself. A request that fails is marked (``refusalField``) rather than answered here, so that
/// its `400` comes in order with the answers to the requests before it on the connection.
enum RequestFraming {
    /// The field a refused request carries to the routes and the upgrade check, with the reason
    /// (one a client sends itself is dropped first).
    static let refusalField = "X-SwipeHost-Refused"
    static let refusal = HTTPField.Name(refusalField)!

    /// Why a request with this target and these `Host` values is malformed, nil if it is not.
    static func problem(target: String, hosts: [String]) -> String? {
        if hosts.count > 1 {
            return "bad request: \(hosts.count) Host header fields; a request has exactly one (RFC 9112, section 3.2)"
        }
        guard target.hasPrefix("/") else {
            return "bad request: the request target '\(OriginPolicy.shown(target))' is not a path; this "
                + "playground is no proxy and takes only targets of the form '/path' (RFC 9112, section 3.2)"
        }
        return nil
    }
}

/// Checks each request head (``RequestFraming``) right after the HTTP/1 decoder, and marks the
/// malformed ones for the routes and the upgrade check to refuse with `400`.
///
/// The one installed when the connection opens sits before the WebSocket upgrade handler: it
/// leaves the pipeline after the first head that asks for an upgrade (once the connection is a
/// WebSocket its data is frames, not HTTP parts), and ``Reinstall`` puts one back if that
/// connection stays HTTP.
final class RequestFramingGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// Whether an upgrade handler follows: then a head that asks for an upgrade is the last
    /// one this guard sees.
    fileprivate var beforeUpgrade: Bool

    init(beforeUpgrade: Bool) { self.beforeUpgrade = beforeUpgrade }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.remove(name: RequestFraming.refusalField)
        if let problem = RequestFraming.problem(target: head.uri, hosts: head.headers["Host"]) {
            head.headers.add(name: RequestFraming.refusalField, value: problem)
            // The first Host stays the authority; the others and the target go, so that nothing
            // after reads them as they came.
            if let host = head.headers["Host"].first {
                head.headers.replaceOrAdd(name: "Host", value: host)
            }
            head.uri = "/"
        }
        let upgrading = beforeUpgrade && head.headers.contains(name: "Upgrade")
        context.fireChannelRead(wrapInboundOut(.head(head)))
        if upgrading { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
    }

    /// Puts a guard right after the HTTP/1 request decoder of `pipeline` (on its event loop).
    static func install(in pipeline: ChannelPipeline, beforeUpgrade: Bool) throws {
        let decoder = try pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
        try pipeline.syncOperations.addHandler(
            RequestFramingGuard(beforeUpgrade: beforeUpgrade), position: .after(decoder))
    }

    /// Added when a connection stays HTTP after its first request (the upgrade handler has left):
    /// makes sure a guard checks the requests that follow, then leaves.
    final class Reinstall: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = Never

        func handlerAdded(context: ChannelHandlerContext) {
            let operations = context.pipeline.syncOperations
            if let guarding = try? operations.handler(type: RequestFramingGuard.self) {
                guarding.beforeUpgrade = false
            } else {
                try? RequestFramingGuard.install(in: context.pipeline, beforeUpgrade: false)
            }
            operations.removeHandler(context: context, promise: nil)
        }
    }
}

/// A server child channel with a ``RequestFramingGuard`` after its HTTP/1 decoder.
struct FramingCheckedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try RequestFramingGuard.install(in: channel.pipeline, beforeUpgrade: true)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
