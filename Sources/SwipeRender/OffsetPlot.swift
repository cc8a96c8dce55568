import SwipeCore

/// The plots under the filmstrip: per touched row, its presented offset over virtual time, its
/// thresholds as dashed lines and its events as marked, labelled verticals.
enum OffsetPlot {
    static let left = 64.0
    static let right = 170.0
    static let titleHeight = 26.0
    static let labelLevels = 3
    static let labelHeight = 13.0
    static let axisHeight = 34.0

    static func drawAll(_ strip: Filmstrip, top: Double, width: Double, into svg: inout SVGWriter) {
        let margin = FilmstripSVG.margin
        svg.element(
            "text",
            [
                "x": .number(margin), "y": .number(top + 16), "font-size": 14, "font-weight": 700,
                "fill": .text(Palette.ink),
            ],
            text: "Presented offset over time (points; + = content moved right; sampled every 2 ms)")
        if strip.traces.isEmpty {
            svg.element(
                "text", ["x": .number(margin), "y": .number(top + 44), "font-size": 13, "fill": .text(Palette.muted)],
                text: "(no row moved)")
        }
        let end = plotEnd(strip)
        for (index, trace) in strip.traces.enumerated() {
            let panelTop = top + 30 + Double(index) * (FilmstripSVG.plotHeight + FilmstripSVG.gap)
            draw(trace, strip: strip, end: end, x: margin, y: panelTop, width: width - 2 * margin, into: &svg)
        }
    }

    /// The plots' time axis ends 100 ms after the last activity (a row moving, an event, a
    /// frame), or at the script's end if that is sooner; at least 100 ms.
    static func plotEnd(_ strip: Filmstrip) -> Double {
        let activity = strip.lastActivity.milliseconds + 100
        return max(min(activity, strip.end.milliseconds), strip.lastActivity.milliseconds, 100)
    }

    static func draw(
        _ trace: Filmstrip.Trace, strip: Filmstrip, end: Double, x: Double, y: Double, width: Double,
        into svg: inout SVGWriter
    ) {
        let height = FilmstripSVG.plotHeight
        let plotLeft = x + left
        let plotRight = x + width - right
        let plotTop = y + titleHeight + Double(labelLevels) * labelHeight + 4
        let plotBottom = y + height - axisHeight
        // The vertical range: every sample, every threshold and 0, at least 40 points, padded.
        var low = 0.0
        var high = 0.0
        for segment in trace.segments {
            for sample in segment {
                low = min(low, sample.offset)
                high = max(high, sample.offset)
            }
        }
        for line in trace.thresholds {
            low = min(low, line.offset)
            high = max(high, line.offset)
        }
        if high - low < 40 {
            let middle = (high + low) / 2
            low = middle - 20
            high = middle + 20
        }
        let pad = (high - low) * 0.06
        low -= pad
        high += pad
        func px(_ time: Double) -> Double { plotLeft + min(max(time, 0), end) / end * (plotRight - plotLeft) }
        func py(_ offset: Double) -> Double { plotBottom - (offset - low) / (high - low) * (plotBottom - plotTop) }

        svg.group("g", ["id": .text("plot-row-\(trace.row)")]) { svg in
            svg.element(
                "rect",
                [
                    "x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height), "rx": 8,
                    "fill": .text(Palette.row), "stroke": .text(Palette.line),
                ])
            svg.element(
                "text",
                [
                    "x": .number(x + 12), "y": .number(y + 18), "font-size": 13, "font-weight": 700,
                    "fill": .text(Palette.ink),
                ],
                text: title(of: trace))
            // Grid and axes.
            let valueStep = niceStep((high - low) / 4)
            var tick = (low / valueStep).rounded(.up)
            while tick * valueStep <= high {
                let value = tick * valueStep
                tick += 1
                let lineY = py(value)
                svg.element(
                    "line",
                    [
                        "x1": .number(plotLeft), "y1": .number(lineY), "x2": .number(plotRight), "y2": .number(lineY),
                        "stroke": .text(value == 0 ? Palette.faint : "#f0f0f3"), "stroke-width": 1,
                    ])
                svg.element(
                    "text",
                    [
                        "x": .number(plotLeft - 6), "y": .number(lineY + 4), "font-size": 10, "text-anchor": "end",
                        "fill": .text(Palette.muted),
                    ], text: SVGWriter.number(value))
            }
            let timeStep = niceStep(end / 8)
            var timeTick = 0.0
            while timeTick * timeStep <= end + timeStep * 1e-9 {
                let time = timeTick * timeStep
                timeTick += 1
                let lineX = px(time)
                svg.element(
                    "line",
                    [
                        "x1": .number(lineX), "y1": .number(plotBottom), "x2": .number(lineX),
                        "y2": .number(plotBottom + 4),
                        "stroke": .text(Palette.faint),
                    ])
                svg.element(
                    "text",
                    [
                        "x": .number(lineX), "y": .number(plotBottom + 15), "font-size": 10, "text-anchor": "middle",
                        "fill": .text(Palette.muted),
                    ], text: SVGWriter.number(time))
            }
            svg.element(
                "text",
                [
                    "x": .number(plotRight + 24), "y": .number(plotBottom + 15), "font-size": 10,
                    "fill": .text(Palette.muted),
                ], text: "ms")
            svg.element(
                "rect",
                [
                    "x": .number(plotLeft), "y": .number(plotTop), "width": .number(plotRight - plotLeft),
                    "height": .number(plotBottom - plotTop), "fill": "none", "stroke": .text(Palette.line),
                ])
            thresholds(trace, py: py, plotLeft: plotLeft, plotRight: plotRight, into: &svg)
            frameMarks(strip, px: px, bottom: plotBottom, into: &svg)
            // The curve.
            for segment in trace.segments {
                var points: [(x: Double, y: Double)] = []
                for sample in segment {
                    let point = (x: px(sample.time.milliseconds), y: py(sample.offset))
                    if let last = points.last, SVGWriter.number(last.x) == SVGWriter.number(point.x),
                        SVGWriter.number(last.y) == SVGWriter.number(point.y)
                    {
                        continue
                    }
                    points.append(point)
                }
                if points.count == 1 { points.append((x: points[0].x + 0.5, y: points[0].y)) }
                svg.element(
                    "polyline",
                    [
                        "points": .text(SVGWriter.points(points)), "fill": "none", "stroke": .text(Palette.accent),
                        "stroke-width": 1.75, "stroke-linejoin": "round",
                    ])
            }
            events(trace, strip: strip, px: px, py: py, top: plotTop, bottom: plotBottom, into: &svg)
        }
    }

    /// Dashed lines at each edge's open point, open threshold and full-swipe threshold, labelled
    /// right of the plot (labels pushed apart so they never overlap).
    static func thresholds(
        _ trace: Filmstrip.Trace, py: (Double) -> Double, plotLeft: Double, plotRight: Double, into svg: inout SVGWriter
    ) {
        let lines = trace.thresholds.sorted { py($0.offset) < py($1.offset) }
        var labelY = -Double.infinity
        for line in lines {
            let lineY = py(line.offset)
            let (color, dash): (String, String) =
                switch line.kind {
                case .open: ("#636366", "6 4")
                case .opens: ("#a1a1a6", "2 3")
                case .fullSwipe: (Palette.destructive, "6 4")
                }
            svg.element(
                "line",
                [
                    "x1": .number(plotLeft), "y1": .number(lineY), "x2": .number(plotRight), "y2": .number(lineY),
                    "stroke": .text(color), "stroke-width": 1, "stroke-dasharray": .text(dash),
                ])
            labelY = max(labelY + 11, lineY + 3.5)
            svg.element(
                "text", ["x": .number(plotRight + 6), "y": .number(labelY), "font-size": 10, "fill": .text(color)],
                text: "\(line.edge.rawValue) \(line.kind.rawValue) \(SVGWriter.number(line.offset))")
        }
    }

    /// The frames' times as small numbered ticks under the time axis.
    static func frameMarks(_ strip: Filmstrip, px: (Double) -> Double, bottom: Double, into svg: inout SVGWriter) {
        var lastLabel = -Double.infinity
        for frame in strip.frames {
            let markX = px(frame.time.milliseconds)
            svg.element(
                "path",
                [
                    "d": .text("M\(SVGWriter.number(markX)) \(SVGWriter.number(bottom + 19))l-3 5h6z"),
                    "fill": .text(Palette.accent),
                ])
            if markX - lastLabel >= 14 {
                svg.element(
                    "text",
                    [
                        "x": .number(markX), "y": .number(bottom + 32), "font-size": 9, "text-anchor": "middle",
                        "fill": .text(Palette.accent),
                    ], text: String(frame.number))
                lastLabel = markX
            }
        }
    }

    /// The row's events: a vertical at each, a dot where the curve is then, and its label above
    /// the plot on the first of three levels where it fits.
    static func events(
        _ trace: Filmstrip.Trace, strip: Filmstrip, px: (Double) -> Double, py: (Double) -> Double, top: Double,
        bottom: Double,
        into svg: inout SVGWriter
    ) {
        var levelEnds = Array(repeating: -Double.infinity, count: labelLevels)
        // The row's events, those at the same time under one label.
        var groups: [(time: VirtualInstant, events: [Filmstrip.Event])] = []
        for event in strip.events where event.track == trace.track {
            if groups.last?.time == event.time {
                groups[groups.count - 1].events.append(event)
            } else {
                groups.append((event.time, [event]))
            }
        }
        for group in groups {
            let color = Palette.event(group.events[0].kind)
            let eventX = px(group.time.milliseconds)
            svg.element(
                "line",
                [
                    "x1": .number(eventX), "y1": .number(top), "x2": .number(eventX), "y2": .number(bottom),
                    "stroke": .text(color), "stroke-width": 1, "stroke-dasharray": "3 3", "opacity": 0.8,
                ])
            if let offset = offset(of: trace, at: group.time) {
                svg.element(
                    "circle",
                    [
                        "cx": .number(eventX), "cy": .number(py(offset)), "r": 3, "fill": .text(color),
                    ])
            }
            let label = group.events.map(\.label).joined(separator: ", ")
            // About 5.6 px a character at 10 px.
            let labelWidth = Double(label.count) * 5.6
            let level =
                levelEnds.firstIndex { $0 + 4 <= eventX } ?? levelEnds.indices.min { levelEnds[$0] < levelEnds[$1] }!
            // No level free at the event: the label starts after the one it would cover.
            let labelX = max(eventX, levelEnds[level] + 4)
            levelEnds[level] = labelX + labelWidth
            svg.element(
                "text",
                [
                    "x": .number(labelX), "y": .number(top - 4 - Double(labelLevels - 1 - level) * labelHeight),
                    "font-size": 10,
                    "fill": .text(color),
                ], text: label)
        }
    }

    /// `row 4 · Weekend hiking plan · row 3 from 1450 ms`
    static func title(of trace: Filmstrip.Trace) -> String {
        (["row \(trace.row) · \(DisplayText.escaped(trace.item))"]
            + trace.renumbered.map { "row \($0.row) from \(TimeText.milliseconds($0.from)) ms" }).joined(
                separator: " · ")
    }

    /// The row's presented offset at `time`: the last sample at or before it.
    static func offset(of trace: Filmstrip.Trace, at time: VirtualInstant) -> Double? {
        var found: Double?
        for segment in trace.segments {
            for sample in segment where sample.time <= time { found = sample.offset }
        }
        return found
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        for factor in [1.0, 2, 5, 10] where power * factor >= rough { return power * factor }
        return power * 10
    }
}
