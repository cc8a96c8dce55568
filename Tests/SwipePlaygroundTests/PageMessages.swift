import SwipePlayground

// What the playground's tests share: the page's messages, what the server sent, parsed.

/// The package's root, for the shipped plugins.
let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()
let mailPlugin = packageRoot + "/plugins/mail.lua"

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

/// What the server sent, parsed.
struct Sent {
    var messages: [JSONValue]

    init(_ texts: [String]) throws {
        messages = try texts.map { try JSONReader.parse($0) }
    }

    func of(type: String) -> [JSONValue] { messages.filter { $0["type"] == .string(type) } }
    var frames: [JSONValue] { of(type: "frame") }
    var errors: [String] { of(type: "error").compactMap { if case .string(let text)? = $0["message"] { text } else { nil } } }

    /// Every event of every frame, in order.
    var events: [JSONValue] {
        frames.flatMap { frame -> [JSONValue] in
            if case .array(let events)? = frame["events"] { events } else { [] }
        }
    }

    func events(named name: String) -> [JSONValue] { events.filter { $0["event"] == .string(name) } }

    /// The rows of the last frame, by row number.
    var lastRows: [Int: JSONValue] {
        guard case .array(let rows)? = frames.last?["rows"] else { return [:] }
        var byRow: [Int: JSONValue] = [:]
        for row in rows { if case .number(let number)? = row["row"] { byRow[Int(number)] = row } }
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
