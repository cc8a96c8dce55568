import ArgumentParser
import LuaRuntime
import SwipeCommandLine
import SwipeCore
import SwipePlugins
import SwipeTestSupport
import SwipeTesting
import Testing

/// One configuration value, read and printed in its two forms: the command line's
/// flags (`ConfigurationOptions`, and `SessionConfiguration.arguments`) and `swipe.table{...}`'s
/// fields (`SessionConfiguration.tableFields`, read back by the spec driver's own reader, from
/// the value Lua makes of the printed text).
struct ConfigurationRoundTripTests {
    /// `swipehost run`'s configuration flags: `ConfigurationOptions` and run's own `--strict`.
    struct RunFlags: ParsableArguments {
        @OptionGroup var options: ConfigurationOptions
        @Flag var strict = false

        var configuration: SessionConfiguration { options.configuration(strict: strict) }
    }

    /// A configuration with every field drawn from `random`: defaults about a third of the
    /// time, else a value from the whole range the command line accepts.
    static func generated(_ random: inout SplitMix64) -> SessionConfiguration {
        func chance(_ n: UInt64) -> Bool { random.next() % n == 0 }
        var configuration = SessionConfiguration()
        let paths = [
            "plugins/mail.lua", "/abs/per row.lua", "it's \"quoted\"\\.lua", "plugins/tutorial", "ünïcode/π.lua",
        ]
        for _ in 0..<(random.next() % 3) {
            configuration.plugins.append(.file(paths[Int(random.next() % UInt64(paths.count))]))
        }
        if !chance(3) {
            let rows = chance(4) ? Int(random.next() % 5) : Int(random.next() % UInt64(TableGeometry.maximumRows + 1))
            configuration.items = .generated(count: rows)
        }
        if !chance(3) {
            // Any double the limits allow: whole, quarter or arbitrary.
            let raw = Double(random.next() % 10_000_000) / 1_000 + 0.001
            configuration.geometry.width = chance(2) ? raw.rounded() : chance(2) ? (raw * 4).rounded() / 4 : raw
        }
        if !chance(3) { configuration.geometry.viewportHeight = Double(random.next() % 44_000_000) / 1_000 + 0.001 }
        configuration.preset = BehaviorPreset.allCases[Int(random.next() % UInt64(BehaviorPreset.allCases.count))]
        configuration.direction = [nil, .ltr, .rtl][Int(random.next() % 3)]
        configuration.tableBehavior = TableBehaviorOptions(
            exclusive: chance(2), closeOnScroll: chance(2), closeOnTap: chance(2), exclusiveOnBegin: chance(4),
            rowAnimation: RowAnimation.allCases[Int(random.next() % 3)])
        configuration.lifecycleEvents = chance(3)
        if !chance(3) { configuration.pluginOptions.instructionBudget = Int(random.next() % (1 << 40)) }
        if !chance(3) {
            let bytes = Int(random.next() % (1 << 36))
            configuration.pluginOptions.memoryLimit = chance(2) ? bytes & ~((1 << 20) - 1) : bytes
        }
        configuration.pluginOptions.trusted = chance(2)
        configuration.strict = chance(2)
        return configuration
    }

    @Test func flagsToValueToFlagsIsTheIdentity() throws {
        var random = SplitMix64(seed: 21)
        var printedSomething = 0
        // The argument parser reads each command line by reflection: 150 values keep this
        // test to seconds on a quiet machine.
        for _ in 0..<150 {
            let value = Self.generated(&random)
            let words = value.arguments()
            let parsed = try RunFlags.parse(words).configuration
            expectEqual(parsed, value, "\(words)")
            expectEqual(parsed.arguments(), words)
            if !words.isEmpty { printedSomething += 1 }
        }
        #expect(printedSomething > 120)
        // The defaults print as nothing, and nothing reads as the defaults.
        expectEqual(SessionConfiguration.defaults.arguments(), [])
        expectEqual(try RunFlags.parse([]).configuration, .defaults)
    }

    /// The flags in the order a person might write them read as the same value.
    @Test func theOrderOfTheFlagsDoesNotMatter() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let value = Self.generated(&random)
            var pairs: [[String]] = []
            var words = value.arguments()[...]
            while let word = words.popFirst() {
                let takesValue = ![
                    "--exclusive", "--exclusive-begin", "--close-on-scroll", "--close-on-tap", "--lifecycle-events",
                    "--trusted", "--strict",
                ]
                .contains(word)
                pairs.append(takesValue ? [word, words.popFirst()!] : [word])
            }
            // Plugins keep their order (it is the load order); the rest is reversed.
            let plugins = pairs.filter { $0[0] == "--plugin" }
            let others = pairs.filter { $0[0] != "--plugin" }.reversed()
            expectEqual(try RunFlags.parse((others + plugins).flatMap { $0 }).configuration, value)
        }
    }

    /// The value `swipe.table{...}` reads from `fields`, which Lua evaluates first.
    static func readBack(_ fields: String, in lua: LuaState) throws -> SessionConfiguration {
        let table = try lua.run("return " + fields, chunkName: "=fields").first ?? .nil
        return try SwipeModule.configuration(table)
    }

    @Test func valueToSwipeTableToValueIsTheIdentity() throws {
        let lua = try LuaState(options: .sandboxed)
        var random = SplitMix64(seed: 2021)
        for index in 0..<500 {
            var value = Self.generated(&random)
            // `--trusted` and `--strict` are the command line's (the spec's own `plugin_errors`
            // decides about errors): swipe.table has no field for them.
            value.pluginOptions.trusted = false
            value.strict = false
            if index % 5 == 0 {
                value.items = TableItems((0..<Int(random.next() % 4)).map { "item \($0) \"q\" \\ \n ünï" })
            }
            let fields = value.tableFields()
            expectEqual(try Self.readBack(fields, in: lua), value, "\(fields)")
        }
        expectEqual(SessionConfiguration.defaults.tableFields(), "{}")
        // The recorder's extra field is read (and checked) by the same reader.
        expectEqual(
            try Self.readBack(SessionConfiguration.defaults.tableFields(["plugin_errors = \"allow\""]), in: lua),
            .defaults)
    }

    /// Bad values in swipe.table{...} name their field; nothing is clamped.
    @Test(arguments: [
        (
            "{ budget = -1 }",
            "swipe.table: 'budget' must be a whole number >= 0 (Lua instructions per call into a plugin, 0 = unlimited), got -1"
        ),
        (
            "{ budget = 2.5 }",
            "swipe.table: 'budget' must be a whole number >= 0 (Lua instructions per call into a plugin, 0 = unlimited), got 2.5"
        ),
        (
            "{ memory = -4096 }",
            "swipe.table: 'memory' must be a whole number >= 0 (bytes each plugin's Lua state may take, 0 = no cap), got -4096"
        ),
        ("{ memory = \"64M\" }", "swipe.table: 'memory' must be a number, got a string"),
        (
            "{ preset = \"nope\" }",
            "swipe.table: 'preset' must be one of 'tutorial', 'swipecellkit', 'mail', got 'nope'"
        ),
        ("{ rows = -1 }", "swipe.table: 'rows' must be a whole number >= 0, got -1"),
        ("{ row_animation = \"fad\" }", "swipe.table: 'row_animation' must be 'none', 'fade' or 'slide', got 'fad'"),
        ("{ row_animation = true }", "swipe.table: 'row_animation' must be 'none', 'fade' or 'slide', got a boolean"),
    ])
    func badFieldsAreNamed(fields: String, message: String) throws {
        let lua = try LuaState(options: .sandboxed)
        #expect {
            _ = try Self.readBack(fields, in: lua)
        } throws: { error in
            "\(error)" == message
        }
    }
}
