/// The row animations' layout at one instant, made once for every row drawn then: the gaps and
/// the expansions sorted by row, with running sums of what each adds to or takes from the rows
/// below it, so that a row's y is two binary searches (``TableState/rowLayout(_:)`` walks every
/// motion for each row: a frame of V rows over M motions cost V x M, which 2,000 inserts under
/// `row_animation` made minutes of a page's time).
struct RowLayoutIndex {
    /// What it was made of: it holds while neither changes.
    let now: VirtualInstant
    let version: Int
    /// The gaps' rows in order (a gap made earlier first at the same row), their heights' sums
    /// up to each (`gapSums[i]`: the gaps before the i-th), and each motion's place among them.
    private var gapRows: [Int] = []
    private var gapSums: [Double] = [0]
    private var gapPlace: [Int: Int] = [:]
    /// The expansions' rows in order, and the sums of what each still lacks of a row's height.
    private var expandRows: [Int] = []
    private var expandSums: [Double] = [0]
    /// The expanding rows' own height, opacity and shift, by row.
    private var own: [Int: (height: Double, opacity: Double, shift: Double)] = [:]

    init(_ state: TableState) {
        now = state.now
        version = state.motionsVersion
        let height = state.geometry.rowHeight
        var gaps: [(row: Int, index: Int, height: Double)] = []
        var expansions: [(row: Int, lack: Double)] = []
        for (index, motion) in state.motions.enumerated() {
            let h = motion.height(rowHeight: height, at: now)
            switch motion.kind {
            case .collapse: gaps.append((motion.row, index, h))
            case .expand:
                expansions.append((motion.row, height - h))
                let progress = RowAnimation.progress(since: motion.start, at: now)
                let look = state.look(of: motion.animation, shown: progress)
                own[motion.row] = (h, look.opacity, look.shift)
            }
        }
        gaps.sort { ($0.row, $0.index) < ($1.row, $1.index) }
        expansions.sort { $0.row < $1.row }
        gapRows.reserveCapacity(gaps.count)
        gapSums.reserveCapacity(gaps.count + 1)
        for (place, gap) in gaps.enumerated() {
            gapRows.append(gap.row)
            gapSums.append(gapSums[place] + gap.height)
            gapPlace[gap.index] = place
        }
        expandRows.reserveCapacity(expansions.count)
        expandSums.reserveCapacity(expansions.count + 1)
        for (place, expansion) in expansions.enumerated() {
            expandRows.append(expansion.row)
            expandSums.append(expandSums[place] + expansion.lack)
        }
    }

    /// How many of `rows` (sorted) are below `row`, or at most `row` when `including`.
    private static func count(_ rows: [Int], before row: Int, including: Bool) -> Int {
        var (low, high) = (0, rows.count)
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < row || (including && rows[middle] == row) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// ``TableState/rowLayout(_:)``'s values for `row`, with the table's `contentOffset`.
    func layout(_ row: Int, rowHeight: Double, contentOffset: Double)
        -> (y: Double, height: Double, opacity: Double, shift: Double)
    {
        let gaps = gapSums[Self.count(gapRows, before: row, including: true)]
        let lack = expandSums[Self.count(expandRows, before: row, including: false)]
        let y = Double(row - 1) * rowHeight - contentOffset + gaps - lack
        guard let own = own[row] else { return (y, rowHeight, 1, 0) }
        return (y, own.height, own.opacity, own.shift)
    }

    /// The y of the gap of motion `index` (a collapse): the gaps above it and the expansions
    /// above its row.
    func gapY(motion index: Int, row: Int, rowHeight: Double, contentOffset: Double) -> Double {
        let above = gapSums[gapPlace[index] ?? 0]
        let lack = expandSums[Self.count(expandRows, before: row, including: false)]
        return Double(row - 1) * rowHeight - contentOffset + above - lack
    }
}
