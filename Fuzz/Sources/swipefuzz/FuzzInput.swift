/// Reads structured values out of a fuzzer's bytes, front to back; past the end every read gives
/// zero, so any input decodes to something.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A value in `0..<bound` (`bound` at most 256).
    mutating func choose(_ bound: Int) -> Int { Int(byte()) % max(bound, 1) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[choose(choices.count)] }

    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// A number a person or a generator would write: small whole and fractional values, the
    /// edges (0, -0, huge, tiny, 2^53 ± 1, Int64's), and any finite bit pattern.
    mutating func double(finite: Bool = true) -> Double {
        switch choose(8) {
        case 0: return Double(Int8(bitPattern: byte()))
        case 1: return Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) / 4
        case 2:
            return pick([
                0, -0.0, 0.5, 1e-300, Double.leastNonzeroMagnitude, 1e15, 1e15 + 0.5, 9_007_199_254_740_992,
                9_007_199_254_740_994,
                9.2233720368547758e18, -9.2233720368547758e18, 1e300, -1e300, Double.greatestFiniteMagnitude,
            ])
        case 3 where !finite: return pick([Double.nan, .infinity, -.infinity])
        default:
            let value = Double(bitPattern: uint64())
            return finite && !value.isFinite ? 0 : value
        }
    }

    /// A string of up to `limit` bytes, often with JSON's and XML's special characters, control
    /// characters and multi-byte UTF-8; invalid UTF-8 is repaired the way the callers' `String`s
    /// are.
    mutating func string(limit: Int = 40) -> String {
        let count = choose(limit + 1)
        var utf8: [UInt8] = []
        for _ in 0..<count {
            switch choose(6) {
            case 0:
                utf8 += Array(
                    pick([
                        "\"", "\\", "<", ">", "&", "'", "\n", "\r", "\t", "#", "]]>", "é", "€", "😀", "\u{7F}",
                        "\u{2028}", "\u{FFFE}", "\u{0}",
                    ]).utf8)
            case 1: utf8.append(byte() & 0x1F)
            default: utf8.append(byte())
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The bytes not read yet.
    mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}
