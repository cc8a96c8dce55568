import Glibc
import SwipeCore
import SwipeTestSupport
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
                expectEqual(found, expected, "byte \(special) at \(position) of \(length)")
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
        expectEqual(
            String(decoding: out.bytes, as: UTF8.self),
            "0 7 9 10 42 -1 -10 1000000 9223372036854775807 -9223372036854775808 ")
    }

    @Test func numbersAreWholeOrShortest() {
        var out = OutputBuffer()
        for value in [0.0, 250, -3, 0.5, 1e15, -12.25] {
            out.append(number: value)
            out.append(literal: ",")
        }
        expectEqual(String(decoding: out.bytes, as: UTF8.self), "0,250,-3,0.5,1000000000000000.0,-12.25,")
    }

    /// Whole milliseconds take the integer path; the result is what `append(number:)` writes.
    @Test(
        arguments: [
            0, 250, 1_000_000, 12_500_000, 1, 8_999_999_999_000_000, 9_000_000_000_000_000, 123_456_789_000_000_000,
        ] as [Int64])
    func millisecondsAreWrittenAsTheirNumber(nanoseconds: Int64) {
        let time = VirtualInstant.start + TimeAmount(nanoseconds: nanoseconds)
        var fast = OutputBuffer()
        fast.append(milliseconds: time)
        var general = OutputBuffer()
        general.append(number: time.milliseconds)
        expectEqual(fast.bytes, general.bytes)
    }

    /// Growing past the first block keeps every byte; a copy does not see later appends.
    @Test func growsAndCopiesOnWrite() {
        var out = OutputBuffer()
        let line = "{\"event\":\"open\",\"row\":12,\"t\":250}\n"
        for _ in 0..<1000 { out.append(line) }
        let copy = out
        out.append(jsonString: "after")
        expectEqual(copy.count, 1000 * line.utf8.count)
        expectEqual(out.count, copy.count + 7)
        expectEqual(copy.bytes, Array(String(repeating: line, count: 1000).utf8))
        expectEqual(String(decoding: out.bytes.suffix(7), as: UTF8.self), "\"after\"")
    }

    /// Growing far past glibc's mapping threshold (the block grows with `realloc`, remapped,
    /// not copied, from 128 KiB on) keeps every byte in place: 12 MiB of numbered lines, each
    /// position's bytes checked, with copies taken at block sizes either side of the threshold
    /// that later growth of the original does not reach.
    @Test func growingPastTheMappingThresholdKeepsEveryByte() {
        var out = OutputBuffer()
        var expected: [UInt8] = []
        var copies: [(OutputBuffer, Int)] = []
        var line = 0
        while out.count < 12 << 20 {
            out.write(atMost: 64) { cursor in
                var end = OutputBuffer.put("{\"line\":", at: cursor)
                end = OutputBuffer.put(integer: line, at: end)
                return OutputBuffer.put("}\n", at: end)
            }
            expected.append(contentsOf: "{\"line\":\(line)}\n".utf8)
            line += 1
            if [100, 9_000, 90_000].contains(line) { copies.append((out, out.count)) }
        }
        expectEqual(out.count, expected.count)
        expectEqual(out.bytes, expected)
        for (copy, count) in copies {
            expectEqual(copy.count, count)
            expectEqual(copy.bytes, Array(expected.prefix(count)))
        }
    }

    /// A spooling buffer holds the same bytes as one that keeps them all in memory, over many
    /// generated series of appends (short, long, longer than the bound, reserves): its count,
    /// its bytes, what it writes, and a copy taken part-way, which later appends do not reach.
    @Test func aSpooledBufferHoldsTheSameBytesAsAnUnspooledOne() throws {
        var random = SplitMix64(seed: 16)
        for trial in 0..<60 {
            let bound = Int.random(in: 4096...12_000, using: &random)
            var spooled = OutputBuffer()
            spooled.spool(above: bound)
            var plain = OutputBuffer()
            var copy: OutputBuffer?
            var copiedBytes: [UInt8] = []
            for step in 0..<Int.random(in: 200...2000, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0:
                    let value = Int.random(in: Int.min...Int.max, using: &random)
                    spooled.append(integer: value)
                    plain.append(integer: value)
                case 1:
                    let text = String(repeating: "é\"x", count: Int.random(in: 0...40, using: &random))
                    spooled.append(jsonString: text)
                    plain.append(jsonString: text)
                case 2:
                    // Now and then, one append longer than the bound.
                    let count =
                        Int.random(in: 0...10, using: &random) == 0
                        ? bound + 17 : Int.random(in: 0...300, using: &random)
                    let text = String(repeating: "a", count: count)
                    spooled.append(text)
                    plain.append(text)
                case 3:
                    let amount = Int.random(in: 0...50_000, using: &random)
                    spooled.reserve(amount)
                    plain.reserve(amount)
                default:
                    spooled.append(literal: "{\"event\":\"open\",\"row\":")
                    plain.append(literal: "{\"event\":\"open\",\"row\":")
                }
                if copy == nil, step == 100 {
                    copy = spooled
                    copiedBytes = plain.bytes
                }
            }
            expectEqual(spooled.count, plain.count, "trial \(trial)")
            expectEqual(spooled.bytes, plain.bytes, "trial \(trial)")
            if plain.count > 2 * bound { #expect(spooled.spooledCount > 0, "trial \(trial): nothing was spooled") }
            #expect(spooled.withUnsafeBytes { $0.count } <= max(bound, spooled.count - spooled.spooledCount))
            if var copy {
                expectEqual(copy.bytes, copiedBytes, "trial \(trial)")
                copy.append(literal: "!")
                expectEqual(copy.bytes, copiedBytes + [UInt8(ascii: "!")])
                expectEqual(spooled.bytes, plain.bytes)
            }
            expectEqual(try Self.written(spooled), plain.bytes, "trial \(trial)")
        }
    }

    /// Integers are written as Swift describes them: every power of ten, one either side and
    /// their negatives (where the digit count steps), and 2,000 generated values of every size.
    @Test func integersAreWrittenAsTheirDescription() {
        var values = [0, 1, -1, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 1...18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
        }
        var random = SplitMix64(seed: 26)
        for _ in 0..<2000 {
            // A magnitude of 1 to 63 bits, so that short numbers are as common as long ones.
            let bits = Int.random(in: 1...63, using: &random)
            let value = Int.random(in: 0...(Int.max >> (63 - bits)), using: &random)
            values.append(Bool.random(using: &random) ? value : -value)
        }
        for value in values {
            var out = OutputBuffer()
            out.append(integer: value)
            expectEqual(String(decoding: out.bytes, as: UTF8.self), String(value), "\(value)")
            expectEqual(OutputBuffer.digitCount(value.magnitude), String(value.magnitude).count, "\(value)")
        }
    }

    /// An `open` or `close` line written at once (JSONLinesFormat.writeRowLine, what a jsonl
    /// recorder writes straight from a table event) has the bytes of the same line written part
    /// by part, as a `will_open` line is, over 1,000 generated rows, sides and times (whole and
    /// fractional milliseconds, velocities), after other bytes and across the buffer's growth.
    @Test func anOpenOrCloseLineHasTheBytesOfOneWrittenPartByPart() {
        var random = SplitMix64(seed: 2626)
        let direct = TraceRecorder(mode: .jsonLines)
        var formatted = OutputBuffer()
        var expected: [UInt8] = []
        for _ in 0..<1000 {
            let row =
                Bool.random(using: &random)
                ? Int.random(in: 0...20, using: &random) : Int.random(in: Int.min...Int.max, using: &random)
            let side = [nil, Edge.leading, .trailing][Int.random(in: 0...2, using: &random)]
            let milliseconds = Int64.random(in: 0...9_000_000_000_000, using: &random)
            let fraction = Bool.random(using: &random) ? 0 : Int64.random(in: 1...999_999, using: &random)
            let nanoseconds = milliseconds * 1_000_000 + fraction
            let time = VirtualInstant(nanoseconds: nanoseconds)
            let velocity =
                Int.random(in: 0...3, using: &random) == 0 ? Double.random(in: -3000...3000, using: &random) : nil
            let open = Bool.random(using: &random)
            // The general writer, through the part-by-part `will_open` line renamed.
            var partByPart = OutputBuffer()
            JSONLinesFormat.write(.willOpen(row: row), at: time, side: side, velocity: velocity, to: &partByPart)
            let line = String(decoding: partByPart.bytes, as: UTF8.self).replacing(
                "\"will_open\"", with: open ? "\"open\"" : "\"close\"")
            expected += Array(line.utf8)
            let event = open ? TraceEvent.open(row: row) : .close(row: row)
            JSONLinesFormat.write(event, at: time, side: side, velocity: velocity, to: &formatted)
            let delivered =
                open
                ? TableEvent.open(row: row, side: side, velocity: velocity)
                : .close(row: row, side: side, velocity: velocity)
            direct.record(delivered: delivered, at: time)
        }
        expectEqual(String(decoding: formatted.bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        expectEqual(direct.output.bytes, expected)
    }

    /// What ``OutputBuffer/write(to:)`` writes, read back from the file it went to.
    static func written(_ buffer: OutputBuffer) throws -> [UInt8] {
        var template = Array("/tmp/swipehost-outputbuffer-test-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        unlink(template)
        defer { close(descriptor) }
        expectEqual(buffer.write(to: descriptor), nil)
        var bytes = [UInt8](repeating: 0, count: buffer.count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        expectEqual(read, buffer.count)
        return bytes
    }
}
