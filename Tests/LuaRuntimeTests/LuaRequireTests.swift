import Foundation
import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaRequireTests {
    /// A fresh folder tree: base/plugins/mail (the plugin), base/shared, base/secret.lua.
    static func makeTree() throws -> URL {
        let base = try TestFiles.folder("lua-require")
        let mail = base.appendingPathComponent("plugins/mail")
        try FileManager.default.createDirectory(
            at: mail.appendingPathComponent("util"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: base.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try "return { name = 'format', count = (count or 0) + 1 }"
            .write(to: mail.appendingPathComponent("format.lua"), atomically: true, encoding: .utf8)
        try "return { name = 'util', dotted = ... }"
            .write(to: mail.appendingPathComponent("util/init.lua"), atomically: true, encoding: .utf8)
        try "return 'strings'"
            .write(to: mail.appendingPathComponent("util/strings.lua"), atomically: true, encoding: .utf8)
        try "return 'shared'"
            .write(to: base.appendingPathComponent("shared/common.lua"), atomically: true, encoding: .utf8)
        try "return 'secret'"
            .write(to: base.appendingPathComponent("secret.lua"), atomically: true, encoding: .utf8)
        try "local x = = 1"
            .write(to: mail.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: mail.appendingPathComponent("link.lua"),
            withDestinationURL: base.appendingPathComponent("secret.lua"))
        return base
    }

    static func sandbox(in base: URL) throws -> LuaState {
        var options = LuaOptions()
        options.pluginFolder = base.appendingPathComponent("plugins/mail").path
        options.pluginPath = [base.appendingPathComponent("shared").path]
        return try LuaState(options: options)
    }

    @Test func requireFindsModulesInThePluginFolderAndPath() throws {
        let base = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: base) }
        let lua = try Self.sandbox(in: base)
        let result = try lua.run(
            """
            local format = require "format"
            local again = require "format"
            return format.name, format == again, format.count, require("util").name,
                   require("util.strings"), require("common")
            """, chunkName: "@plugins/mail/init.lua")
        expectEqual(result, ["format", true, 1, "util", "strings", "shared"])
        // Modules run in the plugin's environment and are cached per sandbox.
        expectEqual(try lua.run("return package.loaded.format.count", chunkName: "=t"), [1])
    }

    @Test(arguments: ["..secret", "../secret", "../../secret", "/etc/passwd", "", "a..b", "link"])
    func requireRefusesEscapes(name: String) throws {
        let base = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: base) }
        let lua = try Self.sandbox(in: base)
        try lua.setGlobal("name", .string(name))
        let error = try #require(throws: LuaError.self) {
            try lua.run("return require(name)", chunkName: "@plugins/mail/init.lua")
        }
        #expect(error.message.contains("module '\(name)' not found"))
    }

    @Test func requireReportsSyntaxErrorsWithTheModuleFile() throws {
        let base = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: base) }
        let lua = try Self.sandbox(in: base)
        let error = try #require(throws: LuaError.self) {
            try lua.run("require 'broken'", chunkName: "@plugins/mail/init.lua")
        }
        #expect(error.message.contains("error loading module 'broken'"))
        #expect(error.message.contains("plugins/mail/broken.lua:1:"))
    }

    @Test func missingModuleListsThePlacesTried() throws {
        let base = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: base) }
        let lua = try Self.sandbox(in: base)
        let error = try #require(throws: LuaError.self) {
            try lua.run("require 'nowhere'", chunkName: "@init.lua")
        }
        #expect(error.message.contains("module 'nowhere' not found:"))
        #expect(error.message.contains("plugins/mail/nowhere.lua'"))
        #expect(error.message.contains("shared/nowhere/init.lua'"))
    }
}
