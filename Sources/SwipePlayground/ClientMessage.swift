import SwipeCore

/// A message from the page (docs/playground.md, "Protocol").
public enum ClientMessage: Hashable, Sendable {
    /// `{"type":"pointer","phase":...,"x":N,"y":N,"t":N,"id":N}`
    case pointer(PointerEvent)
    /// `{"type":"wheel","dy":N,"t":N}`: scroll by `dy` points (positive = down).
    case wheel(dy: Double, time: VirtualInstant)
    /// `{"type":"tick","t":N}`: advance the clock only.
    case tick(time: VirtualInstant)
    /// `{"type":"dismiss","t":N}`: the person dismissed the sheet a plugin presented (the
    /// script's `dismiss`).
    case dismiss(time: VirtualInstant)
    /// `{"type":"actions","row":N,"t":N}`: the keyboard asked for a row's accessibility
    /// actions (the script's `actions ROW`: an `actions` event lists them).
    case actions(row: Int, time: VirtualInstant)
    /// `{"type":"activate","row":N,"button":ID,"t":N}`: the keyboard ran one of them (the
    /// script's `activate ROW ID`).
    case activate(row: Int, button: String, time: VirtualInstant)
}

extension ClientMessage {
    /// The largest message the page may send, in bytes of UTF-8: 64 KiB. The protocol's
    /// messages are under 200 bytes; anything larger is answered with an `error` message.
    public static let maximumSize = 65_536
    /// The largest coordinate or scroll distance a message may carry, in CSS px.
    public static let maximumDistance = 1_000_000.0
    /// The message types the page may send, as the error for an unknown one lists them.
    public static let typeNames = ["pointer", "wheel", "tick", "dismiss", "actions", "activate"]

    /// Decodes one text message: the size first, then the JSON, then each field, so that the
    /// error names the first thing wrong. Unknown fields are ignored (a newer page may send more).
    public static func decode(_ text: String) throws(ProtocolError) -> ClientMessage {
        let size = text.utf8.count
        guard size <= maximumSize else { throw tooLarge(size) }
        let value: JSONValue
        do {
            value = try JSONReader.parse(text)
        } catch {
            throw ProtocolError(error.description)
        }
        return try decode(value)
    }

    /// The error for a message of `size` bytes.
    public static func tooLarge(_ size: Int) -> ProtocolError {
        ProtocolError("message too large: \(size) bytes (at most \(maximumSize) bytes, 64 KiB, a message)")
    }

    /// The error for a binary WebSocket message.
    public static let binaryMessage = ProtocolError("binary messages are not understood: send JSON text")

    static func decode(_ value: JSONValue) throws(ProtocolError) -> ClientMessage {
        guard case .object = value else {
            throw ProtocolError("a message must be a JSON object, got \(value.kindDescription)")
        }
        guard let type = value["type"] else {
            throw ProtocolError("a message needs a \"type\" field (\(quotedList(typeNames, or: "or")))")
        }
        guard case .string(let name) = type else {
            throw ProtocolError("field \"type\" must be a string, got \(type.kindDescription)")
        }
        let fields = Fields(value: value, type: name)
        switch name {
        case "pointer":
            let phaseName = try fields.string("phase")
            guard let phase = PointerPhase(rawValue: phaseName) else {
                throw ProtocolError(
                    "field \"phase\" of a \"pointer\" message must be \(quotedList(PointerPhase.allCases.map(\.rawValue), or: "or")), got \"\(escaped(phaseName))\""
                )
            }
            let x = try fields.distance("x")
            let y = try fields.distance("y")
            let time = try fields.time()
            let id = try fields.optionalNumber("id") ?? 1
            return .pointer(PointerEvent(phase: phase, x: x, y: y, time: time, id: id))
        case "wheel":
            return .wheel(dy: try fields.distance("dy"), time: try fields.time())
        case "tick":
            return .tick(time: try fields.time())
        case "dismiss":
            return .dismiss(time: try fields.time())
        case "actions":
            return .actions(row: try fields.row(), time: try fields.time())
        case "activate":
            let row = try fields.row()
            let button = try fields.string("button")
            guard !button.isEmpty, button.utf8.count <= 256 else {
                throw ProtocolError(
                    "field \"button\" of an \"activate\" message must be a button id of 1 to 256 bytes, got \(button.utf8.count) bytes"
                )
            }
            return .activate(row: row, button: button, time: try fields.time())
        default:
            throw ProtocolError(
                "unknown message type \"\(escaped(name))\" (expected \(quotedList(typeNames, or: "or")))")
        }
    }

    /// The fields of one message, read with errors that name the field and the message type.
    struct Fields {
        var value: JSONValue
        var type: String

        /// The article before the type's name in a message: "an" for "actions" and "activate",
        /// "a" for the others.
        var article: String {
            guard let first = type.first, "aeiou".contains(first) else { return "a" }
            return "an"
        }

        func required(_ key: String, _ expected: String) throws(ProtocolError) -> JSONValue {
            guard let field = value[key] else {
                throw ProtocolError("\(article) \"\(type)\" message needs a \"\(key)\" field (\(expected))")
            }
            return field
        }

        func string(_ key: String) throws(ProtocolError) -> String {
            let field = try required(key, "a string")
            guard case .string(let text) = field else {
                throw ProtocolError(
                    "field \"\(key)\" of \(article) \"\(type)\" message must be a string, got \(field.kindDescription)")
            }
            return text
        }

        func number(_ key: String, _ expected: String = "a number") throws(ProtocolError) -> Double {
            try number(key, try required(key, expected))
        }

        func number(_ key: String, _ field: JSONValue) throws(ProtocolError) -> Double {
            guard case .number(let number) = field else {
                throw ProtocolError(
                    "field \"\(key)\" of \(article) \"\(type)\" message must be a number, got \(field.kindDescription)")
            }
            guard number.isFinite else {
                // JSON has no infinity: only a number too large for a double gets here (1e400, or
                // 60,000 digits), which is a number out of range, not one that is "not finite".
                throw ProtocolError(
                    "field \"\(key)\" of \(article) \"\(type)\" message is out of range: a number beyond ±1.7976931348623157e308"
                )
            }
            return number
        }

        func optionalNumber(_ key: String) throws(ProtocolError) -> Double? {
            guard let field = value[key], field != .null else { return nil }
            return try number(key, field)
        }

        /// A coordinate or distance in CSS px, at most ``ClientMessage/maximumDistance`` either way.
        func distance(_ key: String) throws(ProtocolError) -> Double {
            let distance = try number(key, "a number of CSS px")
            guard abs(distance) <= ClientMessage.maximumDistance else {
                throw ProtocolError(
                    "field \"\(key)\" of \(article) \"\(type)\" message must be from -1000000 to 1000000 px, got \(NumberText.describe(distance))"
                )
            }
            return distance
        }

        /// `row`: a row number, 1 to ``TableGeometry/maximumRows``.
        func row() throws(ProtocolError) -> Int {
            let number = try number("row", "a row number")
            guard number >= 1, number <= Double(TableGeometry.maximumRows), number.rounded() == number else {
                throw ProtocolError(
                    "field \"row\" of \(article) \"\(type)\" message must be a whole number from 1 to \(TableGeometry.maximumRows), got \(NumberText.describe(number))"
                )
            }
            return Int(number)
        }

        /// `t`: milliseconds since the page connected, from 0 to the virtual clock's end.
        func time() throws(ProtocolError) -> VirtualInstant {
            let milliseconds = try number("t", "milliseconds since the page connected")
            guard let amount = TimeAmount.milliseconds(checked: milliseconds) else {
                throw ProtocolError(
                    "field \"t\" of \(article) \"\(type)\" message must be from 0 to \(NumberText.describe(TimeAmount.maximum.milliseconds)) milliseconds, got \(NumberText.describe(milliseconds))"
                )
            }
            return .start + amount
        }
    }

    /// `"a", "b" or "c"`.
    static func quotedList(_ names: [String], or word: String) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(word) " + quoted[quoted.count - 1]
    }

    /// A name from the page, shortened to 40 characters and with control characters escaped.
    static func escaped(_ text: String) -> String {
        let short = text.count > 40 ? String(text.prefix(40)) + "..." : text
        return DisplayText.escaped(short).replacingQuotes()
    }
}

extension String {
    /// `"` as `\"`, so a name quoted in a message stays readable.
    fileprivate func replacingQuotes() -> String {
        var out = ""
        for character in self {
            if character == "\"" { out += "\\\"" } else { out.append(character) }
        }
        return out
    }
}
