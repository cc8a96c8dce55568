import LuaRuntime
import SwipePlugins
import SwipeScript

/// Runs one spec file in a fresh Lua state with the test API and `require("swipe")`.
///
/// The state is trusted (the full standard library: a spec is the developer's own code) but has
/// an instruction budget per test, so `while true do end` fails that test instead of hanging.
/// Every test gets a fresh budget: the file is loaded in one call, then each test runs in one.
public struct SpecRunner {
    public var options: SpecRunOptions
    /// Where the specs' `print` goes.
    public var log: (String) -> Void

    public init(options: SpecRunOptions = SpecRunOptions(), log: @escaping (String) -> Void = { _ in }) {
        self.options = options
        self.log = log
    }

    /// A spec file loaded into its own state, its tests planned (selected and ordered).
    struct LoadedSpec {
        var lua: LuaState
        var runner: [LuaValue: LuaValue]
        var tests: [LuaValue]
        var snapshots: SnapshotStore
        /// Whether the selection kept every test of the file.
        var selectsEveryTest: Bool
    }

    /// The selected tests of a spec file, in the order they would run, without running them
    /// (`--list`); a file that does not load gives its failure instead.
    public func list(file path: String) -> Result<[TestListing], SpecLoadFailure> {
        load(file: path).map { loaded in
            loaded.tests.map { test in
                TestListing(
                    file: test["file"].stringValue ?? path, line: test["line"].intValue ?? 0,
                    name: test["name"].stringValue ?? "?")
            }
        }
    }

    public func run(file path: String) -> SpecFileReport {
        let clock = ContinuousClock()
        let loaded: LoadedSpec
        switch load(file: path) {
        case .success(let spec): loaded = spec
        case .failure(let failure): return failure.report
        }
        let (lua, runner, tests, snapshots) = (loaded.lua, loaded.runner, loaded.tests, loaded.snapshots)
        guard case .function(let runTest)? = runner["run"], case .function(let finish)? = runner["finish"] else {
            return SpecLoadFailure(path: path, message: "the test framework is incomplete", seconds: 0).report
        }

        var results: [TestResult] = []
        for (offset, test) in tests.enumerated() {
            let name = test["name"].stringValue ?? "?"
            let file = test["file"].stringValue ?? path
            let line = test["line"].intValue ?? 0
            let began = clock.now
            var outcome: [LuaValue]
            do {
                outcome = try lua.call(runTest, arguments: [.integer(offset + 1)]).first?.arrayValue ?? []
            } catch let error as LuaError {
                outcome = [
                    .table([
                        "status": "fail",
                        "message": .string(Self.describe(error, budgetHint: options.specBudget, at: "\(file):\(line)")),
                        "error": true,
                    ])
                ]
            } catch {
                outcome = [.table(["status": "fail", "message": .string("\(error)"), "error": true])]
            }
            let seconds = Self.seconds(clock.now - began)
            for (index, entry) in outcome.enumerated() {
                var result = Self.result(entry, file: file, line: line, name: name, seconds: index == 0 ? seconds : 0)
                result.message = Self.restoringPath(path, in: result.message)
                if index > 0 {
                    result.name = entry["name"].stringValue ?? name
                    result.file = entry["file"].stringValue ?? file
                    result.line = entry["line"].intValue ?? line
                }
                results.append(result)
            }
        }
        if let outcome = try? lua.call(finish, arguments: []).first?.arrayValue {
            for entry in outcome {
                results.append(
                    Self.result(
                        entry, file: entry["file"].stringValue ?? path, line: entry["line"].intValue ?? 0,
                        name: entry["name"].stringValue ?? "(teardown)", seconds: 0))
            }
        }
        var report = SpecFileReport(
            path: path, results: results, snapshotsWritten: snapshots.written, snapshotsUpdated: snapshots.updated)
        report.snapshotsChecked = snapshots.checked
        report.ranEveryTest = loaded.selectsEveryTest
        return report
    }

    /// The test framework's native functions: `snapshot(name, index, kind, body)` returns
    /// `"pass"`, or `"fail"`, `"bad"` (bad input) or `"error"` and the message.
    static func native(in lua: LuaState, snapshots: SnapshotStore) throws -> LuaRef {
        let native = try lua.newTable(label: "swipe/test native")
        try lua.register("snapshot", in: native) { args in
            let outcome = snapshots.check(
                test: try args.string(1), index: try args.integer(2), kind: try args.string(3), body: try args.string(4)
            )
            switch outcome {
            case .pass: return ["pass"]
            case .fail(let message): return ["fail", .string(message)]
            case .badInput(let message): return ["bad", .string(message)]
            case .error(let message): return ["error", .string(message)]
            }
        }
        return native
    }

    /// Reads, loads and plans one spec file.
    func load(file path: String) -> Result<LoadedSpec, SpecLoadFailure> {
        let clock = ContinuousClock()
        let start = clock.now
        func loadFailure(_ message: String) -> Result<LoadedSpec, SpecLoadFailure> {
            .failure(SpecLoadFailure(path: path, message: message, seconds: Self.seconds(clock.now - start)))
        }
        var source: [UInt8]
        do {
            source = try FileReading.bytes(atPath: path)
        } catch {
            return loadFailure(error.description)
        }
        // A first line starting with '#' (#!/usr/bin/env ...) is skipped, as lua does.
        if source.first == UInt8(ascii: "#") {
            let end = source.firstIndex(of: UInt8(ascii: "\n")) ?? source.endIndex
            source.removeSubrange(0..<end)
        }
        var luaOptions = LuaOptions()
        luaOptions.sandbox = false
        luaOptions.instructionBudget = options.specBudget
        luaOptions.memoryLimit = 0
        luaOptions.log = log
        luaOptions.coverage = options.coverage
        let lua: LuaState
        let runner: [LuaValue: LuaValue]
        let snapshots = SnapshotStore(specFile: path, options: options.snapshots)
        do {
            lua = try LuaState(options: luaOptions)
            try SwipeModule.install(in: lua, defaults: options.tableDefaults)
            let framework = try lua.load(TestFramework.source, chunkName: TestFramework.chunkName)
            let native = try Self.native(in: lua, snapshots: snapshots)
            guard case .table(let table)? = try lua.call(framework, arguments: [.reference(native)]).first else {
                return loadFailure("the test framework did not start")
            }
            runner = table
        } catch {
            return loadFailure("cannot start the test framework: \(error)")
        }
        do {
            guard case .function(let load)? = runner["load"] else {
                return loadFailure("the test framework is incomplete")
            }
            let chunk = try lua.load(String(decoding: source, as: UTF8.self), chunkName: "@" + path)
            if let failure = try lua.call(load, arguments: [.function(chunk)]).first, !failure.isNil {
                var message = failure["message"].stringValue ?? "(no message)"
                if let traceback = failure["traceback"].stringValue.map(Self.cleaned), !traceback.isEmpty {
                    message += "\n" + traceback
                }
                return loadFailure(Self.restoringPath(path, in: message))
            }
        } catch let error as LuaError {
            return loadFailure(
                Self.restoringPath(
                    path,
                    in: Self.describe(
                        error, budgetHint: options.specBudget, at: path,
                        during: " (while the file loaded, outside any test)")))
        } catch {
            return loadFailure("\(error)")
        }
        guard case .function(let plan)? = runner["plan"] else { return loadFailure("the test framework is incomplete") }
        let tests: [LuaValue]
        let total: Int?
        do {
            let seed: LuaValue = options.seed.map { .integer($0) } ?? .nil
            let planned = try lua.call(plan, arguments: [seed, options.selection])
            tests = planned.first?.arrayValue ?? []
            total = planned.count > 1 ? planned[1].intValue : nil
        } catch {
            return loadFailure("\(error)")
        }
        return .success(
            LoadedSpec(
                lua: lua, runner: runner, tests: tests, snapshots: snapshots, selectsEveryTest: total == tests.count))
    }

    /// A test's outcome as the framework gave it. A failure is an error unless an assertion
    /// raised it: the framework keeps a traceback only for what is not an assertion's failure.
    static func result(_ entry: LuaValue, file: String, line: Int, name: String, seconds: Double) -> TestResult {
        switch entry["status"].stringValue {
        case "pass": return TestResult(file: file, line: line, name: name, status: .passed, seconds: seconds)
        case "pending":
            return TestResult(
                file: file, line: line, name: name, status: .skipped, message: "pending", seconds: seconds)
        default:
            var message = entry["message"].stringValue ?? "(no message)"
            if let plugins = entry["plugin_errors"].stringValue {
                message += "\nplugin errors during the test:\n" + plugins
            }
            if let traceback = entry["traceback"].stringValue.map(cleaned), !traceback.isEmpty {
                message += "\n" + traceback
            }
            let isBadInput = entry["bad_input"].boolValue == true
            let isError = isBadInput || entry["error"].boolValue == true || entry["traceback"].stringValue != nil
            return TestResult(
                file: file, line: line, name: name, status: .failed, message: message, seconds: seconds,
                isError: isError, isBadInput: isBadInput)
        }
    }

    /// Lua's traceback without the test framework's own frames.
    static func cleaned(_ traceback: String) -> String {
        let lines = traceback.split(separator: "\n").filter { line in
            !line.contains("swipe/test:") && !line.contains("[C]: in function 'xpcall'")
                && !line.contains("[C]: in function 'error'") && !line.hasPrefix("\tswipe:")
                && !line.contains("(...tail calls...)") && !line.contains("[C]: in ?")
        }
        return lines.count <= 1 ? "" : lines.joined(separator: "\n")
    }

    /// A Lua error as a failure message; a spent budget names the option that raises it.
    static func describe(_ error: LuaError, budgetHint budget: Int, at place: String, during: String = "") -> String {
        if error.kind == .budget {
            // Where the budget ran out, when Lua knew (the looping line), else `place`.
            let at = error.chunk.flatMap { chunk in error.line.map { "\(chunk):\($0)" } } ?? place
            // The time limit (uncounted work) says so itself; it grows with --spec-budget too.
            let what =
                error.message.hasPrefix("time limit")
                ? String(error.message.prefix { $0 != "(" }.dropLast()).replacing(#/ in '[^']*'$/#, with: "")
                : "instruction budget of \(budget) exceeded"
            var message = "\(at)\(during): \(what) (a loop that never ends? --spec-budget raises the limit)"
            if let traceback = error.traceback.map(cleaned), !traceback.isEmpty { message += "\n" + traceback }
            return message
        }
        var message = error.message
        if let traceback = error.traceback.map(cleaned), !traceback.isEmpty { message += "\n" + traceback }
        return message
    }

    /// `message` with the file names Lua shortened (`...s/fixtures/x_spec.lua:3:`, past 60
    /// characters) put back whole.
    static func restoringPath(_ path: String, in message: String) -> String {
        guard message.contains("...") else { return message }
        for length in stride(from: min(path.count - 1, 60), through: 20, by: -1) {
            let shortened = "..." + path.suffix(length)
            if message.contains(shortened + ":") {
                return message.split(separator: shortened, omittingEmptySubsequences: false).joined(separator: path)
            }
        }
        return message
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
