/// A failure in Lua code, in loading it, or in a Swift function Lua called.
///
/// Switch on `kind`; `chunk` and `line` name the place when Lua knew it,
/// and `traceback` is Lua's stack traceback at the point of the error.
public struct LuaError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as a value you can switch on.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The chunk did not compile.
        public static let syntax = Kind(rawValue: "syntax")
        /// Lua raised an error while running (including errors thrown by Swift functions).
        public static let runtime = Kind(rawValue: "runtime")
        /// The state's memory cap was exceeded.
        public static let memory = Kind(rawValue: "memory")
        /// The call's instruction budget was exceeded.
        public static let budget = Kind(rawValue: "budget")
        /// A value had the wrong type (a bad argument, or a conversion that failed).
        public static let type = Kind(rawValue: "type")

        public var description: String { rawValue }
    }

    public var kind: Kind
    /// The message, with Lua's `chunk:line:` prefix when Lua added one.
    public var message: String
    /// The chunk name as Lua prints it (`plugins/mail.lua` for `@plugins/mail.lua`).
    public var chunk: String?
    public var line: Int?
    /// Lua's traceback ("stack traceback:\n\t..."), when the error came from a call.
    public var traceback: String?
    /// For `.type` errors thrown by Swift functions: the offending argument (1-based).
    public var argument: Int?
    /// For a table that could not be converted (one that contains itself, or nested too deep):
    /// the keys from the converted value to it, as Lua would index them (`[1].tags`; empty for
    /// the value itself).
    public var path: String?

    /// Whether the runtime made this error from a Lua failure (its message is
    /// already positioned) rather than host code throwing it.
    var fromLua = false

    public init(
        _ kind: Kind, _ message: String, chunk: String? = nil, line: Int? = nil,
        traceback: String? = nil, argument: Int? = nil
    ) {
        self.kind = kind
        self.message = message
        self.chunk = chunk
        self.line = line
        self.traceback = traceback
        self.argument = argument
    }

    /// An error to throw from a Swift function registered in Lua; Lua sees
    /// `message` prefixed with the caller's `chunk:line:`.
    public static func runtime(_ message: String) -> LuaError { LuaError(.runtime, message) }

    /// A bad-argument error to throw from a Swift function; Lua sees
    /// `bad argument #<argument> to '<name>' (<detail>)`.
    public static func argument(_ argument: Int, _ detail: String) -> LuaError {
        LuaError(.type, detail, argument: argument)
    }

    public var description: String {
        guard let traceback else { return message }
        return message + "\n" + traceback
    }
}

extension LuaError {
    /// An error the runtime made from a Lua message: fills `chunk` and
    /// `line` from the `chunk:line:` prefix and splits off the traceback.
    init(fromLua kind: Kind, _ text: String) {
        var message = text
        var traceback: String?
        if let split = Self.lastOccurrence(of: "\nstack traceback:\n", in: text) {
            message = String(text[..<split])
            traceback = String(text[text.index(after: split)...])
        }
        var kind = kind
        if kind == .runtime, message.contains("bad argument #") { kind = .type }
        self.init(kind, message, traceback: traceback)
        (chunk, line) = Self.location(in: message)
        fromLua = true
    }

    /// Parses the `chunk:line: ` prefix Lua puts in front of messages.
    static func location(in message: String) -> (String?, Int?) {
        var searchStart = message.startIndex
        while let colon = message[searchStart...].firstIndex(of: ":") {
            var cursor = message.index(after: colon)
            var digits = 0
            var line = 0
            while cursor < message.endIndex, let digit = message[cursor].wholeNumberValue,
                message[cursor].isASCII
            {
                line = line * 10 + digit
                digits += 1
                cursor = message.index(after: cursor)
            }
            if digits > 0, message[cursor...].hasPrefix(": ") {
                return (String(message[..<colon]), line)
            }
            searchStart = message.index(after: colon)
        }
        return (nil, nil)
    }

    /// Where the last occurrence of `needle` starts in `text`.
    static func lastOccurrence(of needle: String, in text: String) -> String.Index? {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count else { return nil }
        for start in stride(from: haystack.count - pattern.count, through: 0, by: -1)
        where haystack[start..<start + pattern.count].elementsEqual(pattern) {
            return text.utf8.index(text.utf8.startIndex, offsetBy: start)
        }
        return nil
    }
}
