import SwipeCore
import Testing

@testable import SwipeScript

struct OutputBufferTests {
    /// Each byte JSON escapes, and bytes next to them that it does not, at every position of
    /// strings long enough to be tested eight bytes at a time and in the tail.
    @Test(arguments: [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF] as [UInt8])
    func escapeTestMatchesByteByByte(special: UInt8) {
        let expected = special < 0x20 || special == 0x22 || special == 0x5C
        for length in 1...19 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = special
                let found = bytes.withUnsafeBufferPointer { OutputBuffer.needsEscape($0) }
                #expect(found == expected, "byte \(special) at \(position) of \(length)")
            }
        }
        #expect(!OutputBuffer.needsEscape(UnsafeBufferPointer(start: nil, count: 0)))
    }

    @Test func integersAreWrittenWhole() {
        var out = OutputBuffer()
        for value in [0, 7, 9, 10, 42, -1, -10, 1_000_000, Int.max, Int.min] {
            out.append(integer: value)
            out.append(byte: UInt8(ascii: " "))
        }
        #expect(String(decoding: out.bytes, as: UTF8.self)
            == "0 7 9 10 42 -1 -10 1000000 9223372036854775807 -9223372036854775808 ")
    }

    @Test func numbersAreWholeOrShortest() {
        var out = OutputBuffer()
        for value in [0.0, 250, -3, 0.5, 1e15, -12.25] {
            out.append(number: value)
            out.append(literal: ",")
        }
        #expect(String(decoding: out.bytes, as: UTF8.self) == "0,250,-3,0.5,1000000000000000.0,-12.25,")
    }

    /// Whole milliseconds take the integer path; the result is what `append(number:)` writes.
    @Test(arguments: [0, 250, 1_000_000, 12_500_000, 1, 8_999_999_999_000_000, 9_000_000_000_000_000, 123_456_789_000_000_000] as [Int64])
    func millisecondsAreWrittenAsTheirNumber(nanoseconds: Int64) {
        let time = VirtualInstant.start + TimeAmount(nanoseconds: nanoseconds)
        var fast = OutputBuffer()
        fast.append(milliseconds: time)
        var general = OutputBuffer()
        general.append(number: time.milliseconds)
        #expect(fast.bytes == general.bytes)
    }

    /// Growing past the first block keeps every byte; a copy does not see later appends.
    @Test func growsAndCopiesOnWrite() {
        var out = OutputBuffer()
        let line = "{\"event\":\"open\",\"row\":12,\"t\":250}\n"
        for _ in 0..<1000 { out.append(line) }
        let copy = out
        out.append(jsonString: "after")
        #expect(copy.count == 1000 * line.utf8.count)
        #expect(out.count == copy.count + 7)
        #expect(copy.bytes == Array(String(repeating: line, count: 1000).utf8))
        #expect(String(decoding: out.bytes.suffix(7), as: UTF8.self) == "\"after\"")
    }
}
