import Testing

@testable import SwipeCore

/// The mirror property of issue 11 (``EdgeMirrorTests``) extended to the release physics of
/// issue 12: the release velocity (the two-sample rule and explicit velocities), the flick rule,
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
        let spring: Spring? = [nil, Spring(), Spring(mass: 1, stiffness: 300, damping: 10), Spring(mass: 2, stiffness: 80, damping: 40)].randomElement(using: &random)!
        test.physics = " release \(release) flick \(flick) overscroll \(elasticity.map { "\($0)" } ?? "clamp") spring \(spring.map { "\($0.mass)/\($0.stiffness)/\($0.damping)" } ?? "-")"
        test.change = { configuration in
            configuration.release = release
            configuration.flickVelocity = flick
            configuration.elasticity = elasticity
            configuration.spring = spring
        }
        test.steps = test.steps.map { step in
            guard case .end(let row) = step, Int.random(in: 0..<3, using: &random) == 0 else { return step }
            return .fling(row: row, velocity: Double(Int.random(in: -2000...2000, using: &random)))
        }
        return test
    }

    @Test func leadingIsTrailingMirroredWithPhysics() throws {
        var events = 0
        var flings = 0
        for seed in Self.seeds {
            let test = Self.physicsCase(seed: seed)
            let trailing = try test.run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            let leading = try test.run(side: .leading, direction: .ltr, sign: -1, flip: true)
            #expect(leading.events == trailing.events.map(EdgeMirrorTests.leadingSide), "\(test)")
            #expect(leading.constants == trailing.constants, "\(test)")
            #expect(leading.editing == trailing.editing, "\(test)")
            events += trailing.events.count
            flings += test.steps.filter { if case .fling = $0 { true } else { false } }.count
        }
        print("physics mirror (a): \(Self.seeds.count) scripts, \(events) events, \(flings) explicit velocities")
        #expect(events > 1_000)
        #expect(flings > 100)
    }

    @Test func rightToLeftIsLeftToRightMirroredWithPhysics() throws {
        var events = 0
        for seed in Self.seeds {
            let test = Self.physicsCase(seed: seed)
            let ltr = try test.run(side: .trailing, direction: .ltr, sign: 1, flip: false)
            let rtl = try test.run(side: .trailing, direction: .rtl, sign: -1, flip: true)
            #expect(rtl.events == ltr.events, "\(test)")
            #expect(rtl.constants == ltr.constants, "\(test)")
            #expect(rtl.editing == ltr.editing, "\(test)")
            events += ltr.events.count
        }
        print("physics mirror (b): \(Self.seeds.count) scripts, \(events) events")
        #expect(events > 1_000)
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
