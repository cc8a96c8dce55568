/// Facts read from Lua source text that Lua's debug information does not keep.
///
/// Lua records lines for functions and instructions, but not for a table constructor, and a
/// main chunk's `linedefined` is 0. A module's table (`return { name = ..., ... }`) therefore
/// has no line Lua can give; ``returnLine(of:)`` finds the line of the chunk's own `return`
/// statement by scanning the text instead.
public enum LuaSourceScan {
    /// The line (1-based) of the `return` keyword of the chunk's top-level `return` statement,
    /// the one that ends the main block; nil when the chunk has none (it returns only from
    /// inside a block, such as `if ... then return t end`, or not at all).
    ///
    /// Meant for a chunk Lua has already loaded: the scan knows Lua's comments, short and long
    /// strings and block keywords, and counts `\n`, `\r`, `\r\n` and `\n\r` as one line each as
    /// Lua's lexer does, but it does not check syntax. Lua allows a `return` only as the last
    /// statement of a block, so the main block has at most one.
    ///
    /// - Complexity: O(*n*) in the length of `source`.
    public static func returnLine(of source: [UInt8]) -> Int? {
        var scanner = Scanner(bytes: source)
        return scanner.topLevelReturnLine()
    }

    /// The lines (1-based, ascending) within `lines` where `key` is written as a table field's
    /// name, `key =` (not `==`, and not `t.key =`), outside comments and strings: where a
    /// table constructor gives that key, a line Lua keeps nowhere.
    ///
    /// - Complexity: O(*n*) in the length of `source`.
    public static func fieldLines(of key: String, in source: [UInt8], within lines: ClosedRange<Int>) -> [Int] {
        var scanner = Scanner(bytes: source)
        return scanner.fieldLines(of: Array(key.utf8), within: lines)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func byte(at offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        /// Steps over one byte, counting a line break (a pair of different break bytes is one).
        mutating func advance() {
            let current = bytes[index]
            index += 1
            guard current == 0x0A || current == 0x0D else { return }
            line += 1
            if let next = byte(), next == 0x0A || next == 0x0D, next != current { index += 1 }
        }

        /// The level of a long bracket starting here (`[[` is 0, `[==[` is 2), or nil.
        func longBracketLevel() -> Int? {
            guard byte() == UInt8(ascii: "[") else { return nil }
            var level = 0
            while byte(at: 1 + level) == UInt8(ascii: "=") { level += 1 }
            return byte(at: 1 + level) == UInt8(ascii: "[") ? level : nil
        }

        mutating func skipLongBracket(level: Int) {
            for _ in 0..<(level + 2) { advance() }
            while index < bytes.count {
                if byte() == UInt8(ascii: "]") {
                    var equals = 0
                    while byte(at: 1 + equals) == UInt8(ascii: "=") { equals += 1 }
                    if equals == level, byte(at: 1 + equals) == UInt8(ascii: "]") {
                        for _ in 0..<(level + 2) { advance() }
                        return
                    }
                }
                advance()
            }
        }

        mutating func skipQuoted(_ quote: UInt8) {
            advance()
            while let current = byte() {
                if current == quote {
                    advance()
                    return
                }
                if current == UInt8(ascii: "\\"), index + 1 < bytes.count { advance() }
                advance()
            }
        }

        /// Skips the comment, quoted string or long string that starts at `current` (the byte
        /// under the cursor); whether one did.
        mutating func skipCommentOrString(_ current: UInt8) -> Bool {
            if current == UInt8(ascii: "-"), byte(at: 1) == UInt8(ascii: "-") {
                advance()
                advance()
                if let level = longBracketLevel() {
                    skipLongBracket(level: level)
                } else {
                    while let next = byte(), next != 0x0A, next != 0x0D { advance() }
                }
            } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                skipQuoted(current)
            } else if let level = longBracketLevel() {
                skipLongBracket(level: level)
            } else {
                return false
            }
            return true
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F
        }

        mutating func fieldLines(of key: [UInt8], within lines: ClosedRange<Int>) -> [Int] {
            var found: [Int] = []
            var previous: UInt8 = 0
            while let current = byte(), line <= lines.upperBound {
                if skipCommentOrString(current) {
                    previous = 0
                    continue
                }
                if Self.isNameByte(current) {
                    let start = index
                    let startLine = line
                    while let next = byte(), Self.isNameByte(next) { advance() }
                    guard lines.contains(startLine), previous != UInt8(ascii: "."), previous != UInt8(ascii: ":"),
                        bytes[start..<index].elementsEqual(key)
                    else {
                        previous = current
                        continue
                    }
                    while let next = byte(), next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D { advance() }
                    if byte() == UInt8(ascii: "="), byte(at: 1) != UInt8(ascii: "="), found.last != startLine {
                        found.append(startLine)
                    }
                    previous = current
                    continue
                } else {
                    if current != 0x20, current != 0x09, current != 0x0A, current != 0x0D { previous = current }
                    advance()
                }
            }
            return found
        }

        mutating func topLevelReturnLine() -> Int? {
            // Blocks open with `function`, `do` (also ending `while` and `for` headers), `if`
            // and `repeat`; they close with `end` or `until`.
            var depth = 0
            while let current = byte() {
                if skipCommentOrString(current) { continue }
                if Self.isNameByte(current) {
                    let start = index
                    let startLine = line
                    while let next = byte(), Self.isNameByte(next) { advance() }
                    // A number (`0x1f`, `1e5`) is skipped whole; its exponent sign is punctuation.
                    guard !(current >= 0x30 && current <= 0x39) else { continue }
                    switch String(decoding: bytes[start..<index], as: UTF8.self) {
                    case "function", "do", "if", "repeat": depth += 1
                    case "end", "until": depth -= 1
                    case "return" where depth == 0: return startLine
                    default: break
                    }
                } else {
                    advance()
                }
            }
            return nil
        }
    }
}
