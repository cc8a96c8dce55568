/// A strict JSON reader (RFC 8259) over UTF-8 bytes, written for the playground's small
/// messages: its errors name the byte and what was expected (Foundation's do not, and differ
/// between platforms), nesting is bounded (``maximumDepth``), and a repeated key is an error.
public struct JSONReader {
    /// Arrays and objects nest at most this deep: no message of the protocol nests past 2.
    public static let maximumDepth = 32

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one value `text` holds (whitespace around it allowed, nothing else).
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else {
            throw reader.error("unexpected \(reader.describeHere()) after the value")
        }
        return value
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: reason)
    }

    /// The byte at the current position, for messages: `'x'`, or "the end of the text".
    private func describeHere() -> String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, got the end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value, got \(describeHere())")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let expected = word.withUTF8Buffer { Array($0) }
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            index = start
            throw error("expected a value, got \(describeHere())")
        }
        index += expected.count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = []
        if try opensEmpty("}", depth: depth) { return .object(fields) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a field name in double quotes, got \(describeHere())")
            }
            let keyStart = index
            let key = try string()
            if fields.contains(where: { $0.key == key }) {
                index = keyStart
                throw error("field \"\(key)\" appears twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after a field name, got \(describeHere())")
            }
            index += 1
            skipWhitespace()
            fields.append((key, try value(depth: depth)))
            if try closes("}") { return .object(fields) }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var values: [JSONValue] = []
        if try opensEmpty("]", depth: depth) { return .array(values) }
        while true {
            skipWhitespace()
            values.append(try value(depth: depth))
            if try closes("]") { return .array(values) }
        }
    }

    /// Past an object's or an array's opening bracket, `depth` levels deep: whether `close`
    /// follows at once (then consumed: the value is empty).
    private mutating func opensEmpty(_ close: Unicode.Scalar, depth: Int) throws(JSONSyntaxError) -> Bool {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: close) else { return false }
        index += 1
        return true
    }

    /// After an object's field or an array's element: whether `close` ends it (`,` goes on to
    /// the next); either is consumed.
    private mutating func closes(_ close: Unicode.Scalar) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("expected ',' or '\(close)', got the end of the text") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return false
        }
        guard bytes[index] == UInt8(ascii: close) else {
            throw error("expected ',' or '\(close)', got \(describeHere())")
        }
        index += 1
        return true
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.index
            while reader.index < reader.bytes.count, reader.bytes[reader.index] >= 0x30,
                reader.bytes[reader.index] <= 0x39
            {
                reader.index += 1
            }
            return reader.index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else {
            throw error("expected a digit, got \(describeHere())")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                throw JSONSyntaxError(offset: start, reason: "a number may not start with 0 followed by digits")
            }
        } else {
            _ = digits(&self)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.', got \(describeHere())") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent, got \(describeHere())") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else {
            index = start
            throw error("not a number: \(text)")
        }
        return value
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ reader: JSONReader, upTo end: Int, into scalars: inout String.UnicodeScalarView) {
            if end > runStart {
                scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                if scalars.isEmpty {
                    // No escape before it (the usual case): the bytes themselves, no copy scalar by scalar.
                    let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                flushRun(self, upTo: index, into: &scalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun(self, upTo: index, into: &scalars)
                index += 1
                scalars.append(try escape())
                runStart = index
            case 0x00..<0x20:
                throw error("control character 0x\(String(byte, radix: 16, uppercase: true)) in a string (escape it)")
            default:
                index += 1
            }
        }
    }

    /// After a backslash: the character it stands for (a surrogate pair read whole).
    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("a high surrogate \\u escape must be followed by a low one")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("a high surrogate \\u escape must be followed by a low one")
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("a lone low surrogate \\u escape") }
            return scalar
        default:
            index -= 2
            throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("expected 4 hex digits after \\u") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw error("expected 4 hex digits after \\u, got \(describeHere())")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
