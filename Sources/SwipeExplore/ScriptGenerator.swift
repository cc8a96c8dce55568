import SwipeCore
import SwipePlugins
import SwipeScript

/// Makes gesture script lines for a session as it is now: one gesture at a time (a pan is its
/// `begin`, its moves and its `end`), rows picked among those on screen, by number or, where the
/// item has a name for an id, by `#ID`. It reads each row's configuration (its buttons, their
/// widths, the open and full-swipe thresholds) so that taps land on real buttons and moves
/// reach the distances that matter: either side of the open threshold, the buttons' width, past
/// it into the elastic range, either side of the full-swipe threshold. Nothing in it knows a
/// plugin.
///
/// The lines are commands of the script grammar (``GestureCommand``), numbered by the caller as
/// it applies them; a line the session refuses is dropped (a refused command changes nothing).
public struct ScriptGenerator {
    public var random: ExploreRandom
    let kinds: [(kind: ExploreKind, total: Int)]

    public init(random: ExploreRandom, mix: ExploreMix = .standard) {
        self.random = random
        kinds = mix.cumulative
    }

    /// The kind of the next gesture, by the mix's weights.
    mutating func nextKind() -> ExploreKind {
        let draw = random.below(kinds.last!.total)
        return kinds.first { draw < $0.total }!.kind
    }

    /// The next gesture's lines (at least one), for `session` as it is now.
    public mutating func gesture(for session: Session) -> [ScriptLine] {
        let table = session.table
        let kind = nextKind()
        let visible = table.visibleRows
        switch kind {
        case .wait: return [line(.wait(waitAmount()))]
        case .scroll: return [line(.scroll(dy: random.pick([-1.0, 1.0]) * random.pick([20, 44, 100, 250, 600])))]
        case .dismiss: return [line(.dismiss)]
        default: break
        }
        guard !visible.isEmpty else { return [line(.wait(waitAmount()))] }
        let row = pickRow(in: table, kind: kind)
        guard let cell = table.cell(forRow: row) else { return [line(.wait(.milliseconds(16 as Int64)))] }
        let reference = self.reference(row, in: table)
        let configuration = cell.configuration
        switch kind {
        case .pan: return pan(reference, configuration, table)
        case .flick: return flick(reference, configuration, table)
        case .swipe:
            let edge = pickEdge(configuration)
            let dx = signedDistance(on: edge, configuration, table)
            let duration = TimeAmount.milliseconds(Int64(random.pick([60, 120, 150, 250, 400])))
            return [reference.line(.swipe(row: 0, dx: dx, duration: duration))]
        case .tap: return [tap(reference, cell, table)]
        case .open:
            let side: Edge? = random.chance(40) ? nil : pickEdge(configuration)
            return [reference.line(.open(row: 0, side: side))]
        case .close: return [reference.line(.close(row: 0))]
        case .activate:
            let ids = (configuration.trailing.buttons + configuration.leading.buttons).map(\.id).filter {
                ScriptIDs.buttonProblem($0) == nil
            }
            guard !ids.isEmpty else { return [line(.wait(waitAmount()))] }
            return [reference.line(.activate(row: 0, button: random.pick(ids)))]
        case .wait, .scroll, .dismiss: return [line(.wait(waitAmount()))]
        }
    }

    /// A line without a row.
    func line(_ command: GestureCommand) -> ScriptLine { ScriptLine(number: 0, command: command) }

    /// A row as the gesture's lines name it: a number, or `#ID`.
    struct RowReference {
        var row: Int
        var id: RowID?

        func line(_ command: GestureCommand) -> ScriptLine {
            if let id { return ScriptLine(number: 0, command: command.withRow(0), rowID: id) }
            return ScriptLine(number: 0, command: command.withRow(row))
        }
    }

    mutating func reference(_ row: Int, in table: SwipeTable) -> RowReference {
        guard case .name = table.items.id(row: row), random.chance(35) else { return RowReference(row: row) }
        let id = table.items.id(row: row)
        return ScriptIDs.rowProblem(id) == nil ? RowReference(row: row, id: id) : RowReference(row: row)
    }

    /// A row on screen: for a tap or a close, an open row more often than not.
    mutating func pickRow(in table: SwipeTable, kind: ExploreKind) -> Int {
        let visible = table.visibleRows
        if kind == .tap || kind == .close || kind == .pan, random.chance(kind == .pan ? 25 : 60) {
            let open = table.openRows.filter { visible.contains($0) }.sorted()
            if !open.isEmpty { return random.pick(open) }
        }
        return visible.lowerBound + random.below(visible.count)
    }

    /// An edge with buttons, now and then the other one.
    mutating func pickEdge(_ configuration: CellConfiguration) -> Edge {
        let edges = Edge.allCases.filter { configuration.hasButtons(on: $0) }
        if edges.isEmpty || random.chance(8) { return random.pick(Edge.allCases) }
        return random.pick(edges)
    }

    /// A distance towards revealing `edge` that matters for this row: just short of and just
    /// past the open threshold, half and all of the buttons, past them (elastic), either side of
    /// the full-swipe threshold, most of the row.
    mutating func distance(on edge: Edge, _ configuration: CellConfiguration, _ table: SwipeTable) -> Double {
        let metrics = configuration.metrics
        let total = metrics.totalWidth(of: edge)
        let open = metrics.openThreshold(of: edge)
        let full = metrics.fullThreshold(of: edge)
        let width = table.geometry.width
        var candidates: [Double] =
            total > 0
            ? [open - 4, open + 4, total / 2, total, total + 25, total + 70, width * 0.95] : [20, 60, 140]
        if full > 0 { candidates += [full - 6, full + 6, full + 40] }
        let chosen = random.pick(candidates.filter { $0 > 1 })
        return max(1, (chosen + random.number(-3, 3)).rounded())
    }

    /// ``distance(on:_:_:)`` as a translation: negative when revealing the edge moves the
    /// content left.
    mutating func signedDistance(on edge: Edge, _ configuration: CellConfiguration, _ table: SwipeTable) -> Double {
        distance(on: edge, configuration, table) * table.direction.sign(of: edge)
    }

    /// A pan: a slow drag (a move a frame), a quick one, a pull past the buttons or a reversal
    /// (out, then back and maybe over to the other edge), ended, cancelled or released with a
    /// velocity.
    mutating func pan(_ reference: RowReference, _ configuration: CellConfiguration, _ table: SwipeTable)
        -> [ScriptLine]
    {
        let edge = pickEdge(configuration)
        let target = signedDistance(on: edge, configuration, table)
        var lines = [reference.line(.panBegin(row: 0, x: 0))]
        let moves = random.int(1...4)
        let slow = random.chance(60)
        for step in 1...moves {
            if slow { lines.append(line(.wait(.milliseconds(16 as Int64)))) }
            lines.append(reference.line(.panMove(row: 0, x: (target * Double(step) / Double(moves)).rounded())))
        }
        if random.chance(25) {
            // A reversal: back towards the start, and sometimes past it to the other edge.
            let back =
                random.chance(40)
                ? signedDistance(on: edge == .trailing ? .leading : .trailing, configuration, table)
                : (target * random.pick([0.1, 0.3, 0.6])).rounded()
            if slow { lines.append(line(.wait(.milliseconds(16 as Int64)))) }
            lines.append(reference.line(.panMove(row: 0, x: back)))
        }
        let ending = random.below(100)
        if ending < 10 {
            lines.append(reference.line(.panCancel(row: 0)))
        } else if ending < 20 {
            let velocity = random.pick([-1.0, 1.0]) * random.pick([200, 600, 1500])
            lines.append(reference.line(.panEnd(row: 0, velocity: velocity)))
        } else {
            lines.append(reference.line(.panEnd(row: 0)))
        }
        return lines
    }

    /// A flick: two quick short moves, released fast (mostly the way they went).
    mutating func flick(_ reference: RowReference, _ configuration: CellConfiguration, _ table: SwipeTable)
        -> [ScriptLine]
    {
        let edge = pickEdge(configuration)
        let sign = table.direction.sign(of: edge)
        let first = (sign * random.number(8, 30)).rounded()
        let second = (sign * random.number(30, 70)).rounded()
        let speed = random.pick([400.0, 900, 1800, 3000])
        let velocity = random.chance(80) ? sign * speed : -sign * speed
        return [
            reference.line(.panBegin(row: 0, x: 0)), line(.wait(.milliseconds(8 as Int64))),
            reference.line(.panMove(row: 0, x: first)), line(.wait(.milliseconds(8 as Int64))),
            reference.line(.panMove(row: 0, x: second)), reference.line(.panEnd(row: 0, velocity: velocity)),
        ]
    }

    /// A tap: on a button of the edge the row reveals (by id, by its edge and number, or by
    /// number on the trailing edge), or on the content; now and then a button not revealed.
    mutating func tap(_ reference: RowReference, _ cell: SwipeCell, _ table: SwipeTable) -> ScriptLine {
        let configuration = cell.configuration
        let revealed = cell.isClosed ? nil : cell.edge
        let edges = Edge.allCases.filter { configuration.hasButtons(on: $0) }
        guard random.chance(85), let edge = revealed ?? (random.chance(20) ? edges.first : nil) else {
            return reference.line(.tap(row: 0, button: .content))
        }
        let buttons = configuration[edge].buttons
        guard !buttons.isEmpty else { return reference.line(.tap(row: 0, button: .content)) }
        let number = random.int(1...buttons.count)
        let id = buttons[number - 1].id
        let how = random.below(4)
        if how < 2, ScriptIDs.buttonProblem(id) == nil { return reference.line(.tap(row: 0, button: .id(id))) }
        if how == 2, edge == .trailing { return reference.line(.tap(row: 0, button: .number(number))) }
        return reference.line(.tap(row: 0, button: .onEdge(edge, number)))
    }

    /// A wait: mostly short (a frame, a snap's animation), sometimes long (timers, a delayed
    /// fulfil, a slide-out).
    mutating func waitAmount() -> TimeAmount {
        let milliseconds =
            random.chance(70) ? random.pick([16, 50, 100, 200, 350]) : random.pick([600, 1000, 2500, 6000])
        return .milliseconds(Int64(milliseconds))
    }
}
