import SwipeTestSupport
import Testing

@testable import SwipeCore

/// The mirror property of ``EdgeMirrorTests`` extended to the release physics: the release
/// velocity (the two-sample rule and explicit velocities), the flick rule,
/// elastic overscroll and springs. The same generated scripts, with release physics drawn from
/// a second generator and a third of their ends given an explicit velocity.
struct PhysicsMirrorTests {
    static let seeds: [UInt64] = Array(1...300)

    static func physicsCase(seed: UInt64) -> MirrorCase {
        var test = MirrorCase(seed: seed)
        var random = SeededGenerator(seed: seed &* 7919 &+ 12)
        let release: ReleaseRule = Bool.random(using: &random) ? .velocity : .position
        let flick = [1.0, 300, 800].randomElement(using: &random)!
        let elasticity: Double? = [nil, 0.2, 0.4, 1].randomElement(using: &random)!
        let spring: Spring? = [
            nil, Spring(), Spring(mass: 1, stiffness: 300, damping: 10), Spring(mass: 2, stiffness: 80, damping: 40),
        ].randomElement(using: &random)!
        // A full swipe on the edge with the buttons, in a third of the scripts.
        let full = Int.random(in: 0..<3, using: &random) == 0
        let past = Double(Int.random(in: 20...50, using: &random))
        let completion = [FullSwipe.Completion.delete, .reset, .manual].randomElement(using: &random)!
        let button = Int.random(in: 0..<test.edge.buttons.count, using: &random)
        let total = test.edge.totalWidth
        // Half of the full swipes are SwipeCellKit's `.destructive` (its threshold rule, 256
        // points in the 320-point cell), where the buttons leave room for it; drawn from a
        // generator of its own so that the other choices stay those of each seed.
        var styles = SeededGenerator(seed: seed &* 104_729 &+ 7)
        let destructive =
            full
            ? Bool.random(using: &styles)
                ? FullSwipe.destructive(button: button, total: total, width: 320, completion: completion) : nil : nil
        let fullSwipe =
            destructive ?? FullSwipe(button: button, threshold: total + past, completion: completion, width: 320)
        test.tolerant = full
        test.physics =
            (full
                ? " full swipe \(button + 1) at \(fullSwipe.threshold)\(destructive == nil ? "" : " (destructive)") \(completion)"
                : "")
            + " release \(release) flick \(flick) overscroll \(elasticity.map { "\($0)" } ?? "clamp") spring \(spring.map { "\($0.mass)/\($0.stiffness)/\($0.damping)" } ?? "-")"
        test.change = { configuration in
            configuration.release = release
            configuration.flickVelocity = flick
            configuration.elasticity = elasticity
            configuration.spring = spring
            if full {
                for edge in Edge.allCases where configuration.hasButtons(on: edge) {
                    configuration[edge].fullSwipe = fullSwipe
                }
            }
        }
        test.steps = test.steps.map { step in
            if full, case .tap(let row, _) = step, Bool.random(using: &random) {
                return .fulfill(row: row, delete: Bool.random(using: &random))
            }
            guard case .end(let row) = step, Int.random(in: 0..<3, using: &random) == 0 else { return step }
            return .fling(row: row, velocity: Double(Int.random(in: -2000...2000, using: &random)))
        }
        return test
    }

    @Test func leadingIsTrailingMirroredWithPhysics() throws {
        var events = 0
        var flings = 0
        var fullSwipes = 0
        var destructives = 0
        for seed in Self.seeds {
            let test = Self.physicsCase(seed: seed)
            let trailing = try test.run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            let leading = try test.run(side: .leading, direction: .ltr, sign: -1, flip: true)
            expectEqual(leading.events, trailing.events.map(EdgeMirrorTests.leadingSide), "\(test)")
            expectEqual(leading.constants, trailing.constants, "\(test)")
            expectEqual(leading.editing, trailing.editing, "\(test)")
            events += trailing.events.count
            flings += test.steps.filter { if case .fling = $0 { true } else { false } }.count
            let full = trailing.events.filter {
                $0.contains(" expand ") || $0.contains(" full action ") || $0.contains(" delete ")
                    || $0.contains(" fulfilled ")
            }.count
            fullSwipes += full
            if test.physics.contains("(destructive)") { destructives += full }
        }
        print(
            "physics mirror (a): \(Self.seeds.count) scripts, \(events) events, \(flings) explicit velocities, \(fullSwipes) full-swipe events (\(destructives) destructive)"
        )
        #expect(events > 1_000)
        #expect(flings > 100)
        #expect(fullSwipes > 30)
        #expect(destructives > 10)
    }

    @Test func rightToLeftIsLeftToRightMirroredWithPhysics() throws {
        var events = 0
        for seed in Self.seeds {
            let test = Self.physicsCase(seed: seed)
            let ltr = try test.run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            let rtl = try test.run(side: .trailing, direction: .rtl, sign: -1, flip: true)
            expectEqual(rtl.events, ltr.events, "\(test)")
            expectEqual(rtl.constants, ltr.constants, "\(test)")
            expectEqual(rtl.editing, ltr.editing, "\(test)")
            events += ltr.events.count
        }
        print("physics mirror (b): \(Self.seeds.count) scripts, \(events) events")
        #expect(events > 1_000)
    }

    /// The preset's rows: the buttons' edge under `preset`, with `mail`'s full swipes
    /// and, in half the `swipecellkit` scripts, a `.destructive` one; a third of the ends flung.
    static func presetCase(seed: UInt64, preset: BehaviorPreset) -> MirrorCase {
        var test = MirrorCase(seed: seed)
        var random = SeededGenerator(seed: seed &* 6151 &+ 27)
        let destructive = preset == .swipecellkit && Bool.random(using: &random)
        let full = destructive ? FullSwipe.destructive(total: test.edge.totalWidth, width: 320) : nil
        test.tolerant = true
        test.physics = " preset \(preset)\(full == nil ? "" : " destructive")"
        test.change = { configuration in
            preset.apply(to: &configuration)
            preset.addFullSwipes(to: &configuration, cellWidth: 320)
            if let full {
                for edge in Edge.allCases where configuration.hasButtons(on: edge) {
                    configuration[edge].fullSwipe = full
                }
            }
        }
        test.steps = test.steps.map { step in
            guard case .end(let row) = step, Int.random(in: 0..<3, using: &random) == 0 else { return step }
            return .fling(row: row, velocity: Double(Int.random(in: -2000...2000, using: &random)))
        }
        return test
    }

    /// The mirror properties hold under SwipeCellKit's pan rules too: rtl against ltr on either
    /// edge, and (`swipecellkit`, whose edges are alike) leading against trailing; and every row
    /// comes to rest as its last `open` or `close` announced, after every step (they do not keep
    /// quirk 6). `mail`'s edges are not mirror images (its trailing full swipe deletes, its
    /// leading one resets), so only its rtl mirror is a property.
    @Test(arguments: [BehaviorPreset.swipecellkit, .mail])
    func thePresetsAreMirroredAndRestAsAnnounced(preset: BehaviorPreset) throws {
        var events = 0
        var opens = 0
        for seed in Self.seeds {
            let test = Self.presetCase(seed: seed, preset: preset)
            var runs: [MirrorCase.Observation] = []
            for side in Edge.allCases {
                let flip = side == .leading
                let ltr = try test.run(side: side, direction: .ltr, sign: flip ? -1 : 1, flip: flip)
                let rtl = try test.run(side: side, direction: .rtl, sign: flip ? 1 : -1, flip: !flip)
                expectEqual(rtl.events, ltr.events, "\(side): \(test)")
                expectEqual(rtl.constants, ltr.constants, "\(side): \(test)")
                expectEqual(rtl.editing, ltr.editing, "\(side): \(test)")
                runs += [ltr, rtl]
            }
            let (leading, trailing) = (runs[0], runs[2])  // `Edge.allCases`: leading, trailing
            if preset == .swipecellkit {
                expectEqual(leading.events, trailing.events.map(EdgeMirrorTests.leadingSide), "\(test)")
                expectEqual(leading.constants, trailing.constants, "\(test)")
                expectEqual(leading.editing, trailing.editing, "\(test)")
            }
            for run in runs { expectEqual(run.unannounced, [], "\(test)") }
            events += trailing.events.count
            opens += trailing.events.filter { $0.split(separator: " ").dropFirst().first == "open" }.count
        }
        print("preset \(preset) mirror: \(Self.seeds.count) scripts, \(events) events, \(opens) opens")
        #expect(events > 700)
        #expect(opens > 100)  // a release that leaves an open row open is not announced again
    }

    /// The physics do change what happens: the same scripts without them give other events.
    @Test func thePhysicsChangeTheRuns() throws {
        var differing = 0
        for seed in Self.seeds.prefix(100) {
            let plain = try MirrorCase(seed: seed).run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            let physics = try Self.physicsCase(seed: seed).run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            if plain != physics { differing += 1 }
        }
        #expect(differing > 30)
    }
}
