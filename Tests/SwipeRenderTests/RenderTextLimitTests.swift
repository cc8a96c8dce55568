import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipeRender

/// A plugin's titles have no size of their own: the picture draws each text cut at
/// ``SVGWriter/maximumTextScalars``, so 30 titles of 1 MB make an SVG of a few hundred KB, not
/// one of 121 MB.
struct RenderTextLimitTests {
    @Test func hugeTitlesAreCutWhereTheyAreDrawn() throws {
        let plugin = PluginSource.source(
            name: "huge.lua",
            code: """
                local huge = string.rep("w", 1 << 20)
                local items = {}
                for i = 1, 30 do items[i] = i .. huge end
                return {
                  name = "huge",
                  items = items,
                  configure = function(row)
                    return { buttons = { { id = "a", title = huge, width = 80 } } }
                  end,
                }
                """)
        var session = SessionConfiguration(plugins: [plugin])
        session.scriptName = "huge.swipe"
        let strip = try RenderRun(session: session).record(script: "swipe 3 -120\n")
        let svg = FilmstripSVG.render(strip)
        #expect(svg.utf8.count < 1 << 20)
        let cut = String(repeating: "w", count: SVGWriter.maximumTextScalars) + "…</text>"
        #expect(svg.contains(">" + cut))  // the button's title
        #expect(svg.contains(">3" + String(repeating: "w", count: SVGWriter.maximumTextScalars - 1) + "…</text>"))
    }

    @Test func aTextIsCutAtTheScalarLimit() {
        expectEqual(SVGWriter.cut("short"), "short")
        let exact = String(repeating: "é", count: SVGWriter.maximumTextScalars)
        expectEqual(SVGWriter.cut(exact), exact)
        expectEqual(SVGWriter.cut(exact + "x"), exact + "…")
    }
}
