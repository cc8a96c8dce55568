import SwipeTestSupport
import Testing

@testable import SwipeCore

/// The button appearance in the core: the built-in icons, the path check, the view box,
/// and auto widths against the DejaVu Sans Bold table (docs/appearance.md).
struct ButtonAppearanceTests {
    /// The appearance keys live in one shared box (a button rides in every action event): setting
    /// them one at a time equals passing them to init, each reads back what was set, and a button
    /// whose keys are all cleared again equals a plain one (and hashes alike).
    @Test func theAppearanceKeysReadBackAndClearingThemGivesThePlainButton() {
        let plain = SwipeButton(id: "trash", title: "Trash", width: 80, color: "#FF3B30", style: .destructive)
        let full = SwipeButton(
            id: "trash", title: "Trash", width: 80, color: "#FF3B30", style: .destructive,
            icon: ButtonIcon.named("trash"), textColor: "#FFF", highlightColor: "#A00", accessibilityLabel: "Delete")
        var built = plain
        built.icon = ButtonIcon.named("trash")
        built.textColor = "#FFF"
        built.highlightColor = "#A00"
        built.accessibilityLabel = "Delete"
        expectEqual(built, full)
        expectEqual(built.hashValue, full.hashValue)
        expectEqual(built.icon?.name, "trash")
        expectEqual(built.textColor, "#FFF")
        expectEqual(built.highlightColor, "#A00")
        expectEqual(built.accessibilityLabel, "Delete")
        var copy = built
        copy.textColor = "#000"
        expectEqual(built.textColor, "#FFF", "a copy's change does not reach the original")
        #expect(copy.icon?.name == "trash" && copy.accessibilityLabel == "Delete")
        built.icon = nil
        built.textColor = nil
        built.highlightColor = nil
        built.accessibilityLabel = nil
        expectEqual(built, plain)
        expectEqual(built.hashValue, plain.hashValue)
        #expect(built != full)
    }

    @Test func theBuiltInSetHasTheSixteenNamesAndEachPathIsPathData() {
        expectEqual(
            ButtonIcon.names,
            [
                "trash", "archive", "flag", "pin", "unpin", "mail", "mail_open", "more", "star", "bell", "bell_slash",
                "share", "edit", "reply", "forward", "checkmark",
            ])
        for name in ButtonIcon.names {
            let icon = ButtonIcon.named(name)
            expectEqual(icon?.name, name)
            expectEqual(icon?.stroked, true)
            expectEqual(icon?.viewBox, .standard)
            expectEqual(ButtonIcon.pathProblem(icon?.path ?? ""), nil, "\(name)")
        }
        // Each glyph is its own drawing.
        expectEqual(Set(ButtonIcon.builtIn.map(\.path)).count, 16)
        expectEqual(ButtonIcon.named("Trash"), nil)
        expectEqual(ButtonIcon.named(""), nil)
    }

    @Test func pathDataIsCommandsNumbersCommasAndSpaces() {
        for good in ["M0 0", "m1,2l3 4z", " M1e2 -3.5E-1 L+4 .5", "M4 7h16M9 7V4h6v3", "M0 0a1 1 0 1 0 2 0"] {
            #expect(ButtonIcon.isPathData(good), "\(good)")
        }
        for bad in ["", " ", "L1 1", "0 0", "M0 0\"/><script>", "M0 0;", "M0 0\n", "M0 0 url(x)", "M0 0&amp;", "Ｍ0 0"] {
            #expect(!ButtonIcon.isPathData(bad), "\(bad)")
        }
    }

    /// A property over generated strings: path data exactly when it starts (after spaces) with a
    /// move and every byte is in the allowed set.
    @Test func pathDataExactlyWhenAMoveThenAllowedBytes() {
        let allowed = Set("MmLlHhVvCcSsQqTtAaZz0123456789 ,.+-eE".utf8)
        let alphabet = Array("MmLlZz019 ,.-eE\"<>&;xX\u{0}\n")
        var generator = SplitMix64(seed: 23)
        for _ in 0..<5_000 {
            let text = String(
                (0..<Int(generator.next() % 10)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let trimmed = text.drop { $0 == " " }
            let expected = (trimmed.first == "M" || trimmed.first == "m") && text.utf8.allSatisfy(allowed.contains)
            expectEqual(ButtonIcon.isPathData(text), expected, "\(text.debugDescription)")
        }
    }

    @Test func aPathPastTheLimitIsRefused() {
        let longest = "M" + String(repeating: "1", count: ButtonIcon.maximumPathLength - 1)
        expectEqual(ButtonIcon.pathProblem(longest), nil)
        expectEqual(
            ButtonIcon.pathProblem(longest + "1"), "must be at most 4096 bytes of SVG path data, got 4097")
    }

    @Test func viewBoxes() throws {
        expectEqual(
            try ButtonIcon.viewBox("0 0 24 24").get(), .standard)
        expectEqual(
            try ButtonIcon.viewBox("-2,-2.5, 48 1e2").get(),
            ButtonIcon.ViewBox(minX: -2, minY: -2.5, width: 48, height: 100))
        for bad in [
            "", "0 0 24", "0 0 24 24 24", "0 0 0 24", "0 0 24 -1", "0 0 nan 24", "0 0 inf 24", "0 0 1e6 24", "a b c d",
        ] {
            #expect(throws: FieldProblem.self, "\(bad)") { try ButtonIcon.viewBox(bad).get() }
        }
    }

    /// The advance widths read from DejaVuSans-Bold.ttf (scripts/dejavu_metrics.py), at 14 px.
    @Test(arguments: [
        ("Trash", 6_466, 75.0),
        ("Flag", 4_949, 64),
        ("Unflag", 7_562, 82),
        ("More", 5_844, 70),
        ("Read", 5_814, 70),
        ("Unread", 8_368, 88),
        ("Archive", 8_693, 90),
        ("Mark as Unread", 18_187, 155),
        ("Ça", 1_503 + 1_382, 50),
        ("日本", 2 * 2_048, 58),
    ])
    func autoWidthsFollowTheMetricTable(title: String, units: Int, width: Double) {
        expectEqual(ButtonMetrics.textWidth(title), Double(units) * 14 / 2048)
        expectEqual(ButtonMetrics.autoWidth(title: title, hasIcon: false), width)
    }

    @Test func anIconIsAtLeast24PointsAndBoundsClamp() {
        expectEqual(ButtonMetrics.autoWidth(title: "", hasIcon: true), 54)
        // "OK" is 22.75 points: the icon is wider.
        expectEqual(ButtonMetrics.autoWidth(title: "OK", hasIcon: true), 54)
        expectEqual(ButtonMetrics.autoWidth(title: "Trash", hasIcon: true), 75)
        expectEqual(ButtonMetrics.autoWidth(title: "Trash", hasIcon: false, minimum: 80), 80)
        expectEqual(ButtonMetrics.autoWidth(title: "Trash", hasIcon: false, maximum: 60), 60)
        expectEqual(ButtonMetrics.autoWidth(title: "Trash", hasIcon: false, minimum: 60, maximum: 90), 75)
    }

    /// Widths grow with the title: appending a character never makes the auto width smaller.
    @Test func autoWidthsAreMonotonicInTheTitle() {
        let alphabet = Array("aAiWm .é日-")
        var generator = SplitMix64(seed: 5)
        for _ in 0..<1_000 {
            let title = String(
                (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let more = title + String(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            #expect(
                ButtonMetrics.autoWidth(title: more, hasIcon: false)
                    >= ButtonMetrics.autoWidth(title: title, hasIcon: false))
        }
    }

    @Test func coloursOfTheNewKeysAreCheckedHexOnly() {
        let button = SwipeButton(
            id: "a", title: "A", width: 80, textColor: "#ABC", highlightColor: "red", accessibilityLabel: "A")
        expectEqual(button.validTextColor, "#abc")
        expectEqual(button.validHighlightColor, nil)
        expectEqual(SwipeButton(id: "a", title: "", width: 80, icon: ButtonIcon.named("pin")).displayTitle, "pin")
        expectEqual(SwipeButton(id: "a", title: "", width: 80, accessibilityLabel: "Pin it").displayTitle, "Pin it")
        expectEqual(SwipeButton(id: "a", title: "", width: 80).displayTitle, "a")
    }
}
