import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// Release physics as plugins configure it: the physics keys, presets and their validation.
struct PhysicsPluginTests {
    let fixtures = Fixtures()

    static let buttons =
        "buttons = { { id = 'one', title = 'One', width = 80 }, { id = 'two', title = 'Two', width = 80 } }"

    func host(_ fields: String, preset: BehaviorPreset = .tutorial) throws -> PluginHost {
        try fixtures.host(plugin(configure: "function(row) return { \(Self.buttons), \(fields) } end"), preset: preset)
    }

    /// SwipeCellKit's preset opens a short pan flicked towards the buttons and
    /// closes a long one flicked away.
    @Test func theSwipeCellKitPresetDecidesByTheFlicksDirection() throws {
        let host = try host("preset = 'swipecellkit'")
        try host.table.panBegan(row: 3)
        try host.table.panChanged(row: 3, translation: -30)
        try host.table.panEnded(row: 3, velocity: -600)
        expectEqual(host.coreEvents, [.open(row: 3)])
        expectEqual(host.table.openRows, [3])
        host.table.advance(by: .seconds(1))
        expectEqual(host.table.cell(forRow: 3)?.right, 160)
        try host.table.panBegan(row: 3)
        try host.table.panChanged(row: 3, translation: -150 + 160)  // back to 150 of 160 revealed... away
        try host.table.panEnded(row: 3, velocity: 600)
        expectEqual(host.coreEvents, [.open(row: 3), .close(row: 3)])
        host.table.advance(by: .seconds(1))
        expectEqual(host.table.cell(forRow: 3)?.right, 0)
    }

    /// Spring rows on an `exclusive` table. Row 8 opens, and is flicked open
    /// again, in the millisecond in which row 11's full swipe runs a handler's `ctx:open(10)`,
    /// which closes row 8 ("row 8 closed"). A replaced open step and the close's step fell due at
    /// the same instant, so the stale step was taken for the running one: it re-opened the row and
    /// the close's own step was dropped, leaving row 8 at rest at -90. Announced state = resting state.
    @Test func aRowClosedInTheMillisecondItOpenedRestsClosed() throws {
        let source = """
            return { name = 'p', configure = function(row) return {
              trailing = { buttons = { { id = 'a', title = 'A', width = 50 }, { id = 'b', title = 'B', width = 40 } } },
              leading = { buttons = { { id = 'l', title = 'L', width = 70 } } } } end,
              on_action = function(ctx) ctx:open(10) end }
            """
        let host = try fixtures.host(
            source, configuration: SessionConfiguration(tableBehavior: BehaviorPreset.mail.tableOptions, preset: .mail))
        let script =
            "pan 8 begin\npan 8 move -120\npan 8 end\npan 8 begin\npan 8 move 60\npan 8 end -600\npan 11 begin\npan 11 move 300\npan 11 end 0\n"
        try ScriptRunner(table: host.table, fileName: "s").run(script: script)
        #expect(
            host.coreEvents == [
                // Row 8's second release leaves it open where it was: not announced again.
                .open(row: 8), .close(row: 11), .action(row: 11, buttonID: "l", number: 1, title: "L"), .close(row: 8),
            ])
        host.table.advance(by: .seconds(20))
        expectEqual(host.table.cell(forRow: 8)?.offset, 0)
        expectEqual(host.table.cell(forRow: 8)?.isClosed, true)
        expectEqual(host.table.cell(forRow: 10)?.isOpen(on: .trailing), true)
        expectEqual(host.table.openRows, [10])
    }

    @Test func theSwipeCellKitPresetClosesALongPanFlickedAway() throws {
        let host = try host("preset = 'swipecellkit'")
        try host.table.panBegan(row: 3)
        try host.table.panChanged(row: 3, translation: -150)
        try host.table.panEnded(row: 3, velocity: 600)
        expectEqual(host.coreEvents, [.close(row: 3)])
        // The tutorial opens the same pan: past half of button 1.
        let tutorial = try self.host("bounce = 20")
        try tutorial.table.panBegan(row: 3)
        try tutorial.table.panChanged(row: 3, translation: -150)
        try tutorial.table.panEnded(row: 3, velocity: 600)
        expectEqual(tutorial.coreEvents, [.open(row: 3)])
    }

    @Test func aPresetIsATableOfOptionsThatARowsOwnKeysOverride() throws {
        let configuration = try #require(
            try host("preset = 'swipecellkit', overscroll = 'clamp', bounce = 5").table.cell(forRow: 1)?.configuration)
        expectEqual(configuration.release, .velocity)
        expectEqual(configuration.elasticity, nil)
        expectEqual(configuration.bounce, 5)
        expectEqual(configuration.spring, Spring())
        let own = try #require(
            try host("release = 'velocity', flick_velocity = 500, overscroll = 0.4, curve = 'spring', damping = 10")
                .table.cell(forRow: 1)?.configuration)
        expectEqual(own.release, .velocity)
        expectEqual(own.flickVelocity, 500)
        expectEqual(own.elasticity, 0.4)
        expectEqual(own.spring, Spring(mass: 1, stiffness: 100, damping: 10))
        let eased = try #require(try host("preset = 'mail', curve = 'linear'").table.cell(forRow: 1)?.configuration)
        expectEqual(eased.spring, nil)
        expectEqual(eased.curve, .linear)
    }

    @Test func theRunsPresetIsUnderEveryRowAndSetsItsTableOptions() throws {
        let host = try host("bounce = 7", preset: .swipecellkit)
        let configuration = try #require(host.table.cell(forRow: 1)?.configuration)
        expectEqual(configuration.release, .velocity)
        expectEqual(configuration.bounce, 7)
        expectEqual(host.table.options, TableBehaviorOptions(exclusive: true, closeOnScroll: true, closeOnTap: true))
        let tutorial = try self.host("bounce = 7")
        expectEqual(tutorial.table.options, TableBehaviorOptions())
        expectEqual(tutorial.table.cell(forRow: 1)?.configuration.release, .position)
        // A row with no plugin configuration: the tutorial's cell under the preset.
        let plain = try PluginHost(plugins: [], configuration: SessionConfiguration(preset: .swipecellkit))
        expectEqual(plain.table.cell(forRow: 1)?.configuration.elasticity, 0.4)
        expectEqual(plain.table.cell(forRow: 1)?.configuration.buttons, CellConfiguration.tutorial.buttons)
    }

    /// `mail` gives an edge with buttons a full swipe of button 1: trailing deletes, leading
    /// resets; a row's own `full_swipe` wins, and edges too wide for the threshold get none.
    @Test func theMailPresetAddsFullSwipes() throws {
        let leading = "leading = { buttons = { { id = 'u', title = 'U', width = 80 } } }"
        let configuration = try #require(try host("preset = 'mail', \(leading)").table.cell(forRow: 1)?.configuration)
        expectEqual(
            configuration.trailing.fullSwipe, FullSwipe(button: 0, threshold: 192, completion: .delete, width: 320))
        expectEqual(
            configuration.leading.fullSwipe, FullSwipe(button: 0, threshold: 192, completion: .reset, width: 320))
        let own = try #require(
            try host("preset = 'mail', full_swipe = { button = 'two', completion = 'reset' }").table.cell(forRow: 1)?
                .configuration)
        expectEqual(own.trailing.fullSwipe, FullSwipe(button: 1, threshold: 192, completion: .reset, width: 320))
        let swipecellkit = try #require(try host("preset = 'swipecellkit'").table.cell(forRow: 1)?.configuration)
        expectEqual(swipecellkit.trailing.fullSwipe, nil)
    }

    /// (the configuration's fields; the error after `FILE:1: row 1: `)
    static let cases: [(String, String)] = [
        ("release = 'fast'", "release: must be 'position' or 'velocity', got 'fast'"),
        ("release = 'velocty'", "release: must be 'position' or 'velocity', got 'velocty' (did you mean 'velocity'?)"),
        ("flick_velocity = 0", "flick_velocity: must be in (0, 100000] points/s, got 0"),
        ("flick_velocity = 1e6", "flick_velocity: must be in (0, 100000] points/s, got 1000000"),
        ("flick_velocity = 'x'", "flick_velocity: must be a number, got string"),
        ("overscroll = 1.5", "overscroll: must be 'clamp' or an elasticity in (0, 1], got 1.5"),
        ("overscroll = 0", "overscroll: must be 'clamp' or an elasticity in (0, 1], got 0"),
        ("overscroll = 'elastic'", "overscroll: must be 'clamp' or an elasticity in (0, 1], got 'elastic'"),
        ("damping = 3", "damping: is set, but curve is not 'spring'"),
        ("curve = 'spring', mass = 0", "mass: must be in [0.001, 1000000], got 0"),
        ("curve = 'spring', stiffness = -5", "stiffness: must be in [0.001, 1000000], got -5"),
        // Springs that would trap (SIGILL) in the exponential are refused by `check`.
        ("curve = 'spring', damping = 1e6, mass = 1e-300", "mass: must be in [0.001, 1000000], got 1e-300"),
        ("curve = 'spring', mass = 4.9e-324", "mass: must be in [0.001, 1000000], got 5e-324"),
        ("curve = 'spring', stiffness = 1e-320", "stiffness: must be in [0.001, 1000000], got 1e-320"),
        ("curve = 'spring', damping = -1", "damping: must be in [0, 1000000], got -1"),
        ("preset = 'ios'", "preset: must be one of 'tutorial', 'swipecellkit', 'mail', got 'ios'"),
        (
            "preset = 'swipecellkti'",
            "preset: must be one of 'tutorial', 'swipecellkit', 'mail', got 'swipecellkti' (did you mean 'swipecellkit'?)"
        ),
    ]

    @Test(arguments: cases)
    func aBadPhysicsKeyIsOnePluginErrorNamingTheField(fields: String, message: String) throws {
        let host = try host(fields)
        expectEqual(host.messages("plugin_error"), ["\(fixtures.folder)/p.lua:1: row 1: \(message)"])
        expectEqual(host.table.cell(forRow: 1)?.configuration.hasButtons, false)
    }
}
