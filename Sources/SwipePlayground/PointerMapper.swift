import SwipeCore
import SwipeScript

/// Turns the page's pointer events into gesture commands, as a touch screen's recognizers
/// would: a press that moves more than ``slop`` px becomes a pan of the pressed row (mostly
/// horizontal) or a scroll (mostly vertical); a press released without moving that far is a
/// tap, hit-tested on the server.
///
/// A value with one `mutating` call per event, returning what to run (STYLE.md, point 2). One
/// pointer at a time: events of another pointer while one is pressed are ignored.
public struct PointerMapper: Sendable {
    /// How far a press may move and still be a tap, in CSS px (either axis).
    public static let slop = 10.0

    enum State: Hashable, Sendable {
        case idle
        /// Pressed at (x, y) on `row` (nil: below the last row), not yet moved past the slop.
        case pressed(pointer: Double, x: Double, y: Double, row: Int?)
        /// Panning `row`; the pan began where the press did, and the last move was at `lastX`.
        case panning(pointer: Double, startX: Double, row: Int, lastX: Double)
        /// Scrolling the table; the last move was at `lastY`.
        case scrolling(pointer: Double, lastY: Double)
        /// A horizontal drag that began on no row: ignored until the pointer lifts.
        case ignoring(pointer: Double)
    }

    private(set) var state: State = .idle

    public init() {}

    /// Whether a press is being tracked.
    public var isPressed: Bool { state != .idle }

    /// The table ended the pan itself (a reload cancels it): the rest of the drag is ignored
    /// until the pointer lifts, rather than sending moves for a pan that is over.
    public mutating func panWasCancelled() {
        if case .panning(let pointer, _, _, _) = state { state = .ignoring(pointer: pointer) }
    }

    /// The commands `event` means, given the table it lands on.
    public mutating func handle(_ event: PointerEvent, on view: TableHitTest) -> [GestureCommand] {
        switch event.phase {
        case .down: return pressed(event, on: view)
        case .move: return moved(event)
        case .up: return lifted(event, on: view)
        case .cancel: return cancelled(event)
        }
    }

    private mutating func pressed(_ event: PointerEvent, on view: TableHitTest) -> [GestureCommand] {
        // A second press of the pointer being tracked (its `up` was lost) ends what it was doing.
        var commands: [GestureCommand] = []
        if pointer == event.id || state == .idle {
            commands = abandon()
        } else {
            return []  // another finger while one is down
        }
        state = .pressed(pointer: event.id, x: event.x, y: event.y, row: view.row(atY: event.y))
        return commands
    }

    private mutating func moved(_ event: PointerEvent) -> [GestureCommand] {
        guard pointer == event.id else { return [] }
        switch state {
        case .idle, .ignoring:
            return []
        case .pressed(let id, let x0, let y0, let row):
            let dx = event.x - x0
            let dy = event.y - y0
            guard max(abs(dx), abs(dy)) > Self.slop else { return [] }
            if abs(dx) > abs(dy) {
                guard let row else {
                    state = .ignoring(pointer: id)
                    return []
                }
                state = .panning(pointer: id, startX: x0, row: row, lastX: event.x)
                return [.panBegin(row: row, x: 0), .panMove(row: row, x: dx)]
            }
            state = .scrolling(pointer: id, lastY: event.y)
            return [.scroll(dy: -dy)]
        case .panning(let id, let x0, let row, let lastX):
            guard event.x != lastX else { return [] }
            state = .panning(pointer: id, startX: x0, row: row, lastX: event.x)
            return [.panMove(row: row, x: event.x - x0)]
        case .scrolling(let id, let lastY):
            guard event.y != lastY else { return [] }
            state = .scrolling(pointer: id, lastY: event.y)
            return [.scroll(dy: lastY - event.y)]
        }
    }

    private mutating func lifted(_ event: PointerEvent, on view: TableHitTest) -> [GestureCommand] {
        guard pointer == event.id else { return [] }
        var commands = moved(event)  // where it lifted, if it moved since the last move
        switch state {
        case .idle, .ignoring, .scrolling:
            break
        case .pressed:
            if let target = view.tapTarget(x: event.x, y: event.y) {
                commands.append(.tap(row: target.row, button: target.button))
            }
        case .panning(_, _, let row, _):
            commands.append(.panEnd(row: row, velocity: nil))
        }
        state = .idle
        return commands
    }

    private mutating func cancelled(_ event: PointerEvent) -> [GestureCommand] {
        guard pointer == event.id else { return [] }
        return abandon()
    }

    /// Ends the tracked press without a tap: a pan is cancelled.
    private mutating func abandon() -> [GestureCommand] {
        defer { state = .idle }
        if case .panning(_, _, let row, _) = state { return [.panCancel(row: row)] }
        return []
    }

    private var pointer: Double? {
        switch state {
        case .idle: nil
        case .pressed(let id, _, _, _), .panning(let id, _, _, _), .scrolling(let id, _), .ignoring(let id): id
        }
    }
}
