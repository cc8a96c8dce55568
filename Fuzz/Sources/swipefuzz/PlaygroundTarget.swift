import SwipeCore
import SwipePlayground
import SwipePlugins

/// The playground's protocol: the bytes are the page's messages, one a line, fed to one session
/// (the tutorial's table, no plugin); between them the session's wake runs now and then, as the
/// server's timer would. Every reply must be one valid JSON object whose `type` is `frame` or
/// `error`; the strict reader must accept what the validator accepts (but a repeated key and an
/// unpaired surrogate escape, `"\ud83d"`, which it refuses on purpose: neither has one meaning
/// a Swift string can hold); and nothing may trap.
enum PlaygroundTarget {
    static func run(_ data: [UInt8]) {
        guard
            let session = try? PlaygroundSession(
                id: "fuzz", configuration: SessionConfiguration(items: .generated(count: 40)))
        else {
            fuzzFailure("a session without plugins did not start")
        }
        for reply in session.greeting() { check(reply) }
        var messages = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            messages += 1
            if messages > 256 { break }
            let text = String(decoding: line, as: UTF8.self)
            // The reader and the validator agree on what is JSON (for text the reader sees as
            // UTF-8: the socket hands over valid UTF-8 text only).
            let bytes = Array(text.utf8)
            // The reader also refuses a repeated key and an unpaired surrogate escape, which
            // JSON's grammar allows: the two differences.
            let valid = JSONCheck.problem(inObject: bytes, spaced: true) == nil
            var read = false
            var refusedOnPurpose = false
            do {
                if case .object = try JSONReader.parse(bytes: bytes) { read = true }
            } catch {
                refusedOnPurpose = error.reason.hasSuffix("appears twice") || error.reason.contains("surrogate")
            }
            if bytes.first == UInt8(ascii: "{"), valid != read, !(valid && refusedOnPurpose), bytes.count < 4_096 {
                fuzzFailure(
                    "JSONReader \(read ? "accepts" : "refuses") an object the validator \(valid ? "accepts" : "refuses"): \(text.prefix(200))"
                )
            }
            for reply in session.receive(text) { check(reply) }
            if line.count % 5 == 0, let wake = session.nextWake {
                for reply in session.wake(at: wake) { check(reply) }
            }
        }
    }

    static func check(_ reply: String) {
        let bytes = Array(reply.utf8)
        if let problem = JSONCheck.problem(inObject: bytes) {
            fuzzFailure("a reply is not a JSON object (\(problem)): \(reply.prefix(300))")
        }
        guard case .object? = try? JSONReader.parse(bytes: bytes) else {
            fuzzFailure("JSONReader refuses a reply: \(reply.prefix(300))")
        }
        let type = try? JSONReader.parse(bytes: bytes)["type"]
        guard type == .string("frame") || type == .string("error") || type == .string("hello") else {
            fuzzFailure("a reply of an unexpected type: \(reply.prefix(300))")
        }
    }
}
