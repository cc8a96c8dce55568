import SwipeCore

/// Bytes waiting to be written: a run prints nothing until it has succeeded as a whole.
///
/// The bytes live in a block the buffer manages itself (copied on write, like an array's):
/// appending a literal or a number is a bounds check and a copy, where
/// `[UInt8].append(contentsOf:)` runs about 100 instructions of generic code each time. A
/// replay's jsonl trace is made of such appends.
public struct OutputBuffer: @unchecked Sendable {
    // @unchecked: `storage` is only mutated through `unique()`, so values never share a
    // block they write to.
    private var storage: Storage

    public init() {
        storage = Storage(capacity: 256)
    }

    /// The bytes, copied into an array (see ``withUnsafeBytes(_:)`` to write them without a copy).
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    public var count: Int { storage.count }

    /// Calls `body` with the bytes, valid only during the call.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    /// Makes room for `count` more bytes at once.
    public mutating func reserve(_ count: Int) {
        _ = room(count)
    }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// ASCII or UTF-8 known at compile time (the punctuation and keys of a format). Inlined,
    /// so that the copy of a literal of known length compiles to a few moves.
    @inline(__always)
    public mutating func append(literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    public mutating func append(byte: UInt8) {
        room(1).pointee = byte
        storage.count += 1
    }

    @inline(__always)
    public mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard raw.count > 0 else { return }
        UnsafeMutableRawPointer(room(raw.count)).copyMemory(from: raw.baseAddress!, byteCount: raw.count)
        storage.count += raw.count
    }

    /// A JSON number: whole values without a fraction, others as Swift's shortest round-trip form.
    public mutating func append(number value: Double) {
        if value == value.rounded(), abs(value) < 1e15 {
            append(integer: Int(value))
        } else {
            append(value.description)
        }
    }

    /// An instant as JSON milliseconds, exactly, from its integer nanoseconds
    /// (``TimeText/milliseconds(_:)-swift.type.method``): what ``append(number:)`` writes for
    /// `time.milliseconds` wherever that `Double` is exact, and the exact decimal where it is not.
    /// A whole millisecond, as most are, is written without making a string.
    public mutating func append(milliseconds time: VirtualInstant) {
        let (whole, rest) = time.nanoseconds.quotientAndRemainder(dividingBy: 1_000_000)
        if rest == 0 {
            append(integer: Int(whole))
        } else {
            append(TimeText.milliseconds(time))
        }
    }

    public mutating func append(integer value: Int) {
        // At most a sign and 19 digits (Int.min's magnitude, 2^63, has 19).
        let start = room(20)
        var magnitude = value.magnitude
        var digits = 1
        var bound: UInt = 10
        // Stops by 10^19 at the latest, which UInt holds: no overflow.
        while magnitude >= bound {
            digits += 1
            bound &*= 10
        }
        let sign = value < 0 ? 1 : 0
        if sign == 1 { start.pointee = UInt8(ascii: "-") }
        // Two digits per division, from the end; a last odd digit alone.
        var cursor = start + sign + digits
        while magnitude >= 10 {
            let (quotient, pair) = magnitude.quotientAndRemainder(dividingBy: 100)
            cursor -= 2
            cursor.update(from: Self.digitPairs.utf8Start + Int(pair) * 2, count: 2)
            magnitude = quotient
        }
        if cursor > start + sign {
            cursor[-1] = UInt8(ascii: "0") + UInt8(magnitude)
        }
        storage.count += sign + digits
    }

    /// "00", "01", ... "99", run together.
    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// A JSON string literal, quoted and escaped.
    public mutating func append(jsonString text: String) {
        var text = text
        text.withUTF8 { utf8 in
            // Most strings need no escape: copied whole.
            if !Self.needsEscape(utf8) {
                let start = room(utf8.count + 2)
                start.pointee = UInt8(ascii: "\"")
                if utf8.count > 0 { (start + 1).update(from: utf8.baseAddress!, count: utf8.count) }
                start[utf8.count + 1] = UInt8(ascii: "\"")
                storage.count += utf8.count + 2
                return
            }
            append(byte: UInt8(ascii: "\""))
            for byte in utf8 { appendEscaped(byte) }
            append(byte: UInt8(ascii: "\""))
        }
    }

    /// Whether `utf8` holds a byte JSON escapes (a control character, `"` or `\\`), eight
    /// bytes at a time: a byte-by-byte search costs more than the copy it guards.
    static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Each test sets a byte's high bit where that byte matches (exact for "any byte
        // does"; bytes >= 0x80, UTF-8 beyond ASCII, match none of them).
        func below(_ word: UInt64, _ limit: UInt64) -> UInt64 { (word &- ones &* limit) & ~word & highs }
        func equal(_ word: UInt64, _ byte: UInt64) -> UInt64 { below(word ^ (ones &* byte), 1) }
        guard let base = utf8.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= utf8.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if below(word, 0x20) | equal(word, 0x22) | equal(word, 0x5C) != 0 { return true }
            offset += 8
        }
        while offset < utf8.count {
            let byte = base[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            offset += 1
        }
        return false
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append(literal: "\\\"")
        case UInt8(ascii: "\\"): append(literal: "\\\\")
        case UInt8(ascii: "\n"): append(literal: "\\n")
        case UInt8(ascii: "\r"): append(literal: "\\r")
        case UInt8(ascii: "\t"): append(literal: "\\t")
        case 0..<0x20:
            let hex: StaticString = "0123456789abcdef"
            append(literal: "\\u00")
            append(byte: hex.utf8Start[Int(byte >> 4)])
            append(byte: hex.utf8Start[Int(byte & 0xF)])
        default: append(byte: byte)
        }
    }

    public mutating func append(json value: TraceValue) {
        switch value {
        case .null: append(literal: "null")
        case .bool(let flag): flag ? append(literal: "true") : append(literal: "false")
        case .int(let integer): append(integer: integer)
        case .number(let number): append(number: number)
        case .string(let text): append(jsonString: text)
        case .array(let values):
            append(byte: UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { append(byte: UInt8(ascii: ",")) }
                append(json: element)
            }
            append(byte: UInt8(ascii: "]"))
        case .object(let fields):
            append(byte: UInt8(ascii: "{"))
            append(fields: fields, leadingComma: false)
            append(byte: UInt8(ascii: "}"))
        }
    }

    /// `"key":value` pairs, comma-separated, each preceded by a comma when `leadingComma`.
    public mutating func append(fields: [TraceField], leadingComma: Bool) {
        for (index, field) in fields.enumerated() {
            if leadingComma || index > 0 { append(byte: UInt8(ascii: ",")) }
            append(jsonString: field.key)
            append(byte: UInt8(ascii: ":"))
            append(json: field.value)
        }
    }

    /// Where the next `needed` bytes go, in a block this value alone holds.
    @inline(__always)
    private mutating func room(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(adding: needed) }
        if needed > storage.capacity - storage.count { storage.grow(adding: needed) }
        return storage.base + storage.count
    }

    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }

        func copy(adding extra: Int) -> Storage {
            let copy = Storage(capacity: max(capacity, count + extra))
            copy.base.update(from: base, count: count)
            copy.count = count
            return copy
        }

        /// Doubles the block (at least), so that appends cost amortized constant time.
        @inline(never)
        func grow(adding extra: Int) {
            let newCapacity = max(capacity * 2, count + extra)
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newBase.update(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }
}
