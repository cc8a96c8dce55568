import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipePlayground

/// The configuration the page's panel shows (a look's `config`): the keys a plugin's `configure`
/// returns, in their units: the row's `preset`, each edge's `enabled`, `duration` in seconds as
/// the key is, `full_swipe.button` the button's id.
struct ConfigurationPanelTests {
    static let plugin = PluginSource.source(
        name: "presets.lua",
        code: """
            return { name = "presets", configure = function(row)
              if row.index == 1 then
                return { preset = "mail",
                  buttons = { { id = "trash", title = "Trash", width = 80 }, { id = "flag", title = "Flag", width = 80 } } }
              elseif row.index == 2 then
                return { duration = 0.25, buttons = { { id = "one", title = "One", width = 80 } }, leading = { enabled = false } }
              end
              return false
            end }
            """)

    static func config(row: Int, _ page: PageModel) throws -> JSONValue {
        try #require(page.row(row)?["config"])
    }

    @Test func thePanelShowsThePresetEnabledSecondsAndTheFullSwipesButtonId() throws {
        let session = try PlaygroundSession(id: "panel", configuration: SessionConfiguration(plugins: [Self.plugin]))
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        let mail = try Self.config(row: 1, page)
        expectEqual(mail["preset"], .string("mail"))
        expectEqual(mail["duration"], .number(0.1))
        expectEqual(mail["trailing"]?["enabled"], .bool(true))
        expectEqual(mail["leading"]?["enabled"], .bool(false))
        expectEqual(mail["trailing"]?["full_swipe"]?["button"], .string("trash"))
        let tutorial = try Self.config(row: 2, page)
        expectEqual(tutorial["preset"], .string("tutorial"))
        expectEqual(tutorial["duration"], .number(0.25))
        expectEqual(tutorial["leading"]?["enabled"], .bool(false))
        expectEqual(tutorial["trailing"]?["full_swipe"], nil)
        let off = try Self.config(row: 3, page)
        expectEqual(off["switched_off"], .string("plugin 'presets' switched it off (its configure returned false)"))
        expectEqual(off["trailing"]?["enabled"], .bool(false))
    }

    /// Under `--preset mail`, a row without a `preset` key follows the run's.
    @Test func aRowWithoutItsOwnPresetShowsTheRuns() throws {
        let session = try PlaygroundSession(
            id: "panel", configuration: SessionConfiguration(plugins: [Self.plugin], preset: .mail))
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        expectEqual(try Self.config(row: 2, page)["preset"], .string("mail"))
    }
}
