import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// Finding plugins, folder plugins and `swipehost check`.
struct PluginLoadingTests {
    let fixtures = Fixtures()

    @Test func pathsInAFolderAreLuaFilesAndFoldersWithInitSorted() {
        _ = fixtures.plugin("zeta.lua", "")
        _ = fixtures.plugin("alpha.lua", "")
        _ = fixtures.plugin("mid/init.lua", "")
        _ = fixtures.plugin("nofile/helper.lua", "")
        _ = fixtures.plugin("alpha_spec.lua", "")
        _ = fixtures.plugin("notes.txt", "")
        _ = fixtures.plugin("dir.lua/init.lua", "")
        expectEqual(
            Plugin.paths(inFolder: fixtures.folder),
            [
                fixtures.folder + "/alpha.lua", fixtures.folder + "/dir.lua", fixtures.folder + "/mid",
                fixtures.folder + "/zeta.lua",
            ])
        expectEqual(Plugin.paths(inFolder: fixtures.folder + "/"), Plugin.paths(inFolder: fixtures.folder))
        expectEqual(Plugin.paths(inFolder: fixtures.folder + "/missing"), [])
    }

    @Test func aFolderPluginRequiresAModuleBesideItsInit() throws {
        _ = fixtures.plugin(
            "folder/init.lua",
            """
            local buttons = require('buttons')
            local deep = require('lib.deep')
            return { name = 'folder', configure = function(row) return { buttons = buttons.make(deep.width) } end }
            """)
        _ = fixtures.plugin(
            "folder/buttons.lua", "return { make = function(w) return { { id = 'm', title = 'M', width = w } } end }")
        _ = fixtures.plugin("folder/lib/deep.lua", "return { width = 77 }")
        let loaded = try Plugin(path: fixtures.folder + "/folder")
        expectEqual(loaded.file, fixtures.folder + "/folder/init.lua")
        expectEqual(loaded.path, fixtures.folder + "/folder")
        let host = try PluginHost(plugins: [loaded])
        expectEqual(host.buttonIDs(1), ["m"])
        expectEqual(host.table.cell(forRow: 1)?.configuration.totalWidth, 77)
        #expect(host.customs.isEmpty)
    }

    @Test func aMissingModuleIsALoadError() throws {
        let path = fixtures.plugin("lonely/init.lua", "local m = require('nowhere') return { name = 'x' }")
        #expect(throws: PluginProblem.self) { try Plugin(path: fixtures.folder + "/lonely") }
        do {
            _ = try Plugin(path: fixtures.folder + "/lonely")
        } catch {
            expectEqual(error.file, path)
            #expect(error.message.contains("nowhere"))
        }
    }

    @Test func anUnreadablePluginIsALoadError() {
        let path = fixtures.folder + "/absent.lua"
        do {
            _ = try Plugin(path: path)
            Issue.record("loaded a plugin that does not exist")
        } catch {
            expectEqual(error.file, path)
            #expect(error.message.hasPrefix("cannot read the plugin: "))
        }
    }

    @Test func checkCountsTheErrorsOfABadPlugin() {
        let path = fixtures.plugin(
            "bad.lua",
            """
            return {
              name = 'bad', bounse = 1,
              configure = function(row)
                if row.index == 2 then error('row two') end
                if row.index == 3 then return nil end
                if row.index == 4 then return { buttons = { { id = 'a', title = 'A', width = 400 } } } end
                return { buttons = { { id = 'a', title = 'A', width = 80 } }, bounse = 3 }
              end,
            }
            """)
        let report = PluginChecker(configuration: SessionConfiguration(items: .generated(count: 5))).check(path)
        #expect(report.loaded)
        expectEqual(report.configuredRows, 2)  // row 4 is refused: not configured (not 3)
        expectEqual(report.errorCount, 2)
        expectEqual(
            report.problems.map(\.description),
            [
                "\(path):1: warning: bounse: unknown key",
                "\(path):3: warning: row 1: bounse: unknown key (did you mean 'bounce'?)",
                "\(path): row 2: configure: \(fixtures.chunk("bad.lua")):4: row two",
                "\(path):3: row 4: buttons: are 400 points wide in total, 80 more than the 320-point cell",
            ])
    }

    /// A misspelled key comes before the error it causes (`titel` leaves `title` missing), and
    /// both name the line the key is written on, the button's (Lua keeps no line for a table),
    /// where the key is written once in configure; elsewhere they name configure's line.
    @Test func checkPutsAnUnknownKeyBeforeTheErrorItCausesAtTheButtonsLine() {
        let path = fixtures.plugin(
            "typo.lua",
            """
            return {
              name = 'typo',
              configure = function(row)
                return {
                  buttons = {
                    { id = 'a', title = 'A', width = 80 },
                    { id = 'b', titel = 'B', width = 80 },
                  },
                  leading = { buttons = {
                    { id = 'c', tite = 'C', width = 80 },
                    { id = 'd', tite = 'D', width = 80 },
                  } },
                }
              end,
            }
            """)
        let report = PluginChecker(configuration: SessionConfiguration(items: .generated(count: 1))).check(path)
        expectEqual(
            report.problems.map(\.description),
            [
                "\(path):7: warning: row 1: buttons[2].titel: unknown key (did you mean 'title'?)",
                "\(path):3: warning: row 1: leading.buttons[1].tite: unknown key (did you mean 'title'?)",
                "\(path):3: warning: row 1: leading.buttons[2].tite: unknown key (did you mean 'title'?)",
                "\(path):7: row 1: buttons[2].title: is required (a string)",
                "\(path):3: row 1: leading.buttons[1].title: is required (a string)",
                "\(path):3: row 1: leading.buttons[2].title: is required (a string)",
            ])
    }

    @Test func checkReportsAPluginThatDoesNotLoad() {
        let path = fixtures.plugin("broken.lua", "return { name = 'broken', configure = 5 }")
        let report = PluginChecker().check(path)
        #expect(!report.loaded)
        expectEqual(report.errorCount, 1)
        expectEqual(report.problems.map(\.description), ["\(path):1: configure: must be a function, got number"])
    }

    @Test func checkWarnsAboutAPluginWithoutConfigure() {
        let path = fixtures.plugin("idle.lua", "return { name = 'idle' }")
        let report = PluginChecker().check(path)
        expectEqual(report.errorCount, 0)
        expectEqual(
            report.problems.map(\.description), ["\(path): warning: configure: missing: the plugin configures no row"]
        )
    }
}
