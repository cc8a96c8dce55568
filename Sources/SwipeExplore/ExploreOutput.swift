import SwipeCore
import SwipePlugins
import SwipeScript

/// What a finding is written as: the minimal script with `# plugin:` and `# options:` headers
/// (so that `swipehost run FILE` and `swipehost render FILE` replay it alone), and a spec that
/// fails until the bug is fixed.
public struct ExploreOutput {
    public var finding: ExploreFinding
    public var settings: ExploreSettings
    /// The plugins as the written files name them: relative to the folder they are written in.
    public var pluginPaths: [String]
    /// The `--check` files, relative to that folder, whose functions the spec calls too.
    public var checkPaths: [String] = []
    /// The files' base name, `<plugin>-<seed>`.
    public var name: String

    public init(finding: ExploreFinding, settings: ExploreSettings, pluginPaths: [String], name: String) {
        self.finding = finding
        self.settings = settings
        self.pluginPaths = pluginPaths
        self.name = name
    }

    /// The minimal script's lines, as a script writes them.
    public static func text(of lines: [ScriptLine]) -> String {
        lines.map { $0.scriptLine + "\n" }.joined()
    }

    /// `explore/<plugin>-<seed>.swipe`.
    public var script: String {
        var out = "# Found by swipehost explore, seed \(settings.seed), run \(finding.run + 1): "
        out += "shrunk from \(finding.original.count) lines to \(finding.shrunk.count).\n"
        out += "# \(DisplayText.escaped(finding.shrunkFailure.description))\n"
        out += "# Replay it with: swipehost run FILE (or draw it: swipehost render FILE)\n"
        for path in pluginPaths { out += "# plugin: \(path)\n" }
        let options = settings.configuration.arguments(plugins: false)
        if !options.isEmpty { out += "# options: " + options.joined(separator: " ") + "\n" }
        return out + Self.text(of: finding.shrunk)
    }

    /// `explore/<plugin>-<seed>_spec.lua`: builds the same table, runs the minimal script a line
    /// at a time and asserts, after each, the invariants explore checked (`t:invariants()`: no
    /// plugin error, rows resting as announced, the host's own) and the `--check` functions.
    public var spec: String {
        var configuration = settings.configuration
        configuration.plugins = pluginPaths.map(PluginSource.file)
        let script = Self.text(of: finding.shrunk)
        let level = LuaLiteral.longBracketLevel(for: script)
        let equals = String(repeating: "=", count: level)
        var out = "-- Found by swipehost explore, seed \(settings.seed), run \(finding.run + 1). It fails until\n"
        out += "-- the bug is fixed: \(DisplayText.escaped(finding.shrunkFailure.description))\n"
        out += "-- Run it with: swipehost test FILE\n"
        out += "local swipe = require(\"swipe\")\n"
        if !checkPaths.isEmpty {
            out += "local here = debug.getinfo(1, \"S\").source:match(\"^@(.*/)\") or \"\"\n"
            out += "local checks = {}\n"
            for path in checkPaths {
                let file = path.hasPrefix("/") ? LuaLiteral.string(path) : "here .. " + LuaLiteral.string(path)
                out += "for name, check in pairs(dofile(\(file))) do checks[name] = check end\n"
            }
            out += "local names = {}\n"
            out += "for name in pairs(checks) do names[#names + 1] = name end\n"
            out += "table.sort(names)\n"
        }
        out += "\ndescribe(\(LuaLiteral.string("explore: " + name)), function()\n"
        out += "  it(\"keeps its invariants through the minimal script\", function()\n"
        out += "    local t = swipe.table " + configuration.tableFields() + "\n"
        out += "    assert.are.same({}, t:invariants())\n"
        out += "    for line in ([\(equals)[\n\(script)]\(equals)]):gmatch(\"[^\\n]+\") do\n"
        out += "      t:run(line)\n"
        out += "      assert.are.same({}, t:invariants(), line)\n"
        if !checkPaths.isEmpty {
            out += "      for _, name in ipairs(names) do checks[name](t) end\n"
        }
        out += "    end\n"
        out += "  end)\n"
        out += "end)\n"
        return out
    }

    /// The report's text: the minimal script, the failure under it, the sizes.
    public var report: String {
        var out = "found in run \(finding.run + 1): \(DisplayText.escaped(finding.failure.description))\n"
        out +=
            "shrunk from \(finding.original.count) lines to \(finding.shrunk.count) (\(finding.replays) replays):\n\n"
        out += Self.text(of: finding.shrunk).split(separator: "\n").map { "    " + $0 + "\n" }.joined()
        out += "\n\(DisplayText.escaped(finding.shrunkFailure.description))\n"
        return out
    }
}

/// JSON text, for `-o json`.
public enum JSONText {
    /// A JSON string literal, escaped as every JSON line of the project is
    /// (``OutputBuffer/append(jsonString:)``).
    public static func string(_ text: String) -> String {
        var out = OutputBuffer()
        out.append(jsonString: text)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `{"key":value,...}` from pairs whose values are JSON already.
    public static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
