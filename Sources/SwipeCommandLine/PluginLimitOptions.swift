import ArgumentParser
import SwipePlugins

/// The limits every plugin is loaded with: the same options, parsed and checked the same way, in
/// `run`, `check` and `test` (there, the defaults of every `swipe.table{...}`). Negative values
/// are read as values (`--budget -1`), so that the check, not the parser, says what is wrong.
public struct PluginLimitOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(parsing: .unconditional, help: "Lua instructions allowed per call into a plugin (0 = unlimited).")
    public var budget: Int = SessionConfiguration.defaults.pluginOptions.instructionBudget

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Memory cap of each plugin's Lua state, in bytes; K, M and G suffixes accepted (0 = no cap).",
            valueName: "bytes"))
    public var memory: String = PluginLimitOptions.text(bytes: SessionConfiguration.defaults.pluginOptions.memoryLimit)

    @Flag(help: "Turn the sandbox off: plugins get the full Lua standard library (io, os, debug...).")
    public var trusted = false

    public var options: PluginOptions {
        var options = PluginOptions()
        options.instructionBudget = budget
        options.memoryLimit = Self.bytes(memory) ?? 0
        options.trusted = trusted
        return options
    }

    public func validate() throws {
        guard budget >= 0 else { throw ValidationError("--budget must be 0 or more instructions, got \(budget)") }
        guard Self.bytes(memory) != nil else {
            throw ValidationError(
                "--memory must be a number of bytes with an optional K, M or G suffix (64M), got '\(memory)'")
        }
    }

    /// `bytes` as ``bytes(_:)`` reads it, with the largest suffix that divides it (`64M`).
    public static func text(bytes: Int) -> String {
        for (suffix, unit) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes > 0 && bytes % unit == 0 {
            return "\(bytes / unit)\(suffix)"
        }
        return String(bytes)
    }

    /// `65536`, `64K`, `64M`, `1G` (powers of 1024).
    public static func bytes(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text)
        var scale = 1
        if let last = text.last?.uppercased().first, let unit = units[last] {
            scale = unit
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value >= 0, value <= Int.max / scale else { return nil }
        return value * scale
    }
}
