/// Where a row's parts are drawn at one moment: the one geometry `render`, the playground's
/// frames, the text table, hit testing and the test driver read (docs/appearance.md).
///
/// Offsets follow one sign convention everywhere: physical, negative = the content moved left
/// (``SwipeCell/offset``). Every x is from the row's left side, in points.
public struct CellGeometry: Hashable, Sendable {
    /// A button's rectangle in the row, and the part of it the content leaves uncovered.
    public struct Frame: Hashable, Sendable {
        public var edge: Edge
        /// 0-based on its edge (0 = button 1, the outermost).
        public var index: Int
        public var x: Double
        public var width: Double
        /// The part of ``x``...``x`` + ``width`` inside the revealed strip (between the row's
        /// side and the content): its clip. A width of 0 when nothing of it shows.
        public var visibleX: Double
        public var visibleWidth: Double
    }

    /// The content's signed offset as drawn (negative = moved left).
    public var offset: Double
    /// The buttons of the side the content uncovers, button 1 first (none at offset 0).
    public var buttons: [Frame]
    /// A full swipe's button over the whole revealed width: while the pan holds the edge
    /// expanded, while a `manual` full swipe waits, and through the `delete` slide-out until
    /// the row is gone (``SwipeCell/filledButton``).
    public var filled: Frame?
    /// The row's top in the view and its height.
    public var y: Double
    public var height: Double
    /// The transition of the edge whose buttons ``buttons`` are (`reveal` when none are).
    public var transition: Transition = .reveal
    /// A row animation's look (docs/appearance.md, "Row animations"): the row's opacity
    /// (`fade`), and how far the whole row is shifted sideways (`slide`, negative = left).
    public var opacity: Double = 1
    public var shift: Double = 0

    /// The geometry of a cell drawn at `offset` in a row `width` points wide at `y`, its edge's
    /// button `filled` (if any) grown `filledProgress` of the way from its own frame to the
    /// whole revealed width (``filledFrame(own:offset:width:progress:)``).
    public init(
        configuration: CellConfiguration, direction: LayoutDirection, offset: Double, filled: Int?, width: Double,
        y: Double = 0, height: Double = 0, filledProgress: Double = 1
    ) {
        self.offset = offset
        self.y = y
        self.height = height
        buttons = []
        self.filled = nil
        guard offset != 0, !offset.isNaN else { return }
        let edge = offset < 0 ? direction.rightEdge : direction.rightEdge.opposite
        let actions = configuration[edge]
        transition = actions.transition
        buttons = Self.frames(of: actions, edge: edge, onRight: offset < 0, reveal: abs(offset), width: width)
        if let filled, buttons.indices.contains(filled) {
            self.filled = Self.filledFrame(own: buttons[filled], offset: offset, width: width, progress: filledProgress)
        }
    }

    /// The filled button's frame: its `own` frame (under its edge's transition) grown
    /// `progress` of the way to the whole revealed width `r' = min(|offset|, width)`
    /// (`x = width - r'` on the right, `0` on the left):
    /// `x = own.x + p · (full.x - own.x)`, `width = own.width + p · (r' - own.width)`, exactly
    /// the full frame at `p >= 1` and the own frame at `p <= 0`; its clip is its part inside
    /// the revealed strip (docs/appearance.md, "The filled button").
    public static func filledFrame(own: Frame, offset: Double, width: Double, progress: Double) -> Frame {
        let revealed = min(abs(offset), width)
        let fullX = offset < 0 ? width - revealed : 0
        if progress >= 1 {
            return Frame(
                edge: own.edge, index: own.index, x: fullX, width: revealed, visibleX: fullX, visibleWidth: revealed)
        }
        let p = max(progress, 0)
        let x = own.x + (fullX - own.x) * p
        let size = own.width + (revealed - own.width) * p
        let low = max(x, fullX)
        let high = min(x + size, fullX + revealed)
        return Frame(
            edge: own.edge, index: own.index, x: x, width: size, visibleX: high > low ? low : x,
            visibleWidth: max(high - low, 0))
    }

    /// The frames of `actions`' buttons (on the physical right when `onRight`) with `reveal`
    /// points of them uncovered, by their edge's ``Transition``. Measured from the row's side
    /// inwards, button `i` of widths `w`, `c = w[0] + ... + w[i-1]`, total `T`,
    /// `f = min(reveal / T, 1)`, its outer side `d` is
    /// - reveal: `c`;
    /// - drag: `c + reveal - T`;
    /// - border: `f * (c + w) - w`;
    /// - stretch: `c * reveal / T`, its width `w * reveal / T`.
    public static func frames(
        of actions: EdgeActions, edge: Edge, onRight: Bool, reveal: Double, width: Double
    ) -> [Frame] {
        let buttons = actions.buttons
        guard !buttons.isEmpty else { return [] }
        let total = actions.totalWidth
        let reveal = max(reveal, 0)
        let fraction = total > 0 ? min(reveal / total, 1) : 1
        let scale = total > 0 ? reveal / total : 0
        let uncovered = min(reveal, width)
        var frames: [Frame] = []
        frames.reserveCapacity(buttons.count)
        // The reveal layout, as a running sum from the side (the drawing's exact numbers).
        var fromSide = 0.0
        var rightX = width
        for (index, button) in buttons.enumerated() {
            rightX -= button.width
            let distance: Double
            var size = button.width
            switch actions.transition {
            case .reveal: distance = fromSide
            case .drag: distance = fromSide + reveal - total
            case .border: distance = fraction * (fromSide + button.width) - button.width
            case .stretch:
                distance = fromSide * scale
                size = button.width * scale
            }
            let x: Double
            if onRight {
                x = actions.transition == .reveal ? rightX : width - distance - size
            } else {
                x = distance
            }
            // The revealed strip: [width - uncovered, width] on the right, [0, uncovered] on the left.
            let stripLow = onRight ? width - uncovered : 0
            let stripHigh = onRight ? width : uncovered
            let low = max(x, stripLow)
            let high = min(x + size, stripHigh)
            frames.append(
                Frame(
                    edge: edge, index: index, x: x, width: size, visibleX: high > low ? low : x,
                    visibleWidth: max(high - low, 0)))
            fromSide += button.width
        }
        return frames
    }

    /// The reveals between which `actions`' frames in a row `width` points wide change
    /// linearly (0, the buttons' total width, the row's width; sorted, none twice): the frames at
    /// any reveal up to the last are the straight-line interpolation of the frames at the two
    /// knots around it, and past the last they are held (the content is off the row there).
    /// What the playground page is sent instead of a transition's formula.
    public static func knots(of actions: EdgeActions, width: Double) -> [Double] {
        var knots = [0.0]
        for reveal in [actions.totalWidth, width].sorted() where reveal > knots[knots.count - 1] {
            knots.append(reveal)
        }
        return knots
    }

    /// ``buttons`` in the order to paint them, bottom first (``Transition/paintOrder(count:)``).
    public var paintOrder: [Frame] {
        transition.paintOrder(count: buttons.count).map { buttons[$0] }
    }
}

extension SwipeCell {
    /// The cell's ``CellGeometry`` at `now`, in a row `width` points wide at `y`, `height` tall.
    public func geometry(at now: VirtualInstant, width: Double, y: Double = 0, height: Double = 0) -> CellGeometry {
        let offset = presentedOffset(at: now)
        // The filled button of the side the content uncovers (a shrink on the other side ended
        // when the content crossed rest).
        let filled = filledPresentation(at: now).flatMap {
            offset * direction.sign(of: $0.edge) > 0 ? $0 : nil
        }
        return CellGeometry(
            configuration: configuration, direction: direction, offset: offset, filled: filled?.index, width: width,
            y: y, height: height, filledProgress: filled?.progress ?? 1)
    }

    /// The frames of `edge`'s buttons as drawn at `now`, whichever side the content uncovers
    /// (a side it does not uncover has its buttons where a reveal of 0 puts them).
    public func frames(of edge: Edge, at now: VirtualInstant, width: Double) -> [CellGeometry.Frame] {
        CellGeometry.frames(
            of: configuration[edge], edge: edge, onRight: edge == direction.rightEdge,
            reveal: presentedOffset(at: now) * direction.sign(of: edge), width: width)
    }
}

extension SwipeTable {
    /// Row `row`'s ``CellGeometry`` now, or nil for a row off screen.
    public func cellGeometry(forRow row: Int) -> CellGeometry? {
        guard let cell = cell(forRow: row) else { return nil }
        guard state.motions.isEmpty else {
            // A row animation runs: the row's y, height and look are the table's (RowAnimation).
            let layout = rowLayout(row)
            var drawn = cell.geometry(at: now, width: geometry.width, y: layout.y, height: layout.height)
            drawn.opacity = layout.opacity
            drawn.shift = layout.shift
            return drawn
        }
        return cell.geometry(
            at: now, width: geometry.width, y: Double(row - 1) * geometry.rowHeight - contentOffset,
            height: geometry.rowHeight)
    }
}
