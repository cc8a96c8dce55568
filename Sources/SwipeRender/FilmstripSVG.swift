import SwipeCore
import SwipeScript

/// Draws a ``Filmstrip`` as one SVG picture: a heading, the frames in a grid (each the visible
/// table as the playground page draws it, with a caption), and under them a plot per touched
/// row of its presented offset over time, with its thresholds and events.
public enum FilmstripSVG {
    static let margin = 24.0
    static let gap = 20.0
    static let headingHeight = 58.0
    static let captionHeight = 74.0
    static let captionLines = 3
    static let plotHeight = 230.0
    static let minimumWidth = 820.0
    static let font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Helvetica Neue', Helvetica, Arial, sans-serif"

    /// The SVG document (UTF-8 text ending in a newline).
    public static func render(_ strip: Filmstrip, columns requested: Int = 4) -> String {
        let geometry = strip.geometry
        let columns = max(1, min(requested, max(strip.frames.count, 1)))
        let gridRows = (strip.frames.count + columns - 1) / columns
        let frameHeight = captionHeight + geometry.viewportHeight
        let width = max(2 * margin + Double(columns) * geometry.width + Double(columns - 1) * gap, minimumWidth)
        let framesHeight = strip.frames.isEmpty ? 40 : Double(gridRows) * (frameHeight + gap)
        let plotsTop = headingHeight + framesHeight + 10
        let plotsHeight = 30 + (strip.traces.isEmpty ? 30 : Double(strip.traces.count) * (plotHeight + gap))
        let height = plotsTop + plotsHeight + margin

        var svg = SVGWriter()
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.group(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": .number(width), "height": .number(height),
                "viewBox": .text("0 0 \(SVGWriter.number(width)) \(SVGWriter.number(height))"),
                "font-family": .text(font),
            ]
        ) { svg in
            svg.element(
                "rect", ["width": .number(width), "height": .number(height), "fill": .text(Palette.background)])
            heading(strip, into: &svg)
            if strip.frames.isEmpty {
                svg.element(
                    "text",
                    [
                        "x": .number(margin), "y": .number(headingHeight + 20), "font-size": 13,
                        "fill": .text(Palette.muted),
                    ],
                    text: "(no frames: \(emptyReason(strip)))")
            }
            for (index, frame) in strip.frames.enumerated() {
                let x = margin + Double(index % columns) * (geometry.width + gap)
                let y = headingHeight + Double(index / columns) * (frameHeight + gap)
                draw(frame, strip: strip, x: x, y: y, into: &svg)
            }
            OffsetPlot.drawAll(strip, top: plotsTop, width: width, into: &svg)
        }
        return svg.text
    }

    static func emptyReason(_ strip: Filmstrip) -> String {
        strip.selection == "after each event" ? "the run made no delegate calls and no plugin events" : "no frame time"
    }

    static func heading(_ strip: Filmstrip, into svg: inout SVGWriter) {
        svg.element(
            "text",
            [
                "x": .number(margin), "y": .number(margin + 8), "font-size": 18, "font-weight": 700,
                "fill": .text(Palette.ink),
            ],
            text: DisplayText.escaped(strip.script))
        let frames = strip.frames.count == 1 ? "1 frame" : "\(strip.frames.count) frames"
        let line = [
            strip.subtitle, "\(frames), \(strip.selection)", "script ends at \(TimeText.milliseconds(strip.end)) ms",
        ]
        .filter { !$0.isEmpty }.joined(separator: " · ")
        svg.element(
            "text", ["x": .number(margin), "y": .number(margin + 28), "font-size": 12, "fill": .text(Palette.muted)],
            text: line)
    }

    // MARK: A frame

    static func draw(_ frame: Filmstrip.Frame, strip: Filmstrip, x: Double, y: Double, into svg: inout SVGWriter) {
        let geometry = strip.geometry
        let width = geometry.width
        svg.group("g", ["id": .text("frame-\(frame.number)")]) { svg in
            // The caption, clipped to the frame's width.
            svg.group(
                "svg",
                [
                    "x": .number(x), "y": .number(y), "width": .number(width), "height": .number(captionHeight),
                ]
            ) { svg in
                svg.element(
                    "text", ["x": 0, "y": 16, "font-size": 13, "font-weight": 700, "fill": .text(Palette.ink)],
                    text: "\(frame.number) · \(TimeText.milliseconds(frame.time)) ms")
                var lines = frame.events.prefix(captionLines).map { ($0.text, Palette.event($0.kind)) }
                if frame.events.count > captionLines {
                    lines[captionLines - 1] = (
                        "and \(frame.events.count - captionLines + 1) more events", Palette.muted
                    )
                }
                if frame.events.isEmpty { lines = [("no event", Palette.faint)] }
                for (index, line) in lines.enumerated() {
                    svg.element(
                        "text",
                        ["x": 0, "y": .number(35 + Double(index) * 15), "font-size": 11.5, "fill": .text(line.1)],
                        text: shortened(line.0, toFit: width, fontSize: 11.5))
                }
            }
            let top = y + captionHeight
            svg.element(
                "rect",
                [
                    "x": .number(x - 0.5), "y": .number(top - 0.5), "width": .number(width + 1),
                    "height": .number(geometry.viewportHeight + 1), "fill": "none", "stroke": "#c7c7cc",
                ])
            svg.group(
                "svg",
                [
                    "x": .number(x), "y": .number(top), "width": .number(width),
                    "height": .number(geometry.viewportHeight),
                ]
            ) { svg in
                svg.element(
                    "rect",
                    [
                        "width": .number(width), "height": .number(geometry.viewportHeight),
                        "fill": .text(Palette.behind),
                    ])
                let editing = Set(frame.table.editing)
                // Rows collapsing after a delete (`row_animation`), under the rows.
                for ghost in frame.table.collapsing {
                    draw(
                        TableSnapshot.Row(collapsing: ghost), top: ghost.geometry.y, open: false, strip: strip,
                        into: &svg)
                }
                for row in frame.table.rows {
                    // The row's y is its geometry's (`(row - 1) * H - contentOffset` unless rows animate).
                    let rowTop = row.geometry.y
                    let pressed = Set(frame.events.lazy.filter { $0.row == row.row }.compactMap(\.tappedButton))
                    draw(
                        row, top: rowTop, open: editing.contains(row.row), pressed: pressed, strip: strip, into: &svg)
                }
            }
        }
    }

    /// One row: the buttons where the row's geometry puts them (``CellGeometry``: its edge's
    /// transition), the full swipe's button filling what the content reveals, and the content
    /// slid by its presented offset. Positions are the geometry's; nothing is computed here.
    static func draw(
        _ row: TableSnapshot.Row, top: Double, open: Bool, pressed: Set<String> = [], strip: Filmstrip,
        into svg: inout SVGWriter
    ) {
        let width = strip.geometry.width
        let height = strip.geometry.rowHeight
        let geometry = row.geometry
        let offset = geometry.offset
        let body: (inout SVGWriter) -> Void = { svg in
            // Only the side the content uncovers has its buttons behind it (the text format's
            // drawing and the libraries alike): a bounce past rest shows the row's background.
            let buttons = offset < 0 ? row.rightButtons : row.leftButtons
            for frame in geometry.paintOrder {
                guard buttons.indices.contains(frame.index) else { continue }
                let button = buttons[frame.index]
                drawButton(
                    button, x: frame.x, width: frame.width, height: height, pressed: pressed.contains(button.id),
                    into: &svg)
            }
            if let filled = geometry.filled, buttons.indices.contains(filled.index) {
                drawButton(
                    buttons[filled.index], x: filled.x, width: filled.width, height: height,
                    titleAt: offset < 0 ? .left : .right, into: &svg)
            }
            svg.group("g", ["transform": .text("translate(\(SVGWriter.number(offset)) 0)")]) { svg in
                svg.element("rect", ["width": .number(width), "height": .number(height), "fill": .text(Palette.row)])
                svg.element(
                    "rect",
                    [
                        "y": .number(height - 1), "width": .number(width), "height": 1, "fill": .text(Palette.line),
                    ])
                let rtl = strip.direction == .rtl
                let baseline = height / 2 + 5
                svg.element(
                    "text",
                    [
                        "x": .number(rtl ? width - 10 : 10), "y": .number(baseline - 1), "font-size": 11,
                        "text-anchor": .text(rtl ? "end" : "start"),
                        "font-weight": .text(open ? "700" : "400"),
                        "fill": .text(open ? Palette.accent : Palette.faint),
                    ], text: String(row.row))
                svg.element(
                    "text",
                    [
                        "x": .number(rtl ? width - 36 : 36), "y": .number(baseline), "font-size": 15,
                        "text-anchor": .text(rtl ? "end" : "start"), "fill": .text(Palette.ink),
                    ], text: DisplayText.escaped(row.item))
            }
        }
        guard geometry.height != height || geometry.opacity != 1 || geometry.shift != 0 else {
            svg.group("svg", ["x": 0, "y": .number(top), "width": .number(width), "height": .number(height)], body)
            return
        }
        // A row animation (docs/appearance.md, "Row animations"): the row clipped to its height,
        // shifted sideways (`slide`) and faded (`fade`) as its geometry says.
        svg.group(
            "svg",
            [
                "x": .number(geometry.shift), "y": .number(top), "width": .number(width),
                "height": .number(max(geometry.height, 0)), "opacity": .number(geometry.opacity),
            ], body)
    }

    /// Where a filled button's title sits: against the content (which is on its left when the
    /// right side is revealed).
    enum TitlePlace { case middle, left, right }

    static func drawButton(
        _ button: SwipeButton, x: Double, width: Double, height: Double, titleAt place: TitlePlace = .middle,
        pressed: Bool = false, into svg: inout SVGWriter
    ) {
        guard width > 0 else { return }
        var color = Palette.color(of: (button.color, button.style == .destructive))
        if pressed, let highlight = button.validHighlightColor { color = highlight }
        let ink = button.validTextColor ?? Palette.textColor(on: color)
        svg.group("svg", ["x": .number(x), "y": 0, "width": .number(width), "height": .number(height)]) { svg in
            svg.element("rect", ["width": .number(width), "height": .number(height), "fill": .text(color)])
            let (textX, anchor): (Double, String) =
                switch place {
                case .middle: (width / 2, "middle")
                case .left: (18, "start")
                case .right: (width - 18, "end")
                }
            guard let icon = button.icon else {
                svg.element(
                    "text",
                    [
                        "x": .number(textX), "y": .number(height / 2 + 5), "font-size": 14, "font-weight": 600,
                        "text-anchor": .text(anchor), "fill": .text(ink),
                    ], text: DisplayText.escaped(button.title))
                return
            }
            // An icon alone is 24 points, centred; above a title, 20 points with the title
            // (12 px) under it, the two centred together (docs/appearance.md, "Icons").
            let titled = !button.title.isEmpty
            let size = titled ? ButtonIcon.sizeAboveTitle : ButtonMetrics.iconSize
            let iconX: Double =
                switch place {
                case .middle: (width - size) / 2
                case .left: 18
                case .right: width - 18 - size
                }
            let iconY = titled ? height / 2 - ButtonIcon.stackHeight / 2 : (height - size) / 2
            drawIcon(icon, x: iconX, y: iconY, size: size, ink: ink, into: &svg)
            if titled {
                svg.element(
                    "text",
                    [
                        "x": .number(textX), "y": .number(height / 2 + ButtonIcon.stackHeight / 2 - 1),
                        "font-size": 12, "font-weight": 600, "text-anchor": .text(anchor), "fill": .text(ink),
                    ], text: DisplayText.escaped(button.title))
            }
        }
    }

    /// An icon in a `size`-point square at (`x`, `y`): its path scaled from its view box, the
    /// built-in outlines stroked in `ink`, a plugin's path filled with it.
    static func drawIcon(_ icon: ButtonIcon, x: Double, y: Double, size: Double, ink: String, into svg: inout SVGWriter)
    {
        let box = icon.viewBox
        let viewBox = [box.minX, box.minY, box.width, box.height].map(SVGWriter.number).joined(separator: " ")
        svg.group(
            "svg",
            [
                "x": .number(x), "y": .number(y), "width": .number(size), "height": .number(size),
                "viewBox": .text(viewBox),
            ]
        ) { svg in
            if icon.stroked {
                svg.element(
                    "path",
                    [
                        "d": .text(icon.path), "fill": "none", "stroke": .text(ink), "stroke-width": 2,
                        "stroke-linecap": "round", "stroke-linejoin": "round",
                    ])
            } else {
                svg.element("path", ["d": .text(icon.path), "fill": .text(ink)])
            }
        }
    }

    /// `text` as it fits `width` points at `fontSize`, measured with the auto widths' table
    /// (DejaVu Sans Bold, wider than the regular faces captions are drawn in): whole, or cut
    /// with an ellipsis.
    static func shortened(_ text: String, toFit width: Double, fontSize: Double) -> String {
        let scale = fontSize / ButtonMetrics.fontSize
        guard ButtonMetrics.textWidth(text) * scale > width else { return text }
        let room = width / scale - ButtonMetrics.textWidth("…")
        var kept = ""
        var used = 0.0
        for character in text {
            let next = ButtonMetrics.textWidth(String(character))
            if used + next > room { break }
            used += next
            kept.append(character)
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}
