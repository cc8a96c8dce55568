import LuaRuntime
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript

extension SwipeModule {
    /// The fields `swipe.explore{...}` reads beside `swipe.table{...}`'s.
    static let exploreOptionNames: Set<String> = ["runs", "steps", "seed", "mix", "check"]

    /// Registers `native.explore` and `native.invariants`.
    static func installExplore(in lua: LuaState, native: LuaRef, defaults: SessionConfiguration) throws {
        try lua.register(
            "explore", in: native,
            attempt("explore") { [unowned lua] args in
                try explore(lua: lua, args: args, defaults: defaults)
            })
        try lua.register(
            "invariants", in: native,
            attempt("invariants") { args in
                guard let driver = args.argument(1).object(as: SwipeDriver.self) else {
                    throw SwipeDriver.Failure(
                        "call 'invariants' as a method of a table made by swipe.table{...} (t:invariants())")
                }
                return .list(driver.brokenInvariants().map { .string($0) })
            })
    }

    /// `swipe.explore{ plugins = {...}, runs = 200, steps = 50, seed = 1, mix = "pan=40,tap=25",
    /// check = function(t) ... end, <swipe.table's fields> }`: explores the table those fields
    /// make (the plugins together, as `swipe.table{...}` loads them) on this thread, `check`
    /// called with the driver after every step; a finding is an error with the minimal script.
    /// Returns `{ runs = N, steps = M, seed = S }` when nothing is found.
    static func explore(lua: LuaState, args: [LuaValue], defaults: SessionConfiguration) throws -> LuaValue {
        var fields: [LuaValue: LuaValue] = [:]
        if case .table(let given) = args.argument(1) {
            fields = given
        } else if !args.argument(1).isNil {
            throw SwipeDriver.Failure("swipe.explore: expected a table of options, got a \(args.argument(1).typeName)")
        }
        func count(_ key: String, _ fallback: Int, _ range: ClosedRange<Int>) throws -> Int {
            guard let value = fields[.string(key)] else { return fallback }
            guard let number = value.intValue, range.contains(number) else {
                throw SwipeDriver.Failure(
                    "swipe.explore: '\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(PluginHost.text(value))"
                )
            }
            return number
        }
        let runs = try count("runs", 200, 1...1_000_000)
        let steps = try count("steps", 50, 1...100_000)
        let seed = try count("seed", 1, 0...ScriptIDs.maximumNumber)
        var tableFields = fields
        for name in exploreOptionNames { tableFields[.string(name)] = nil }
        var configuration: SessionConfiguration
        do throws(SwipeDriver.Failure) {
            configuration = try self.configuration(.table(tableFields), defaults: defaults)
        } catch {
            throw SwipeDriver.Failure("swipe.explore: " + error.description.dropping(prefix: "swipe.table: "))
        }
        var specFolder: String?
        if let source = args.argument(5).stringValue, source.hasPrefix("@") {
            let file = String(source.dropFirst())
            specFolder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
        }
        configuration.plugins = try configuration.plugins.map { source throws(SwipeDriver.Failure) in
            guard case .file(let path) = source else { return source }
            do throws(SwipeDriver.Failure) {
                return .file(try SwipeDriver.resolve(path, from: specFolder))
            } catch {
                throw SwipeDriver.Failure("swipe.explore: " + error.description.dropping(prefix: "swipe.table: "))
            }
        }
        var settings = ExploreSettings(configuration: configuration, seed: UInt64(seed))
        settings.runs = runs
        settings.steps = steps
        if let mix = fields["mix"] {
            guard case .string(let text) = mix else {
                throw SwipeDriver.Failure(
                    "swipe.explore: 'mix' must be a string like \"pan=40,tap=25\", got a \(mix.typeName)")
            }
            do {
                settings.mix = try ExploreMix(parsing: text)
            } catch {
                throw SwipeDriver.Failure("swipe.explore: 'mix': " + error.description.dropping(prefix: "--mix: "))
            }
        }
        var checks: SpecExploreChecks?
        if case .function(let begin) = args.argument(2), case .function(let call) = args.argument(3),
            case .function(let function) = args.argument(4)
        {
            checks = SpecExploreChecks(check: SpecExploreCheck(lua: lua, begin: begin, call: call, function: function))
        }
        let explorer = Explorer(settings: settings, checks: checks)
        // The table before any step: a plugin that does not load, a check that fails already.
        do {
            let replay = ExploreReplay(configuration: configuration, check: try Explorer.make(checks))
            if let failure = try replay.start().2, case .check = failure.kind {
                throw SwipeDriver.Failure(
                    "swipe.explore: the check fails on the table before any step, so it is a broken check, not a bug found: \(failure.message)"
                )
            }
        } catch let error as RunFailure {
            throw SwipeDriver.Failure("swipe.explore: \(error.description)")
        }
        let outcome = try explorer.run()
        guard let finding = outcome.finding else {
            return .table(["runs": .integer(outcome.runs), "steps": .integer(outcome.steps), "seed": .integer(seed)])
        }
        let script = ExploreOutput.text(of: finding.shrunk).split(separator: "\n").map { "  " + $0 }.joined(
            separator: "\n")
        throw SwipeDriver.Failure(
            "swipe.explore: found in run \(finding.run + 1) (seed \(seed)), shrunk from \(finding.original.count) lines to \(finding.shrunk.count):\n\(script)\n\(finding.shrunkFailure.description)"
        )
    }
}

/// `swipe.explore`'s check, in the spec's own Lua state: used on the spec's thread only (the
/// exploration runs one job there), hence unchecked.
struct SpecExploreChecks: ExploreChecks, @unchecked Sendable {
    let check: SpecExploreCheck
    func make() throws(ExploreProblem) -> any ExploreCheck { check }
}

final class SpecExploreCheck: ExploreCheck {
    let lua: LuaState
    let begin: LuaRef
    let call: LuaRef
    let function: LuaRef

    init(lua: LuaState, begin: LuaRef, call: LuaRef, function: LuaRef) {
        (self.lua, self.begin, self.call, self.function) = (lua, begin, call, function)
    }

    func begin(_ session: Session) {
        _ = try? lua.call(begin, arguments: [try lua.userdata(SwipeDriver(session: session), type: "SwipeDriver")])
    }

    func check(_ session: Session, step: Int) -> ExploreFailure? {
        do {
            _ = try lua.call(call, arguments: [.function(function)])
            return nil
        } catch let error as LuaError {
            return ExploreFailure(kind: .check("check"), message: error.message, step: step)
        } catch {
            return ExploreFailure(kind: .check("check"), message: "\(error)", step: step)
        }
    }
}

extension String {
    /// The text without `prefix` when it starts with it.
    func dropping(prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
