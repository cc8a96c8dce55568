import SwipeCore
import SwipePlugins
import SwipeScript

/// Runs scripts on fresh sessions of one configuration and checks the invariants (the built-in
/// ones and the user's) after every line: what a generated run, the shrinker's candidates and
/// the saved failures all go through.
public final class ExploreReplay {
    public let configuration: SessionConfiguration
    let check: (any ExploreCheck)?

    /// `configuration`'s session records, keeps no inputs and stops nothing at a plugin error;
    /// its plugin files are read here, once.
    public init(configuration: SessionConfiguration, check: (any ExploreCheck)?) {
        var configuration = configuration
        configuration.recordsInputs = false
        configuration.traceMode = .records
        configuration.strict = false
        configuration.scriptName = "explore"
        // Read once, not once a run: a file that cannot be read is left to fail the first run.
        configuration.plugins = configuration.plugins.map { source in (try? source.read()) ?? source }
        self.configuration = configuration
        self.check = check
    }

    /// A fresh session, and the first failure on it before any step (a plugin error in `setup`
    /// or the first rows' `configure`, a broken check).
    public func start() throws(RunFailure) -> (Session, ExploreInvariants, ExploreFailure?) {
        let session = try Session(configuration, sink: nil)
        var invariants = ExploreInvariants()
        check?.begin(session)
        let failure = invariants.check(session, step: 0) ?? check?.check(session, step: 0)
        return (session, invariants, failure)
    }

    /// Applies `line` (numbered `step`) and checks: the failure after it, nil when all holds.
    /// Throws when the session refuses the line.
    func step(
        _ line: ScriptLine, number step: Int, session: Session, invariants: inout ExploreInvariants
    ) throws(ScriptError) -> ExploreFailure? {
        var numbered = line
        numbered.number = step
        try session.apply(numbered)
        return invariants.check(session, step: step) ?? check?.check(session, step: step)
    }

    /// What replaying `lines` comes to.
    public enum Outcome: Equatable {
        /// The first failure, after its line (the lines after it were not run).
        case fails(ExploreFailure)
        case passes
        /// The session refused a line (it would not run as a script), or the plugins did not load.
        case invalid(String)
    }

    public func replay(_ lines: [ScriptLine]) -> Outcome {
        let session: Session
        var invariants: ExploreInvariants
        do {
            let (started, checker, failure) = try start()
            if let failure { return .fails(failure) }
            (session, invariants) = (started, checker)
        } catch {
            return .invalid(error.description)
        }
        for (index, line) in lines.enumerated() {
            do {
                if let failure = try step(line, number: index + 1, session: session, invariants: &invariants) {
                    return .fails(failure)
                }
            } catch {
                return .invalid(error.description)
            }
        }
        return .passes
    }

    /// One generated run of at most `steps` lines, drawn with `random`; the lines applied and
    /// the failure that ended it, if any. A line the session refuses is dropped (it changed
    /// nothing), and the rest of its gesture with it.
    public func explore(steps: Int, random: ExploreRandom, mix: ExploreMix) -> (
        lines: [ScriptLine], failure: ExploreFailure?
    ) {
        let session: Session
        var invariants: ExploreInvariants
        do {
            let (started, checker, failure) = try start()
            if let failure { return ([], failure) }
            (session, invariants) = (started, checker)
        } catch {
            return (
                [], ExploreFailure(kind: .pluginError(hook: "load", errorKind: "load"), message: "\(error)", step: 0)
            )
        }
        var generator = ScriptGenerator(random: random, mix: mix)
        var lines: [ScriptLine] = []
        lines.reserveCapacity(steps)
        var refusals = 0
        var attempts = 0
        // Every gesture refused, the fallback wait too (the clock at its end): the run ends short.
        while lines.count < steps, attempts < steps * 20 {
            attempts += 1
            var gesture = generator.gesture(for: session)
            // After a run of refusals (a held row, a table with nothing to swipe), a wait.
            if refusals >= 8 {
                gesture = [ScriptLine(number: 0, command: .wait(.milliseconds(100 as Int64)))]
                refusals = 0
            }
            for (position, line) in gesture.enumerated() where lines.count < steps {
                let failure: ExploreFailure?
                do {
                    failure = try step(line, number: lines.count + 1, session: session, invariants: &invariants)
                } catch {
                    if position == 0 { refusals += 1 }
                    break
                }
                refusals = 0
                var kept = line
                kept.number = lines.count + 1
                lines.append(kept)
                if let failure { return (lines, failure) }
            }
        }
        return (lines, nil)
    }
}
