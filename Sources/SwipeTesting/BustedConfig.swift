import LuaRuntime
import SwipeScript

/// The options a `.busted` file in the current folder gives `swipehost test`, with busted's keys:
/// its `_all` table, then its `default` task, read for `ROOT`, `pattern`, `tags`,
/// `exclude-tags`, `output` and `coverage`. An option given on the command line wins over the file's. A key
/// that `swipehost test` does not take is a warning naming it; a file that does not load, or a
/// value of the wrong kind, is an error (status 2, nothing run).
public struct BustedConfig: Sendable {
    /// The file's name, looked for in the current folder.
    public static let fileName = ".busted"
    /// Paths to search (busted's `ROOT`), as the command line's paths.
    public var roots: [String] = []
    /// A Lua pattern a spec file's name must match (busted's `pattern`, e.g. `_spec`).
    public var pattern: String?
    public var tags: [String] = []
    public var excludeTags: [String] = []
    public var output: TestReportFormat?
    /// busted's `coverage` (a boolean): `--coverage` when true.
    public var coverage: Bool?
    /// What the file holds that `swipehost test` does not take, one warning each.
    public var warnings: [String] = []

    public init() {}

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The keys read; anything else is a warning.
    static let supported: Set<String> = ["ROOT", "pattern", "tags", "exclude-tags", "output", "coverage"]

    /// Which file names in the folders searched are specs: with `pattern`, the `.lua` files
    /// whose name (without its folder) the Lua pattern finds, as busted's `--pattern`; without,
    /// `*_spec.lua`. A pattern Lua cannot read is an error naming it.
    public func naming(name: String = fileName) throws(Failure) -> SpecDiscovery.Naming {
        guard let pattern else { return SpecDiscovery.specNaming }
        let lua: LuaState
        let matcher: LuaRef
        do {
            lua = try LuaState(options: LuaOptions())
            matcher = try lua.load(
                "local name, pattern = ...\nreturn name:sub(-4) == '.lua' and name:find(pattern) ~= nil",
                chunkName: "=pattern")
            _ = try lua.call(matcher, arguments: [.string("x.lua"), .string(pattern)])
        } catch let error as LuaError {
            throw Failure(
                description:
                    "\(name): pattern '\(pattern)' is not a Lua pattern: \(error.message.replacing(#/^pattern:[0-9]+: /#, with: ""))"
            )
        } catch {
            throw Failure(description: "\(name): pattern '\(pattern)': \(error)")
        }
        return { entry in
            (try? lua.call(matcher, arguments: [.string(entry), .string(pattern)]).first?.isTruthy) ?? false
        }
    }

    /// busted's output handler names, and ours.
    static let outputs: [String: TestReportFormat] = [
        "utfTerminal": .text, "plainTerminal": .text, "text": .text,
        "TAP": .tap, "tap": .tap, "junit": .junit, "json": .json,
    ]

    /// The `.busted` of the current folder, or nil when there is none.
    public static func load(path: String = fileName) throws(Failure) -> BustedConfig? {
        guard FileReading.exists(path) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try FileReading.bytes(atPath: path)
        } catch {
            throw Failure(description: "\(path): \(error.reason)")
        }
        return try parse(String(decoding: bytes, as: UTF8.self), name: path)
    }

    /// Reads a `.busted` file's text: Lua returning a table, run in a sandbox of its own.
    public static func parse(_ source: String, name: String = fileName) throws(Failure) -> BustedConfig {
        let value: LuaValue?
        do {
            var options = LuaOptions()
            options.instructionBudget = 1_000_000
            options.memoryLimit = 16 << 20
            let lua = try LuaState(options: options)
            let chunk = try lua.load(source, chunkName: "@" + name)
            value = try lua.call(chunk, arguments: []).first
        } catch let error as LuaError {
            throw Failure(description: error.message)
        } catch {
            throw Failure(description: "\(name): \(error)")
        }
        guard let value, case .table(let top) = value else {
            throw Failure(
                description:
                    "\(name): must return a table of tasks ({ default = { ... } }), got \(value.map(Self.kind) ?? "nothing")"
            )
        }
        var config = BustedConfig()
        for (key, task) in top.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            guard case .string(let taskName) = key else { continue }
            guard taskName == "_all" || taskName == "default" else {
                config.warnings.append(
                    "\(name): task '\(taskName)' is not run by swipehost test (only _all and default are read); ignored"
                )
                continue
            }
            guard case .table = task, let fields = task.dictionaryValue else {
                throw Failure(description: "\(name): \(taskName) must be a table of options, got \(kind(task))")
            }
            try config.read(fields, task: taskName, name: name)
        }
        return config
    }

    private mutating func read(_ fields: [String: LuaValue], task: String, name: String) throws(Failure) {
        for key in fields.keys.sorted() {
            let value = fields[key]!
            let place = "\(name): \(task).\(key)"
            guard Self.supported.contains(key) else {
                warnings.append("\(place) is not an option swipehost test takes; ignored")
                continue
            }
            switch key {
            case "ROOT": roots = try Self.words(value, place: place, splitting: false)
            case "pattern":
                guard case .string(let text) = value else {
                    throw Failure(description: "\(place) must be a Lua pattern (a string), got \(Self.kind(value))")
                }
                pattern = text
            case "tags", "exclude-tags":
                let list = try Self.words(value, place: place, splitting: true)
                do {
                    try TestOptionError.checkTags(list, option: place)
                } catch {
                    throw Failure(description: error.description)
                }
                if key == "tags" { tags = list } else { excludeTags = list }
            case "coverage":
                guard case .boolean(let on) = value else {
                    throw Failure(description: "\(place) must be true or false, got \(Self.shown(value))")
                }
                coverage = on
            default:  // output
                guard case .string(let text) = value, let format = Self.outputs[text] else {
                    let names = Self.outputs.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
                    throw Failure(description: "\(place) must be one of \(names), got \(Self.shown(value))")
                }
                output = format
            }
        }
    }

    /// A string (comma-separated when `splitting`) or a list of strings.
    static func words(_ value: LuaValue, place: String, splitting: Bool) throws(Failure) -> [String] {
        if case .string(let text) = value {
            return splitting ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [text]
        }
        if let list = value.arrayValue {
            var words: [String] = []
            for item in list {
                guard case .string(let text) = item else {
                    throw Failure(
                        description: "\(place) must be a string or a list of strings, got a list holding \(kind(item))")
                }
                words.append(text)
            }
            return words
        }
        throw Failure(description: "\(place) must be a string or a list of strings, got \(kind(value))")
    }

    static func kind(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .boolean: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .table: "a table"
        default: "a \(value.typeName)"
        }
    }

    static func shown(_ value: LuaValue) -> String {
        if case .string(let text) = value { return "'\(text)'" }
        return kind(value)
    }
}
