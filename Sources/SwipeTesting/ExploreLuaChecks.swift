import LuaRuntime
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript

/// `swipehost explore --check FILE.lua`: each file returns a table of named functions
/// `function(t)`, called after every step (in name order, file after file) with `t`, the spec
/// driver over the run's table (`t:items()`, `t:cell(row)`, `t:events(...)`, `t:count()`...). A
/// failed `assert` or an `error` is a failure naming the function. They run in a sandboxed Lua
/// state of their own per job, with a plugin's instruction budget per call: a check that loops
/// is stopped as a handler is.
public struct LuaExploreChecks: ExploreChecks {
    let files: [(path: String, source: String)]

    /// Reads and loads each file once, to refuse a bad one before anything runs: a file that
    /// does not load, or does not return a table of functions with string names.
    public init(files paths: [String]) throws(ExploreProblem) {
        var files: [(String, String)] = []
        for path in paths {
            do {
                files.append((path, String(decoding: try FileReading.bytes(atPath: path), as: UTF8.self)))
            } catch {
                throw ExploreProblem("--check \(path): \(error.reason)")
            }
        }
        self.files = files
        _ = try LuaExploreCheck(files: files)
    }

    public func make() throws(ExploreProblem) -> any ExploreCheck { try LuaExploreCheck(files: files) }
}

/// Calls Lua checks with a driver over each run's session: `begin(host)` makes the run's `t`,
/// `call(f)` calls `f(t)`; both made by ``helper`` in the checks' state.
final class LuaExploreCheck: ExploreCheck {
    let lua: LuaState
    let begin: LuaRef
    let call: LuaRef
    let checks: [(name: String, function: LuaRef)]

    /// `t` made from a driver's userdata with the swipe module's own `_wrap`, and kept there.
    static let helper = """
        local wrap = ...
        local t
        return function(host) t = wrap(host) end, function(f) f(t) end
        """

    init(files: [(path: String, source: String)]) throws(ExploreProblem) {
        do {
            // Not sandboxed, as a spec is not (the driver's tables need their finalizers), but
            // with a plugin's instruction budget per call.
            var options = LuaOptions()
            options.sandbox = false
            lua = try LuaState(options: options)
            try SwipeModule.install(in: lua)
            let pair = try Self.pair(in: lua, wrap: try lua.run("return require('swipe')._wrap", chunkName: "=explore"))
            (begin, call) = pair
        } catch {
            throw ExploreProblem("--check: cannot start the checks' Lua state: \(error)")
        }
        var checks: [(String, LuaRef)] = []
        for file in files {
            let value: LuaValue?
            do {
                let chunk = try lua.load(file.source, chunkName: "@" + file.path)
                value = try lua.call(chunk, arguments: []).first
            } catch let error as LuaError {
                throw ExploreProblem("--check \(file.path): \(error.message)")
            } catch {
                throw ExploreProblem("--check \(file.path): \(error)")
            }
            guard case .table(let fields)? = value, !fields.isEmpty else {
                throw ExploreProblem(
                    "--check \(file.path): must return a table of named functions ({ name = function(t) ... end }), got \(value.map { "a " + $0.typeName } ?? "nothing")\(value.map { if case .table = $0 { " that is empty" } else { "" } } ?? "")"
                )
            }
            var named: [(String, LuaRef)] = []
            for (key, entry) in fields {
                guard case .string(let name) = key else {
                    throw ExploreProblem(
                        "--check \(file.path): every function must have a name (a string key), found a \(key.typeName) key"
                    )
                }
                guard case .function(let function) = entry else {
                    throw ExploreProblem(
                        "--check \(file.path): '\(DisplayText.token(name))' must be a function(t), got a \(entry.typeName)"
                    )
                }
                guard !checks.contains(where: { $0.0 == name }) else {
                    throw ExploreProblem(
                        "--check \(file.path): a check named '\(DisplayText.token(name))' is given twice")
                }
                named.append((name, function))
            }
            checks += named.sorted { $0.0 < $1.0 }
        }
        self.checks = checks
    }

    /// The `begin` and `call` functions of ``helper`` over `wrap`.
    static func pair(in lua: LuaState, wrap: [LuaValue]) throws -> (LuaRef, LuaRef) {
        guard case .function(let wrapper)? = wrap.first else { throw SwipeDriver.Failure("swipe._wrap is missing") }
        let helper = try lua.load(Self.helper, chunkName: "=explore")
        let functions = try lua.call(helper, arguments: [.function(wrapper)])
        guard functions.count == 2, case .function(let begin) = functions[0], case .function(let call) = functions[1]
        else { throw SwipeDriver.Failure("the checks' helper did not start") }
        return (begin, call)
    }

    func begin(_ session: Session) {
        let driver = SwipeDriver(session: session)
        // Fails only past the memory cap, and then every check fails on the nil `t`.
        _ = try? lua.call(begin, arguments: [try lua.userdata(driver, type: "SwipeDriver")])
    }

    func check(_ session: Session, step: Int) -> ExploreFailure? {
        for (name, function) in checks {
            do {
                _ = try lua.call(call, arguments: [.function(function)])
            } catch let error as LuaError {
                return ExploreFailure(kind: .check(name), message: error.message, step: step)
            } catch {
                return ExploreFailure(kind: .check(name), message: "\(error)", step: step)
            }
        }
        return nil
    }
}
