import SwipeCore
import SwipeScript

/// What broke, at which step: a plugin error, one of the built-in invariants, one of the
/// host's own (a bug in swipehost, not in the plugin), or a user's check.
public struct ExploreFailure: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// A `plugin_error` of any kind (`runtime`, `budget`, `memory`, `invalid`...) in `hook`.
        case pluginError(hook: String, errorKind: String)
        /// A built-in invariant the plugin's table must keep (``ExploreInvariant``).
        case invariant(String)
        /// One of the host's own invariants: a bug in swipehost.
        case host(String)
        /// A user's check (`--check FILE`, `swipe.explore{ check = ... }`), by its name.
        case check(String)
    }

    public var kind: Kind
    /// The message: the plugin error's, the invariant's sentence, the check's error.
    public var message: String
    /// The script line after which it was seen (1-based); 0: on the table before any step.
    public var step: Int

    public init(kind: Kind, message: String, step: Int) {
        self.kind = kind
        self.message = message
        self.step = step
    }

    /// Whether `other` is this failure again, for the shrinker: the same hook and message for a
    /// plugin error (its numbers aside, but the line in the plugin: ``masked(_:)``), the same
    /// invariant or check (its message names rows and numbers, which
    /// shrinking changes).
    public func isSameFailure(as other: ExploreFailure) -> Bool {
        switch (kind, other.kind) {
        case (.pluginError, .pluginError):
            return kind == other.kind && Self.masked(message) == Self.masked(other.message)
        default: return kind == other.kind
        }
    }

    /// `message` with its numbers masked, but a `FILE:LINE:`'s line: a row or a count in a
    /// plugin error's message changes as the shrinker lowers rows, the place in the plugin not.
    static func masked(_ message: String) -> String {
        enum Digits { case none, masked, kept }
        var out = ""
        var digits = Digits.none
        var previous: Character = " "
        for character in message {
            if character.isASCII, character.isNumber {
                if digits == .none {
                    digits = previous == ":" ? .kept : .masked
                    if digits == .masked { out.append("#") }
                }
                if digits == .masked { continue }
            } else {
                digits = .none
            }
            out.append(character)
            previous = character
        }
        return out
    }

    /// Whether swipehost, not the plugin, is at fault.
    public var isHostBug: Bool {
        if case .host = kind { return true }
        return false
    }

    /// `plugin_error`, `invariant`, `host` or `check`: the failure's kind as `-o json` names it.
    public var kindName: String {
        switch kind {
        case .pluginError: "plugin_error"
        case .invariant: "invariant"
        case .host: "host"
        case .check: "check"
        }
    }

    /// The hook, invariant or check at fault.
    public var name: String {
        switch kind {
        case .pluginError(let hook, _): hook
        case .invariant(let name), .host(let name), .check(let name): name
        }
    }

    /// ``description`` without the step (a spec's `t:invariants()` has no step numbers).
    public var summary: String {
        switch kind {
        case .pluginError(let hook, let errorKind): return "plugin_error (\(errorKind)) in \(hook): \(message)"
        case .invariant(let name): return "invariant '\(name)' broken: \(message)"
        case .host(let name): return "a bug in swipehost, not in the plugin: its invariant '\(name)' broken: \(message)"
        case .check(let name): return "check '\(name)' failed: \(message)"
        }
    }

    /// One line: `plugin_error (runtime) in on_tap: mail.lua:70: ...`, `invariant 'one-open'
    /// broken: ...`, `check 'count' failed: ...`, `a bug in swipehost (invariant 'offsets'):
    /// ...`.
    public var description: String {
        let place = step == 0 ? "on the table before any step" : "after line \(step)"
        switch kind {
        case .pluginError(let hook, let errorKind):
            return "plugin_error (\(errorKind)) in \(hook), \(place): \(message)"
        case .invariant(let name): return "invariant '\(name)' broken \(place): \(message)"
        case .host(let name):
            return
                "a bug in swipehost, not in the plugin: its invariant '\(name)' broken \(place): \(message) (please report it with this script)"
        case .check(let name): return "check '\(name)' failed \(place): \(message)"
        }
    }
}
