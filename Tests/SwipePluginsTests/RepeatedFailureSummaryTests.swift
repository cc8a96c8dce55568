import SwipeCore
import SwipeTestSupport
import Testing

@testable import SwipePlugins

/// The summary of a `configure` error repeated on many rows lists the rows sorted, each once,
/// whatever order the rows were configured in.
struct RepeatedFailureSummaryTests {
    static func summary(_ rows: [Int]) -> (text: String, rows: [Int]) {
        var failure = PluginHost.RepeatedFailure(key: "k", plugin: 0, firstRow: 2, field: nil, kind: .runtime)
        for row in rows { failure.add(row) }
        return (failure.summary, failure.rows.flatMap { Array($0) })
    }

    @Test func rowsHitOutOfOrderAreListedSorted() {
        let (text, rows) = Self.summary([4, 3])
        expectEqual(text, "the same error as row 2 on 2 more rows: 3-4")
        expectEqual(rows, [3, 4])
        expectEqual(Self.summary([9, 5, 7, 6, 12, 3]).text, "the same error as row 2 on 6 more rows: 3, 5-7, 9, 12")
    }

    @Test func aRowHitTwiceIsCountedOnce() {
        expectEqual(Self.summary([5, 3, 5, 4, 3]).text, "the same error as row 2 on 3 more rows: 3-5")
    }

    /// Any order of the same rows gives the summary of the sorted rows (a property over
    /// generated permutations, some with repeats).
    @Test(arguments: 0..<200)
    func theOrderOfTheRowsDoesNotMatter(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 1...40, using: &generator)
        let rows = (0..<count).map { _ in Int.random(in: 3...60, using: &generator) }
        let sorted = Array(Set(rows)).sorted()
        let shuffled = rows.shuffled(using: &generator)
        expectEqual(Self.summary(shuffled).text, Self.summary(sorted).text)
        expectEqual(Self.summary(shuffled).rows, sorted)
    }

    /// Past the range limit the rows are counted, in increasing order as far as they are listed.
    @Test func pastTheRangeLimitTheRestIsCounted() {
        let rows = stride(from: 400, through: 4, by: -2).map { $0 }  // 199 rows apart, descending
        let (text, listed) = Self.summary(rows)
        expectEqual(listed, listed.sorted())
        expectEqual(listed.count, PluginHost.repeatedRangeLimit)
        #expect(text.hasPrefix("the same error as row 2 on 199 more rows: "))
        #expect(text.hasSuffix(" and 99 more"))
    }
}
