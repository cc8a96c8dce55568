import Glibc
import SwipeCore
import SwipePlugins
import SwipeScript

/// One plugin explored as `swipehost explore` does it: checked first (it loads, the checks hold
/// on the table before any step), the failures saved in the folder replayed, then explored, and
/// a finding written into the folder as a script and a spec.
public struct ExploreTarget: Sendable {
    /// The plugin as given on the command line.
    public var path: String
    public var settings: ExploreSettings
    public var checks: (any ExploreChecks)?
    /// The `--check` files as given.
    public var checkPaths: [String]
    /// `--out`: where findings are written and saved ones replayed from.
    public var folder: String

    public init(
        path: String, settings: ExploreSettings, checks: (any ExploreChecks)?, checkPaths: [String], folder: String
    ) {
        self.path = path
        var settings = settings
        settings.configuration.plugins = [.file(path)]
        self.settings = settings
        self.checks = checks
        self.checkPaths = checkPaths
        self.folder = folder
    }

    /// The files' base: the plugin's file name without `.lua` (a folder plugin's folder name).
    public var name: String {
        var base = Substring(path)
        while base.hasSuffix("/") { base = base.dropLast() }
        if base.hasSuffix("/init.lua") { base = base.dropLast("/init.lua".count) }
        if let slash = base.lastIndex(of: "/") { base = base[base.index(after: slash)...] }
        if base.hasSuffix(".lua") { base = base.dropLast(4) }
        return base.isEmpty ? "plugin" : String(base)
    }

    /// Loads the plugin and checks the table before any step: a plugin that does not load, a
    /// check that fails on the initial table, are problems (bad input), not findings.
    public func validate() throws(ExploreProblem) {
        guard FileReading.exists(path) else {
            throw ExploreProblem("\(path): no such plugin file or folder")
        }
        let replay = ExploreReplay(configuration: settings.configuration, check: try Explorer.make(checks))
        let failure: ExploreFailure?
        do {
            failure = try replay.start().2
        } catch {
            throw ExploreProblem("\(path): the plugin does not load: \(error)")
        }
        if let failure, case .check(let name) = failure.kind {
            throw ExploreProblem(
                "\(path): check '\(name)' fails on the table before any step, so it is a broken check, not a bug found: \(failure.message)"
            )
        }
    }

    /// The scripts saved in the folder for this plugin (`<name>-*.swipe`), sorted.
    public var savedFailures: [String] {
        let prefix = name + "-"
        return FileReading.directoryEntries(folder).filter { $0.hasPrefix(prefix) && $0.hasSuffix(".swipe") }.sorted()
            .map { (folder.hasSuffix("/") ? folder : folder + "/") + $0 }
    }

    /// Replays a saved script on this plugin and options: its failure (it still fails), nil
    /// (it passes now: the bug is fixed), or a problem (it no longer runs: a sentence).
    public func replaySaved(_ file: String) -> ExploreReplay.Outcome {
        let bytes: [UInt8]
        do {
            bytes = try FileReading.bytes(atPath: file)
        } catch {
            return .invalid("\(file): \(error.reason)")
        }
        let lines: [ScriptLine]
        do {
            lines = try ScriptParser(fileName: file).parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            return .invalid(error.description)
        }
        let check: (any ExploreCheck)?
        do {
            check = try Explorer.make(checks)
        } catch {
            return .invalid(error.description)
        }
        return ExploreReplay(configuration: settings.configuration, check: check).replay(lines)
    }

    /// `DIR/<name>-<seed>`.
    var base: String { (folder.hasSuffix("/") ? folder : folder + "/") + "\(name)-\(settings.seed)" }

    /// The finding's script and spec, as they are written.
    public func output(_ finding: ExploreFinding) -> ExploreOutput {
        var output = ExploreOutput(
            finding: finding, settings: settings, pluginPaths: [Self.relative(path, from: folder)],
            name: "\(name)-\(settings.seed)")
        output.checkPaths = checkPaths.map { Self.relative($0, from: folder) }
        return output
    }

    /// Writes the script and the spec (making the folder); their paths, or the reason it failed.
    public func write(_ finding: ExploreFinding) -> Result<[String], ExploreProblem> {
        if !FileReading.isDirectory(folder), mkdir(folder, 0o755) != 0 {
            return .failure(ExploreProblem("cannot make the folder \(folder): \(String(cString: strerror(errno)))"))
        }
        let output = output(finding)
        let files = [(base + ".swipe", output.script), (base + "_spec.lua", output.spec)]
        for (file, text) in files {
            if let reason = OutputFile.replace(file, with: text) {
                return .failure(ExploreProblem("cannot write \(file): \(reason)"))
            }
        }
        return .success(files.map(\.0))
    }

    /// `path` (from the current folder) as seen from `folder`: what a `# plugin:` line in a file
    /// there names it, and what `swipe.table{...}` in a spec there finds (from the spec's folder).
    public static func relative(_ path: String, from folder: String) -> String {
        if path.hasPrefix("/") { return path }
        let target = ScriptHeader.normalized(FileReading.absolutePath(path)).split(separator: "/")
        let base = ScriptHeader.normalized(FileReading.absolutePath(folder)).split(separator: "/")
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let parts = up + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
