/// How a deleted row leaves and an inserted row arrives (a plugin's `table = { row_animation =
/// ... }`, `run --row-animation`, `swipe.table{ row_animation = ... }`): `none`, the tutorial's
/// instant `deleteRowsAtIndexPaths:`, is the default; `fade` and `slide` collapse a deleted row's
/// height to 0 and expand an inserted one from 0 over ``duration``, the rows below moving with
/// it (docs/appearance.md, "Row animations").
public enum RowAnimation: String, CaseIterable, Sendable {
    case none
    /// The row's content fades out as it collapses (in as it expands).
    case fade
    /// The row slides out towards its trailing side as it collapses (in from it as it expands):
    /// left in `ltr`, right in `rtl`.
    case slide

    /// How long a collapse or an expansion lasts: flutter_slidable's `_kResizeDuration`
    /// (`lib/src/dismissible_pane.dart`, 300 ms, the time its dismissed row takes to resize to 0).
    public static let duration = TimeAmount.milliseconds(300 as Int64)
    /// Its timing: UIKit's ease-in-out, the cubic Bézier (0.42, 0), (0.58, 1).
    public static let curve = AnimationCurve.easeInOut

    /// The progress (0...1) of a row animation that started at `start`, at `now`.
    public static func progress(since start: VirtualInstant, at now: VirtualInstant) -> Double {
        guard now > start else { return 0 }
        let elapsed = now - start
        guard elapsed < duration else { return 1 }
        return curve.progress(Double(elapsed.nanoseconds) / Double(duration.nanoseconds))
    }

    /// What `row_animation` accepts, for messages.
    public static let names = "'none', 'fade' or 'slide'"
}

/// A deleted row still drawn while it collapses: what was on screen when it was deleted.
public struct RowGhost: Hashable, Sendable {
    /// The number it had, and its item.
    public var row: Int
    public var item: String
    /// Its buttons on the physical right and left, as ``TableState``'s snapshot draws them.
    public var rightButtons: [SwipeButton]
    public var leftButtons: [SwipeButton]
    /// Where it is drawn now: its content and buttons as they were when it was deleted, at the
    /// y, height, opacity and shift of its collapse.
    public var geometry: CellGeometry
}

/// A row changing height on the virtual clock: a deleted row collapsing (a gap above the row now
/// at ``row``) or an inserted row expanding.
struct RowMotion: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// The gap sits just above row ``row`` (or below the last row when past it); it starts
        /// at `from` points tall.
        case collapse(from: Double, ghost: RowGhost?)
        /// Row ``row`` itself grows from 0.
        case expand
    }

    var kind: Kind
    var row: Int
    var start: VirtualInstant
    var animation: RowAnimation

    var end: VirtualInstant { start + RowAnimation.duration }

    /// How tall the collapsing gap or the expanding row is at `now`.
    func height(rowHeight: Double, at now: VirtualInstant) -> Double {
        let progress = RowAnimation.progress(since: start, at: now)
        switch kind {
        case .collapse(let from, _): return from * (1 - progress)
        case .expand: return rowHeight * progress
        }
    }

    var isCollapse: Bool {
        if case .collapse = kind { return true }
        return false
    }
}

// MARK: - The table's layout while rows animate

extension TableState {
    /// The y of row `row`'s top from the viewport's top, its height, opacity and sideways shift
    /// at `now`: `(row - 1) * H - contentOffset`, plus each collapsing gap above it, minus what
    /// each expanding row above it still lacks of `H` (docs/appearance.md, "Row animations").
    func rowLayout(_ row: Int) -> (y: Double, height: Double, opacity: Double, shift: Double) {
        let height = geometry.rowHeight
        var y = Double(row - 1) * height - contentOffset
        guard !motions.isEmpty else { return (y, height, 1, 0) }
        var own = height
        var opacity = 1.0
        var shift = 0.0
        for motion in motions {
            let h = motion.height(rowHeight: height, at: now)
            switch motion.kind {
            case .collapse:
                if motion.row <= row { y += h }
            case .expand:
                if motion.row < row {
                    y -= height - h
                } else if motion.row == row {
                    own = h
                    let progress = RowAnimation.progress(since: motion.start, at: now)
                    (opacity, shift) = look(of: motion.animation, shown: progress)
                }
            }
        }
        return (y, own, opacity, shift)
    }

    /// A row `shown` (1 = whole, 0 = gone) under `animation`: its opacity and sideways shift.
    func look(of animation: RowAnimation, shown: Double) -> (opacity: Double, shift: Double) {
        switch animation {
        case .none: (1, 0)
        case .fade: (shown, 0)
        // Towards the trailing side: left in `ltr`, right in `rtl`.
        case .slide: (1, (1 - shown) * geometry.width * (direction == .rtl ? 1 : -1))
        }
    }

    /// The deleted rows still collapsing at `now`, each where it is drawn.
    /// - Complexity: O(M log M) for M motions (``RowLayoutIndex``).
    func ghosts() -> [RowGhost] {
        var ghosts: [RowGhost] = []
        var index: RowLayoutIndex?
        let height = geometry.rowHeight
        for (position, motion) in motions.enumerated() {
            guard case .collapse(_, let ghost?) = motion.kind, now < motion.end else { continue }
            if index == nil { index = RowLayoutIndex(self) }
            let y = index!.gapY(motion: position, row: motion.row, rowHeight: height, contentOffset: contentOffset)
            let progress = RowAnimation.progress(since: motion.start, at: now)
            let (opacity, shift) = look(of: motion.animation, shown: 1 - progress)
            var drawn = ghost
            drawn.geometry.y = y
            drawn.geometry.height = motion.height(rowHeight: height, at: now)
            drawn.geometry.opacity = opacity
            drawn.geometry.shift = shift
            ghosts.append(drawn)
        }
        return ghosts
    }

    /// How many more rows than the offset alone shows may be drawn in the viewport now: an
    /// expanding row pulls the rows below it up by what it still lacks, so up to one row per
    /// expansion comes into view at the bottom.
    var rowsPulledIntoView: Int {
        motions.reduce(0) { $0 + ($1.isCollapse ? 0 : 1) }
    }

    /// The rows that have no height now: inserted rows whose expansion has not started to grow.
    func unsizedRows() -> Set<Int> {
        var rows: Set<Int> = []
        for motion in motions where !motion.isCollapse && motion.height(rowHeight: geometry.rowHeight, at: now) == 0 {
            rows.insert(motion.row)
        }
        return rows
    }

    /// Adds a row animation.
    mutating func addMotion(_ motion: RowMotion) {
        motions.append(motion)
        motionsVersion &+= 1
    }

    /// A visible row was deleted under `row_animation`: its gap collapses, drawing `ghost`.
    mutating func startCollapse(row: Int, ghost: RowGhost?) {
        var from = geometry.rowHeight
        // A row deleted while it was still expanding collapses from the height it had.
        if let index = motions.firstIndex(where: { $0.row == row && !$0.isCollapse }) {
            from = motions[index].height(rowHeight: geometry.rowHeight, at: now)
            motions.remove(at: index)
        }
        var ghost = ghost
        ghost?.geometry.height = from
        addMotion(
            RowMotion(kind: .collapse(from: from, ghost: ghost), row: row, start: now, animation: options.rowAnimation))
    }

    /// The motions' rows after row `row` was deleted (`delta` -1) or inserted (+1).
    mutating func shiftMotions(at row: Int, by delta: Int) {
        guard !motions.isEmpty else { return }
        motionsVersion &+= 1
        for index in motions.indices {
            let moves = delta < 0 ? motions[index].row > row : motions[index].row >= row
            if moves { motions[index].row += delta }
        }
    }

    /// The motions through ``replaceItems(_:)``, `moved` giving an old row's new row (nil: its
    /// item left): a growing row goes on growing at its id's new row (and stops if its id left);
    /// a collapsing gap ends at once, as the rows around the place it left are laid out afresh
    /// (`reloadData` during UIKit's animations).
    mutating func followIDs(_ moved: (Int) -> Int?) {
        var kept: [RowMotion] = []
        motionsVersion &+= 1
        for var motion in motions where !motion.isCollapse {
            guard let row = moved(motion.row) else { continue }
            motion.row = row
            kept.append(motion)
        }
        motions = kept
    }

    /// Forgets the motions finished at `now`; whether any was (the visible rows may change).
    mutating func dropFinishedMotions() -> Bool {
        let before = motions.count
        motions.removeAll { $0.end <= now }
        if motions.count != before { motionsVersion &+= 1 }
        return motions.count != before
    }

    /// When the last running row animation ends; nil when none runs.
    var rowAnimationEnd: VirtualInstant? {
        motions.lazy.map(\.end).filter { $0 > self.now }.max()
    }
}

extension SwipeTable {
    /// How deleted and inserted rows animate (``TableBehaviorOptions/rowAnimation``).
    public var rowAnimation: RowAnimation { state.options.rowAnimation }

    /// The deleted rows still collapsing now, each with the geometry it is drawn at (none
    /// with `row_animation = "none"`).
    public var collapsingRows: [RowGhost] { state.motions.isEmpty ? [] : state.ghosts() }

    /// Whether a row animation may be running (its motions are dropped when the clock passes
    /// their end): drawers then read each row's y and height from ``cellGeometry(forRow:)``.
    public var rowsAnimate: Bool { !state.motions.isEmpty }

    /// When the running row animations end; nil when none runs.
    public var rowAnimationEnd: VirtualInstant? { state.motions.isEmpty ? nil : state.rowAnimationEnd }

    /// The visible row drawn at `y` points from the viewport's top now (a row collapsing after
    /// a delete is not one: a point on it hits nothing), or nil.
    public func row(atY y: Double) -> Int? {
        guard y >= 0, y < geometry.viewportHeight else { return nil }
        if state.motions.isEmpty {
            let position = ((contentOffset + y) / geometry.rowHeight).rounded(.down)
            guard position >= 0, position < Double(items.count) else { return nil }
            let row = Int(position) + 1
            return visibleRows.contains(row) ? row : nil
        }
        for row in visibleRows {
            let layout = rowLayout(row)
            if y >= layout.y, y < layout.y + layout.height { return row }
        }
        return nil
    }

    /// Row `row`'s y, height, opacity and shift now while rows animate
    /// (``TableState/rowLayout(_:)``), from the layout made once for this instant.
    func rowLayout(_ row: Int) -> (y: Double, height: Double, opacity: Double, shift: Double) {
        if layoutIndex?.now != state.now || layoutIndex?.version != state.motionsVersion {
            layoutIndex = RowLayoutIndex(state)
        }
        return layoutIndex.unsafelyUnwrapped.layout(
            row, rowHeight: state.geometry.rowHeight, contentOffset: state.contentOffset)
    }
}
