import SwipeCore
import SwipePlugins
import SwipeScript

/// Encodes one page's frames (docs/playground.md, "Frames"): what the page already has is not
/// sent again. A row the page drew in the previous frame is sent with only the fields that
/// changed (a row with none is not listed: `visible` says it is still on screen); a row's
/// buttons and configuration travel as a *look*, defined once per page and named by its number;
/// a running segment's path is a few knots (``PathSimplifier``), sent again only when the
/// page's no longer draws the segment within the tolerance.
///
/// A *key* frame depends on nothing sent before (every visible row whole, every look it uses
/// defined): the first frame, and each one the connection asks for because a frame before it
/// may be dropped unsent (``PlaygroundConnection``).
struct FrameEncoder {
    /// What the page has of a row (from the frames sent so far): a class, updated in place
    /// field by field, so that a row that did not change costs no copy of its configuration and
    /// drawing at each frame.
    private final class RowState {
        var item: String
        var offset: Double
        var y: Double
        var look: Int
        var path: PathSimplifier.Path?
        /// What the look was made from.
        var configuration: CellConfiguration
        var preset: BehaviorPreset
        var filled: SwipeButton?
        /// The row's `draw` as the page has it (``RowDraw``), and what it was made from.
        var draw: [UInt8]
        var drawKey: SwipeCell.PresentationKey
        var drawing: RowDraw
        /// A row animation's height, opacity and sideways shift (docs/appearance.md).
        var motion: RowMotionFields
        /// The row's id when its item is a table (the page shows it), else nil.
        var id: String?

        init(
            item: String, offset: Double, y: Double, look: Int, path: PathSimplifier.Path?,
            configuration: CellConfiguration, preset: BehaviorPreset, filled: SwipeButton?, draw: [UInt8],
            drawKey: SwipeCell.PresentationKey,
            drawing: RowDraw, motion: RowMotionFields, id: String?
        ) {
            self.item = item
            self.offset = offset
            self.y = y
            self.look = look
            self.path = path
            self.configuration = configuration
            self.preset = preset
            self.filled = filled
            self.draw = draw
            self.drawKey = drawKey
            self.drawing = drawing
            self.motion = motion
            self.id = id
        }
    }

    /// What a row animation changes of a row (`h`, `opacity`, `shift`); `h` nil: the row height.
    struct RowMotionFields: Equatable {
        var height: Double?
        var opacity = 1.0
        var shift = 0.0
    }

    /// The most looks a page keeps: past it, the next frame is a key frame and numbering starts
    /// again (a long session of ever-new configurations does not grow without end).
    static let maximumLooks = 1_024

    private var rows: [Int: RowState] = [:]
    /// The looks the page has, by their JSON, and their numbers.
    private var looks: [[UInt8]: Int] = [:]
    /// Each look's `rest`: the `draw` a row new to the page starts from.
    private var restDraws: [Int: [UInt8]] = [:]
    /// The next frame is a key frame.
    private var keyNext = true

    /// Makes the next frame a key frame.
    mutating func requireKeyFrame() { keyNext = true }

    /// The visible table at its clock's now, with the events since the last frame; `preset`
    /// gives the preset of a row's configuration (the panel shows it).
    mutating func frame(_ table: SwipeTable, events: [TraceRecord], preset: (Int) -> BehaviorPreset) -> String {
        let key = keyNext || looks.count >= Self.maximumLooks
        keyNext = false
        if key {
            rows.removeAll(keepingCapacity: true)
            looks.removeAll(keepingCapacity: true)
            restDraws.removeAll(keepingCapacity: true)
        }
        let now = table.now
        let geometry = table.geometry
        let rightEdge = table.direction.rightEdge
        let visible = table.visibleRows
        let rowsAnimate = table.rowsAnimate
        var newLooks = OutputBuffer()
        var rowsOut = OutputBuffer()
        var firstRow = true
        var firstLook = true
        var previousLook: Int?
        for row in visible {
            guard let cell = table.cell(forRow: row) else {
                rows[row] = nil
                continue
            }
            let old = rows[row]
            let rowPreset = preset(row)
            let sameLook: Bool
            // The look: the row's buttons and configuration, numbered once per page; the same
            // values as the last frame's are the same look without encoding them again.
            let lookNumber: Int
            if let old, old.configuration == cell.configuration, old.preset == rowPreset,
                old.filled == cell.filledButton
            {
                lookNumber = old.look
                sameLook = true
            } else {
                sameLook = false
                var look = OutputBuffer()
                look.append(literal: "{\"right\":")
                ServerMessage.append(cell.configuration[rightEdge].buttons, to: &look)
                look.append(literal: ",\"left\":")
                ServerMessage.append(cell.configuration[rightEdge.opposite].buttons, to: &look)
                let rightActions = cell.configuration[rightEdge]
                let leftActions = cell.configuration[rightEdge.opposite]
                if rightActions.transition != .reveal || leftActions.transition != .reveal {
                    look.append(literal: ",\"order\":{\"right\":")
                    Self.appendOrder(rightActions, to: &look)
                    look.append(literal: ",\"left\":")
                    Self.appendOrder(leftActions, to: &look)
                    look.append(byte: UInt8(ascii: "}"))
                }
                // Where a row new to the page draws its buttons: a closed cell's (``RowDraw``).
                var rest = OutputBuffer()
                RowDraw.make(
                    SwipeCell(configuration: cell.configuration, direction: table.direction), at: .start,
                    width: geometry.width
                ).encode(to: &rest)
                let restBytes = rest.bytes
                look.append(literal: ",\"rest\":")
                restBytes.withUnsafeBytes { look.append($0) }
                look.append(literal: ",\"filled\":")
                if let filled = cell.filledButton {
                    ServerMessage.append(filled, to: &look)
                } else {
                    look.append(literal: "null")
                }
                look.append(literal: ",\"config\":")
                ConfigurationJSON.write(cell.configuration, preset: rowPreset, to: &look)
                look.append(byte: UInt8(ascii: "}"))
                let lookBytes = look.bytes
                if let known = looks[lookBytes] {
                    lookNumber = known
                } else {
                    lookNumber = looks.count
                    looks[lookBytes] = lookNumber
                    restDraws[lookNumber] = restBytes
                    if !firstLook { newLooks.append(byte: UInt8(ascii: ",")) }
                    firstLook = false
                    newLooks.append(byte: UInt8(ascii: "\""))
                    newLooks.append(integer: lookNumber)
                    newLooks.append(literal: "\":")
                    lookBytes.withUnsafeBytes { newLooks.append($0) }
                }
            }
            let item = table.items[row]
            // Only rows whose items are tables carry ids to the page (a table of strings: none,
            // and its frames stay as they were).
            let id =
                table.items.values.isEmpty || table.items.value(row: row) == nil
                ? nil : table.items.id(row: row).description
            let offset = cell.offset
            var y = Double(row - 1) * geometry.rowHeight - table.contentOffset
            // Rows animating (`row_animation`): their y, height and look are the geometry's.
            var motion = RowMotionFields()
            if rowsAnimate, let drawn = table.cellGeometry(forRow: row) {
                y = drawn.y
                motion = RowMotionFields(
                    height: drawn.height == geometry.rowHeight ? nil : drawn.height, opacity: drawn.opacity,
                    shift: drawn.shift)
            }
            let path: PathSimplifier.Path?
            let pathChanged: Bool
            if let oldPath = old?.path, cell.animationEnd != nil, PathSimplifier.stillDraws(oldPath, cell, at: now) {
                path = oldPath
                pathChanged = false
            } else {
                path = cell.animationEnd == nil ? nil : PathSimplifier.path(of: cell, at: now)
                pathChanged = old.map { $0.path != nil || path != nil } ?? (path != nil)
            }
            // The buttons as drawn: made again only when what they depend on changed.
            let drawKey = cell.presentationKey
            let draw: [UInt8]
            let drawing: RowDraw
            var madeDrawing = false
            if let old, old.look == lookNumber, old.drawKey == drawKey,
                old.drawing.stillDraws(cell, at: now, width: geometry.width)
            {
                (draw, drawing) = (old.draw, old.drawing)
            } else {
                madeDrawing = true
                drawing = RowDraw.make(cell, at: now, width: geometry.width)
                if let old, old.drawing == drawing {
                    draw = old.draw  // a `reveal` row under a finger: the same numbers
                } else {
                    var out = OutputBuffer()
                    drawing.encode(to: &out)
                    draw = out.bytes
                }
            }
            let drawChanged = draw != (old?.draw ?? restDraws[lookNumber] ?? [])
            defer { previousLook = lookNumber }
            if let old {
                let itemChanged = old.item != item
                let offsetChanged = !sameNumber(old.offset, offset)
                let yChanged = !sameNumber(old.y, y)
                let lookChanged = old.look != lookNumber
                let motionChanged = old.motion != motion
                let idChanged = old.id != id
                // What the page has now, in place: only what changed is stored again.
                if itemChanged { old.item = item }
                old.offset = offset
                old.y = y
                old.look = lookNumber
                if pathChanged { old.path = path }
                if !sameLook {
                    old.configuration = cell.configuration
                    old.preset = rowPreset
                    old.filled = cell.filledButton
                }
                if madeDrawing {
                    old.draw = draw
                    old.drawKey = drawKey
                    old.drawing = drawing
                }
                if motionChanged { old.motion = motion }
                if idChanged { old.id = id }
                // Unchanged: `visible` keeps it on the page as it was.
                guard
                    itemChanged || offsetChanged || yChanged || lookChanged || pathChanged || drawChanged
                        || motionChanged || idChanged
                else {
                    continue
                }
                startRow(row, &rowsOut, &firstRow)
                if itemChanged {
                    rowsOut.append(literal: ",\"item\":")
                    rowsOut.append(jsonString: PlaygroundText.cut(item))
                }
                if idChanged {
                    rowsOut.append(literal: ",\"id\":")
                    if let id { rowsOut.append(jsonString: id) } else { rowsOut.append(literal: "null") }
                }
                if offsetChanged {
                    rowsOut.append(literal: ",\"offset\":")
                    ServerMessage.appendNumber(offset, to: &rowsOut)
                }
                if yChanged {
                    rowsOut.append(literal: ",\"y\":")
                    ServerMessage.appendNumber(y, to: &rowsOut)
                }
                if lookChanged {
                    rowsOut.append(literal: ",\"look\":")
                    rowsOut.append(integer: lookNumber)
                }
                if pathChanged {
                    rowsOut.append(literal: ",\"path\":")
                    append(path, to: &rowsOut)
                }
                if motionChanged { append(motion, rowHeight: geometry.rowHeight, to: &rowsOut) }
                if drawChanged { appendDraw(draw, to: &rowsOut) }
            } else {
                rows[row] = RowState(
                    item: item, offset: offset, y: y, look: lookNumber, path: path,
                    configuration: cell.configuration, preset: rowPreset, filled: cell.filledButton, draw: draw,
                    drawKey: drawKey,
                    drawing: drawing, motion: motion, id: id)
                // New to the page: every field, but those at their defaults (offset 0, path null,
                // the look of the row above).
                startRow(row, &rowsOut, &firstRow)
                rowsOut.append(literal: ",\"item\":")
                rowsOut.append(jsonString: PlaygroundText.cut(item))
                if let id {
                    rowsOut.append(literal: ",\"id\":")
                    rowsOut.append(jsonString: id)
                }
                if !sameNumber(offset, 0) {
                    rowsOut.append(literal: ",\"offset\":")
                    ServerMessage.appendNumber(offset, to: &rowsOut)
                }
                rowsOut.append(literal: ",\"y\":")
                ServerMessage.appendNumber(y, to: &rowsOut)
                if previousLook != lookNumber {
                    rowsOut.append(literal: ",\"look\":")
                    rowsOut.append(integer: lookNumber)
                }
                if path != nil {
                    rowsOut.append(literal: ",\"path\":")
                    append(path, to: &rowsOut)
                }
                if motion != RowMotionFields() { append(motion, rowHeight: geometry.rowHeight, to: &rowsOut) }
                if drawChanged { appendDraw(draw, to: &rowsOut) }
            }
            rowsOut.append(byte: UInt8(ascii: "}"))
        }
        // The rows that left the screen (or whose cell is gone) are forgotten.
        if rows.count != visible.count { rows = rows.filter { visible.contains($0.key) } }

        var out = OutputBuffer()
        out.reserve(256 + newLooks.count + rowsOut.count)
        out.append(literal: "{\"type\":\"frame\",\"t\":")
        out.append(milliseconds: now)
        out.append(literal: ",\"key\":")
        if key { out.append(literal: "true") } else { out.append(literal: "false") }
        out.append(literal: ",\"contentOffset\":")
        ServerMessage.appendNumber(table.contentOffset, to: &out)
        out.append(literal: ",\"rowCount\":")
        out.append(integer: table.items.count)
        out.append(literal: ",\"editing\":[")
        for (index, row) in table.openRows.sorted().enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(integer: row)
        }
        out.append(literal: "],\"visible\":[")
        out.append(integer: visible.lowerBound)
        out.append(byte: UInt8(ascii: ","))
        out.append(integer: visible.upperBound - 1)
        out.append(literal: "],\"looks\":{")
        newLooks.withUnsafeBytes { out.append($0) }
        out.append(literal: "},\"rows\":[")
        rowsOut.withUnsafeBytes { out.append($0) }
        if rowsAnimate { appendCollapsing(table, to: &out) }
        out.append(literal: "],\"events\":[")
        for (index, record) in events.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            ServerMessage.appendEvent(record, to: &out)
        }
        out.append(literal: "]}")
        return out.string
    }

    /// A side's paint order, bottom first (``Transition/paintOrder(count:)``): the outer button
    /// on top under `border`.
    static func appendOrder(_ actions: EdgeActions, to out: inout OutputBuffer) {
        out.append(byte: UInt8(ascii: "["))
        for (index, button) in actions.transition.paintOrder(count: actions.buttons.count).enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(integer: button)
        }
        out.append(byte: UInt8(ascii: "]"))
    }

    /// `,"draw":DRAW` (``RowDraw/encode(to:)``).
    private func appendDraw(_ draw: [UInt8], to out: inout OutputBuffer) {
        out.append(literal: ",\"draw\":")
        draw.withUnsafeBytes { out.append($0) }
    }

    /// A row animation's fields of a row: `"h"`, `"opacity"`, `"shift"` (all three, so that the
    /// page's row returns to its height, opacity 1 and no shift when the animation ends).
    private func append(_ motion: RowMotionFields, rowHeight: Double, to out: inout OutputBuffer) {
        out.append(literal: ",\"h\":")
        ServerMessage.appendNumber(motion.height ?? rowHeight, to: &out)
        out.append(literal: ",\"opacity\":")
        ServerMessage.appendNumber(motion.opacity, to: &out)
        out.append(literal: ",\"shift\":")
        ServerMessage.appendNumber(motion.shift, to: &out)
    }

    /// The deleted rows still collapsing (`row_animation`), whole in every frame while any is:
    /// `],"collapsing":[{"row":N,"item":"...","y":Y,"h":H,"opacity":O,"shift":S,"offset":X,
    /// "right":[buttons],"left":[buttons],"filled":button|null,"draw":DRAW}...` (closing the `rows` list
    /// before it). Absent: none collapses.
    private func appendCollapsing(_ table: SwipeTable, to out: inout OutputBuffer) {
        let ghosts = table.collapsingRows
        guard !ghosts.isEmpty else { return }
        out.append(literal: "],\"collapsing\":[")
        for (index, ghost) in ghosts.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            let geometry = ghost.geometry
            out.append(literal: "{\"row\":")
            out.append(integer: ghost.row)
            out.append(literal: ",\"item\":")
            out.append(jsonString: PlaygroundText.cut(ghost.item))
            out.append(literal: ",\"y\":")
            ServerMessage.appendNumber(geometry.y, to: &out)
            append(
                RowMotionFields(height: geometry.height, opacity: geometry.opacity, shift: geometry.shift),
                rowHeight: geometry.height, to: &out)
            out.append(literal: ",\"offset\":")
            ServerMessage.appendNumber(geometry.offset, to: &out)
            out.append(literal: ",\"right\":")
            ServerMessage.append(ghost.rightButtons, to: &out)
            out.append(literal: ",\"left\":")
            ServerMessage.append(ghost.leftButtons, to: &out)
            out.append(literal: ",\"filled\":")
            let buttons = geometry.offset < 0 ? ghost.rightButtons : ghost.leftButtons
            if let filled = geometry.filled, buttons.indices.contains(filled.index) {
                ServerMessage.append(buttons[filled.index], to: &out)
            } else {
                out.append(literal: "null")
            }
            out.append(literal: ",\"draw\":")
            RowDraw.frozen(ghost).encode(to: &out)
            out.append(byte: UInt8(ascii: "}"))
        }
    }

    /// `{"row":N` (after a comma unless it is the first).
    private func startRow(_ row: Int, _ out: inout OutputBuffer, _ first: inout Bool) {
        if !first { out.append(byte: UInt8(ascii: ",")) }
        first = false
        out.append(literal: "{\"row\":")
        out.append(integer: row)
    }

    /// Equal as the page sees them (the same JSON).
    private func sameNumber(_ a: Double, _ b: Double) -> Bool {
        a == b || (a.isNaN && b.isNaN)
    }

    /// `null`, or `{"start":T0,"at":[ms...],"offsets":[...]}`.
    private func append(_ path: PathSimplifier.Path?, to out: inout OutputBuffer) {
        guard let path else {
            out.append(literal: "null")
            return
        }
        out.append(literal: "{\"start\":")
        out.append(milliseconds: path.start)
        out.append(literal: ",\"at\":[")
        for (index, time) in path.times.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            ServerMessage.appendNumber(time, to: &out)
        }
        out.append(literal: "],\"offsets\":[")
        for (index, offset) in path.offsets.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            ServerMessage.appendNumber(offset, to: &out)
        }
        out.append(literal: "]}")
    }
}
