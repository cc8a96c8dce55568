import SwipeScript

/// Where the lines of a `t:run[[...]]` script sit in the spec file, so that a script error
/// names the spec's own line.
enum ScriptPlace {
    /// `source` is Lua's chunk source (`@spec/mail_spec.lua`), `callLine` the line of the call.
    /// Returns the file, the spec line of script line 1, and whether that line is exact: it is
    /// when the call's line opens a long string (`[[` or `[==[`), which is how scripts are
    /// written; a newline right after the opener is skipped, as Lua does.
    static func locate(source: String, callLine: Int) -> (file: String, firstLine: Int, exact: Bool) {
        guard source.hasPrefix("@") else {
            let name = source.hasPrefix("=") ? String(source.dropFirst()) : "[string]"
            return (name, callLine, false)
        }
        let file = String(source.dropFirst())
        guard callLine > 0, let bytes = try? FileReading.bytes(atPath: file) else { return (file, callLine, false) }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard callLine <= lines.count else { return (file, callLine, false) }
        let text = Array(lines[callLine - 1])
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "[") {
                var end = index + 1
                while end < text.count, text[end] == UInt8(ascii: "=") { end += 1 }
                if end < text.count, text[end] == UInt8(ascii: "[") {
                    let rest = text[(end + 1)...].filter {
                        $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r")
                    }
                    return (file, rest.isEmpty ? callLine + 1 : callLine, true)
                }
            }
            index += 1
        }
        return (file, callLine, false)
    }
}
