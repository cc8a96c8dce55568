import SwipeCore
import SwipeTestSupport
import Testing

@testable import SwipeScript

/// `pan ROW end VX`, and `swipe` releasing with its last frame's velocity.
struct ScriptVelocityTests {
    let parser = ScriptParser(fileName: "s.swipe")

    @Test func anEndMayGiveItsVelocity() throws {
        let lines = try parser.parse("pan 3 end -600\npan 3 end 0.5\npan 3 end\n")
        expectEqual(
            lines.map(\.command), [.panEnd(row: 3, velocity: -600), .panEnd(row: 3, velocity: 0.5), .panEnd(row: 3)])
    }

    @Test(arguments: [
        ("pan 3 end 100001", "VX must be a release velocity from -100000 to 100000 points/s, got 100001"),
        ("pan 3 end -100000.5", "VX must be a release velocity from -100000 to 100000 points/s, got -100000.5"),
        ("pan 3 end 1 2", "too many arguments '2': expected 'pan ROW begin [X] | move X | end [VX] | cancel'"),
        ("pan 3 end fast", "VX must be a number, got 'fast' (expected 'pan ROW end [VX]')"),
        // A number too large for a Double is out of range, not "not a number".
        (
            "pan 3 end " + String(repeating: "9", count: 60_000),
            "VX must be a release velocity from -100000 to 100000 points/s, got '\(String(repeating: "9", count: 60))…(60000 bytes)' (out of range)"
        ),
    ])
    func badVelocitiesAreRefused(line: String, message: String) {
        #expect {
            try parser.parse(line)
        } throws: { error in
            (error as? ScriptError)?.message == message
        }
    }

    /// A table of 8 rows with the tutorial's buttons, released by velocity (`flick` points/s).
    static func table(release: ReleaseRule) -> SwipeTable {
        var configuration = CellConfiguration.tutorial
        configuration.release = release
        return SwipeTable(items: .generated(count: 8), geometry: TableGeometry(viewportHeight: 352)) { _, _ in
            configuration
        }
    }

    /// `swipe 3 -30 48`: moves of 10 points every 16 ms, released at -625 points/s: a flick,
    /// though 30 points is short of the open threshold (40).
    @Test func aSwipeReleasesWithItsLastFramesVelocity() throws {
        let flicking = Self.table(release: .velocity)
        try ScriptRunner(table: flicking, fileName: "s").run(script: "swipe 3 -30 48\n")
        expectEqual(flicking.openRows, [3])
        let tutorial = Self.table(release: .position)
        try ScriptRunner(table: tutorial, fileName: "s").run(script: "swipe 3 -30 48\n")
        expectEqual(tutorial.openRows, [])
        // Over 240 ms: 2 points a frame, 125 points/s, below the flick speed.
        let slow = Self.table(release: .velocity)
        try ScriptRunner(table: slow, fileName: "s").run(script: "swipe 3 -30 240\n")
        expectEqual(slow.openRows, [])
    }

    @Test func anExplicitEndVelocityFlicks() throws {
        let table = Self.table(release: .velocity)
        try ScriptRunner(table: table, fileName: "s").run(script: "pan 3 begin\npan 3 move -30\npan 3 end -600\n")
        expectEqual(table.openRows, [3])
        try ScriptRunner(table: table, fileName: "s").run(
            script: "wait 300\npan 3 begin\npan 3 move 10\npan 3 end 600\n")
        expectEqual(table.openRows, [])
    }
}
