import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// The button appearance keys as a plugin's `configure` gives them: `icon`, `text_color`,
/// `highlight_color`, `accessibility_label`, `width = "auto"`, `min_width`/`max_width` and an
/// edge's `equal_widths`; every refusal as the `plugin_error` naming its field.
struct ButtonAppearancePluginTests {
    let fixtures = Fixtures()

    /// Row 1's configuration when `configure` returns `configuration` for it.
    func configuration(_ configuration: String) throws -> (PluginHost, CellConfiguration?) {
        let host = try fixtures.host(
            plugin(configure: "function(row) if row.index == 1 then return \(configuration) end end"))
        return (host, host.table.cell(forRow: 1)?.configuration)
    }

    @Test func theNewKeysReachTheButton() throws {
        let (host, read) = try configuration(
            """
            { buttons = {
                { id = 'trash', title = 'Trash', width = 'auto', icon = 'trash', text_color = '#FFF',
                  highlight_color = '#A00000', style = 'destructive' },
                { id = 'more', icon = 'more', accessibility_label = 'More', width = 60 },
                { id = 'tag', title = 'Tag', width = 80, icon = { path = 'M4 4h9l7 8-7 8H4z', view_box = '0 0 48 48' } },
            } }
            """)
        expectEqual(host.customNames, [])
        let buttons = try #require(read).buttons
        expectEqual(buttons.map(\.width), [75, 60, 80])
        expectEqual(buttons[0].icon, ButtonIcon.named("trash"))
        expectEqual(buttons[0].icon?.stroked, true)
        expectEqual(buttons[0].validTextColor, "#fff")
        expectEqual(buttons[0].validHighlightColor, "#a00000")
        expectEqual(buttons[1].title, "")
        expectEqual(buttons[1].displayTitle, "more")
        expectEqual(buttons[1].accessibilityLabel, "More")
        expectEqual(
            buttons[2].icon,
            ButtonIcon(
                path: "M4 4h9l7 8-7 8H4z", viewBox: .init(minX: 0, minY: 0, width: 48, height: 48), stroked: false))
    }

    /// Auto widths, clamping and equal widths, against the metric table (docs/appearance.md).
    @Test(arguments: [
        // (the trailing edge's fields, the widths)
        (
            "buttons = { { id = 'a', title = 'Trash', width = 'auto' }, { id = 'b', title = 'Flag', width = 'auto' } }",
            [75.0, 64]
        ),
        ("buttons = { { id = 'a', title = 'Unread', width = 'auto', max_width = 80 } }", [80.0]),
        ("buttons = { { id = 'a', title = 'i', width = 'auto', min_width = 50 } }", [50.0]),
        ("buttons = { { id = 'a', title = 'A', width = 30, min_width = 44 } }", [44.0]),
        ("buttons = { { id = 'a', icon = 'flag', accessibility_label = 'Flag', width = 'auto' } }", [54.0]),
        (
            "buttons = { { id = 'a', title = 'Trash', width = 'auto' }, { id = 'b', title = 'Archive', width = 'auto' } }, equal_widths = true",
            [90.0, 90]
        ),
        (
            "buttons = { { id = 'a', title = 'Trash', width = 'auto' }, { id = 'b', title = 'Archive', width = 'auto' } }, equal_widths = false",
            [75.0, 90]
        ),
    ])
    func autoAndEqualWidths(fields: String, widths: [Double]) throws {
        let (host, read) = try configuration("{ \(fields) }")
        expectEqual(host.customNames, [])
        expectEqual(try #require(read).buttons.map(\.width), widths)
    }

    @Test func equalWidthsIsPerEdge() throws {
        let (host, read) = try configuration(
            """
            { trailing = { buttons = { { id = 'a', title = 'Trash', width = 'auto' }, { id = 'b', title = 'Archive', width = 'auto' } } },
              leading = { equal_widths = true, buttons = { { id = 'c', title = 'Read', width = 'auto' }, { id = 'd', title = 'Mark as Unread', width = 'auto' } } } }
            """)
        expectEqual(host.customNames, [])
        let configuration = try #require(read)
        expectEqual(configuration.trailing.buttons.map(\.width), [75, 90])
        expectEqual(configuration.leading.buttons.map(\.width), [155, 155])
    }

    static let names = ButtonIcon.names.joined(separator: ", ")

    /// (row 1's configuration, the error after `FILE:1: row 1: `)
    static let refusals: [(String, String)] = [
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = 'trsh' } } }",
            "buttons[1].icon: unknown icon 'trsh' (did you mean 'trash'?); the built-in icons are \(names)"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = 'zzzzzz' } } }",
            "buttons[1].icon: unknown icon 'zzzzzz'; the built-in icons are \(names)"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = 3 } } }",
            "buttons[1].icon: must be the name of a built-in icon or a table { path = 'M...', view_box = '0 0 24 24' }, got a number"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = {} } } }",
            "buttons[1].icon.path: is required (a string of SVG path data), got nothing"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = { path = 'M0 0\"/><script>' } } } }",
            "buttons[1].icon.path: must be SVG path data starting with M or m, made of the commands MLHVCSQTAZ (either case), numbers, commas and spaces"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = { path = 'M' .. string.rep('1', 4096) } } } }",
            "buttons[1].icon.path: must be at most 4096 bytes of SVG path data, got 4097"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = { path = 'M0 0', view_box = '0 0 24' } } } }",
            "buttons[1].icon.view_box: must be four numbers 'minX minY width height' with width and height > 0, each within +-100000, got '0 0 24'"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = { path = 'M0 0', view_box = '0 0 0 24' } } } }",
            "buttons[1].icon.view_box: must be four numbers 'minX minY width height' with width and height > 0, each within +-100000, got '0 0 0 24'"
        ),
        (
            "{ buttons = { { id = 'a', icon = 'more', width = 80 } } }",
            "buttons[1].accessibility_label: is required when the button has an icon and no title (a non-empty string: what a screen reader says)"
        ),
        (
            "{ buttons = { { id = 'a', icon = 'more', title = '', accessibility_label = '', width = 80 } } }",
            "buttons[1].accessibility_label: is required when the button has an icon and no title (a non-empty string: what a screen reader says)"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, text_color = 'red' } } }",
            "buttons[1].text_color: must be a colour '#rgb' or '#rrggbb' (hex digits), got 'red'"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, highlight_color = '#12345g' } } }",
            "buttons[1].highlight_color: must be a colour '#rgb' or '#rrggbb' (hex digits), got '#12345g'"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 'aut' } } }",
            "buttons[1].width: must be a finite number > 0 or 'auto', got 'aut' (did you mean 'auto'?)"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 'auto', min_width = 120, max_width = 100 } } }",
            "buttons[1].min_width: is above max_width (120 > 100)"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 'auto', max_width = -1 } } }",
            "buttons[1].max_width: must be a finite number > 0, got -1"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 'auto', min_width = 'x' } } }",
            "buttons[1].min_width: must be a finite number > 0, got 'x'"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80 } }, equal_widths = 'yes' }",
            "equal_widths: must be true or false, got 'yes'"
        ),
        (
            "{ buttons = { { id = 'a', title = string.rep('W', 40), width = 'auto' } } }",
            "buttons: are 648 points wide in total, 328 more than the 320-point cell"
        ),
    ]

    @Test(arguments: refusals)
    func aBadKeyIsOnePluginErrorNamingTheField(given: String, message: String) throws {
        let (host, read) = try configuration(given)
        let file = fixtures.folder + "/p.lua"
        expectEqual(host.messages("plugin_error"), ["\(file):1: row 1: \(message)"])
        expectEqual(read?.buttons, [])
    }

    @Test func anIconTableWarnsOfUnknownKeys() throws {
        let (host, read) = try configuration(
            "{ buttons = { { id = 'a', title = 'A', width = 80, icon = { path = 'M0 0h4', viewbox = '0 0 4 4' } } } }")
        let file = fixtures.folder + "/p.lua"
        expectEqual(
            host.texts("plugin_warning"),
            [
                "\(file):1: warning: row 1: buttons[1].icon.viewbox: unknown key (did you mean 'view_box'?)"
            ])
        expectEqual(try #require(read).buttons.first?.icon?.viewBox, .standard)
    }

    /// An icon-only button is named by its icon in the trace and the text table.
    @Test func anIconOnlyButtonIsNamedByItsIcon() throws {
        let (host, _) = try configuration(
            "{ buttons = { { id = 'm', icon = 'more', accessibility_label = 'More actions', width = 80 } } }")
        try host.open(1)
        try host.table.tap(row: 1, button: 1)
        let actions = host.recorder.records.filter { $0.event.name == "action" }.map { TextFormat.line(for: $0) }
        expectEqual(actions.count, 1)
        expectEqual(actions.first?.hasSuffix("row 1: tapped \"more\" (button 1, id m)"), true)
    }
}
