import SwipeCore

extension GestureCommand {
    /// The command as a gesture script line, which ``ScriptParser`` reads back to the same
    /// command: numbers in plain decimal (the shortest that reads back to the same `Double`),
    /// durations in exact milliseconds (up to six decimals). Not read back the same: numbers
    /// that are not finite, and a button id the parser reads otherwise (one with spaces or `#`,
    /// a number, `content`, `leading:N`, `trailing:N`), and a row id with spaces or `#`, or a
    /// name of digits (`#7` reads back as the number 7).
    public var scriptLine: String {
        switch self {
        case .panBegin(let row, let x):
            return x == 0 ? "pan \(row) begin" : "pan \(row) begin \(ScriptNumber.plain(x))"
        case .panMove(let row, let x): return "pan \(row) move \(ScriptNumber.plain(x))"
        case .panEnd(let row, let velocity):
            return velocity.map { "pan \(row) end \(ScriptNumber.plain($0))" } ?? "pan \(row) end"
        case .panCancel(let row): return "pan \(row) cancel"
        case .tap(let row, let button):
            switch button {
            case .number(let number): return "tap \(row) \(number)"
            case .id(let id): return "tap \(row) \(id)"
            case .onEdge(let edge, let number): return "tap \(row) \(edge.rawValue):\(number)"
            case .content: return "tap \(row) content"
            }
        case .wait(let amount): return "wait \(ScriptNumber.milliseconds(amount))"
        case .scroll(let dy): return "scroll \(ScriptNumber.plain(dy))"
        case .open(let row, let side): return side.map { "open \(row) \($0.rawValue)" } ?? "open \(row)"
        case .close(let row): return "close \(row)"
        case .swipe(let row, let dx, let duration):
            return "swipe \(row) \(ScriptNumber.plain(dx)) \(ScriptNumber.milliseconds(duration))"
        case .dismiss: return "dismiss"
        case .activate(let row, let button): return "activate \(row) \(button)"
        case .actions(let row): return "actions \(row)"
        }
    }

    /// ``scriptLine`` with its ROW, the second word, written `#ID` when `rowID` is given and the
    /// command names a row (a ``ScriptLine/rowID``).
    public func scriptLine(rowID: RowID?) -> String {
        guard let rowID, row != nil else { return scriptLine }
        // The words by their bytes, as the parser reads them: a button id that starts with a
        // combining character makes one character of it and the space before it, and a split
        // by characters lost the id with the row.
        let line = Array(scriptLine.utf8)
        let space = UInt8(ascii: " ")
        guard let first = line.firstIndex(of: space) else { return scriptLine }
        let second = line[(first + 1)...].firstIndex(of: space) ?? line.count
        return String(decoding: line[...first], as: UTF8.self) + "#\(rowID)"
            + String(decoding: line[second...], as: UTF8.self)
    }
}

/// Numbers as gesture scripts write them: plain decimals, no exponent (the parser reads none).
public enum ScriptNumber {
    /// `value` in plain decimal: the digits of its shortest round-trip form, without an exponent
    /// or a trailing `.0` (`12.5`, `-3`, `0.00001`).
    public static func plain(_ value: Double) -> String {
        var text = value.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            if text.hasSuffix(".0") { text.removeLast(2) }
            return text
        }
        guard let exponent = Int(text[text.index(after: e)...]) else { return text }
        var mantissa = Substring(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        var digits = whole + (parts.count > 1 ? String(parts[1]) : "")
        let point = whole.count + exponent
        var result: String
        if point <= 0 {
            result = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            result = digits + String(repeating: "0", count: point - digits.count)
        } else {
            digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point))
            result = digits
        }
        if result.contains(".") {
            while result.hasSuffix("0") { result.removeLast() }
            if result.hasSuffix(".") { result.removeLast() }
        }
        return (negative ? "-" : "") + result
    }

    /// `amount` in milliseconds, exactly, in plain decimal (`16`, `0.000001`, `1.5`).
    public static func milliseconds(_ amount: TimeAmount) -> String {
        let sign = amount.nanoseconds < 0 ? "-" : ""
        let (whole, fraction) = amount.nanoseconds.magnitude.quotientAndRemainder(dividingBy: 1_000_000)
        guard fraction != 0 else { return sign + String(whole) }
        var decimals = String(fraction)
        decimals = String(repeating: "0", count: 6 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return sign + "\(whole).\(decimals)"
    }
}
