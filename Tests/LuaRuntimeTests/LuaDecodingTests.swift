import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaDecodingTests {
    struct PluginConfig: Decodable, Equatable {
        struct Action: Decodable, Equatable {
            var title: String
            var color: String?
            var width: Double
        }
        var name: String
        var version: Int
        var enabled: Bool
        var actions: [Action]
        var limits: [String: Int]
        var note: String?
    }

    @Test func decodesNestedTables() throws {
        let lua = try LuaState()
        let value = try lua.run(
            """
            return {
              name = "mail", version = 2.0, enabled = true,
              actions = { { title = "Archive", width = 80 }, { title = "Delete", color = "red", width = 74.5 } },
              limits = { rows = 100, depth = 3 },
            }
            """, chunkName: "@config.lua")[0]
        let config = try value.decode(PluginConfig.self)
        expectEqual(
            config,
            PluginConfig(
                name: "mail", version: 2, enabled: true,
                actions: [
                    .init(title: "Archive", color: nil, width: 80),
                    .init(title: "Delete", color: "red", width: 74.5),
                ],
                limits: ["rows": 100, "depth": 3], note: nil))
    }

    @Test func reportsWhatIsWrongAndWhere() throws {
        let lua = try LuaState()
        let value = try lua.run(
            "return { name = 'mail', version = 2.5, enabled = true, actions = {}, limits = {} }", chunkName: "=t")[0]
        #expect {
            _ = try value.decode(PluginConfig.self)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["version"]
        }
        let missing = try lua.run("return { name = 'mail' }", chunkName: "=t")[0]
        #expect {
            _ = try missing.decode(PluginConfig.self)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "version"
        }
    }
}
