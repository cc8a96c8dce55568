import SwipeCore

/// The words of one script line, as byte ranges (at most 8 are kept; more is an error).
///
/// Made in one pass over the line's bytes, which also finds where the line ends: the parser
/// reads each byte of a script once.
struct Tokens {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var starts: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var ends: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0
    /// The index of the line's newline, or the end of the bytes.
    private(set) var lineEnd = 0
    /// Whether the line's ROW, its second word, is written `#ID` (`swipe #m42 -120`).
    private(set) var hasRowID = false
    /// The index of the `#` that starts the line's comment, or -1 (a line without one).
    private(set) var commentStart = -1
    private static let capacity = 8

    /// No line's words yet: ``scan(lineAt:)`` reads them.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads the words of the line that starts at `start`, in place of the last line's: the
    /// parser keeps one `Tokens` for a whole script, so that no 160-byte value is zeroed, made
    /// and copied for each line. The ranges of words past ``count`` are an earlier line's:
    /// every reader checks ``count`` first.
    mutating func scan(lineAt start: Int) {
        count = 0
        hasRowID = false
        commentStart = -1
        let end = bytes.count
        var i = start
        while i < end {
            let byte = bytes[i]
            if Self.isSpace(byte) {
                i += 1
                continue
            }
            if byte == UInt8(ascii: "\n") { break }
            // `#` starts a comment, except a ROW written `#ID`: the second word, the `#` followed
            // by a byte of the word (`swipe #m42 -120`).
            if byte == UInt8(ascii: "#") {
                if count == 1 && Self.startsRowID(bytes, at: i, firstWord: starts.0, ends.0) {
                    hasRowID = true
                } else {
                    commentStart = i
                    while i < end && bytes[i] != UInt8(ascii: "\n") { i += 1 }
                    break
                }
            }
            var j = i + 1
            // Every byte above `#` is part of a word; the few below are checked one by one.
            while j < end {
                let next = bytes[j]
                if next <= UInt8(ascii: "#")
                    && (Self.isSpace(next) || next == UInt8(ascii: "\n") || next == UInt8(ascii: "#"))
                {
                    break
                }
                j += 1
            }
            if count < Self.capacity {
                withUnsafeMutableBytes(of: &starts) { $0.storeBytes(of: i, toByteOffset: count * 8, as: Int.self) }
                withUnsafeMutableBytes(of: &ends) { $0.storeBytes(of: j, toByteOffset: count * 8, as: Int.self) }
            }
            count += 1
            i = j
        }
        lineEnd = i
    }

    /// Whether the `#` at `i`, starting the second word, starts a row id: a byte of the word
    /// follows it and the first word (`bytes[s..<e]`) is a command that takes a ROW (all but
    /// `wait`, `scroll` and `dismiss`, whose second word stays a comment when it starts with
    /// `#`). Static and out of line: the loop over a line's bytes stays as small as it was
    /// without row ids.
    @inline(never)
    private static func startsRowID(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, firstWord s: Int, _ e: Int) -> Bool
    {
        guard i + 1 < bytes.count, isWordByte(bytes[i + 1]) else { return false }
        return !(equals(bytes, s, e, "wait") || equals(bytes, s, e, "scroll") || equals(bytes, s, e, "dismiss"))
    }

    /// Whether `bytes[s..<e]` is exactly `word` (ASCII), byte by byte.
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, _ word: StaticString) -> Bool {
        guard e - s == word.utf8CodeUnitCount else { return false }
        for offset in 0..<(e - s) where bytes[s + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// A byte that may follow the `#` of a row id: any but space, newline and `#`.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "#")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private func range(_ index: Int) -> (Int, Int) {
        switch index {
        case 0: return (starts.0, ends.0)
        case 1: return (starts.1, ends.1)
        case 2: return (starts.2, ends.2)
        case 3: return (starts.3, ends.3)
        case 4: return (starts.4, ends.4)
        case 5: return (starts.5, ends.5)
        case 6: return (starts.6, ends.6)
        default: return (starts.7, ends.7)
        }
    }

    /// Whether word `index` is exactly `word` (ASCII), without making a string.
    @inline(__always)
    func matches(_ index: Int, _ word: StaticString) -> Bool {
        guard index < count else { return false }
        let (s, e) = range(index)
        guard e - s == word.utf8CodeUnitCount else { return false }
        for offset in 0..<(e - s) where bytes[s + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// Word `index` as a string (for ids; messages quote it with ``quoted(_:)``).
    func word(_ index: Int) -> String {
        let (s, e) = range(index)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<e]), as: UTF8.self)
    }

    /// Word `index` as a message shows it: control characters escaped, a long word shortened
    /// (``DisplayText/token(_:)``).
    func quoted(_ index: Int) -> String {
        DisplayText.token(word(index))
    }

    func expectCount(_ allowed: ClosedRange<Int>, form: String) throws {
        if count < allowed.lowerBound {
            throw ScriptParser.LineError(message: "missing argument: expected '\(form)'\(commentNote)")
        }
        if count > allowed.upperBound {
            let extra = allowed.upperBound < Self.capacity ? " '\(quoted(allowed.upperBound))'" : ""
            throw ScriptParser.LineError(message: "too many arguments\(extra): expected '\(form)'")
        }
    }

    /// What a missing argument's message adds when the line has a comment, where the argument
    /// may have gone (`swipe # m3`): the comment, and when `#` starts one.
    private var commentNote: String {
        guard commentStart >= 0 else { return "" }
        var e = lineEnd
        while e > commentStart, Self.isSpace(bytes[e - 1]) { e -= 1 }
        let comment = String(decoding: UnsafeBufferPointer(rebasing: bytes[commentStart..<e]), as: UTF8.self)
        return
            "; '\(DisplayText.token(comment))' is a comment ('#' starts one, but for a ROW written '#ID', with no space after the '#')"
    }

    /// Word `index` as `Int(word)` reads it (optional sign, then digits), without making a
    /// string; nil when it is not one or overflows.
    func integer(_ index: Int) -> Int? {
        let (s, e) = range(index)
        var i = s
        var negative = false
        if i < e, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < e else { return nil }
        var value = 0
        while i < e {
            guard let digit = Self.digit(bytes[i]) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if overflow || overflow2 { return nil }
            value = sum
            i += 1
        }
        return value
    }

    /// Whether word `index` is a row id (`#7`, `#m42`).
    func isRowID(_ index: Int) -> Bool {
        guard index < count else { return false }
        let (s, e) = range(index)
        return e - s >= 2 && bytes[s] == UInt8(ascii: "#")
    }

    /// Word `index`, a row id, as its ``RowID``: digits after `#` (no sign, no leading zero)
    /// are a number, anything else a name.
    func rowID(_ index: Int) throws -> RowID {
        let (s, e) = range(index)
        // An ASCII byte after the `#` begins a character of its own: the id is the bytes after
        // the `#`, made into a string once. (Otherwise the word's first character, the `#` with
        // what combines with it, is dropped from the word as a string, as it always was.)
        let name =
            e - s >= 2 && bytes[s + 1] < 0x80
            ? String(decoding: UnsafeBufferPointer(rebasing: bytes[(s + 1)..<e]), as: UTF8.self)
            : String(word(index).dropFirst())
        if name.utf8.count > Self.maximumRowIDBytes {
            throw ScriptParser.LineError(
                message: "ROW id '\(quoted(index))' is too long: at most \(Self.maximumRowIDBytes) bytes")
        }
        // (A name that starts with a letter is told from a number by its first byte.)
        if let first = name.utf8.first, first != UInt8(ascii: "0"), Self.digit(first) != nil,
            name.utf8.allSatisfy({ Self.digit($0) != nil }), let number = Int(name)
        {
            return .number(number)
        }
        return .name(name)
    }

    /// The longest row id a script may write after `#`, in bytes.
    static let maximumRowIDBytes = 256

    /// A row number: digits only, from 1 to ``TableGeometry/maximumRows``; 0, a placeholder,
    /// for a row id (`#m42`, ``ScriptParser`` gives the line its ``ScriptLine/rowID``).
    func row(_ index: Int) throws -> Int {
        let (s, e) = range(index)
        var value = 0
        var i = s
        // Past the limit the digits are still read (to tell a long number from a word), not added.
        while i < e, let digit = Self.digit(bytes[i]) {
            if value <= TableGeometry.maximumRows { value = value * 10 + digit }
            i += 1
        }
        guard i == e, e > s, value >= 1 else {
            if isRowID(index) { return 0 }  // `#ID`, looked up when the line runs
            throw ScriptParser.LineError(message: "ROW must be a whole number >= 1, got '\(quoted(index))'")
        }
        guard value <= TableGeometry.maximumRows else {
            throw ScriptParser.LineError(
                message:
                    "ROW must be at most \(TableGeometry.maximumRows) (the most rows a table can have), got '\(quoted(index))'"
            )
        }
        return value
    }

    /// A finite decimal number: optional sign, digits, optional fraction (`-12`, `40.5`, `.5`).
    /// A decimal too large for a `Double` (60,000 digits) is out of range, not "not a number":
    /// the message says the range, `bounds` when given (else the largest finite `Double`). `form`,
    /// when given, is added to the message for a word that is not a number.
    /// (`bounds` is made only for the message: a script's every number passes through here.)
    func number(
        _ index: Int, name: String, bounds: @autoclosure () -> String? = nil, form: String? = nil
    ) throws -> Double {
        let (s, e) = range(index)
        if let value = Self.parseDecimal(bytes, s, e) { return value }
        if Self.isDecimal(bytes, s, e) {
            let bounds = bounds() ?? "a number from -\(Self.largest) to \(Self.largest)"
            throw ScriptParser.LineError(message: "\(name) must be \(bounds), got '\(quoted(index))' (out of range)")
        }
        let expected = form.map { " (expected '\($0)')" } ?? ""
        throw ScriptParser.LineError(message: "\(name) must be a number, got '\(quoted(index))'\(expected)")
    }

    /// The largest finite `Double`, as messages show it.
    static let largest = "1.7976931348623157e308"

    /// Whether bytes `start..<end` are a decimal as ``parseDecimal(_:_:_:)`` reads them (whatever
    /// its size).
    static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        if i < end && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) { i += 1 }
        var digits = 0
        var seenPoint = false
        while i < end {
            if digit(bytes[i]) != nil {
                digits += 1
            } else if bytes[i] == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return false
            }
            i += 1
        }
        return digits > 0
    }

    /// A number of milliseconds from 0 to `limit` (`what` says what the limit is).
    func duration(_ index: Int, name: String, limit: TimeAmount, what: String) throws -> TimeAmount {
        let value = try number(index, name: name, bounds: "at most \(TimeText.milliseconds(limit)) ms (\(what))")
        guard value >= 0 else {
            throw ScriptParser.LineError(
                message: "\(name) must be a duration in milliseconds >= 0, got '\(quoted(index))'")
        }
        let (s, e) = range(index)
        guard value <= limit.milliseconds, let amount = Self.exactNanoseconds(bytes, s, e), amount <= limit else {
            throw ScriptParser.LineError(
                message: "\(name) must be at most \(TimeText.milliseconds(limit)) ms (\(what)), got '\(quoted(index))'")
        }
        return amount
    }

    /// Milliseconds written in decimal (digits, an optional fraction; no sign) as nanoseconds,
    /// exactly: rounded half up at the seventh decimal, where a `Double` would already have
    /// rounded a long time (`1000000000001` ms is 1,000,000,000,001,000,000 ns, not a
    /// neighbour). Nil past `Int64` or for anything else.
    static func exactNanoseconds(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> TimeAmount? {
        var i = start
        if i < end && bytes[i] == UInt8(ascii: "+") { i += 1 }
        var nanoseconds: Int64 = 0
        var fractionDigits = -1
        var roundUp = false
        while i < end {
            let byte = bytes[i]
            i += 1
            if byte == UInt8(ascii: "."), fractionDigits < 0 {
                fractionDigits = 0
                continue
            }
            guard let d = digit(byte) else { return nil }
            if fractionDigits >= 6 {
                if fractionDigits == 6 { roundUp = d >= 5 }
                fractionDigits += 1
                continue
            }
            let (times, overflow) = nanoseconds.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(d))
            guard !overflow, !overflow2 else { return nil }
            nanoseconds = sum
            if fractionDigits >= 0 { fractionDigits += 1 }
        }
        var scale = max(fractionDigits, 0)
        while scale < 6 {
            let (times, overflow) = nanoseconds.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            nanoseconds = times
            scale += 1
        }
        if roundUp { nanoseconds += 1 }
        return TimeAmount(nanoseconds: nanoseconds)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// Exact while the digits fit in 15 significant ones (one correctly rounded division, as
    /// in Clinger's fast path); longer numbers go through the standard library.
    static func parseDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        var negative = false
        if i < end && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while i < end {
            let byte = bytes[i]
            if let d = digit(byte) {
                mantissa = mantissa &* 10 &+ d
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        if digits > 15 {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }
        let magnitude = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
