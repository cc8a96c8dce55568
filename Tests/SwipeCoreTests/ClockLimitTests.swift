import SwipeTestSupport
import Testing

@testable import SwipeCore
@testable import SwipeScript

/// The virtual clock neither overflows nor loses precision in its times: the clock has a
/// range, every way past it is an error at its source, and times print exactly.
struct ClockLimitTests {
    func run(_ script: String, format: OutputFormat = .jsonl) throws(ScriptError) -> String {
        let output = try HeadlessRun(fileName: "t.swipe", format: format).run(script: script)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test func tenLongWaitsStopAtTheClocksLimitWithAnError() {
        let script = String(repeating: "wait 1000000000000\n", count: 10)
        #expect(
            throws: ScriptError(
                file: "t.swipe", line: 10,
                message:
                    "the virtual clock cannot pass 9000000000000 ms (about 285 years): it is at 9000000000000 ms, and 1000000000000 ms more would pass it"
            )
        ) {
            try run(script)
        }
    }

    @Test func theClockReachesItsLimitExactly() throws {
        let output = try run(String(repeating: "wait 1000000000000\n", count: 9))
        #expect(output.hasPrefix("{\"event\":\"state\",\"t\":9000000000000,"))
    }

    @Test func aSwipePastTheLimitIsRefusedBeforeItBegins() {
        let script = String(repeating: "wait 1000000000000\n", count: 9) + "swipe 3 -100\n"
        #expect(
            throws: ScriptError(
                file: "t.swipe", line: 10,
                message:
                    "the virtual clock cannot pass 9000000000000 ms (about 285 years): it is at 9000000000000 ms, and 150 ms more would pass it"
            )
        ) {
            try run(script)
        }
    }

    @Test(arguments: [
        (
            "wait 9000000000001",
            "MS must be at most 9000000000000 ms (the virtual clock's range, about 285 years), got '9000000000001'"
        ),
        (
            "wait 99999999999999999999999",
            "MS must be at most 9000000000000 ms (the virtual clock's range, about 285 years), got '99999999999999999999999'"
        ),
        ("swipe 3 -100 1000000000000", "MS must be at most 60000 ms (the longest swipe), got '1000000000000'"),
        ("swipe 3 -100 60000.001", "MS must be at most 60000 ms (the longest swipe), got '60000.001'"),
        ("wait -5", "MS must be a duration in milliseconds >= 0, got '-5'"),
    ])
    func durationsPastTheirLimitsAreRefusedWhenParsed(line: String, message: String) {
        #expect(throws: ScriptError(file: "t.swipe", line: 1, message: message)) {
            try ScriptParser(fileName: "t.swipe").parse(line)
        }
    }

    @Test func theLongestSwipeRuns() throws {
        let lines = try ScriptParser(fileName: "t.swipe").parse("swipe 3 -100 60000\nwait 1000000000001\n")
        expectEqual(
            lines.map(\.command),
            [
                .swipe(row: 3, dx: -100, duration: .milliseconds(60_000 as Int64)),
                .wait(TimeAmount(nanoseconds: 1_000_000_000_001_000_000)),
            ])
    }

    @Test func aSwipeTooLongForTheRunnerIsRefused() {
        let table = SwipeTable()
        let runner = ScriptRunner(table: table, fileName: "t")
        #expect(
            throws: ScriptError(
                file: "t", line: 4, message: "a swipe must last from 0 to 60000 ms, got 1000000000000 ms")
        ) {
            try runner.run(
                ScriptLine(
                    number: 4, command: .swipe(row: 3, dx: -100, duration: .milliseconds(1_000_000_000_000 as Int64))))
        }
        expectEqual(table.now, .start)
        expectEqual(table.cell(forRow: 3)?.gesture, .idle)
    }

    @Test func timeArithmeticSaturatesInsteadOfTrapping() {
        expectEqual(VirtualInstant.maximum + TimeAmount(nanoseconds: .max), .maximum)
        expectEqual(
            VirtualInstant(nanoseconds: 8_000_000_000_000_000_000) + .milliseconds(2_000_000_000_000 as Int64), .maximum
        )
        expectEqual(TimeAmount(nanoseconds: .max) + TimeAmount(nanoseconds: 1), TimeAmount(nanoseconds: .max))
        expectEqual(TimeAmount(nanoseconds: .max / 2) * 3, TimeAmount(nanoseconds: .max))
        expectEqual(TimeAmount(nanoseconds: .max / 2) * -3, TimeAmount(nanoseconds: .min))
        expectEqual(TimeAmount.milliseconds(Int64.max), TimeAmount(nanoseconds: .max))
        expectEqual(TimeAmount.milliseconds(1e300), TimeAmount(nanoseconds: .max))
        expectEqual(TimeAmount.milliseconds(-1e300), TimeAmount(nanoseconds: .min))
        expectEqual(TimeAmount.milliseconds(Double.nan), .zero)
        expectEqual(TimeAmount.seconds(.infinity), TimeAmount(nanoseconds: .max))
        expectEqual(TimeAmount.milliseconds(checked: 9e12), .maximum)
        expectEqual(TimeAmount.milliseconds(checked: 9.000000000001e12), nil)
        expectEqual(TimeAmount.milliseconds(checked: -1), nil)
        expectEqual(TimeAmount.milliseconds(checked: .nan), nil)
    }

    @Test func aLateTimerIsClampedToTheClocksLimit() {
        let table = SwipeTable()
        var fired: [(Int, VirtualInstant)] = []
        table.timerHandler = { [unowned table] in fired.append(($0, table.now)) }
        table.advance(by: .milliseconds(8_999_999_999_000 as Int64))
        let id = table.scheduleTimer(after: .milliseconds(1_000_000_000_000 as Int64))
        let second = table.scheduleTimer(after: TimeAmount(nanoseconds: .max))
        table.advance(by: TimeAmount(nanoseconds: .max))
        expectEqual(fired.map(\.0), [id, second])
        expectEqual(fired.map(\.1), [.maximum, .maximum])
        expectEqual(table.now, .maximum)
        #expect(throws: TableError.clockLimit(now: .maximum, amount: TimeAmount(nanoseconds: 1))) {
            try table.checkCanAdvance(by: TimeAmount(nanoseconds: 1))
        }
    }

    @Test func timesPrintExactly() throws {
        let script = "wait 1000000000000\nwait 1000000000000\nwait 450\n"
        #expect(try run(script).hasPrefix("{\"event\":\"state\",\"t\":2000000000450,"))
        #expect(try run(script, format: .text).contains("\nAt 2000000000450 ms: rows 1-12"))
        let fraction = "wait 1000000000000\nwait 1000000000000\nwait 449.999999\n"
        #expect(try run(fraction).hasPrefix("{\"event\":\"state\",\"t\":2000000000449.999999,"))
        #expect(try run(fraction, format: .text).contains("\nAt 2000000000450 ms: rows 1-12"))
    }

    /// Every time that printed exactly before (where the `Double` milliseconds are exact) prints
    /// the same bytes: Swift's shortest form, exponent form below 0.0001 included.
    @Test(arguments: [
        Int64(0), 1, 5, 10, 15, 50, 99, 100, 101, 150, 999, 1_000, 1_500, 12_500_000, 150_000_000,
        49_801_000, 206_591_389, 123_456_789, 1_000_000_000_000_000, 9_000_000_000_000_000_000,
        100_000_010_150_500_000,
    ])
    func timeTextMatchesTheDoubleFormWhereThatIsExact(nanoseconds: Int64) {
        var buffer = OutputBuffer()
        buffer.append(milliseconds: VirtualInstant(nanoseconds: nanoseconds))
        var double = OutputBuffer()
        double.append(number: Double(nanoseconds) / 1_000_000)
        expectEqual(String(decoding: buffer.bytes, as: UTF8.self), String(decoding: double.bytes, as: UTF8.self))
        expectEqual(TimeText.milliseconds(nanoseconds: nanoseconds), String(decoding: double.bytes, as: UTF8.self))
    }

    @Test(arguments: [
        (Int64(2_000_000_000_449_999_800), "2000000000449.9998", "2000000000450"),
        (100_000_010_150_499_900, "100000010150.4999", "100000010150.5"),
        (1_000_000_000_001_000_001, "1000000000001.000001", "1000000000001"),
        (500, "0.0005", "0.001"),
        (499, "0.000499", "0"),
        (-1_500, "-0.0015", "-0.002"),
    ])
    func timeTextIsTheExactDecimal(nanoseconds: Int64, exact: String, microseconds: String) {
        expectEqual(TimeText.milliseconds(nanoseconds: nanoseconds), exact)
        expectEqual(
            TimeText.milliseconds(VirtualInstant(nanoseconds: nanoseconds), roundedToMicroseconds: true), microseconds
        )
    }
}
