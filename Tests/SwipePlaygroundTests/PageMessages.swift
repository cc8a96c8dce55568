import SwipePlayground
import SwipeTestSupport

// What the playground's tests share: the page's messages, what the server sent, parsed.

/// The shipped Mail plugin.
let mailPlugin = Repository.path("plugins/mail.lua")

/// A page's messages, as JSON text.
enum Page {
    static func pointer(_ phase: String, _ x: Double, _ y: Double, _ t: Double, id: Int = 1) -> String {
        #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":\#(y),"t":\#(t),"id":\#(id)}"#
    }

    /// A drag from (`x0`, `y`) by `dx`, a move every 16 ms over `moves` moves, starting at `t`.
    static func drag(row: Int, from x0: Double = 300, by dx: Double, at t: Double, moves: Int = 8) -> [String] {
        let y = Double(row - 1) * 44 + 22
        var messages = [pointer("down", x0, y, t)]
        for step in 1...moves {
            messages.append(pointer("move", x0 + dx * Double(step) / Double(moves), y, t + Double(step) * 16))
        }
        messages.append(pointer("up", x0 + dx, y, t + Double(moves) * 16 + 1))
        return messages
    }

    static func tap(row: Int, x: Double, at t: Double) -> [String] {
        let y = Double(row - 1) * 44 + 22
        return [pointer("down", x, y, t), pointer("up", x, y, t + 60)]
    }
}

/// What the page makes of the frames (page.js's `onFrame` and `offsetAt`, protocol 2): the
/// rows it has, whole, after each frame it applied.
final class PageModel {
    private(set) var looks: [Int: JSONValue] = [:]
    /// Each row's fields as the page has them (`look` resolved into `right`, `left`, `filled`
    /// and `config`).
    private(set) var rows: [Int: [String: JSONValue]] = [:]
    /// Rows a frame neither sent nor let the page keep.
    private(set) var problems: [String] = []
    /// Each row's path as numbers, read once per frame: ``offset(row:at:)`` is asked at every
    /// 4 ms instant of a segment, and reading the JSON each time was most of those tests' time.
    private var paths: [Int: (start: Double, times: [Double], values: [Double])?] = [:]

    func apply(_ message: JSONValue) {
        guard message["type"] == .string("frame") else { return }
        let key = message["key"] == .bool(true)
        if key { looks = [:] }
        if case .object(let defined)? = message["looks"] {
            for (name, look) in defined { looks[Int(name)!] = look }
        }
        var listed: [Int: [(key: String, value: JSONValue)]] = [:]
        if case .array(let sent)? = message["rows"] {
            for row in sent {
                guard case .object(let fields) = row, case .number(let number)? = row["row"] else { continue }
                listed[Int(number)] = fields
            }
        }
        guard case .array(let range)? = message["visible"], case .number(let first) = range[0],
            case .number(let last) = range[1]
        else {
            problems.append("a frame without visible")
            return
        }
        var next: [Int: [String: JSONValue]] = [:]
        var lookAbove: JSONValue = .null
        if Int(first) <= Int(last) {
            for row in Int(first)...Int(last) {
                let had = key ? nil : rows[row]
                guard listed[row] != nil || had != nil else {
                    problems.append("row \(row) neither sent nor kept")
                    continue
                }
                var data =
                    had ?? [
                        "row": .number(Double(row)), "offset": .number(0), "path": .null, "look": lookAbove,
                        "draw": .null,
                    ]
                for (name, value) in listed[row] ?? [] { data[name] = value }
                if case .number(let number)? = data["look"], let look = looks[Int(number)] {
                    for name in ["right", "left", "filled", "order", "config"] { data[name] = look[name] ?? .null }
                    // A row new to the page starts from its look's rest drawing.
                    if data["draw"] == .null { data["draw"] = look["rest"] ?? .null }
                } else {
                    problems.append("row \(row): no look \(String(describing: data["look"]))")
                }
                lookAbove = data["look"] ?? .null
                next[row] = data
            }
        }
        rows = next
        paths = [:]
    }

    /// Row `row` as a JSON object (for tests written against whole rows).
    func row(_ row: Int) -> JSONValue? {
        rows[row].map { fields in .object(fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }) }
    }

    /// Where the page draws row `row`'s buttons at `t` ms (page.js's `drawPlace` and `channel`):
    /// each side's (x, width) per button, button 1 first, and the filled button's side, index,
    /// x and width.
    func drawn(row: Int, at t: Double) -> (
        right: [(x: Double, width: Double)], left: [(x: Double, width: Double)],
        filled: (side: String, index: Int, x: Double, width: Double)?
    )? {
        guard let draw = rows[row]?["draw"], case .object = draw else { return nil }
        func number(_ value: JSONValue?) -> Double { if case .number(let x)? = value { x } else { .nan } }
        var low = 0
        var high = 0
        var fraction = 0.0
        if case .array(let at)? = draw["at"], at.count > 1 {
            let times = at.map { number($0) }
            let x = t - number(draw["start"])
            if !(x > times[0]) {
            } else if x >= times[times.count - 1] {
                (low, high) = (times.count - 1, times.count - 1)
            } else {
                high = times.count - 1
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if times[middle] <= x { low = middle } else { high = middle }
                }
                fraction = (x - times[low]) / (times[high] - times[low])
            }
        }
        func channel(_ value: JSONValue?) -> Double {
            if case .array(let values)? = value, !values.isEmpty {
                return number(values[low]) + (number(values[high]) - number(values[low])) * fraction
            }
            return number(value)
        }
        func side(_ name: String) -> [(x: Double, width: Double)] {
            guard case .array(let frames)? = draw[name] else { return [] }
            return frames.map { frame in
                guard case .array(let pair) = frame, pair.count == 2 else { return (.nan, .nan) }
                return (channel(pair[0]), channel(pair[1]))
            }
        }
        var filled: (side: String, index: Int, x: Double, width: Double)? = nil
        if let f = draw["filled"], case .object = f, case .string(let name)? = f["side"] {
            filled = (name, Int(number(f["index"])), channel(f["x"]), channel(f["w"]))
        }
        return (side("right"), side("left"), filled)
    }

    /// The offset the page draws row `row` at, at `t` ms: its path's knots interpolated, else
    /// its offset (page.js's `offsetAt`).
    func offset(row: Int, at t: Double) -> Double? {
        guard let data = rows[row] else { return nil }
        guard let (start, times, values) = path(row: row, data) else {
            if case .number(let offset)? = data["offset"] { return offset }
            return nil
        }
        let x = t - start
        if !(x > times[0]) { return values[0] }
        if x >= times[times.count - 1] { return values[values.count - 1] }
        var low = 0
        var high = times.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= x { low = middle } else { high = middle }
        }
        return values[low] + (values[high] - values[low]) * ((x - times[low]) / (times[high] - times[low]))
    }

    /// Row `row`'s path (its start, knot times and offsets), nil without one; read once a frame.
    private func path(row: Int, _ data: [String: JSONValue]) -> (start: Double, times: [Double], values: [Double])? {
        if let known = paths[row] { return known }
        var read: (start: Double, times: [Double], values: [Double])? = nil
        if let path = data["path"], case .number(let start)? = path["start"], case .array(let at)? = path["at"],
            case .array(let offsets)? = path["offsets"], !offsets.isEmpty
        {
            let times = at.map { value -> Double in if case .number(let x) = value { x } else { .nan } }
            let values = offsets.map { value -> Double in if case .number(let x) = value { x } else { .nan } }
            read = (start, times, values)
        }
        paths[row] = .some(read)
        return read
    }
}

/// What the server sent, parsed.
struct Sent {
    var messages: [JSONValue]
    /// The page after these messages (given one, the page that had the messages before them).
    let page: PageModel

    init(_ texts: [String], page: PageModel = PageModel()) throws {
        messages = try texts.map { try JSONReader.parse($0) }
        self.page = page
        for message in messages { page.apply(message) }
    }

    func of(type: String) -> [JSONValue] { messages.filter { $0["type"] == .string(type) } }
    var frames: [JSONValue] { of(type: "frame") }
    var errors: [String] {
        of(type: "error").compactMap { if case .string(let text)? = $0["message"] { text } else { nil } }
    }

    /// Every event of every frame, in order.
    var events: [JSONValue] {
        frames.flatMap { frame -> [JSONValue] in
            if case .array(let events)? = frame["events"] { events } else { [] }
        }
    }

    func events(named name: String) -> [JSONValue] { events.filter { $0["event"] == .string(name) } }

    /// The rows the page has after the last frame, whole, by row number.
    var lastRows: [Int: JSONValue] {
        var byRow: [Int: JSONValue] = [:]
        for number in page.rows.keys { byRow[number] = page.row(number) }
        return byRow
    }
}

func titles(_ buttons: JSONValue?) -> [String] {
    guard case .array(let list)? = buttons else { return [] }
    return list.compactMap { if case .string(let title)? = $0["title"] { title } else { nil } }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
