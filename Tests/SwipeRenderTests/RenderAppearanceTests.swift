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

/// The drawing inside a button's rectangle: icons (alone and above a title), text and
/// highlight colours (the pressed look in a tap's frame), and captions shortened to the frame.
///
/// The picture is Tests/Golden/render/icons.svg, drawn from icons.lua and icons.swipe beside it;
/// re-record it with `SWIPEHOST_RECORD_GOLDEN=1 swift test --filter RenderAppearanceTests`.
struct RenderAppearanceTests {
    static let folder = Repository.path("Tests/Golden/render")

    static func render() throws -> (Filmstrip, String) {
        let run = PluginRun(
            fileName: "icons.swipe", configuration: SessionConfiguration(plugins: [.file(folder + "/icons.lua")]))
        let script = try String(contentsOfFile: folder + "/icons.swipe", encoding: .utf8)
        let renderer = RenderRun(session: RenderTests.session(of: run))
        let strip = try renderer.record(script: script)
        return (strip, FilmstripSVG.render(strip))
    }

    @Test func theIconPictureMatchesItsGolden() throws {
        let (_, svg) = try Self.render()
        let path = Self.folder + "/icons.svg"
        if ProcessInfo.processInfo.environment["SWIPEHOST_RECORD_GOLDEN"] == "1" {
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        expectEqual(svg, golden, "differs from Tests/Golden/render/icons.svg")
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
    }

    /// The frame of a tap on a button with a `highlight_color` draws it in that colour; no
    /// other frame does, and a tap on a button without one changes nothing.
    @Test func aTappedButtonWithAHighlightIsDrawnPressed() throws {
        let (strip, _) = try Self.render()
        for frame in strip.frames {
            var svg = SVGWriter()
            FilmstripSVG.draw(frame, strip: strip, x: 0, y: 0, into: &svg)
            let tapped = Set(frame.events.compactMap(\.tappedButton))
            expectEqual(svg.text.contains("fill=\"#8b0000\""), tapped.contains("trash"), "frame \(frame.number)")
            expectEqual(svg.text.contains("fill=\"#1e7a34\""), tapped.contains("checkmark"), "frame \(frame.number)")
        }
        let taps = strip.frames.flatMap(\.events).compactMap(\.tappedButton)
        expectEqual(taps, ["trash", "checkmark", "plain"])
    }

    /// An icon alone is 24 points, centred, stroked in the text colour; above a title it is 20
    /// points, and a plugin's own path is filled, scaled from its view box.
    @Test func iconsAreDrawnInTheTextColour() throws {
        var svg = SVGWriter()
        let button = SwipeButton(
            id: "s", title: "", width: 60, color: "#FFCC00", icon: ButtonIcon.named("star"), textColor: "#1C1C1E",
            accessibilityLabel: "Star")
        FilmstripSVG.drawButton(button, x: 10, width: 60, height: 44, into: &svg)
        expectEqual(
            svg.text,
            """
            <svg x="10" y="0" width="60" height="44">
            <rect width="60" height="44" fill="#ffcc00"/>
            <svg x="18" y="10" width="24" height="24" viewBox="0 0 24 24">
            <path d="\(ButtonIcon.named("star")!.path)" fill="none" stroke="#1c1c1e" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
            </svg>
            </svg>

            """)
        var titled = SVGWriter()
        let tag = SwipeButton(
            id: "t", title: "Tag", width: 80,
            icon: ButtonIcon(path: "M0 0h48v48z", viewBox: .init(minX: 0, minY: 0, width: 48, height: 48)))
        FilmstripSVG.drawButton(tag, x: 0, width: 80, height: 44, into: &titled)
        expectEqual(
            titled.text,
            """
            <svg x="0" y="0" width="80" height="44">
            <rect width="80" height="44" fill="#8e8e93"/>
            <svg x="30" y="4" width="20" height="20" viewBox="0 0 48 48">
            <path d="M0 0h48v48z" fill="#ffffff"/>
            </svg>
            <text x="40" y="39" font-size="12" font-weight="600" text-anchor="middle" fill="#ffffff">Tag</text>
            </svg>

            """)
    }

    /// A button without the new keys is drawn as before (the shipped goldens hold the rest).
    @Test func aPlainButtonIsDrawnAsBefore() {
        var svg = SVGWriter()
        FilmstripSVG.drawButton(
            SwipeButton(id: "a", title: "Trash", width: 80, color: "#FF3B30"), x: 0, width: 80, height: 44, into: &svg)
        expectEqual(
            svg.text,
            """
            <svg x="0" y="0" width="80" height="44">
            <rect width="80" height="44" fill="#ff3b30"/>
            <text x="40" y="27" font-size="14" font-weight="600" text-anchor="middle" fill="#ffffff">Trash</text>
            </svg>

            """)
    }

    @Test(arguments: [
        ("row 7 opened", 320.0, "row 7 opened"),
        ("row 7 opened (velocity -98765.432, far more than anyone flicks)", 200, "row 7 opened (velocity -987…"),
        ("WWWW", 30, "W…"),
        ("WWWW", 5, "…"),
        ("a    b", 30, "a…"),
    ])
    func captionsAreShortenedToTheFrame(text: String, width: Double, shown: String) {
        expectEqual(FilmstripSVG.shortened(text, toFit: width, fontSize: 11.5), shown)
    }

    /// Shortened text always fits (a property over generated lines and widths).
    @Test func shortenedTextFits() {
        let alphabet = Array("aW i.日-()0")
        var generator = SplitMix64(seed: 9)
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int(generator.next() % 60)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let width = Double(generator.next() % 400) + 12
            let shown = FilmstripSVG.shortened(text, toFit: width, fontSize: 11.5)
            #expect(ButtonMetrics.textWidth(shown) * 11.5 / 14 <= width, "\(text) in \(width)")
            #expect(shown == text || shown.hasSuffix("…"))
        }
    }
}
