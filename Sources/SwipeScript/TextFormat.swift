import SwipeCore

/// `--format text`: each delegate call as a line a person reads, and the visible table drawn
/// in plain text at the end (one character for every 8 points).
public enum TextFormat {
    public static let pointsPerCharacter = 8.0

    /// One record as a line (a traceback adds indented lines). `colored` (a terminal's text,
    /// ``TextColor``) sets the time apart and colours the event by its kind: the delegate's
    /// calls, plugin errors, plugin warnings and other plugin events each their own way. The
    /// characters are the same either way.
    /// ` (flicked at V points/s)` for an `open` or `close` a flick decided, V to 0.001 points/s
    /// (``NumberText/velocityDecimals``).
    static func flick(_ velocity: Double?) -> String {
        guard let velocity else { return "" }
        var number = OutputBuffer()
        number.append(number: NumberText.shownVelocity(velocity))
        return " (flicked at \(String(decoding: number.bytes, as: UTF8.self)) points/s)"
    }

    /// ` (released at V points/s)` for a `will_open` or `will_close` (nothing for a cancelled pan).
    static func released(_ velocity: Double?) -> String {
        guard let velocity else { return "" }
        var number = OutputBuffer()
        number.append(number: NumberText.shownVelocity(velocity))
        return " (released at \(String(decoding: number.bytes, as: UTF8.self)) points/s)"
    }

    /// The line `--format text` prints for `record`, without its newline (a traceback's lines
    /// are part of it, after newlines).
    public static func line(for record: TraceRecord) -> String {
        OutputBuffer.line { write(record, to: &$0) }
    }

    public static func write(_ record: TraceRecord, to out: inout OutputBuffer, colored: Bool = false) {
        let time = pad(milliseconds(record.time), to: 9) + "  "
        // The parts taken from outside are escaped as they go in (tabs kept); a traceback breaks
        // the line and indents on purpose; any other control character is escaped here.
        let text = DisplayText.escaped(self.text(of: record), keeping: [.tabs, .newlines])
        guard colored else {
            out.append(time)
            out.append(text)
            out.append("\n")
            return
        }
        out.append(TextColor.dim.paint(time) + TextColor.of(record.event).paint(text) + "\n")
    }

    /// The text of `record`'s line, without its time.
    static func text(of record: TraceRecord) -> String {
        let side = record.side
        switch record.event {
        case .open(let row):
            return "row \(row) opened" + (side.map { " (\($0.rawValue))" } ?? "") + flick(record.velocity)
        case .close(let row):
            return "row \(row) closed" + (side.map { " (\($0.rawValue))" } ?? "") + flick(record.velocity)
        case .action(let row, let id, let number, let title) where record.accessibility:
            let button = side.map { "\($0.rawValue) button" } ?? "button"
            return
                "row \(row): activated \"\(DisplayText.escaped(title))\" (accessibility action, \(button) \(number), id \(DisplayText.escaped(id)))"
        case .action(let row, let id, let number, let title):
            let button = (record.full ? "full swipe, " : "") + (side.map { "\($0.rawValue) button" } ?? "button")
            return
                "row \(row): tapped \"\(DisplayText.escaped(title))\" (\(button) \(number), id \(DisplayText.escaped(id)))"
        case .expand(let row, let edge): return "row \(row) expanded (\(edge.rawValue) full swipe)"
        case .collapse(let row, let edge): return "row \(row) collapsed (\(edge.rawValue) full swipe)"
        case .begin(let row, let edge): return "row \(row) began a swipe (\(edge.rawValue))"
        case .willOpen(let row):
            return "row \(row) will open" + (side.map { " (\($0.rawValue))" } ?? "") + released(record.velocity)
        case .willClose(let row):
            return "row \(row) will close" + (side.map { " (\($0.rawValue))" } ?? "") + released(record.velocity)
        case .delete(let row, let item, _): return "deleted row \(row) (\(shown(item)))"
        case .insert(let row, let item, _): return "inserted row \(row): \(shown(item))"
        case .update(let row, let item, _): return "row \(row) is now: \(shown(item))"
        case .move(let from, let row, let item, _): return "moved row \(from) to row \(row): \(shown(item))"
        case .present(let title, let text): return "presented \"\(shown(title))\": \(shown(text))"
        case .dismiss: return "dismissed the detail screen"
        case .log(let plugin, let message): return "[\(shown(plugin))] \(shown(message))"
        case .emitted(let name, let plugin, let fields):
            let text = fields.map { "\(shown($0.key))=\(shown(describe($0.value)))" }.joined(separator: " ")
            return "\(shown(name)) from \(shown(plugin))" + (text.isEmpty ? "" : ": " + text)
        case .pluginError(let error):
            var text =
                "plugin error in \(shown(error.plugin)).\(error.hook)\(error.row.map { " (row \($0))" } ?? ""): \(shown(error.message))"
            if let traceback = error.traceback, !traceback.isEmpty {
                text +=
                    "\n"
                    + traceback.split(separator: "\n").map { "           " + shown(String($0)) }.joined(separator: "\n")
            }
            return text
        case .pluginWarning(let warning):
            return shown(
                FieldProblem.located(
                    file: warning.file, line: warning.line, warning: true, row: warning.row, field: warning.field,
                    message: warning.message))
        case .reload(let plugins): return "reloaded plugins: " + plugins.map(shown).joined(separator: ", ")
        case .actions(let row, let actions):
            guard !actions.isEmpty else { return "row \(row) has no accessibility actions" }
            return "row \(row) accessibility actions: "
                + actions.map {
                    // A quoted word, cut as messages cut one (a label may be any length).
                    "\"\(DisplayText.token($0.label))\" (\($0.edge.rawValue) button \($0.number), id \(shown($0.buttonID)))"
                }.joined(separator: ", ")
        }
    }

    /// Text from a plugin or its data as a line shows it: on one line, control characters
    /// escaped (``DisplayText``) but tabs (`ctx:log` separates its arguments with them).
    static func shown(_ text: String) -> String {
        DisplayText.escaped(text, keeping: .tabs)
    }

    /// A field of a plugin's own event as its text line shows it.
    static func describe(_ value: TraceValue) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .number(let number): return String(number)
        case .bool(let flag): return String(flag)
        default: return "…"
        }
    }

    public static func write(
        _ snapshot: TableSnapshot, width: Double, to out: inout OutputBuffer, colored: Bool = false
    ) {
        let shown =
            snapshot.rows.isEmpty
            ? "no rows" : "rows \(snapshot.rows[0].row)-\(snapshot.rows[snapshot.rows.count - 1].row)"
        let open = snapshot.editing.isEmpty ? "none" : snapshot.editing.map(String.init).joined(separator: ", ")
        let heading =
            "At \(milliseconds(snapshot.time)): \(shown) of \(snapshot.rowCount) on screen"
            + " (offset \(points(snapshot.contentOffset))); open rows: \(open)"
        out.append("\n" + (colored ? TextColor.bold.paint(heading) : heading) + "\n")
        let columns = Self.columns(width)
        let border = "       +" + String(repeating: "-", count: columns) + "+\n"
        out.append(border)
        for row in snapshot.rows {
            out.append(pad(String(row.row), to: 6) + " |" + draw(row, columns: columns) + "|")
            if row.right != 0 || row.presentedRight != row.right {
                out.append("  right \(points(row.right))")
                if row.presentedRight != row.right {
                    out.append(", drawn at \(points(row.presentedRight)) (animating)")
                }
            }
            out.append("\n")
        }
        out.append(border)
    }

    /// Characters across a cell `width` points wide: at least 1, at most what the widest
    /// cell (``TableGeometry/maximumWidth``) takes.
    static func columns(_ width: Double) -> Int {
        let columns = (width / pointsPerCharacter).rounded()
        guard columns >= 1 else { return 1 }
        return Int(min(columns, TableGeometry.maximumWidth / pointsPerCharacter))
    }

    /// One row: the content slid left by the presented right constant, and the buttons it
    /// reveals on either side.
    static func draw(_ row: TableSnapshot.Row, columns: Int) -> String {
        // Clamped while a Double: past the cell's width on either side, the drawing is the same.
        let limit = Double(columns + 1)
        // The content's shift in characters: the geometry's offset as a right constant.
        let offset = (-row.geometry.offset / pointsPerCharacter).rounded()
        let shift = offset.isNaN ? 0 : Int(min(max(offset, -limit), limit))
        let content = Array(("  " + DisplayText.escaped(row.item)).unicodeScalars.map(Character.init))
        if row.geometry.transition != .reveal, row.geometry.filled == nil, !row.geometry.buttons.isEmpty {
            return drawMoving(row, content: content, shift: shift, columns: columns)
        }
        var strip = buttonStrip(row.rightButtons)
        var leftStrip = buttonStrip(row.leftButtons.reversed())
        if let filled = row.filledButton, row.geometry.filled != nil, shift != 0 {
            // A full swipe's button fills all the content reveals.
            let revealed = [
                SwipeButton(id: filled.id, title: filled.displayTitle, width: Double(abs(shift)) * pointsPerCharacter)
            ]
            if shift > 0 { strip = buttonStrip(revealed) } else { leftStrip = buttonStrip(revealed) }
        }
        var line: [Character] = []
        line.reserveCapacity(columns)
        for column in 0..<columns {
            let contentIndex = column + shift
            if contentIndex >= 0 && column < columns - shift {
                line.append(contentIndex < content.count ? content[contentIndex] : " ")
            } else if contentIndex < 0 && !leftStrip.isEmpty {
                // Content moved right: the left side's buttons, button 1 leftmost.
                line.append(column < leftStrip.count ? leftStrip[column] : " ")
            } else {
                let fromRight = columns - column
                line.append(fromRight <= strip.count && column >= 0 ? strip[strip.count - fromRight] : " ")
            }
        }
        return String(line)
    }

    /// A row whose buttons move with a transition other than `reveal`: each `[title]` at the
    /// columns of its frame (``CellGeometry/Frame``, rounded to characters), painted in the
    /// geometry's order, then the content over them.
    static func drawMoving(_ row: TableSnapshot.Row, content: [Character], shift: Int, columns: Int) -> String {
        var line = [Character](repeating: " ", count: columns)
        let buttons = row.geometry.offset < 0 ? row.rightButtons : row.leftButtons
        let limit = Double(columns)
        for frame in row.geometry.paintOrder where buttons.indices.contains(frame.index) {
            let start = (frame.x / pointsPerCharacter).rounded()
            let end = ((frame.x + frame.width) / pointsPerCharacter).rounded()
            guard start.isFinite, end.isFinite, end > start else { continue }
            let button = buttons[frame.index]
            let label = buttonStrip([
                SwipeButton(id: button.id, title: button.title, width: (end - start) * pointsPerCharacter)
            ])
            let first = Int(min(max(start, -limit), limit))
            for (index, character) in label.enumerated() where first + index >= 0 && first + index < columns {
                line[first + index] = character
            }
        }
        for column in 0..<columns {
            let contentIndex = column + shift
            if contentIndex >= 0 && column < columns - shift {
                line[column] = contentIndex < content.count ? content[contentIndex] : " "
            }
        }
        return String(line)
    }

    /// The buttons side by side, button 1 last (rightmost), each `[title]` fitted to its width.
    static func buttonStrip<Buttons: BidirectionalCollection<SwipeButton>>(_ buttons: Buttons) -> [Character] {
        var strip: [Character] = []
        for button in buttons.reversed() {
            let width = max(Int((button.width / pointsPerCharacter).rounded()), 1)
            var label = Array(DisplayText.escaped(button.displayTitle))
            if width >= 2 {
                label = Array(label.prefix(width - 2))
                let spare = width - 2 - label.count
                let before = spare / 2
                strip.append("[")
                strip += Array(repeating: " ", count: before) + label + Array(repeating: " ", count: spare - before)
                strip.append("]")
            } else {
                strip.append("|")
            }
        }
        return strip
    }

    /// Rounded to the microsecond, printed exactly from the integer nanoseconds.
    static func milliseconds(_ time: VirtualInstant) -> String {
        TimeText.milliseconds(time, roundedToMicroseconds: true) + " ms"
    }

    static func points(_ value: Double) -> String {
        var buffer = OutputBuffer()
        buffer.append(number: (value * 1000).rounded() / 1000)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
