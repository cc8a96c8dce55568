import Testing

@testable import SwipeRender

struct SVGWriterTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (0.004, "0"), (-0.004, "0"), (12, "12"), (12.5, "12.5"), (-0.25, "-0.25"),
        (1.005, "1"), (160.126, "160.13"), (-179.999, "-180"), (1e300, "1000000000000"), (.nan, "0"), (.infinity, "0"),
        (0.1, "0.1"), (3.07, "3.07"),
    ])
    func numbersHaveAtMostTwoDecimals(value: Double, text: String) {
        #expect(SVGWriter.number(value) == text)
    }

    @Test func textIsEscapedForXML() {
        #expect(SVGWriter.escaped("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;")
        #expect(SVGWriter.escaped("x\u{1}y\u{FFFE}") == "x\u{FFFD}y\u{FFFD}")
    }

    @Test func onlyHexColoursAreUsed() {
        #expect(Palette.color(of: ("#FF9500", false)) == "#ff9500")
        #expect(Palette.color(of: ("#abc", false)) == "#abc")
        #expect(Palette.color(of: ("red\" onload=\"x", true)) == Palette.destructive)
        #expect(Palette.color(of: (nil, false)) == Palette.normalButton)
        #expect(Palette.textColor(on: "#ffcc00") == Palette.ink)
        #expect(Palette.textColor(on: "#ff3b30") == "#ffffff")
    }
}
