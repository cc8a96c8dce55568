import SwipeCore
import SwipeScript

/// What the page draws of a row's buttons (docs/playground.md, "DRAW"): each button's x and
/// width on both sides and the filled button's frame, as the core's geometry gives them
/// (``SwipeCell/frames(of:at:width:)``, ``CellGeometry/filledFrame(own:offset:width:progress:)``),
/// either at one instant (a row at rest or under a finger) or, while the row animates or its
/// filled button grows or shrinks, as knots in time the page interpolates linearly: the page
/// computes no geometry of its own.
///
/// A *channel* is one number the page draws (a button's x, its width; the filled button's x,
/// its width): its value at each knot, or one value when it is the same at every knot. The
/// knots are samples every 4 ms (``ServerMessage/pathTimes(from:to:)``) chosen greedily, as
/// ``PathSimplifier`` chooses a path's, so that every channel drawn by interpolation is within
/// ``PathSimplifier/tolerance`` of the geometry at every sampled instant.
struct RowDraw: Equatable {
    /// Knot times in ms after ``start``; empty for a drawing at one instant.
    var times: [Double] = []
    var start: VirtualInstant = .start
    /// The last knot's instant (where the drawing stops changing), for knots.
    var end: VirtualInstant = .start
    /// Per channel, its value at each knot (or one value): the right side's buttons' (x, width),
    /// button 1 first, then the left side's, then the filled button's (x, width).
    var channels: [[Double]] = []
    /// A drawing at one instant: each channel's one value (and ``channels`` empty), kept flat
    /// so that a row under a finger, made again at every move, costs one array.
    var single: [Double] = []
    var rightCount = 0
    var leftCount = 0
    /// The filled button's side (`true`: the physical right) and index on it, if it is drawn.
    var filled: (right: Bool, index: Int)?

    static func == (a: RowDraw, b: RowDraw) -> Bool {
        a.times == b.times && a.start == b.start && a.end == b.end && a.channels == b.channels && a.single == b.single
            && a.rightCount == b.rightCount
            && a.leftCount == b.leftCount && a.filled?.right == b.filled?.right && a.filled?.index == b.filled?.index
    }

    /// The drawing of `cell` in a row `width` points wide from `now` on.
    static func make(_ cell: SwipeCell, at now: VirtualInstant, width: Double) -> RowDraw {
        let rightEdge = cell.direction.rightEdge
        var draw = RowDraw()
        draw.rightCount = cell.configuration[rightEdge].buttons.count
        draw.leftCount = cell.configuration[rightEdge.opposite].buttons.count
        // The filled button drawn now, or the one a collapse shrinks (it is drawn down to its
        // own frame, which it then covers exactly).
        let reference: (edge: Edge, index: Int)? =
            cell.filledPresentation(at: now).map { ($0.edge, $0.index) }
            ?? cell.expansion.flatMap { expansion in
                guard !expansion.growing, expansion.end > now,
                    let full = cell.configuration[expansion.edge].fullSwipe,
                    cell.configuration[expansion.edge].buttons.indices.contains(full.button)
                else { return nil }
                return (expansion.edge, full.button)
            }
        if let reference { draw.filled = (reference.edge == rightEdge, reference.index) }
        let instants = ServerMessage.pathTimes(from: now, to: cell.drawingEnd(after: now))
        guard instants.count > 1 else {
            draw.single = sample(cell, at: now, width: width, reference: reference)
            for index in draw.single.indices { draw.single[index] = PathSimplifier.rounded(draw.single[index]) }
            return draw
        }
        // Every channel's samples in one buffer, channel after channel (`count` each), made
        // without an array per sample or per channel: a row whose drawing has knots is made
        // again at every move of a finger (a filled button growing under it).
        let count = instants.count
        let channelCount = 2 * (draw.rightCount + draw.leftCount) + (reference == nil ? 0 : 2)
        var samples = [Double](repeating: 0, count: channelCount * count)
        var values: [Double] = []
        values.reserveCapacity(channelCount)
        for (at, instant) in instants.enumerated() {
            values.removeAll(keepingCapacity: true)
            sample(cell, at: instant, width: width, reference: reference, into: &values)
            for channel in 0..<min(channelCount, values.count) { samples[channel * count + at] = values[channel] }
        }
        let times = instants.map { ($0 - now).milliseconds }
        let knots = knots(times: times, samples: samples, channels: channelCount)
        draw.start = now
        draw.end = instants[count - 1]
        draw.times = knots.map { times[$0] }
        draw.channels = (0..<channelCount).map { channel in
            let values = knots.map { PathSimplifier.rounded(samples[channel * count + $0]) }
            return values.allSatisfy { $0 == values[0] } ? [values[0]] : values
        }
        // Nothing moves (a `reveal` row's spring, say): a drawing at one instant, no knots.
        if draw.channels.allSatisfy({ $0.count == 1 }) {
            draw.single = draw.channels.map { $0[0] }
            draw.channels = []
            draw.times = []
        }
        return draw
    }

    /// The drawing of a deleted row still collapsing (``RowGhost``): frozen at the delete, so at
    /// one instant, from its geometry. Only the side its content uncovered has frames there; the
    /// other side's buttons are drawn at width 0 (the content covers them).
    static func frozen(_ ghost: RowGhost) -> RowDraw {
        var draw = RowDraw()
        draw.rightCount = ghost.rightButtons.count
        draw.leftCount = ghost.leftButtons.count
        let geometry = ghost.geometry
        let uncoveredRight = geometry.offset < 0
        var single = [Double](repeating: 0, count: 2 * (draw.rightCount + draw.leftCount))
        let first = uncoveredRight ? 0 : 2 * draw.rightCount
        let count = uncoveredRight ? draw.rightCount : draw.leftCount
        for frame in geometry.buttons where frame.index < count {
            single[first + 2 * frame.index] = PathSimplifier.rounded(frame.x)
            single[first + 2 * frame.index + 1] = PathSimplifier.rounded(frame.width)
        }
        if geometry.offset != 0, let filled = geometry.filled, filled.index < count {
            draw.filled = (uncoveredRight, filled.index)
            single.append(PathSimplifier.rounded(filled.x))
            single.append(PathSimplifier.rounded(filled.width))
        }
        draw.single = single
        return draw
    }

    /// The channels at `now`: both sides' frames (a side the content does not uncover where a
    /// reveal of 0 puts it), then the filled button's frame, or its own frame while it is not
    /// filled (the end of a shrink).
    static func sample(
        _ cell: SwipeCell, at now: VirtualInstant, width: Double, reference: (edge: Edge, index: Int)?
    ) -> [Double] {
        var values: [Double] = []
        sample(cell, at: now, width: width, reference: reference, into: &values)
        return values
    }

    /// ``sample(_:at:width:reference:)``'s channels appended to `values`.
    static func sample(
        _ cell: SwipeCell, at now: VirtualInstant, width: Double, reference: (edge: Edge, index: Int)?,
        into values: inout [Double]
    ) {
        let rightEdge = cell.direction.rightEdge
        let right = cell.frames(of: rightEdge, at: now, width: width)
        let left = cell.frames(of: rightEdge.opposite, at: now, width: width)
        values.reserveCapacity(values.count + 2 * (right.count + left.count) + 2)
        for frame in right {
            values.append(frame.x)
            values.append(frame.width)
        }
        for frame in left {
            values.append(frame.x)
            values.append(frame.width)
        }
        guard let reference else { return }
        let frames = reference.edge == rightEdge ? right : left
        guard frames.indices.contains(reference.index) else {
            values.append(0)
            values.append(0)
            return
        }
        let own = frames[reference.index]
        let offset = cell.presentedOffset(at: now)
        if let filled = cell.filledPresentation(at: now), filled.edge == reference.edge,
            filled.index == reference.index, offset * cell.direction.sign(of: filled.edge) > 0
        {
            let frame = CellGeometry.filledFrame(own: own, offset: offset, width: width, progress: filled.progress)
            values.append(frame.x)
            values.append(frame.width)
            return
        }
        values.append(own.x)
        values.append(own.width)
    }

    /// The knots (sample indices, the first and the last among them) of a greedy walk over every
    /// channel at once: a stretch ends at the last sample whose rounded values, on a straight line
    /// from the last knot, keep every sample inside it within the tolerance, in every channel.
    /// `samples` holds `channels` channels one after the other, `times.count` samples each;
    /// every sample is rounded once, not at every step.
    static func knots(times: [Double], samples: [Double], channels: Int) -> [Int] {
        let count = times.count
        guard count > 1 else { return count == 1 ? [0] : [] }
        let tolerance = PathSimplifier.tolerance
        let rounded = samples.map(PathSimplifier.rounded)
        var knots = [0]
        var anchor = 0
        var low = [Double](repeating: 0, count: channels)
        var high = [Double](repeating: 0, count: channels)
        while anchor < count - 1 {
            for channel in 0..<channels {
                low[channel] = -.infinity
                high[channel] = .infinity
            }
            var best = anchor + 1
            var next = anchor + 1
            scan: while next < count {
                let span = times[next] - times[anchor]
                var fits = true
                for channel in 0..<channels {
                    let base = channel * count
                    let start = rounded[base + anchor]
                    let value = samples[base + next]
                    let slope = (rounded[base + next] - start) / span
                    if slope < low[channel] || slope > high[channel] { fits = false }
                    low[channel] = max(low[channel], (value - tolerance - start) / span)
                    high[channel] = min(high[channel], (value + tolerance - start) / span)
                }
                if fits { best = next }
                for channel in 0..<channels where low[channel] > high[channel] { break scan }
                next += 1
            }
            knots.append(best)
            anchor = best
        }
        return knots
    }

    /// Whether the page's drawing still draws `cell` within the tolerance at every sampled
    /// instant from `now` to its end (then it need not be sent again), as
    /// ``PathSimplifier/stillDraws(_:_:at:)`` asks of a path: knots chosen on another frame's
    /// 4 ms grid are checked on this one's. A drawing at one instant of a cell whose
    /// ``SwipeCell/presentationKey`` is unchanged always does.
    func stillDraws(_ cell: SwipeCell, at now: VirtualInstant, width: Double) -> Bool {
        guard !times.isEmpty else { return true }
        let instants = ServerMessage.pathTimes(from: now, to: cell.drawingEnd(after: now))
        guard let last = instants.last else { return true }  // ended: it holds its last values
        guard last == end, now >= start else { return false }
        let rightEdge = cell.direction.rightEdge
        let reference = filled.map { (edge: $0.right ? rightEdge : rightEdge.opposite, index: $0.index) }
        for instant in instants {
            let values = Self.sample(cell, at: instant, width: width, reference: reference)
            guard values.count == channels.count else { return false }
            let time = (instant - start).milliseconds
            for (channel, value) in values.enumerated()
            where abs(self.value(channel, at: time) - value) > PathSimplifier.tolerance {
                return false
            }
        }
        return true
    }

    /// The value the page draws for `channel` at `time` ms after ``start``: page.js's `drawPlace` and `channel`.
    func value(_ channel: Int, at time: Double) -> Double {
        if channels.isEmpty { return single.indices.contains(channel) ? single[channel] : 0 }
        let values = channels[channel]
        guard values.count > 1 else { return values.first ?? 0 }
        if !(time > times[0]) { return values[0] }
        if time >= times[times.count - 1] { return values[values.count - 1] }
        var low = 0
        var high = times.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle } else { high = middle }
        }
        return values[low] + (values[high] - values[low]) * (time - times[low]) / (times[high] - times[low])
    }

    /// `{"start":T0,"at":[ms...],"right":[[X,W]...],"left":[[X,W]...],"filled":F}` (`start` and
    /// `at` only when it has knots), X and W a number or a list of one per knot, F null or
    /// `{"side":"right"|"left","index":I,"x":X,"w":W}`.
    func encode(to out: inout OutputBuffer) {
        out.append(byte: UInt8(ascii: "{"))
        if !times.isEmpty {
            out.append(literal: "\"start\":")
            out.append(milliseconds: start)
            out.append(literal: ",\"at\":")
            Self.list(times, to: &out)
            out.append(byte: UInt8(ascii: ","))
        }
        out.append(literal: "\"right\":[")
        pairs(from: 0, count: rightCount, to: &out)
        out.append(literal: "],\"left\":[")
        pairs(from: 2 * rightCount, count: leftCount, to: &out)
        out.append(literal: "],\"filled\":")
        let filledChannel = 2 * (rightCount + leftCount)
        if let filled, max(channels.count, single.count) >= filledChannel + 2 {
            out.append(literal: "{\"side\":")
            if filled.right { out.append(literal: "\"right\"") } else { out.append(literal: "\"left\"") }
            out.append(literal: ",\"index\":")
            out.append(integer: filled.index)
            out.append(literal: ",\"x\":")
            channel(filledChannel, to: &out)
            out.append(literal: ",\"w\":")
            channel(filledChannel + 1, to: &out)
            out.append(byte: UInt8(ascii: "}"))
        } else {
            out.append(literal: "null")
        }
        out.append(byte: UInt8(ascii: "}"))
    }

    private func pairs(from first: Int, count: Int, to out: inout OutputBuffer) {
        for button in 0..<count {
            if button > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(byte: UInt8(ascii: "["))
            channel(first + 2 * button, to: &out)
            out.append(byte: UInt8(ascii: ","))
            channel(first + 2 * button + 1, to: &out)
            out.append(byte: UInt8(ascii: "]"))
        }
    }

    private func channel(_ index: Int, to out: inout OutputBuffer) {
        if channels.isEmpty {
            ServerMessage.appendNumber(single.indices.contains(index) ? single[index] : 0, to: &out)
            return
        }
        let values = channels.indices.contains(index) ? channels[index] : [0]
        if values.count == 1 {
            ServerMessage.appendNumber(values[0], to: &out)
        } else {
            Self.list(values, to: &out)
        }
    }

    private static func list(_ values: [Double], to out: inout OutputBuffer) {
        out.append(byte: UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            ServerMessage.appendNumber(value, to: &out)
        }
        out.append(byte: UInt8(ascii: "]"))
    }
}
