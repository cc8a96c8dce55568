/// Bytes waiting to be written: a run prints nothing until it has succeeded as a whole.
public struct OutputBuffer: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Makes room for `count` more bytes at once.
    public mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    public mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// A JSON number: whole values without a fraction, others as Swift's shortest round-trip form.
    public mutating func append(number value: Double) {
        if value == value.rounded(), abs(value) < 1e15 {
            append(integer: Int(value))
        } else {
            append(value.description)
        }
    }

    public mutating func append(integer value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(raw[index]) }
        }
    }

    /// A JSON string literal, quoted and escaped.
    public mutating func append(jsonString text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied whole.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain != true {
            for byte in text.utf8 { appendEscaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            append("\\u00")
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
    }

    public mutating func append(json value: TraceValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let integer): append(integer: integer)
        case .number(let number): append(number: number)
        case .string(let text): append(jsonString: text)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(json: element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            append(fields: fields, leadingComma: false)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `"key":value` pairs, comma-separated, each preceded by a comma when `leadingComma`.
    public mutating func append(fields: [TraceField], leadingComma: Bool) {
        for (index, field) in fields.enumerated() {
            if leadingComma || index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(jsonString: field.key)
            bytes.append(UInt8(ascii: ":"))
            append(json: field.value)
        }
    }
}
