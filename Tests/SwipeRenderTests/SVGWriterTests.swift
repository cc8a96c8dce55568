import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeRender

struct SVGWriterTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (0.004, "0"), (-0.004, "0"), (12, "12"), (12.5, "12.5"), (-0.25, "-0.25"),
        (1.005, "1"), (160.126, "160.13"), (-179.999, "-180"), (1e300, "1000000000000"), (.nan, "0"), (.infinity, "0"),
        (0.1, "0.1"), (3.07, "3.07"),
    ])
    func numbersHaveAtMostTwoDecimals(value: Double, text: String) {
        expectEqual(SVGWriter.number(value), text)
    }

    /// The SVG writer and the JUnit report escape with one set of rules (`&#39;`, control
    /// characters dropped, line breaks in attributes as references): both use ``XMLText``,
    /// attributes and text alike.
    @Test func attributesAndTextAreEscapedByTheOneXMLEscaper() {
        var svg = SVGWriter()
        svg.element("text", ["data-name": .text("a'b\n\t<c>\u{1}")], text: "x'&y\n\t\r\u{FFFE}")
        expectEqual(svg.text, "<text data-name=\"a&#39;b&#10;&#9;&lt;c&gt;\">x&#39;&amp;y\n&#9;&#13;</text>\n")
        #expect(svg.text.contains(XMLText.escaped("a'b\n\t<c>\u{1}")))
        #expect(svg.text.contains(XMLText.escaped("x'&y\n\t\r\u{FFFE}", attribute: false)))
    }

    @Test func onlyHexColoursAreUsed() {
        expectEqual(Palette.color(of: ("#FF9500", false)), "#ff9500")
        expectEqual(Palette.color(of: ("#abc", false)), "#abc")
        expectEqual(Palette.color(of: ("red\" onload=\"x", true)), Palette.destructive)
        expectEqual(Palette.color(of: (nil, false)), Palette.normalButton)
        expectEqual(Palette.textColor(on: "#ffcc00"), Palette.ink)
        expectEqual(Palette.textColor(on: "#ff3b30"), "#ffffff")
    }
}
