import SwipeCore
import SwipeTestSupport
import Testing

@testable import SwipePlayground

struct ClientMessageTests {
    @Test func decodesEachMessageType() throws {
        expectEqual(
            try ClientMessage.decode(#"{"type":"pointer","phase":"move","x":12.5,"y":100,"t":16.7,"id":3}"#),
            .pointer(
                PointerEvent(phase: .move, x: 12.5, y: 100, time: VirtualInstant(nanoseconds: 16_700_000), id: 3)))
        expectEqual(
            try ClientMessage.decode(#" {"t":5,"dy":-40,"type":"wheel"} "#),
            .wheel(dy: -40, time: VirtualInstant(nanoseconds: 5_000_000)))
        expectEqual(try ClientMessage.decode(#"{"type":"tick","t":0}"#), .tick(time: .start))
        // No id: pointer 1. Unknown fields are ignored.
        expectEqual(
            try ClientMessage.decode(#"{"type":"pointer","phase":"down","x":0,"y":0,"t":1,"pointerType":"mouse"}"#),
            .pointer(PointerEvent(phase: .down, x: 0, y: 0, time: VirtualInstant(nanoseconds: 1_000_000), id: 1))
        )
    }

    @Test(arguments: [
        // Malformed JSON: the byte and what was expected there.
        ("", "malformed JSON at byte 0: expected a value, got the end of the text"),
        ("{", "malformed JSON at byte 1: expected a field name in double quotes, got the end of the text"),
        (#"{"type":"tick","t":1"#, "malformed JSON at byte 20: expected ',' or '}', got the end of the text"),
        (#"{"type":"tick","t":1 2}"#, "malformed JSON at byte 21: expected ',' or '}', got '2'"),
        (#"{"type":"tick","t":[1"#, "malformed JSON at byte 21: expected ',' or ']', got the end of the text"),
        (#"{"type":"tick","t":[1 }"#, "malformed JSON at byte 22: expected ',' or ']', got '}'"),
        (#"{"type":"tick","t":[1,]}"#, "malformed JSON at byte 22: expected a value, got ']'"),
        (#"{"type" "tick"}"#, "malformed JSON at byte 8: expected ':' after a field name, got '\"'"),
        (#"{"type":'tick'}"#, "malformed JSON at byte 8: expected a value, got '''"),
        (#"{"type":"tick","t":01}"#, "malformed JSON at byte 19: a number may not start with 0 followed by digits"),
        (#"{"type":"tick","t":1.}"#, "malformed JSON at byte 21: expected a digit after '.', got '}'"),
        (#"{"type":"tick","t":1} x"#, "malformed JSON at byte 22: unexpected 'x' after the value"),
        (#"{"type":"tick","type":"wheel"}"#, "malformed JSON at byte 15: field \"type\" appears twice"),
        (#"{"type":"ti\qck"}"#, "malformed JSON at byte 11: unknown escape '\\q' in a string"),
        ("{\"type\":\"a\u{01}\"}", "malformed JSON at byte 10: control character 0x1 in a string (escape it)"),
        (#"{"type":"tick","t":tru}"#, "malformed JSON at byte 19: expected a value, got 't'"),
        (String(repeating: "[", count: 40), "malformed JSON at byte 32: nested deeper than 32 levels"),
        // Not an object; the type.
        ("[1,2]", "a message must be a JSON object, got an array"),
        ("\"tick\"", "a message must be a JSON object, got a string"),
        (
            "{}",
            "a message needs a \"type\" field (\"pointer\", \"wheel\", \"tick\", \"dismiss\", \"actions\" or \"activate\")"
        ),
        (#"{"type":7}"#, "field \"type\" must be a string, got a number"),
        (
            #"{"type":"drag"}"#,
            "unknown message type \"drag\" (expected \"pointer\", \"wheel\", \"tick\", \"dismiss\", \"actions\" or \"activate\")"
        ),
        // Fields: missing, of the wrong type, out of range.
        (#"{"type":"tick"}"#, "a \"tick\" message needs a \"t\" field (milliseconds since the page connected)"),
        (#"{"type":"tick","t":"5"}"#, "field \"t\" of a \"tick\" message must be a number, got a string"),
        (
            #"{"type":"tick","t":-1}"#,
            "field \"t\" of a \"tick\" message must be from 0 to 9000000000000 milliseconds, got -1"
        ),
        (
            #"{"type":"tick","t":1e400}"#,
            "field \"t\" of a \"tick\" message is out of range: a number beyond ±1.7976931348623157e308"
        ),
        // 60,000 digits are out of range, not "not finite".
        (
            #"{"type":"tick","t":"# + String(repeating: "9", count: 60_000) + "}",
            "field \"t\" of a \"tick\" message is out of range: a number beyond ±1.7976931348623157e308"
        ),
        (#"{"type":"wheel","t":1}"#, "a \"wheel\" message needs a \"dy\" field (a number of CSS px)"),
        (#"{"type":"wheel","dy":null,"t":1}"#, "field \"dy\" of a \"wheel\" message must be a number, got null"),
        (
            #"{"type":"wheel","dy":2000000,"t":1}"#,
            "field \"dy\" of a \"wheel\" message must be from -1000000 to 1000000 px, got 2000000"
        ),
        (#"{"type":"pointer","x":1,"y":2,"t":3}"#, "a \"pointer\" message needs a \"phase\" field (a string)"),
        (
            #"{"type":"pointer","phase":true,"x":1,"y":2,"t":3}"#,
            "field \"phase\" of a \"pointer\" message must be a string, got a boolean"
        ),
        (
            #"{"type":"pointer","phase":"drag","x":1,"y":2,"t":3}"#,
            "field \"phase\" of a \"pointer\" message must be \"down\", \"move\", \"up\" or \"cancel\", got \"drag\""
        ),
        (
            #"{"type":"pointer","phase":"up","x":[1],"y":2,"t":3}"#,
            "field \"x\" of a \"pointer\" message must be a number, got an array"
        ),
        (
            #"{"type":"pointer","phase":"up","x":1,"t":3}"#,
            "a \"pointer\" message needs a \"y\" field (a number of CSS px)"
        ),
        (
            #"{"type":"pointer","phase":"up","x":1,"y":2,"t":3,"id":"a"}"#,
            "field \"id\" of a \"pointer\" message must be a number, got a string"
        ),
        // "an" before a type that starts with a vowel, "a" before the others.
        (#"{"type":"actions","t":1}"#, "an \"actions\" message needs a \"row\" field (a row number)"),
        (
            #"{"type":"actions","row":2,"t":"1"}"#,
            "field \"t\" of an \"actions\" message must be a number, got a string"
        ),
        (
            #"{"type":"activate","row":0,"button":"a","t":1}"#,
            "field \"row\" of an \"activate\" message must be a whole number from 1 to 1000000000, got 0"
        ),
        (#"{"type":"dismiss"}"#, "a \"dismiss\" message needs a \"t\" field (milliseconds since the page connected)"),
    ])
    func refusesWithExactMessages(text: String, message: String) {
        #expect(throws: ProtocolError(message)) { try ClientMessage.decode(text) }
    }

    @Test func refusesOversizedMessagesBeforeReadingThem() throws {
        let text = #"{"type":"tick","t":1,"pad":""# + String(repeating: "x", count: 70_000) + #""}"#
        #expect(
            throws: ProtocolError(
                "message too large: \(text.utf8.count) bytes (at most 65536 bytes, 64 KiB, a message)")
        ) {
            try ClientMessage.decode(text)
        }
        // Exactly 64 KiB is allowed.
        let prefix = #"{"type":"tick","t":1,"pad":""#
        let exact = prefix + String(repeating: "x", count: 65_536 - prefix.utf8.count - 2) + #""}"#
        expectEqual(exact.utf8.count, 65_536)
        expectEqual(try ClientMessage.decode(exact), .tick(time: VirtualInstant(nanoseconds: 1_000_000)))
    }

    @Test func readsStringsWithEscapesAndUnicode() throws {
        let value = try JSONReader.parse(#"{"a":"x\"\\\/\n\u00e9\ud83d\ude00é","b":[true,false,null,-0.5e2]}"#)
        expectEqual(value["a"], .string("x\"\\/\n\u{e9}\u{1F600}é"))
        expectEqual(value["b"], .array([.bool(true), .bool(false), .null, .number(-50)]))
        #expect(
            throws: JSONSyntaxError(offset: 14, reason: "a high surrogate \\u escape must be followed by a low one")
        ) {
            try JSONReader.parse(#"["\ud83d\u0041"]"#)
        }
    }

    /// A string without escapes is read from its bytes at once (the serve path's fast way), one
    /// with escapes run by run: both read as their bytes decoded as UTF-8 (a `\n` escape as the
    /// byte 0x0A, an invalid byte as U+FFFD), over many generated strings.
    @Test(arguments: 0..<200)
    func aStringReadsAsItsUTF8WithOrWithoutEscapes(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        // Pieces: ASCII, a 2-byte and a 4-byte character, an invalid byte, a lone lead byte, `\n`.
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("Z 9".utf8), Array("é".utf8), Array("😀".utf8), [0xFF], [0xC3],
            Array(#"\n"#.utf8),
        ]
        var raw: [UInt8] = []
        var unescaped: [UInt8] = []
        // Half of the strings have no escape at all.
        let escapes = seed % 2 == 1
        for _ in 0..<Int(random.next() % 12) {
            let piece = pieces[Int(random.next() % UInt64(escapes ? pieces.count : pieces.count - 1))]
            raw += piece
            unescaped += piece == Array(#"\n"#.utf8) ? [0x0A] : piece
        }
        let value = try JSONReader.parse(bytes: Array(#"{"s":""#.utf8) + raw + Array(#""}"#.utf8))
        expectEqual(value["s"], .string(String(decoding: unescaped, as: UTF8.self)))
    }

    /// Whatever bytes arrive, decoding answers (a message or an error) and never traps.
    @Test func neverTrapsOnMangledMessages() {
        let valid = Array(
            #"{"type":"pointer","phase":"move","x":-12.5e1,"y":"\u00e9","t":16,"id":[1,{"a":null}]}"#.utf8)
        var generator = SplitMix64(seed: 13)
        for _ in 0..<5_000 {
            var bytes = valid
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(bytes[Int(generator.next() % UInt64(bytes.count))], at: index)
                }
            }
            _ = try? ClientMessage.decode(String(decoding: bytes, as: UTF8.self))
        }
    }
}
