import Foundation
import LuaRuntime
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// The LuaLS annotations of `require("swipe")` and of the busted API (`plugins/meta/swipe.lua`,
/// `plugins/meta/busted.lua`) cover what the driver and the test framework really provide.
struct DriverAnnotationTests {
    /// The names `pattern`'s first group matches at the start of a line of `text`, sorted.
    static func names(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }.sorted()
    }

    static func words(_ value: LuaValue?) -> [String] {
        (value?.stringValue ?? "").split(separator: " ").map(String.init)
    }

    /// LuaLS merges classes of one name, so a second copy of the driver's annotations (in
    /// `plugins/meta/swipehost.lua`) would go stale unseen: each class is annotated in one file.
    @Test func eachClassIsAnnotatedOnce() throws {
        let files = ["plugins/meta/swipehost.lua", "plugins/meta/swipe.lua", "plugins/meta/busted.lua"]
        var all: [String] = []
        for path in files { all += try Self.names(#"^---@class (\w+)"#, in: Repository.text(path)) }
        #expect(all.count > 20)
        expectEqual(
            all.count, Set(all).count,
            "classes annotated twice: \(all.filter { name in all.filter { $0 == name }.count > 1 })")
        let host = try Repository.text("plugins/meta/swipehost.lua")
        #expect(!host.contains("SwipeTestTable") && !host.contains("require(\"swipe\") in specs (docs"))
    }

    /// `SwipeTableOptions` annotates exactly the options `swipe.table{...}` reads, so that an
    /// editor offers each and no other.
    @Test func tableOptionsAreTheOnesTheReaderTakes() throws {
        let meta = try Repository.text("plugins/meta/swipe.lua")
        let start = try #require(meta.range(of: "---@class SwipeTableOptions\n"))
        let rest = meta[start.upperBound...]
        let block = rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)]
        expectEqual(try Self.names(#"^---@field (\w+)\?"#, in: String(block)), SwipeModule.tableOptionNames.sorted())
    }

    @Test func everyMethodOfTheDriverIsAnnotated() throws {
        let lua = try LuaState(options: .trusted)
        try SwipeModule.install(in: lua)
        let found = try lua.run(
            """
            local swipe = require("swipe")
            local function functions(t, hidden)
              local list = {}
              for key, value in pairs(t) do
                if type(value) == "function" and not key:find(hidden) then list[#list + 1] = key end
              end
              table.sort(list)
              return table.concat(list, " ")
            end
            return functions(getmetatable(swipe.table{}), "^__"), functions(swipe, "^_")
            """, chunkName: "=test")
        let meta = try Repository.text("plugins/meta/swipe.lua")
        let methods = Self.words(found.first)
        #expect(methods.contains("run") && methods.contains("errors"))  // the probe sees the methods
        expectEqual(try Self.names(#"^function SwipeTable:(\w+)\("#, in: meta), methods)
        expectEqual(try Self.names(#"^function swipe\.(\w+)\("#, in: meta), Self.words(found.dropFirst().first))
    }

    /// Every global the framework sets is annotated, and listed in `.luarc.json` (but `assert`,
    /// which Lua has already).
    @Test func everyBustedGlobalIsAnnotatedAndDeclared() throws {
        let lua = try LuaState(options: .trusted)
        try SwipeModule.install(in: lua)
        try lua.run("before = {}; for key, value in pairs(_G) do before[key] = value end", chunkName: "=test")
        let framework = try lua.load(TestFramework.source, chunkName: TestFramework.chunkName)
        _ = try lua.call(framework, arguments: [])
        let set = try lua.run(
            """
            local list = {}
            for key, value in pairs(_G) do
              if key ~= "before" and before[key] ~= value then list[#list + 1] = key end
            end
            table.sort(list)
            return table.concat(list, " ")
            """, chunkName: "=test")
        let globals = Self.words(set.first)
        #expect(globals.contains("describe") && globals.contains("assert") && globals.contains("stub"))
        let meta = try Repository.text("plugins/meta/busted.lua")
        let annotated =
            try Self.names(#"^function (\w+)\("#, in: meta)
            + Self.names(#"^(\w+) = "#, in: meta)
        expectEqual(Set(annotated), Set(globals))
        let settings =
            try JSONSerialization.jsonObject(with: Data(try Repository.text(".luarc.json").utf8)) as? [String: Any]
        let declared = try #require(settings?["diagnostics.globals"] as? [String])
        expectEqual(declared.sorted(), globals.filter { $0 != "assert" })
        expectEqual(settings?["workspace.library"] as? [String], ["plugins/meta"])
    }
}
