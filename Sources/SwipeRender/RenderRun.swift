import SwipeCore
import SwipePlugins
import SwipeScript

/// A whole `swipehost render`: a ``Session`` made as `swipehost run` makes it, the script
/// applied to it with the clock stopped where the filmstrip and the plot need it, and the SVG
/// drawn. Nothing is written: a failure anywhere leaves only the failure.
public struct RenderRun {
    /// The plugins, items, geometry, direction, table options and preset (`swipehost run`'s
    /// options); its `scriptName` is the script's name in messages and in the heading.
    public var session: SessionConfiguration
    public var options: RenderOptions

    public init(session: SessionConfiguration, options: RenderOptions = RenderOptions()) {
        self.session = session
        self.options = options
    }

    /// Runs `script` (UTF-8 bytes) and records the filmstrip.
    public func record(script: UnsafeBufferPointer<UInt8>) throws(RenderFailure) -> Filmstrip {
        let driver: RenderDriver
        do {
            driver = try RenderDriver(session)
        } catch {
            throw .run(error.description)
        }
        let name = session.scriptName
        let recorder = FilmstripRecorder(driver: driver, fileName: name, options: options)
        try recorder.run(script: script)
        return Filmstrip(
            script: name, subtitle: subtitle(direction: driver.table.direction), geometry: session.geometry,
            direction: driver.table.direction, frames: recorder.frames, traces: recorder.traces,
            events: recorder.events,
            end: driver.table.now, lastActivity: recorder.lastActivity,
            selection: FilmstripRecorder.describe(options.frames))
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
    /// the picture is the same wherever the repository is), the preset when not the tutorial's,
    /// the direction.
    func subtitle(direction: LayoutDirection) -> String {
        var parts: [String] = []
        let names = session.plugins.map { source in
            let path = source.name.hasSuffix("/") ? String(source.name.dropLast()) : source.name
            return String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path))
        }
        parts.append(names.isEmpty ? "the tutorial's cell" : "plugins " + names.joined(separator: ", "))
        if session.preset != .tutorial { parts.append("preset \(session.preset.rawValue)") }
        parts.append(direction.rawValue)
        return parts.joined(separator: " · ")
    }
}
