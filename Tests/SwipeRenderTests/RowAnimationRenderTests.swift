import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Row animations in `render`: rows drawn at their geometry's y, clipped to their height, faded, and
/// a deleted row drawn collapsing under them. The picture is Tests/Golden/render/row_collapse.svg,
/// from row_collapse.lua and row_collapse.swipe beside it; re-record it with
/// `SWIPEHOST_RECORD_GOLDEN=1 swift test --filter RowAnimationRenderTests`.
struct RowAnimationRenderTests {
    static let folder = Repository.path("Tests/Golden/render")

    static func render() throws -> (Filmstrip, String) {
        let run = PluginRun(
            fileName: "row_collapse.swipe",
            configuration: SessionConfiguration(plugins: [.file(folder + "/row_collapse.lua")]))
        let script = try String(contentsOfFile: folder + "/row_collapse.swipe", encoding: .utf8)
        let times = [0, 75, 150, 225, 300].map { VirtualInstant.start + .milliseconds(Int64($0)) }
        let renderer = RenderRun(
            session: RenderTests.session(of: run), options: RenderOptions(frames: .at(times), columns: 5))
        let strip = try renderer.record(script: script)
        return (strip, FilmstripSVG.render(strip, columns: 5))
    }

    @Test func theCollapsePictureMatchesItsGolden() throws {
        let (_, svg) = try Self.render()
        let path = Self.folder + "/row_collapse.svg"
        if ProcessInfo.processInfo.environment["SWIPEHOST_RECORD_GOLDEN"] == "1" {
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        expectEqual(svg, golden, "differs from Tests/Golden/render/row_collapse.svg")
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }

    /// Each frame draws the collapsing row at 88 (row 3's top), `44 (1 - e)` tall at opacity
    /// `1 - e`, and the row under it at `88 + 44 (1 - e)`: the numbers of docs/appearance.md.
    @Test func eachFrameDrawsTheGeometrysNumbers() throws {
        let (strip, _) = try Self.render()
        expectEqual(strip.frames.count, 5)
        let ease = [0.0, 0.1291619310473198, 0.5, 0.8708380689526802, 1.0]
        for (frame, e) in zip(strip.frames, ease) {
            let ghosts = frame.table.collapsing
            if e < 1 {
                let ghost = try #require(ghosts.first)
                expectEqual(ghost.item, "Longer Title Item #3")
                expectEqual(ghost.geometry.y, 88)
                #expect(abs(ghost.geometry.height - 44 * (1 - e)) < 1e-9)
                var svg = SVGWriter()
                FilmstripSVG.draw(frame, strip: strip, x: 0, y: 0, into: &svg)
                // At 0 ms the row is whole (opacity 1: drawn as a row at rest, clipped to 44).
                if e > 0 {
                    #expect(svg.text.contains("opacity=\"\(SVGWriter.number(1 - e))\""), "frame \(frame.number)")
                }
            } else {
                #expect(ghosts.isEmpty)
            }
            let below = try #require(frame.table.rows.first { $0.row == 3 })
            #expect(abs(below.geometry.y - (88 + 44 * (1 - e))) < 1e-9)
        }
    }

    /// Without a row animation nothing of this is drawn: the same script under `none` draws no
    /// opacity and no collapsing row (the shipped pictures are unchanged, RenderTests).
    @Test func noneDrawsNoCollapse() throws {
        let script = "open 3\ntap 3 trash\nwait 10\n"
        let plugin = try String(contentsOfFile: Self.folder + "/row_collapse.lua", encoding: .utf8)
        let plain = plugin.replacingOccurrences(of: "table = { row_animation = \"fade\" },", with: "")
        let run = PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.source(name: "p.lua", code: plain)]))
        let strip = try RenderRun(session: RenderTests.session(of: run)).record(script: script)
        for frame in strip.frames {
            var svg = SVGWriter()
            FilmstripSVG.draw(frame, strip: strip, x: 0, y: 0, into: &svg)
            #expect(!svg.text.contains("opacity="), "frame \(frame.number)")
        }
        #expect(strip.frames.allSatisfy { $0.table.collapsing.isEmpty })
    }
}
