import SwipeCore
import SwipeTestSupport
import Testing

@testable import SwipePlayground

/// Which Host and Origin headers the playground answers.
struct OriginPolicyTests {
    let policy = OriginPolicy(boundHost: "127.0.0.1", port: 8080)

    @Test func theServersOwnAddressesAreAccepted() {
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
            expectEqual(policy.check(host: host, origin: nil), nil, "\(host)")
            expectEqual(policy.check(host: host, origin: "http://\(host)"), nil, "\(host)")
            // The page of one of the server's names may talk to it under another.
            expectEqual(policy.check(host: "127.0.0.1:8080", origin: "http://\(host)"), nil, "\(host)")
        }
        let bound = OriginPolicy(boundHost: "192.168.1.5", port: 9000)
        expectEqual(bound.check(host: "192.168.1.5:9000", origin: "http://192.168.1.5:9000"), nil)
        let v6 = OriginPolicy(boundHost: "fe80::1", port: 9000)
        expectEqual(v6.check(host: "[fe80::1]:9000", origin: "http://[FE80::1]:9000/"), nil)
        // Port 80: a browser writes no port.
        let eighty = OriginPolicy(boundHost: "127.0.0.1", port: 80)
        expectEqual(eighty.check(host: "localhost", origin: "http://localhost"), nil)
    }

    @Test func anotherHostIsRefusedWithItsName() {
        expectEqual(
            policy.check(host: "evil.example", origin: nil)?.message,
            "refused: Host 'evil.example' is not this playground's address (http://127.0.0.1:8080/); to open it under that name, serve with --allow-origin http://evil.example"
        )
        expectEqual(
            policy.check(host: nil, origin: nil)?.message,
            "refused: a request must name this playground in its Host header (http://127.0.0.1:8080/)")
        #expect(policy.check(host: "", origin: nil) != nil)
        // The right name at another port, a name with a path or user info, a bad port.
        for host in [
            "127.0.0.1:8081", "localhost", "127.0.0.1:8080/x", "a@127.0.0.1:8080", "127.0.0.1:99999", "127.0.0.1:",
            "[::1", "127.0.0.1:80a",
        ] {
            #expect(policy.check(host: host, origin: nil) != nil, "\(host)")
        }
    }

    @Test func aForeignOriginIsRefusedWithItsName() {
        expectEqual(
            policy.check(host: "127.0.0.1:8080", origin: "http://evil.example")?.message,
            "refused: a page from 'http://evil.example' may not use this playground (http://127.0.0.1:8080/); to allow it, serve with --allow-origin ORIGIN"
        )
        for origin in [
            "null", "https://127.0.0.1:8080", "http://127.0.0.1:8081", "http://127.0.0.1", "file://",
            "http://127.0.0.1:8080/page", "http://evil.example:8080", "http://127.0.0.1.evil.example:8080", "",
        ] {
            #expect(policy.check(host: "127.0.0.1:8080", origin: origin) != nil, "\(origin)")
        }
        // A WebSocket library's origin (the socket's own URL) is no page's: not a browser.
        expectEqual(policy.check(host: "127.0.0.1:8080", origin: "ws://127.0.0.1"), nil)
        expectEqual(policy.check(host: "127.0.0.1:8080", origin: "WSS://anything"), nil)
        #expect(policy.check(host: "evil.example", origin: "ws://127.0.0.1") != nil)
        expectEqual(
            policy.check(host: "127.0.0.1:8080", origin: "http://evil\u{1B}[31m.example")?.message.contains(
                "http://evil?[31m.example"), true)
    }

    @Test func allowedOriginsAndTheirHostsAreAccepted() {
        let allowing = OriginPolicy(
            boundHost: "0.0.0.0", port: 8080, allowedOrigins: ["http://192.168.1.5:8080", "https://play.example/"])
        expectEqual(allowing.check(host: "192.168.1.5:8080", origin: "http://192.168.1.5:8080"), nil)
        expectEqual(allowing.check(host: "play.example", origin: "https://play.example"), nil)
        expectEqual(allowing.check(host: "play.example:443", origin: "https://play.example:443"), nil)
        expectEqual(allowing.check(host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080"), nil)
        // Only those: not another scheme or port of them, not another origin.
        #expect(allowing.check(host: "192.168.1.5:8080", origin: "http://play.example") != nil)
        #expect(allowing.check(host: "192.168.1.5:8080", origin: "http://192.168.1.5:8081") != nil)
        #expect(allowing.check(host: "evil.example:8080", origin: nil) != nil)
    }

    @Test func originsParse() {
        expectEqual(
            OriginPolicy.parseOrigin("http://localhost:8080"), .init(scheme: "http", host: "localhost", port: 8080))
        expectEqual(
            OriginPolicy.parseOrigin("HTTPS://Play.Example"), .init(scheme: "https", host: "play.example", port: 443))
        expectEqual(OriginPolicy.parseOrigin("http://[::1]:9/"), .init(scheme: "http", host: "[::1]", port: 9))
        for bad in [
            "", "localhost:8080", "ftp://x", "http://", "http://x/y", "http://x:y", "http://u@x", "http://x:65536", "*",
            "null",
        ] {
            expectEqual(OriginPolicy.parseOrigin(bad), nil, "\(bad)")
        }
    }

    /// A property: for generated host names and ports, exactly the server's own names at its
    /// own port are accepted, as Host and (with http://) as Origin.
    @Test func exactlyTheOwnNamesAtTheOwnPortAreAccepted() {
        let names = [
            "127.0.0.1", "localhost", "[::1]", "10.0.0.2", "example.com", "localhost.example", "127.0.0.2", "[::2]",
            "0.0.0.0",
        ]
        var generator = SplitMix64(seed: 25)
        for _ in 0..<500 {
            let port = Int(generator.next() % 65_536)
            let bound = names[Int(generator.next() % UInt64(names.count))]
            let policy = OriginPolicy(
                boundHost: bound.hasPrefix("[") ? String(bound.dropFirst().dropLast()) : bound, port: port)
            let name = names[Int(generator.next() % UInt64(names.count))]
            let otherPort = generator.next() % 2 == 0 ? port : Int(generator.next() % 65_536)
            let own = ["127.0.0.1", "localhost", "[::1]", bound].contains(name) && otherPort == port
            expectEqual(
                (policy.check(host: "\(name):\(otherPort)", origin: nil) == nil), own,
                "\(bound) \(port) \(name):\(otherPort)")
            expectEqual((policy.check(host: "127.0.0.1:\(port)", origin: "http://\(name):\(otherPort)") == nil), own)
        }
    }
}
