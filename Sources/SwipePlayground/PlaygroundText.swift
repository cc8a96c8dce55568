import SwipeCore
import SwipeScript

/// Text a plugin gives, as the playground sends it: at most ``maximumBytes`` bytes, a longer one
/// cut on a character boundary and marked `…(N bytes)`, N being its whole length. Item titles,
/// button titles and accessibility labels, a configuration's failure and every string of an event
/// (an item's title, a sheet's text, a log line, an error and its traceback, an emitted field).
///
/// Nothing else bounds them: a plugin with 30 items of 1 MB each made a first frame of 12 MB,
/// over ``PlaygroundConnection/maximumUnsentBytes`` before the page could read a byte of it.
public enum PlaygroundText {
    /// 4 KiB: more than any row, button or sheet shows, and a long traceback whole.
    public static let maximumBytes = 4_096

    /// `text`, or its first ``maximumBytes`` bytes (a whole character less if one would be cut)
    /// and `…(N bytes)`.
    public static func cut(_ text: String) -> String {
        let count = text.utf8.count
        guard count > maximumBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: maximumBytes)
        // Back to the start of a Unicode scalar (a continuation byte is 0b10xxxxxx).
        while end > text.utf8.startIndex, text.utf8[end] & 0xC0 == 0x80 { end = text.utf8.index(before: end) }
        return String(text.utf8[..<end])! + "…(\(count) bytes)"
    }

    /// True when `text` would be cut.
    @inline(__always)
    static func isLong(_ text: String) -> Bool { text.utf8.count > maximumBytes }

    /// `button` with its title and accessibility label cut.
    static func cut(_ button: SwipeButton) -> SwipeButton {
        guard isLong(button.title) || button.accessibilityLabel.map(isLong) == true else { return button }
        var cut = button
        cut.title = Self.cut(button.title)
        cut.accessibilityLabel = button.accessibilityLabel.map(Self.cut)
        return cut
    }

    /// `record` with every string of its event cut.
    static func cut(_ record: TraceRecord) -> TraceRecord {
        var cut = record
        cut.event = Self.cut(record.event)
        return cut
    }

    static func cut(_ event: TraceEvent) -> TraceEvent {
        switch event {
        case .open, .close, .expand, .collapse, .begin, .willOpen, .willClose, .dismiss:
            return event
        case .action(let row, let buttonID, let number, let title):
            return .action(row: row, buttonID: buttonID, number: number, title: cut(title))
        case .delete(let row, let item, let id):
            return .delete(row: row, item: cut(item), id: id)
        case .insert(let row, let item, let id):
            return .insert(row: row, item: cut(item), id: id)
        case .update(let row, let item, let id):
            return .update(row: row, item: cut(item), id: id)
        case .move(let from, let row, let item, let id):
            return .move(from: from, row: row, item: cut(item), id: id)
        case .present(let title, let text):
            return .present(title: cut(title), text: cut(text))
        case .log(let plugin, let message):
            return .log(plugin: plugin, message: cut(message))
        case .emitted(let name, let plugin, let fields):
            return .emitted(name: name, plugin: plugin, fields: fields.map(cut))
        case .pluginError(var error):
            error.message = cut(error.message)
            error.traceback = error.traceback.map(cut)
            error.field = error.field.map(cut)
            return .pluginError(error)
        case .pluginWarning(var warning):
            warning.message = cut(warning.message)
            warning.field = warning.field.map(cut)
            return .pluginWarning(warning)
        case .reload:
            return event
        case .actions(let row, let actions):
            return .actions(
                row: row,
                actions: actions.map { action in
                    var cut = action
                    cut.label = Self.cut(action.label)
                    return cut
                })
        }
    }

    static func cut(_ field: TraceField) -> TraceField {
        TraceField(cut(field.key), cut(field.value))
    }

    static func cut(_ value: TraceValue) -> TraceValue {
        switch value {
        case .null, .bool, .int, .number: value
        case .string(let text): .string(cut(text))
        case .array(let values): .array(values.map(cut))
        case .object(let fields): .object(fields.map(cut))
        }
    }
}
