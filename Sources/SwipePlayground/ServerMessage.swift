import SwipeCore
import SwipePlugins
import SwipeScript

/// The messages the server sends the page, as JSON text (docs/playground.md, "Protocol").
public enum ServerMessage {
    /// A frame's animation paths are checked against the presented offset this often
    /// (``PathSimplifier``).
    public static let pathStep = TimeAmount.milliseconds(4 as Int64)
    /// The most instants a path covers (10 s at 4 ms); a longer segment holds its last value
    /// until the next frame (the server sends one when the segment ends).
    public static let maximumPathSamples = 2_500

    /// `{"type":"error","message":...}`
    public static func error(_ message: String) -> String {
        object("{\"type\":\"error\",\"message\":") { $0.append(jsonString: PlaygroundText.cut(message)) }
    }

    /// `{"type":"reload","ok":true,"t":N}`
    public static func reloaded(at time: VirtualInstant) -> String {
        object("{\"type\":\"reload\",\"ok\":true,\"t\":") { $0.append(milliseconds: time) }
    }

    /// `{"type":"reload","ok":false,"error":"FILE:LINE: message"}`
    public static func reloadFailed(_ error: String) -> String {
        object("{\"type\":\"reload\",\"ok\":false,\"error\":") { $0.append(jsonString: PlaygroundText.cut(error)) }
    }

    /// A message as one JSON object: `head` (its opening brace and first fields, up to the
    /// last field's value), the value `rest` appends (and any fields after it), the closing brace.
    private static func object(_ head: StaticString, _ rest: (inout OutputBuffer) -> Void) -> String {
        var out = OutputBuffer()
        out.append(literal: head)
        rest(&out)
        out.append(byte: UInt8(ascii: "}"))
        return out.string
    }

    /// The first message of a session: its id, the table's geometry, what it runs, and where
    /// its recordings are.
    public static func hello(id: String, table: SwipeTable, plugins: [String], preset: BehaviorPreset) -> String {
        var out = OutputBuffer()
        out.append(literal: "{\"type\":\"hello\",\"protocol\":")
        out.append(integer: protocolVersion)
        out.append(literal: ",\"session\":")
        out.append(jsonString: id)
        out.append(literal: ",\"width\":")
        out.append(number: table.geometry.width)
        out.append(literal: ",\"rowHeight\":")
        out.append(number: table.geometry.rowHeight)
        out.append(literal: ",\"viewport\":")
        out.append(number: table.geometry.viewportHeight)
        out.append(literal: ",\"rows\":")
        out.append(integer: table.items.count)
        out.append(literal: ",\"plugins\":[")
        for (index, plugin) in plugins.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(jsonString: plugin)
        }
        out.append(literal: "],\"preset\":")
        out.append(jsonString: preset.rawValue)
        out.append(literal: ",\"direction\":")
        out.append(jsonString: table.direction.rawValue)
        out.append(literal: ",\"script\":")
        out.append(jsonString: "/sessions/\(id).swipe")
        out.append(literal: ",\"spec\":")
        out.append(jsonString: "/sessions/\(id)_spec.lua")
        out.append(byte: UInt8(ascii: "}"))
        return out.string
    }

    /// The protocol's version, in `hello` (docs/playground.md, "Protocol"): 2 sends rows by
    /// what changed, looks and simplified paths; 1 sent every row whole, sampled every 4 ms.
    public static let protocolVersion = 2

    /// True for a frame message.
    public static func isFrame(_ message: String) -> Bool {
        message.utf8.starts(with: framePrefix)
    }

    /// True for a frame whose `events` is empty (they come last: `"events":[]}` can only end
    /// a frame that has none, since an event is an object and ends the array with `}]}`). A
    /// newer key frame supersedes such a frame whole (``PlaygroundConnection`` drops it unsent).
    public static func carriesNoEvents(_ frame: String) -> Bool {
        isFrame(frame) && frame.utf8.reversed().starts(with: emptyEventsSuffix.reversed())
    }

    /// True for a key frame: one that depends on no message before it, so it may replace a frame
    /// waiting unsent (``PlaygroundConnection``).
    public static func isKeyFrame(_ message: String) -> Bool {
        // `{"type":"frame","t":T,"key":true,`: the time's digits, then the mark.
        let utf8 = message.utf8
        guard utf8.starts(with: frameTimePrefix) else { return false }
        let rest = utf8.dropFirst(frameTimePrefix.count).drop {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
        }
        return rest.starts(with: keyMark)
    }

    private static let framePrefix = Array("{\"type\":\"frame\",".utf8)
    private static let frameTimePrefix = Array("{\"type\":\"frame\",\"t\":".utf8)
    private static let keyMark = Array(",\"key\":true,".utf8)
    private static let emptyEventsSuffix = Array(",\"events\":[]}".utf8)

    /// The times a path samples: from `now` every ``pathStep`` up to `end`, the last one at
    /// `end` exactly (at most ``maximumPathSamples``); empty when nothing animates.
    public static func pathTimes(from now: VirtualInstant, to end: VirtualInstant?) -> [VirtualInstant] {
        guard let end, end > now else { return [] }
        var times: [VirtualInstant] = []
        var time = now
        while time < end, times.count < maximumPathSamples - 1 {
            times.append(time)
            time = time + pathStep
        }
        times.append(min(time, end))
        return times
    }

    /// One event: its jsonl object (as `swipehost run --format jsonl` prints it) with `"line"`,
    /// the line `--format text` prints for it, added at the end (not `"text"`: a `present`'s
    /// object has its own `text`, the sheet's body).
    static func appendEvent(_ record: TraceRecord, to out: inout OutputBuffer) {
        let record = PlaygroundText.cut(record)
        var object = JSONLinesFormat.line(for: record)
        while object.last == "\n" { object.removeLast() }
        guard object.last == "}" else {
            out.append(object)
            return
        }
        object.removeLast()
        out.append(object)
        out.append(literal: ",\"line\":")
        out.append(jsonString: TextFormat.line(for: record))
        out.append(byte: UInt8(ascii: "}"))
    }

    static func append(_ buttons: [SwipeButton], to out: inout OutputBuffer) {
        out.append(byte: UInt8(ascii: "["))
        for (index, button) in buttons.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            append(button, to: &out)
        }
        out.append(byte: UInt8(ascii: "]"))
    }

    /// A button as the page gets it, its texts cut (``PlaygroundText``).
    static func append(_ button: SwipeButton, to out: inout OutputBuffer) {
        let button = PlaygroundText.cut(button)
        out.append(literal: "{\"id\":")
        out.append(jsonString: button.id)
        out.append(literal: ",\"title\":")
        out.append(jsonString: button.title)
        out.append(literal: ",\"width\":")
        appendNumber(button.width, to: &out)
        out.append(literal: ",\"color\":")
        // Only a hex colour reaches the page (the page checks again before it draws one).
        if let color = button.validColor { out.append(jsonString: color) } else { out.append(literal: "null") }
        out.append(literal: ",\"style\":")
        out.append(jsonString: button.style.rawValue)
        // The appearance keys only when given: frames of buttons without them are as before.
        if let icon = button.icon {
            out.append(literal: ",\"icon\":{\"name\":")
            if let name = icon.name { out.append(jsonString: name) } else { out.append(literal: "null") }
            out.append(literal: ",\"path\":")
            out.append(jsonString: icon.path)
            out.append(literal: ",\"view_box\":[")
            let box = icon.viewBox
            for (index, value) in [box.minX, box.minY, box.width, box.height].enumerated() {
                if index > 0 { out.append(byte: UInt8(ascii: ",")) }
                appendNumber(value, to: &out)
            }
            out.append(literal: "],\"stroked\":")
            if icon.stroked { out.append(literal: "true") } else { out.append(literal: "false") }
            out.append(byte: UInt8(ascii: "}"))
        }
        for (key, value) in [
            ("text_color", button.validTextColor), ("highlight_color", button.validHighlightColor),
            ("accessibility_label", button.accessibilityLabel),
        ] {
            guard let value else { continue }
            out.append(literal: ",\"")
            out.append(key)
            out.append(literal: "\":")
            out.append(jsonString: value)
        }
        out.append(byte: UInt8(ascii: "}"))
    }

    /// A JSON number; `null` for one JSON cannot write (never expected: offsets are finite).
    static func appendNumber(_ value: Double, to out: inout OutputBuffer) {
        if value.isFinite { out.append(number: value) } else { out.append(literal: "null") }
    }
}

extension OutputBuffer {
    var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
}
