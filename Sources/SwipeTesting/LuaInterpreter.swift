import LuaRuntime
import SwipeScript

/// `swipehost lua [-e CODE] [-l NAME] [SCRIPT [ARGS...]]`: the `lua` interpreter, trusted (the
/// full standard library, C modules), with `require("swipe")` added.
///
/// As `lua` does: `arg[0]` is the script, `arg[1...]` its arguments and negative indices the
/// interpreter and its options; the script also gets its arguments as `...`; a first line
/// starting with `#` is skipped; with no script and no `-e`, the script is standard input.
public struct LuaInterpreter {
    public var arguments: [String]
    /// `arg[-n]`: the command that started the interpreter.
    public var command: [String]

    public init(arguments: [String], command: [String] = ["swipehost", "lua"]) {
        self.arguments = arguments
        self.command = command
    }

    /// A usage or load error (status 1), as `lua` reports them.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    enum Step {
        case execute(String)
        case require(String)
    }

    /// Runs the options and the script; returns the exit status (0, or 1 after an error,
    /// which `errorOutput` gets).
    public func run(errorOutput: (String) -> Void) -> Int32 {
        var steps: [Step] = []
        var index = 0
        var script: String?
        var printVersion = false
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                index += 1
                script = index < arguments.count ? arguments[index] : nil
                break
            } else if argument == "-e" || argument == "-l" {
                guard index + 1 < arguments.count else {
                    errorOutput("swipehost lua: '\(argument)' needs an argument\n")
                    return 1
                }
                steps.append(argument == "-e" ? .execute(arguments[index + 1]) : .require(arguments[index + 1]))
                index += 2
            } else if argument.hasPrefix("-e") || argument.hasPrefix("-l"), argument.count > 2 {
                let rest = String(argument.dropFirst(2))
                steps.append(argument.hasPrefix("-e") ? .execute(rest) : .require(rest))
                index += 1
            } else if argument == "-v" {
                printVersion = true
                index += 1
            } else if argument == "-E" || argument == "-W" {
                index += 1
            } else if argument.hasPrefix("-") && argument != "-" {
                errorOutput(
                    "swipehost lua: unrecognized option '\(argument)'\nusage: swipehost lua [-e stat] [-l mod] [-v] [script [args]]\n"
                )
                return 1
            } else {
                script = argument
                break
            }
        }
        let scriptIndex = index
        if script == nil && steps.isEmpty && !printVersion { script = "-" }
        do {
            let lua = try LuaState(options: .trusted)
            try SwipeModule.install(in: lua)
            try lua.setGlobal("arg", argTable(scriptIndex: script == nil ? arguments.count : scriptIndex))
            if printVersion {
                try lua.run("print(_VERSION .. ' (swipehost lua)')", chunkName: "=swipehost")
            }
            for step in steps {
                switch step {
                case .execute(let code): try lua.run(code, chunkName: "=(command line)")
                case .require(let name):
                    let global = name.split(separator: "=", maxSplits: 1)
                    let (variable, module) = global.count == 2 ? (String(global[0]), String(global[1])) : (name, name)
                    try lua.setGlobal("__swipehost_module", .string(module))
                    try lua.run(
                        "\(variable.filter { $0.isLetter || $0.isNumber || $0 == "_" }) = require(__swipehost_module); __swipehost_module = nil",
                        chunkName: "=swipehost")
                }
            }
            guard let script else { return 0 }
            let chunk = try lua.load(try Self.source(script), chunkName: script == "-" ? "=stdin" : "@" + script)
            let rest =
                scriptIndex + 1 < arguments.count ? arguments[(scriptIndex + 1)...].map { LuaValue.string($0) } : []
            try lua.call(chunk, arguments: Array(rest))
            return 0
        } catch let error as LuaError {
            errorOutput("swipehost lua: \(error.message)\n\(error.traceback.map { $0 + "\n" } ?? "")")
            return 1
        } catch {
            errorOutput("swipehost lua: \(error)\n")
            return 1
        }
    }

    /// `arg`: the script at 0, its arguments after, the interpreter and options before.
    func argTable(scriptIndex: Int) -> LuaValue {
        var table: [LuaValue: LuaValue] = [:]
        let before = command + arguments[..<min(scriptIndex, arguments.count)]
        for (offset, value) in before.reversed().enumerated() {
            table[.integer(-(offset + 1))] = .string(value)
        }
        for position in scriptIndex..<arguments.count {
            table[.integer(position - scriptIndex)] = .string(arguments[position])
        }
        return .table(table)
    }

    /// The script's text; a first line starting with `#` is blanked (line numbers stay right).
    static func source(_ path: String) throws -> String {
        var bytes: [UInt8]
        do {
            bytes = try FileReading.bytes(atPath: path, streams: true)
        } catch {
            throw Failure(description: "cannot open \(path == "-" ? "stdin" : path): \(error.reason)")
        }
        if bytes.first == UInt8(ascii: "#") {
            bytes.removeSubrange(0..<(bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
