import Glibc
import SwipeCore

/// Bytes waiting to be written: a run prints nothing until it has succeeded as a whole.
///
/// A long run's output need not stay in memory: after ``spool(above:)``, whenever the bytes in
/// memory would pass the bound they move to an unlinked temporary file instead, and
/// ``write(to:)`` copies that file and then the rest. A run that fails drops the buffer, and the
/// file goes with it unread: nothing was printed.
///
/// The bytes live in a block the buffer manages itself (copied on write, like an array's):
/// appending a literal or a number is a bounds check and a copy, where
/// `[UInt8].append(contentsOf:)` runs generic code each time, several times the copy (the
/// figure: docs/performance.md, "Figures behind the code"). A replay's jsonl trace is made of
/// such appends.
public struct OutputBuffer: @unchecked Sendable {
    // @unchecked: `storage` is only mutated through `unique()`, so values never share a
    // block they write to.
    private var storage: Storage

    public init() {
        storage = Storage(capacity: 256)
    }

    /// The bytes, copied into an array (see ``write(to:)`` to write them without a copy), the
    /// spooled ones read back from their file.
    public var bytes: [UInt8] {
        guard let spool = storage.spool, spool.written > 0 else { return withUnsafeBytes { Array($0) } }
        var bytes = spool.readBack()
        withUnsafeBytes { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// How many bytes, spooled ones included.
    public var count: Int { storage.count + (storage.spool?.written ?? 0) }

    /// How many of the bytes are in the spool file (0 when none were moved there).
    public var spooledCount: Int { storage.spool?.written ?? 0 }

    /// Calls `body` with the bytes in memory, valid only during the call: all the bytes unless
    /// some were spooled (``spooledCount``), which ``write(to:)`` and ``bytes`` include.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    /// Makes room for `count` more bytes at once (at most the spool's bound, when spooling).
    public mutating func reserve(_ count: Int) {
        if let spool = storage.spool, spool.active {
            _ = room(min(count, spool.bound))
        } else {
            _ = room(count)
        }
    }

    /// From now on, keeps at most about `bound` bytes in memory: past it, the bytes so far move
    /// to an unlinked temporary file (made on the first move, in `$TMPDIR` or `/tmp`). Appending
    /// costs the same; only the rare growth of the block checks the bound. Should the file not
    /// be made or written (a full disk), the bytes stay in memory as without a spool: the output
    /// is the same either way.
    public mutating func spool(above bound: Int) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(adding: 0) }
        storage.spool = Spool(bound: max(bound, 4096))
    }

    /// Writes every byte to `descriptor`, the spooled ones first (copied in the kernel where it
    /// can), retrying interrupted and partial writes; the `errno` of a write that failed.
    public func write(to descriptor: Int32) -> Int32? {
        if let spool = storage.spool, spool.written > 0, let error = spool.copy(to: descriptor) { return error }
        return withUnsafeBytes { Self.writeAll($0, to: descriptor) }
    }

    /// What `write` appends to an empty buffer, as text without its final newline (a format's
    /// line for one record).
    public static func line(_ write: (inout OutputBuffer) -> Void) -> String {
        var out = OutputBuffer()
        write(&out)
        var bytes = out.bytes
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the whole buffer; the `errno` of the write that failed, if one did.
    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
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
        storage.count += Self.put(integer: value, at: start) - start
    }

    /// Calls `body` with where the next `maxCount` bytes go; `body` writes at most that many
    /// (with the `put` functions) and returns where it stopped. A line whose parts are all
    /// bounded is written so with one check of the room left, not one per part.
    @inline(__always)
    public mutating func write(
        atMost maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    ) {
        let start = room(maxCount)
        let end = body(start)
        assert(end - start <= maxCount && end >= start, "wrote past the room asked for")
        storage.count += end - start
    }

    /// Writes `literal` at `cursor` (room made by ``write(atMost:_:)``); where it ends.
    @inline(__always)
    public static func put(_ literal: StaticString, at cursor: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        // A raw copy: of a literal's constant length, a few moves (`update(from:count:)` first
        // compares the two addresses, and calls memmove for a length it does not know).
        UnsafeMutableRawPointer(cursor).copyMemory(from: literal.utf8Start, byteCount: literal.utf8CodeUnitCount)
        return cursor + literal.utf8CodeUnitCount
    }

    /// Writes `value` in decimal at `start` (room for 20 bytes); where it ends.
    @inline(__always)
    public static func put(integer value: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var magnitude = value.magnitude
        let digits = digitCount(magnitude)
        let sign = value < 0 ? 1 : 0
        if sign == 1 { start.pointee = UInt8(ascii: "-") }
        // Two digits per division (a multiplication: the divisor is a constant), from the end;
        // a last odd digit alone.
        let end = start + sign + digits
        var cursor = end
        let pairs = UnsafeRawPointer(digitPairs.utf8Start)
        while magnitude >= 10 {
            let (quotient, pair) = magnitude.quotientAndRemainder(dividingBy: 100)
            cursor -= 2
            // The pair as one 16-bit load and store.
            UnsafeMutableRawPointer(cursor).storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: Int(pair) * 2, as: UInt16.self), as: UInt16.self)
            magnitude = quotient
        }
        if cursor > start + sign {
            cursor[-1] = UInt8(ascii: "0") + UInt8(magnitude)
        }
        return end
    }

    /// How many decimal digits `magnitude` has (1 for 0): the counts of a trace's numbers (rows,
    /// milliseconds up to 8 digits) by a few comparisons with constants, larger ones by a loop.
    @inline(__always)
    static func digitCount(_ magnitude: UInt) -> Int {
        if magnitude < 10_000 {
            if magnitude < 100 { return magnitude < 10 ? 1 : 2 }
            return magnitude < 1000 ? 3 : 4
        }
        if magnitude < 100_000_000 {
            if magnitude < 1_000_000 { return magnitude < 100_000 ? 5 : 6 }
            return magnitude < 10_000_000 ? 7 : 8
        }
        var digits = 9
        var bound: UInt = 1_000_000_000
        // Stops by 10^19 at the latest, which UInt holds: no overflow.
        while magnitude >= bound {
            digits += 1
            bound &*= 10
        }
        return digits
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
        /// Where bytes past the bound go (``OutputBuffer/spool(above:)``).
        var spool: Spool?

        /// The block comes from `malloc` and grows with `realloc` (``grow(adding:)``), freed with
        /// `free`.
        init(capacity: Int) {
            self.capacity = capacity
            base = Self.allocate(capacity)
        }

        deinit { free(base) }

        private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
            guard let block = malloc(capacity) else { fatalError("out of memory for \(capacity) bytes of output") }
            return block.assumingMemoryBound(to: UInt8.self)
        }

        /// A copy this value alone holds. A copy of a spooling buffer spools too, into a file of
        /// its own (two values never write into one file); should that file not be made, the
        /// copy holds all the bytes in memory and does not spool.
        func copy(adding extra: Int) -> Storage {
            var spooledCopy: Spool?
            if let spool {
                spooledCopy = spool.copy()
                if spooledCopy == nil {
                    let spooled = spool.readBack()
                    let copy = Storage(capacity: spooled.count + count + extra)
                    spooled.withUnsafeBufferPointer { copy.base.update(from: $0.baseAddress!, count: $0.count) }
                    (copy.base + spooled.count).update(from: base, count: count)
                    copy.count = spooled.count + count
                    return copy
                }
            }
            let copy = Storage(capacity: max(capacity, count + extra))
            copy.base.update(from: base, count: count)
            copy.count = count
            copy.spool = spooledCopy
            return copy
        }

        /// Doubles the block (at least), so that appends cost amortized constant time; when
        /// spooling and the bytes would pass the bound, moves them to the spool file instead.
        ///
        /// With `realloc`: a large block (glibc maps those of 128 KiB and more on their own) is
        /// moved by remapping its pages (`mremap`), not copied into fresh ones, so the bytes
        /// written so far are neither copied again nor their pages faulted in again
        /// (docs/performance.md, "The output buffer").
        @inline(never)
        func grow(adding extra: Int) {
            if let spool, spool.active, count + extra > spool.bound, count > 0, spool.append(base, count: count) {
                count = 0
                if extra <= capacity { return }
            }
            let newCapacity = max(capacity * 2, count + extra)
            guard let newBase = realloc(base, newCapacity) else {
                fatalError("out of memory for \(newCapacity) bytes of output")
            }
            base = newBase.assumingMemoryBound(to: UInt8.self)
            capacity = newCapacity
        }
    }
}

/// The unlinked temporary file a spooling ``OutputBuffer`` moves its bytes to.
private final class Spool {
    /// Bytes in memory past which they move to the file.
    let bound: Int
    /// The file; -1 until the first move.
    private var descriptor: Int32 = -1
    /// Bytes in the file, all written.
    private(set) var written = 0
    /// False once the file could not be made or written: the bytes stay in memory from then on.
    private(set) var active = true

    init(bound: Int) {
        self.bound = bound
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `count` bytes to the file; false (and the file as it was) when that fails.
    func append(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        if descriptor < 0 {
            descriptor = Self.makeFile()
            guard descriptor >= 0 else {
                active = false
                return false
            }
        }
        if OutputBuffer.writeAll(UnsafeRawBufferPointer(start: bytes, count: count), to: descriptor) != nil {
            // A partial write is taken back: the file holds whole moves only.
            _ = ftruncate(descriptor, off_t(written))
            _ = lseek(descriptor, off_t(written), SEEK_SET)
            active = false
            return false
        }
        written += count
        return true
    }

    /// A spool with the same bound and bytes, in a file of its own (copied in the kernel); nil
    /// when that file cannot be made or written.
    func copy() -> Spool? {
        let copy = Spool(bound: bound)
        copy.active = active
        guard written > 0 else { return copy }
        copy.descriptor = Self.makeFile()
        guard copy.descriptor >= 0, self.copy(to: copy.descriptor) == nil else { return nil }
        copy.written = written
        return copy
    }

    /// The file's bytes, read into memory.
    func readBack() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: written)
        var offset = 0
        while offset < written {
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + offset, written - offset, off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            precondition(
                count > 0, "the output's spool file could not be read back: \(String(cString: strerror(errno)))")
            offset += count
        }
        return bytes
    }

    /// Copies the file to `target`: `sendfile` where the kernel allows, else through a buffer.
    func copy(to target: Int32) -> Int32? {
        var offset = off_t(0)
        while offset < written {
            let sent = sendfile(target, descriptor, &offset, min(written - Int(offset), 1 << 30))
            if sent > 0 { continue }
            if sent < 0 && errno == EINTR { continue }
            if sent < 0 && (errno == EINVAL || errno == ENOSYS) {
                return copyThroughBuffer(to: target, from: Int(offset))
            }
            return sent == 0 ? EIO : errno
        }
        return nil
    }

    private func copyThroughBuffer(to target: Int32, from start: Int) -> Int32? {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        var offset = start
        while offset < written {
            let count = pread(descriptor, chunk.baseAddress, min(chunk.count, written - offset), off_t(offset))
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return count == 0 ? EIO : errno }
            if let error = OutputBuffer.writeAll(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), to: target) {
                return error
            }
            offset += count
        }
        return nil
    }

    /// A new file in `$TMPDIR` (or `/tmp`), unlinked at once so that it goes when it is closed,
    /// however the process ends; -1 when none can be made.
    private static func makeFile() -> Int32 {
        var folder = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if folder.isEmpty { folder = "/tmp" }
        var template = Array("\(folder)/swipehost-output-XXXXXX".utf8CString)
        let made = mkstemp(&template)
        guard made >= 0 else { return -1 }
        unlink(template)
        // Never one of the standard descriptors, should one be closed (`swipehost run ... >&-`):
        // the output would be written into its own spool.
        let descriptor = fcntl(made, F_DUPFD_CLOEXEC, 3)
        close(made)
        return descriptor
    }
}
