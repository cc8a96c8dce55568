import SwipeCore
import SwipePlugins
import SwipeScript

/// A whole `swipehost render`: the plugins loaded as `swipehost run` loads them, the script run
/// with the clock stopped where the filmstrip and the plot need it, and the SVG drawn. Nothing
/// is written: a failure anywhere leaves only the failure.
public struct RenderRun {
    /// What `swipehost run` would be given (plugins, items, geometry, direction, table options,
    /// preset); its format and colour are not used.
    public var run: PluginRun
    public var options: RenderOptions

    public init(run: PluginRun, options: RenderOptions = RenderOptions()) {
        self.run = run
        self.options = options
    }

    /// Runs `script` (UTF-8 bytes) and records the filmstrip.
    public func record(script: UnsafeBufferPointer<UInt8>) throws(RenderFailure) -> Filmstrip {
        var configured = run
        configured.format = .text
        let host: PluginHost
        do {
            host = try configured.makeHost()
        } catch {
            throw .run(error.description)
        }
        let driver = HostDriver(host: host, fileName: run.fileName)
        let recorder = FilmstripRecorder(driver: driver, fileName: run.fileName, options: options)
        try recorder.run(script: script)
        return Filmstrip(
            script: run.fileName, subtitle: subtitle(host: host), geometry: run.geometry, direction: host.table.direction,
            frames: recorder.frames, traces: recorder.traces, events: recorder.events, end: host.table.now,
            lastActivity: recorder.lastActivity, selection: FilmstripRecorder.describe(options.frames))
    }

    public func record(script: String) throws(RenderFailure) -> Filmstrip {
        let bytes = Array(script.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(RenderFailure) in try record(script: buffer) }
    }

    /// The SVG picture of `script`'s run.
    public func render(script: UnsafeBufferPointer<UInt8>) throws(RenderFailure) -> String {
        FilmstripSVG.render(try record(script: script), columns: options.columns)
    }

    public func render(script: String) throws(RenderFailure) -> String {
        FilmstripSVG.render(try record(script: script), columns: options.columns)
    }

    /// `plugins mail.lua · preset mail · rtl`: the plugins by file name (not their folders, so
    /// the picture is the same wherever the repository is), the preset and direction when not
    /// the defaults.
    func subtitle(host: PluginHost) -> String {
        var parts: [String] = []
        let names = run.pluginPaths.map { path in
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            return String(trimmed.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(trimmed))
        }
        parts.append(names.isEmpty ? "the tutorial's cell" : "plugins " + names.joined(separator: ", "))
        if run.preset != .tutorial { parts.append("preset \(run.preset.rawValue)") }
        parts.append(host.table.direction.rawValue)
        return parts.joined(separator: " · ")
    }
}
