/// A strict JSON validator (RFC 8259): one value, no trailing text, strings of valid UTF-8 with
/// no raw control characters, numbers in JSON's grammar only (no NaN, no leading zeros, no `+`).
/// The project's own output is compact, so whitespace between tokens is refused unless asked for
/// (`spaced`: what a page may send, which JSON allows).
struct JSONCheck {
    private let bytes: [UInt8]
    private var spaced = false
    private var position = 0
    private var depth = 0

    /// Checks that `bytes` is newline-terminated lines, each one JSON object; traps on the first
    /// line that is not.
    static func lines(_ bytes: [UInt8], what: String) {
        if bytes.isEmpty { return }
        if bytes.last != UInt8(ascii: "\n") { fuzzFailure("\(what): the jsonl output does not end in a newline") }
        for (number, line) in bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            if let problem = problem(inObject: Array(line)) {
                fuzzFailure(
                    "\(what): jsonl line \(number + 1) is not a JSON object (\(problem)): \(String(decoding: line.prefix(300), as: UTF8.self))"
                )
            }
        }
    }

    /// Why `bytes` is not exactly one JSON object, or nil when it is.
    static func problem(inObject bytes: [UInt8], spaced: Bool = false) -> String? {
        guard bytes.first == UInt8(ascii: "{") else { return "does not start with {" }
        var check = JSONCheck(bytes: bytes)
        check.spaced = spaced
        do throws(Failure) {
            try check.value()
            check.skipSpace()
            guard check.position == bytes.count else {
                throw Failure(message: "text after the value", at: check.position)
            }
            return nil
        } catch {
            return "\(error.message) at byte \(error.at)"
        }
    }

    struct Failure: Error { var message: String; var at: Int }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func fail(_ message: String) -> Failure { Failure(message: message, at: position) }

    private mutating func expect(_ literal: String) throws(Failure) {
        for byte in literal.utf8 {
            guard current == byte else { throw fail("expected \(literal)") }
            position += 1
        }
    }

    /// Whitespace between tokens (`spaced` only): space, tab, line feed, carriage return.
    private mutating func skipSpace() {
        guard spaced else { return }
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func value() throws(Failure) {
        skipSpace()
        guard let byte = current else { throw fail("expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            depth += 1
            if depth > 512 { throw fail("nested too deep") }
            position += 1
            skipSpace()
            if current == UInt8(ascii: "}") { position += 1; depth -= 1; return }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { throw fail("expected a key") }
                try string()
                skipSpace()
                try expect(":")
                try value()
                skipSpace()
                if current == UInt8(ascii: ",") { position += 1; continue }
                try expect("}")
                depth -= 1
                return
            }
        case UInt8(ascii: "["):
            depth += 1
            if depth > 512 { throw fail("nested too deep") }
            position += 1
            skipSpace()
            if current == UInt8(ascii: "]") { position += 1; depth -= 1; return }
            while true {
                try value()
                skipSpace()
                if current == UInt8(ascii: ",") { position += 1; continue }
                try expect("]")
                depth -= 1
                return
            }
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try expect("true")
        case UInt8(ascii: "f"): try expect("false")
        case UInt8(ascii: "n"): try expect("null")
        default: try number()
        }
    }

    private mutating func digits() throws(Failure) {
        guard let byte = current, (0x30...0x39).contains(byte) else { throw fail("expected a digit") }
        while let byte = current, (0x30...0x39).contains(byte) { position += 1 }
    }

    private mutating func number() throws(Failure) {
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            try digits()
        }
        if current == UInt8(ascii: ".") { position += 1; try digits() }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
    }

    private mutating func string() throws(Failure) {
        try expect("\"")
        while true {
            guard let byte = current else { throw fail("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                position += 1
                guard let escape = current else { throw fail("unterminated escape") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    for _ in 0..<4 {
                        guard let hex = current,
                            (0x30...0x39).contains(hex) || (0x41...0x46).contains(hex) || (0x61...0x66).contains(hex)
                        else { throw fail("bad \\u escape") }
                        position += 1
                    }
                default: throw fail("bad escape")
                }
            case 0..<0x20: throw fail("raw control character \(byte) in a string")
            case 0x20..<0x80: position += 1
            default: try utf8Sequence()
            }
        }
    }

    /// One multi-byte UTF-8 sequence, well-formed (no overlongs, no surrogates, at most U+10FFFF).
    private mutating func utf8Sequence() throws(Failure) {
        let lead = bytes[position]
        let (count, low, high): (Int, UInt8, UInt8) =
            switch lead {
            case 0xC2...0xDF: (1, 0x80, 0xBF)
            case 0xE0: (2, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (2, 0x80, 0xBF)
            case 0xED: (2, 0x80, 0x9F)
            case 0xF0: (3, 0x90, 0xBF)
            case 0xF1...0xF3: (3, 0x80, 0xBF)
            case 0xF4: (3, 0x80, 0x8F)
            default: throw fail("invalid UTF-8 lead byte \(lead)")
            }
        position += 1
        for index in 0..<count {
            guard let byte = current, index == 0 ? (low...high).contains(byte) : (0x80...0xBF).contains(byte) else {
                throw fail("invalid UTF-8 continuation")
            }
            position += 1
        }
    }
}
