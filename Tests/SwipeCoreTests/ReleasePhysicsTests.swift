import Foundation
import SwipeTestSupport
import Testing

@testable import SwipeCore

/// The release velocity, the flick rule, elastic overscroll, springs.
struct ReleasePhysicsTests {
    let t0 = VirtualInstant.start

    static func at(_ ms: Int64) -> VirtualInstant { .start + .milliseconds(ms) }

    /// Trailing buttons 80 + 80 (the tutorial's), with `change` applied.
    static func configuration(_ change: (inout CellConfiguration) -> Void = { _ in }) -> CellConfiguration {
        var configuration = CellConfiguration.tutorial
        change(&configuration)
        return configuration
    }

    static let flicking = configuration { $0.release = .velocity }

    // MARK: 1. Velocity

    @Test func theVelocityIsFromTheTwoMostRecentMovesAtDifferentTimes() {
        var cell = SwipeCell()
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -10, at: Self.at(0))
        _ = cell.panChanged(translation: -20, at: Self.at(16))
        _ = cell.panChanged(translation: -25, at: Self.at(16))  // same time: replaces the latest
        _ = cell.panChanged(translation: -45, at: Self.at(32))
        // (-45 - -25) points over 16 ms.
        expectEqual(cell.releaseVelocity(at: Self.at(32)), -20 / 0.016)
        expectEqual(cell.releaseVelocity(at: Self.at(116)), -20 / 0.016)  // the older sample 100 ms before
        expectEqual(cell.releaseVelocity(at: Self.at(117)), 0)  // ... and no longer
    }

    @Test func oneSampleOrSamplesAtOneTimeGiveNoVelocity() {
        var cell = SwipeCell()
        cell.panBegan(translation: 0)
        expectEqual(cell.releaseVelocity(at: t0), 0)
        _ = cell.panChanged(translation: -10, at: t0)
        _ = cell.panChanged(translation: -30, at: t0)
        expectEqual(cell.releaseVelocity(at: t0), 0)
    }

    /// The samples are the tracked pan's own data. A pan that ended leaves
    /// none behind, so the next one's velocity comes from its own moves only; a pan over a row a
    /// `manual` full swipe holds samples its moves though they move nothing.
    @Test func theSamplesBelongToThePan() {
        var cell = SwipeCell()
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -10, at: Self.at(0))
        _ = cell.panChanged(translation: -30, at: Self.at(16))
        _ = cell.panEnded(at: Self.at(16))
        expectEqual(cell.releaseVelocity(at: Self.at(16)), 0)  // no pan
        cell.panBegan(translation: 0)
        expectEqual(cell.releaseVelocity(at: Self.at(20)), 0)
        _ = cell.panChanged(translation: 5, at: Self.at(24))
        expectEqual(cell.releaseVelocity(at: Self.at(24)), 0)  // one sample: the last pan's are gone
        _ = cell.panChanged(translation: 9, at: Self.at(32))
        expectEqual(cell.releaseVelocity(at: Self.at(32)), 4 / 0.008)
        var held = SwipeCell(
            configuration: Self.configuration {
                $0.trailing.fullSwipe = FullSwipe(threshold: 192, completion: .manual, width: 320)
            })
        held.panBegan(translation: 0)
        _ = held.panChanged(translation: -250, at: t0)
        _ = held.panEnded(at: t0)
        #expect(held.isWaiting)
        let reveal = held.reveal(on: .trailing)
        held.panBegan(translation: 0)
        _ = held.panChanged(translation: 10, at: Self.at(100))
        _ = held.panChanged(translation: 30, at: Self.at(110))
        expectEqual(held.reveal(on: .trailing), reveal)  // moved nothing...
        expectEqual(held.releaseVelocity(at: Self.at(110)), 20 / 0.01)  // ...but sampled
    }

    /// No input makes a velocity past ±100,000 points/s (a spring launched at it stays finite
    /// and sane) or one that is not a number.
    @Test func velocitiesAreBounded() {
        var cell = SwipeCell(
            configuration: Self.configuration {
                $0.release = .velocity; $0.spring = Spring(); $0.bounce = 0
            })
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: 1e12, at: t0)
        _ = cell.panChanged(translation: -1e12, at: t0 + TimeAmount(nanoseconds: 1))
        expectEqual(cell.releaseVelocity(at: t0 + TimeAmount(nanoseconds: 1)), -100_000)
        expectEqual(
            cell.panEnded(at: t0).notification, CellEffects.Notification(.didOpen, edge: .trailing, velocity: -100_000))
        var other = SwipeCell(configuration: Self.flicking)
        other.panBegan(translation: 0)
        _ = other.panChanged(translation: -30, at: t0)
        expectEqual(other.panEnded(velocity: .nan, at: t0).notification, .didClose)  // NaN counts as 0
        var fast = SwipeCell(configuration: Self.flicking)
        fast.panBegan(translation: 0)
        _ = fast.panChanged(translation: -30, at: t0)
        expectEqual(fast.panEnded(velocity: -.infinity, at: t0).notification?.velocity, -100_000)
    }

    @Test func anExplicitVelocityOverridesTheSamples() {
        var cell = SwipeCell(configuration: Self.flicking)
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -10, at: Self.at(0))
        _ = cell.panChanged(translation: -30, at: Self.at(16))  // -1250 points/s: towards the buttons
        let effects = cell.panEnded(velocity: 400, at: Self.at(16))
        expectEqual(effects.notification, CellEffects.Notification(.didClose, edge: .trailing, velocity: 400))
    }

    @Test func theTutorialIgnoresTheVelocity() {
        for velocity in [-5000.0, 0, 5000] {
            var cell = SwipeCell()
            cell.panBegan(translation: 0)
            _ = cell.panChanged(translation: -30, at: t0)
            expectEqual(
                cell.panEnded(velocity: velocity, at: t0),
                CellEffects(
                    notification: .didClose,
                    completion: ScheduledStep(step: .closeSettle, deadline: t0 + .milliseconds(100 as Int64))))
        }
    }

    // MARK: 2. Release rules

    /// A pan from closed to `reveal` points, released at `velocity`.
    func release(
        at reveal: Double, velocity: Double, startingOpen: Bool = false, _ configuration: CellConfiguration = flicking
    ) -> CellEffects {
        var cell = SwipeCell(configuration: configuration)
        if startingOpen { cell.openCell(at: t0) }
        cell.panBegan(translation: 0)
        let start = startingOpen ? configuration.totalWidth : 0
        _ = cell.panChanged(translation: start - reveal, at: t0)
        return cell.panEnded(velocity: velocity, at: t0)
    }

    @Test func aFlickBelowTheOpenThresholdStillOpens() {
        expectEqual(
            release(at: 30, velocity: -600).notification,
            CellEffects.Notification(.didOpen, edge: .trailing, velocity: -600))
        expectEqual(release(at: 30, velocity: -300).notification?.kind, .didOpen)  // at the flick speed exactly
        expectEqual(release(at: 30, velocity: -299).notification?.kind, .didClose)  // slower: the position decides
        expectEqual(release(at: 30, velocity: -600, Self.configuration()).notification, .didClose)  // `position`
    }

    @Test func aFlickPastTheThresholdAwayFromTheButtonsStillCloses() {
        expectEqual(
            release(at: 150, velocity: 600).notification,
            CellEffects.Notification(.didClose, edge: .trailing, velocity: 600))
        expectEqual(release(at: 150, velocity: 299).notification?.kind, .didOpen)
        expectEqual(release(at: 150, velocity: 600, startingOpen: true).notification?.kind, .didClose)
        expectEqual(release(at: 50, velocity: -600, startingOpen: true).notification?.kind, .didOpen)
    }

    @Test func theFlickSpeedIsConfigurable() {
        let slow = Self.configuration {
            $0.release = .velocity; $0.flickVelocity = 1000
        }
        expectEqual(release(at: 30, velocity: -999, slow).notification?.kind, .didClose)
        expectEqual(release(at: 30, velocity: -1000, slow).notification?.kind, .didOpen)
    }

    @Test func aFlickFromRestOpensTheEdgeItMovesTowardsIfItHasButtons() {
        var cell = SwipeCell(configuration: Self.flicking)
        cell.panBegan(translation: 0)
        expectEqual(cell.panEnded(velocity: -500, at: t0).notification?.kind, .didOpen)
        var other = SwipeCell(configuration: Self.flicking)
        other.panBegan(translation: 0)
        // Towards the leading edge, which has no buttons: the position decides (closed).
        expectEqual(other.panEnded(velocity: 500, at: t0).notification, .didClose)
    }

    // MARK: 3. Overscroll

    @Test(arguments: [(-100.0, 100.0), (-160, 160), (-200, 176), (-300, 216), (-400, 256)])
    func elasticOverscroll(translation: Double, reveal: Double) {
        var cell = SwipeCell(configuration: Self.configuration { $0.elasticity = 0.4 })
        cell.panBegan(translation: 0)
        expectEqual(cell.panChanged(translation: translation, at: t0), CellEffects())
        expectEqual(cell.reveal(on: .trailing), reveal)
        expectEqual(cell.animation, nil)
        cell.checkInvariants()
    }

    @Test func elasticOverscrollFromOpen() {
        var cell = SwipeCell(configuration: Self.configuration { $0.elasticity = 0.5 })
        cell.openCell(at: t0)
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -40, at: t0)
        expectEqual(cell.reveal(on: .trailing), 180)
        // Released there: it snaps back open, from where it is drawn.
        let effects = cell.panEnded(at: t0)
        expectEqual(effects.notification, .didOpen)
        expectEqual(cell.presentedOffset(at: t0), -180)
    }

    @Test func clampIsTheTutorials() {
        var cell = SwipeCell()
        cell.panBegan(translation: 0)
        let effects = cell.panChanged(translation: -200, at: t0)
        expectEqual(effects.completion?.step, .openSettle)
        expectEqual(cell.right, 180)
    }

    @Test(arguments: [0.0, -0.1, 1.01, .nan, .infinity])
    func elasticityOutsideZeroToOneIsRefused(value: Double) {
        let configuration = Self.configuration { $0.elasticity = value }
        expectEqual(
            configuration.problems(cellWidth: 320).map(\.description),
            [
                "overscroll: must be 'clamp' or an elasticity in (0, 1], got \(NumberText.describe(value))"
            ])
    }

    // MARK: 4. Springs

    /// The closed form, written out independently with Foundation's functions.
    static func expected(_ spring: Spring, x0: Double, v0: Double, t: Double) -> Double {
        let omega = sqrt(spring.stiffness / spring.mass)
        let zeta = spring.damping / (2 * sqrt(spring.stiffness * spring.mass))
        if zeta < 1 {
            let wd = omega * sqrt(1 - zeta * zeta)
            return Foundation.exp(-zeta * omega * t)
                * (x0 * Foundation.cos(wd * t) + (v0 + zeta * omega * x0) / wd * Foundation.sin(wd * t))
        } else if zeta == 1 {
            return Foundation.exp(-omega * t) * (x0 + (v0 + omega * x0) * t)
        }
        let r1 = -omega * (zeta - sqrt(zeta * zeta - 1))
        let r2 = -omega * (zeta + sqrt(zeta * zeta - 1))
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return (x0 - c2) * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t)
    }

    @Test(arguments: [
        Spring(), Spring(mass: 1, stiffness: 100, damping: 20), Spring(mass: 2, stiffness: 50, damping: 40),
        Spring(mass: 1, stiffness: 300, damping: 2),
    ])
    func springPositionsFollowTheClosedForm(spring: Spring) {
        for t in [0.0, 0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 1, 2] {
            for (x0, v0) in [(160.0, 0.0), (-180, 900), (30, -1500)] {
                let position = spring.solve(x0: x0, v0: v0, at: t).position
                #expect(abs(position - Self.expected(spring, x0: x0, v0: v0, t: t)) < 1e-9, "t \(t) x0 \(x0) v0 \(v0)")
            }
        }
        expectEqual(spring.solve(x0: 160, v0: 0, at: 0).position, 160)
    }

    @Test(arguments: [
        Spring(), Spring(mass: 1, stiffness: 100, damping: 20), Spring(mass: 2, stiffness: 50, damping: 40),
        Spring(mass: 1, stiffness: 300, damping: 2),
    ])
    func theSettleEndsWithinItsTolerance(spring: Spring) {
        for (x0, v0) in [(160.0, 0.0), (-180, 900), (30, -1500)] {
            let settle = spring.settleTime(x0: x0, v0: v0)
            #expect(settle > .zero && settle < Spring.maximumSettleTime)
            let seconds = Double(settle.nanoseconds) / 1e9
            let end = spring.solve(x0: x0, v0: v0, at: seconds)
            #expect(abs(end.position) < 0.5 && abs(end.velocity) < 1)
            let before = spring.solve(x0: x0, v0: v0, at: seconds - 0.001)
            #expect(!(abs(before.position) < 0.5 && abs(before.velocity) < 1))
        }
    }

    @Test func aSpringWithoutDampingStillEnds() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 0)
        expectEqual(spring.settleTime(x0: 160, v0: 0), Spring.maximumSettleTime)
        var cell = SwipeCell(
            configuration: Self.configuration {
                $0.spring = spring; $0.bounce = 0
            })
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -100, at: t0)
        let effects = cell.panEnded(velocity: 0, at: t0)
        expectEqual(effects.completion?.deadline, t0 + Spring.maximumSettleTime)
        expectEqual(cell.presentedOffset(at: t0 + Spring.maximumSettleTime), -160)
    }

    @Test func aSpringCellIsDrawnByTheClosedFormFromTheReleaseVelocity() {
        let spring = Spring()
        var cell = SwipeCell(
            configuration: Self.configuration {
                $0.spring = spring; $0.bounce = 0; $0.release = .velocity
            })
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -30, at: t0)
        let effects = cell.panEnded(velocity: -600, at: t0)
        expectEqual(effects.notification?.kind, .didOpen)
        let settle = spring.settleTime(x0: -30 - -160, v0: -600)
        expectEqual(effects.completion, ScheduledStep(step: .openSettle, deadline: t0 + settle))
        for ms: Int64 in [0, 10, 50, 100, 200] where TimeAmount.milliseconds(ms) < settle {
            let expected = -160 + Self.expected(spring, x0: 130, v0: -600, t: Double(ms) / 1000)
            #expect(abs(cell.presentedOffset(at: t0 + .milliseconds(ms)) - expected) < 1e-9)
        }
        // A pure function of time: asking again, or out of order, gives the same.
        expectEqual(
            cell.presentedOffset(at: t0 + .milliseconds(50 as Int64)),
            cell.presentedOffset(at: t0 + .milliseconds(50 as Int64)))
        // With no bounce the settle step has nowhere to go: it commits at once.
        var settled = cell
        expectEqual(settled.complete(.openSettle, at: t0 + settle), nil)
        #expect(settled.isOpen(on: .trailing))
    }

    /// A spring row's new step replaces the running one: the replaced step's completion, when
    /// it comes, does nothing (the tutorial's curves keep quirk 6: it would re-open the row).
    @Test func aSpringStepReplacedByANewOneDropsItsCompletion() {
        var cell = SwipeCell(
            configuration: Self.configuration {
                $0.spring = Spring(); $0.bounce = 0
            })
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -100, at: t0)
        let open = cell.panEnded(velocity: 0, at: t0)
        let stale = try! #require(open.completion)
        let close = cell.tableClosed(animated: true, at: Self.at(100))
        let closing = try! #require(close.completion)
        expectEqual(cell.complete(stale.step, at: stale.deadline), nil)
        expectEqual(cell.offset, 0)
        expectEqual(cell.complete(closing.step, at: closing.deadline), nil)  // no bounce: it commits at once
        #expect(cell.isClosed)
        // The tutorial's cell re-opens on the stale completion (quirk 6).
        var tutorial = SwipeCell()
        tutorial.panBegan(translation: 0)
        _ = tutorial.panChanged(translation: -100, at: t0)
        let first = tutorial.panEnded(velocity: 0, at: t0).completion!
        _ = tutorial.tableClosed(animated: true, at: Self.at(50))
        _ = tutorial.complete(first.step, at: first.deadline)
        expectEqual(tutorial.right, 160)
    }

    /// A replaced step due at the very instant its replacement is (two springs of the same
    /// settling time, started together) is still dropped: the step is compared, not only its
    /// deadline. (`RenderPropertyTests`' script 31 under `mail` opened a row announced closed
    /// this way: an open flung at 1216 ms and a close at the same instant both settled at 1883.)
    @Test func aReplacedSpringStepDueAtTheSameInstantAsItsReplacementIsDropped() throws {
        var cell = SwipeCell(
            configuration: Self.configuration {
                $0.spring = Spring(); $0.bounce = 0
            })
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -75, at: t0)
        _ = try #require(cell.panEnded(velocity: -400, at: t0).completion)
        let closing = try #require(cell.tableClosed(animated: true, at: t0).completion)
        expectEqual(closing.step, .closeSettle)
        expectEqual(cell.complete(.openSettle, at: closing.deadline), nil)
        expectEqual(cell.offset, 0)
        expectEqual(cell.complete(closing.step, at: closing.deadline), nil)
        #expect(cell.isClosed)
        expectEqual(cell.rest, .closed)
    }

    /// In the core: a spring row's open snap that finds nothing to move
    /// (the row is back at its committed width) still replaces the close the pan's return to 0
    /// started, so the row announced open rests open. The tutorial's pan rules snap closed at 0,
    /// so this row (a spring under them) is the one that shows it.
    @Test func aSpringRowsSnapWithNothingToMoveStillReplacesTheRunningStep() throws {
        var configuration = Self.configuration {
            $0.spring = Spring(); $0.bounce = 0; $0.release = .velocity; $0.flickVelocity = 1
        }
        configuration.buttons = [SwipeButton(id: "a", title: "A", width: 100)]
        let table = SwipeTable(items: .generated(count: 8)) { _, _ in configuration }
        let log = SideLog()
        table.delegate = log
        try table.openRow(3, edge: .trailing)
        table.advance(by: .milliseconds(100 as Int64))
        try table.panBegan(row: 3)
        try table.panChanged(row: 3, translation: 100)  // back to 0: the close snap starts
        expectEqual(table.unannouncedRests, [])
        try table.panChanged(row: 3, translation: 0)
        try table.panEnded(row: 3, velocity: -50)
        expectEqual(log.events.map(\.text), ["open 3 EDGE(trailing)"])
        expectEqual(table.unannouncedRests, [])
        table.advance(by: .seconds(3))
        expectEqual(table.cell(forRow: 3)?.right, 100)
        expectEqual(table.openRows, [3])
    }

    @Test func springParametersAreValidated() {
        let configuration = Self.configuration { $0.spring = Spring(mass: 0, stiffness: .infinity, damping: -1) }
        expectEqual(
            configuration.problems(cellWidth: 320).map(\.description),
            [
                "mass: must be in [0.001, 1000000], got 0",
                "stiffness: must be in [0.001, 1000000], got inf",
                "damping: must be in [0, 1000000], got -1",
            ])
        let flick = Self.configuration { $0.flickVelocity = 0 }
        expectEqual(
            flick.problems(cellWidth: 320).map(\.description),
            [
                "flick_velocity: must be in (0, 100000] points/s, got 0"
            ])
    }

    /// Values that would trap (`damping = 1e6, mass = 1e-300`; a tiny
    /// stiffness; a mass of 4.9e-324: NaN reached the `Int` in `exp`) are refused, and the maths
    /// saturates even for them, as an embedder could still build them: at rest, never a trap.
    @Test(arguments: [
        (Spring(mass: 1e-300, stiffness: 100, damping: 1e6), "mass: must be in [0.001, 1000000], got 1e-300"),
        (Spring(mass: 4.9e-324, stiffness: 100, damping: 18), "mass: must be in [0.001, 1000000], got 5e-324"),
        (Spring(mass: 1, stiffness: 1e-320, damping: 18), "stiffness: must be in [0.001, 1000000], got 1e-320"),
        (Spring(mass: 0.000_999, stiffness: 100, damping: 18), "mass: must be in [0.001, 1000000], got 0.000999"),
    ])
    func extremeSpringsAreRefusedAndComeToRest(spring: Spring, message: String) {
        expectEqual(Self.configuration { $0.spring = spring }.problems(cellWidth: 320).map(\.description), [message])
        guard spring.mass < 1e-6 || spring.stiffness < 1e-6 else { return }
        for t in [0.0, 0.001, 0.5, 10] {
            let state = spring.solve(x0: 160, v0: -600, at: t)
            #expect(state.position == 0 && state.velocity == 0, "t \(t)")
        }
        expectEqual(spring.settleTime(x0: 160, v0: -600), .zero)
        #expect(Spring.exp(.nan).isNaN)
        // Released through a cell: it settles open at once.
        var cell = SwipeCell(
            configuration: Self.configuration {
                $0.spring = spring; $0.bounce = 0
            })
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -100, at: t0)
        let effects = cell.panEnded(velocity: -600, at: t0)
        expectEqual(effects, CellEffects(notification: .didOpen, completion: nil))
        #expect(cell.isOpen(on: .trailing) && cell.presentedOffset(at: t0) == -160)
    }

    /// The limits that make it so: at both ends of every range (the smallest mass and stiffness
    /// with the largest damping, ...) and across them, every spring a checked configuration may
    /// hold gives finite positions and velocities, for every offset a cell can have (widths and
    /// bounces up to 10,000 points) and every release velocity, and settles within its bound.
    @Test func everyAcceptedSpringGivesOnlyFiniteNumbers() {
        let least = CellConfiguration.minimumSpringParameter
        let most = CellConfiguration.maximumSpringParameter
        var random = SplitMix64(seed: 25)
        func logUniform(_ low: Double, _ high: Double) -> Double {
            let u = Double(random.next() >> 11) / Double(1 << 53)
            return Foundation.exp(Foundation.log(low) + u * (Foundation.log(high) - Foundation.log(low)))
        }
        var springs: [Spring] = []
        for mass in [least, 1, most] {
            for stiffness in [least, 1, most] {
                for damping in [0, least, min(2 * (stiffness * mass).squareRoot(), most), most] {
                    springs.append(Spring(mass: mass, stiffness: stiffness, damping: damping))
                }
            }
        }
        for _ in 0..<400 {
            let mass = logUniform(least, most)
            let stiffness = logUniform(least, most)
            // Around critical damping too, where the closed form changes branch.
            let critical = 2 * (stiffness * mass).squareRoot()
            let damping =
                random.next() % 4 == 0
                ? min(critical * logUniform(0.999, 1.001), most)
                : (random.next() % 8 == 0 ? 0 : logUniform(least, most))
            springs.append(Spring(mass: mass, stiffness: stiffness, damping: damping))
        }
        let extent = 2 * (TableGeometry.maximumWidth + CellConfiguration.maximumBounce)
        var settled = 0
        for (index, spring) in springs.enumerated() {
            #expect(Self.configuration { $0.spring = spring }.problems(cellWidth: 320).isEmpty, "\(spring)")
            for _ in 0..<8 {
                let x0 = (Double(random.next() >> 11) / Double(1 << 53) * 2 - 1) * extent
                let v0 = (Double(random.next() >> 11) / Double(1 << 53) * 2 - 1) * ReleasePhysics.maximumVelocity
                for t in [0, 0.001, Double(random.next() % 10_000) / 1000, 10] {
                    let state = spring.closedForm(x0: x0, v0: v0, at: t)
                    #expect(state.position.isFinite && state.velocity.isFinite, "\(spring) x0 \(x0) v0 \(v0) t \(t)")
                }
            }
            // The settle (up to 10,000 evaluations) for a few of them, from the widest offsets.
            if index % 20 == 0 {
                let settle = spring.settleTime(x0: extent, v0: -ReleasePhysics.maximumVelocity)
                #expect(settle >= .zero && settle <= Spring.maximumSettleTime)
                settled += 1
            }
        }
        #expect(springs.count == 436 && settled == 22)
    }

    @Test func theCoresFunctionsMatchFoundations() {
        for x in stride(from: -50.0, through: 50, by: 0.37) {
            #expect(abs(Spring.exp(x / 5) - Foundation.exp(x / 5)) <= 1e-13 * Foundation.exp(x / 5))
            #expect(abs(Spring.sin(x) - Foundation.sin(x)) < 1e-12)
            #expect(abs(Spring.cos(x) - Foundation.cos(x)) < 1e-12)
        }
    }

    // MARK: The spring solved once per segment, the settle found without a scan

    /// The closed form written the plain way (a fresh solution of the
    /// spring at each call): what ``SpringMotion`` must reproduce to the last bit.
    static func closedFormAsBefore(_ spring: Spring, x0: Double, v0: Double, at t: Double) -> (
        position: Double, velocity: Double
    ) {
        let omega = (spring.stiffness / spring.mass).squareRoot()
        let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * omega * x0) / omegaD
            let decay = Spring.exp(-zeta * omega * t)
            let cos = Spring.cos(omegaD * t)
            let sin = Spring.sin(omegaD * t)
            return (
                decay * (a * cos + b * sin),
                decay * ((b * omegaD - zeta * omega * a) * cos - (a * omegaD + zeta * omega * b) * sin)
            )
        } else if zeta == 1 {
            let b = v0 + omega * x0
            let decay = Spring.exp(-omega * t)
            return (decay * (x0 + b * t), decay * (b - omega * (x0 + b * t)))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega / (zeta + root)
        let r2 = -omega * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        let e1 = Spring.exp(r1 * t)
        let e2 = Spring.exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// Springs across a checked configuration's range (damping 0, critical and heavy among
    /// them) and the presets' own, seeded.
    static func generatedSprings(count: Int, seed: UInt64) -> [Spring] {
        var random = SplitMix64(seed: seed)
        func logUniform(_ low: Double, _ high: Double) -> Double {
            let u = Double(random.next() >> 11) / Double(1 << 53)
            return Foundation.exp(Foundation.log(low) + u * (Foundation.log(high) - Foundation.log(low)))
        }
        var springs = [
            Spring(), Spring(mass: 1, stiffness: 100, damping: 20), Spring(mass: 2, stiffness: 50, damping: 40),
            Spring(mass: 1, stiffness: 300, damping: 2), Spring(mass: 1, stiffness: 100, damping: 0),
        ]
        while springs.count < count {
            let mass = logUniform(0.01, 100)
            let stiffness = logUniform(0.1, 100_000)
            let critical = 2 * (stiffness * mass).squareRoot()
            let damping: Double
            switch random.next() % 6 {
            case 0: damping = critical
            case 1: damping = critical * logUniform(1.01, 1000)
            case 2: damping = 0
            default: damping = critical * logUniform(0.001, 0.99)
            }
            springs.append(Spring(mass: mass, stiffness: stiffness, damping: damping))
        }
        return springs
    }

    /// Starts a cell's spring begins from: rest itself, just inside and just outside the
    /// tolerances, the presets' usual ones, and random offsets and release velocities.
    static func generatedStarts(count: Int, seed: UInt64) -> [(x0: Double, v0: Double)] {
        var random = SplitMix64(seed: seed)
        func uniform(_ extent: Double) -> Double { (Double(random.next() >> 11) / Double(1 << 53) * 2 - 1) * extent }
        var starts: [(x0: Double, v0: Double)] = [
            (0, 0), (0.49, 0), (0.5, 0), (-0.5, 0), (0, 0.99), (0, 1), (0, -1), (0.49, -0.99), (160, 0), (-160, 0),
            (130, -600),
            (240, 0), (-80, 0), (0, 5000),
        ]
        while starts.count < count {
            starts.append(random.next() % 4 == 0 ? (uniform(2), uniform(3)) : (uniform(700), uniform(6000)))
        }
        return starts
    }

    /// `Spring.sinCos` (one argument reduction for both, what the closed form and the settle
    /// search use) gives the very doubles `Spring.sin` and `Spring.cos` give, over the angles a
    /// spring's phase takes (small steps, a whole settle, far past it) and their negatives.
    @Test func sinCosGivesTheDoublesOfSinAndCos() {
        var random = SplitMix64(seed: 2604)
        var angles: [Double] = [0, -0.0, 0.001, .pi / 2, .pi, -.pi, 2 * .pi, 1e6]
        while angles.count < 4_000 {
            let magnitude = [1.0, 100, 10_000][Int(random.next() % 3)]
            angles.append((Double(random.next() % 2_000_001) / 1_000_000 - 1) * magnitude)
        }
        for x in angles {
            let both = Spring.sinCos(x)
            expectEqual(both.sin.bitPattern, Spring.sin(x).bitPattern, "sin \(x)")
            expectEqual(both.cos.bitPattern, Spring.cos(x).bitPattern, "cos \(x)")
        }
    }

    /// `Spring.exp`'s series summed to 20 terms (of e^r, with
    /// x = k·ln2 + r), without its guards: the reference the exponential is compared with.
    static func twentyTermExpSeries(_ x: Double) -> Double {
        let ln2 = 0.693_147_180_559_945_3
        let k = Spring.roundedToNearest(x / ln2)
        let r = x - k * ln2
        var term = 1.0
        var sum = 1.0
        for n in 1...20 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    /// `Spring.exp` answers both zeros without its series (a spring drawn at the instant it
    /// starts): the double the series gives, which this test still computes, as it does for
    /// the arguments around them.
    @Test func expOfZeroIsTheSeriesDouble() {
        let series = Self.twentyTermExpSeries
        for x in [0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300, -1e-300, 1e-9, -9 * 0.001] {
            expectEqual(Spring.exp(x).bitPattern, series(x).bitPattern, "exp \(x)")
        }
        #expect(Spring.exp(0) == 1 && Spring.exp(-0.0) == 1)
    }

    /// `Spring.exp` sums 13 terms of its series where it summed 20: the 20-term series, kept
    /// here, gives the same double for every generated argument, both ends of the range (-745,
    /// 709 and around them), the multiples of ln2 and the halves between them (where the reduced
    /// argument is largest), tiny and subnormal ones.
    @Test func expMatchesItsTwentyTermSeriesToTheBit() {
        func series(_ x: Double) -> Double {
            if x.isNaN { return x }
            if x == 0 { return 1 }
            if x < -745 { return 0 }
            if x > 709 { return .infinity }
            return Self.twentyTermExpSeries(x)
        }
        let ln2 = 0.693_147_180_559_945_3
        var random = SplitMix64(seed: 2611)
        var arguments: [Double] = [
            -745, 709, -744.999_999_999_999_9, 708.999_999_999_999_9, -745.000_000_000_000_1, 709.000_000_000_000_1,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300, -1e-300, .infinity, -.infinity, 1, -1,
        ]
        for k in -1075...1023 {
            for offset in [-0.5, 0.5] {
                let x = (Double(k) + offset) * ln2
                arguments += [x, x.nextUp, x.nextDown]
            }
        }
        while arguments.count < 60_000 {
            let magnitude = [1.0, 20, 745][Int(random.next() % 3)]
            arguments.append((Double(random.next() >> 11) / Double(1 << 53) * 2 - 1) * magnitude)
        }
        for x in arguments {
            expectEqual(Spring.exp(x).bitPattern, series(x).bitPattern, "exp \(x)")
        }
    }

    /// A start at rest settles at millisecond 0 for every spring, as the scan finds, zeros of
    /// either sign included (answered before the kept settle times are looked up).
    @Test func aStartAtRestSettlesAtOnceAsTheScanFinds() {
        for spring in Self.generatedSprings(count: 60, seed: 2606) + [Spring()] {
            for (x0, v0) in [(0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0)] {
                expectEqual(spring.settleTimeByStepping(x0: x0, v0: v0), .zero, "\(spring)")
                expectEqual(spring.settleTime(x0: x0, v0: v0), .zero, "\(spring)")
            }
        }
    }

    /// The closed form's own rounding is the C library's `round` (`Double.rounded()`) to the
    /// bit: ties away from zero, the sign of a zero kept, NaN, the infinities and whole numbers
    /// past 2^52 as they are, and every generated value around the halves.
    @Test func roundedToNearestIsRoundToTheBit() {
        var random = SplitMix64(seed: 2605)
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.499_999_999_999_999_94, -0.499_999_999_999_999_94,
            0.3, -0.3, 4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 4_503_599_627_370_496, 1e300, -1e300,
            .infinity, -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        ]
        while values.count < 20_000 {
            let whole = Double(Int64(bitPattern: random.next()) % 2_000_000)
            let near = [0.5, -0.5, 0, 0.25, 0.75][Int(random.next() % 5)]
            let nudge = Double(Int64(random.next() % 5) - 2) * 1e-12
            values.append(whole + near + nudge)
            values.append(Double(bitPattern: random.next()))
        }
        for x in values {
            let expected = x.rounded()
            let rounded = Spring.roundedToNearest(x)
            #expect(
                rounded.bitPattern == expected.bitPattern || (rounded.isNaN && expected.isNaN),
                "\(x): \(rounded) against \(expected)")
        }
    }

    /// A fresh table of kept settle times holds nothing, not even for a key of all zero bits
    /// (its slots' words start at 0).
    @Test func freshSettleTimesHoldNothing() {
        let zero = SettleTimes.Key(Spring(mass: 0, stiffness: 0, damping: 0), x0: 0, v0: 0)
        let times = SettleTimes()
        expectEqual(times.milliseconds(for: zero), nil)
        times.remember(0, for: zero)
        expectEqual(times.milliseconds(for: zero), 0)
    }

    /// The motion's constants are the products the closed form always formed: every position
    /// and velocity is the same double as before, at every instant, for every kind of spring.
    @Test func theSpringSolvedOnceGivesTheSameDoublesAsBefore() {
        var random = SplitMix64(seed: 2601)
        for spring in Self.generatedSprings(count: 200, seed: 2602) {
            for (x0, v0) in Self.generatedStarts(count: 24, seed: random.next()) {
                let motion = SpringMotion(spring, x0: x0, v0: v0)
                for t in [0, 0.001, 0.016, 0.25, Double(random.next() % 10_000) / 1000, 10] {
                    let before = Self.closedFormAsBefore(spring, x0: x0, v0: v0, at: t)
                    let now = motion.closedForm(at: t)
                    #expect(
                        now.position.bitPattern == before.position.bitPattern
                            && now.velocity.bitPattern == before.velocity.bitPattern,
                        "\(spring) x0 \(x0) v0 \(v0) t \(t)")
                    expectEqual(
                        spring.closedForm(x0: x0, v0: v0, at: t).position.bitPattern, before.position.bitPattern)
                }
            }
        }
    }

    /// The settle search returns the very millisecond a scan of every millisecond from 0
    /// finds: for the presets' spring, for springs across the range (those that never come
    /// to rest included), from every kind of start.
    @Test func theSettleSearchFindsTheMillisecondAScanFinds() {
        var checked = 0
        var settledLater = 0
        for (index, spring) in Self.generatedSprings(count: 60, seed: 2603).enumerated() {
            for (x0, v0) in Self.generatedStarts(count: 20, seed: UInt64(index)) {
                let scanned = spring.settleTimeByStepping(x0: x0, v0: v0)
                let limit = Spring.maximumSettleTime.nanoseconds / 1_000_000
                let searched = SpringMotion(spring, x0: x0, v0: v0).firstRestMillisecond(limit: limit)
                expectEqual(searched.map { TimeAmount.milliseconds($0) }, scanned, "\(spring) x0 \(x0) v0 \(v0)")
                expectEqual(spring.settleTime(x0: x0, v0: v0), scanned)
                expectEqual(spring.settleTime(x0: x0, v0: v0), scanned)  // the second from the kept answers
                checked += 1
                if let searched, searched > 2 { settledLater += 1 }
            }
        }
        #expect(checked == 1200 && settledLater > 600)
    }

    /// Two starts that share a slot of the kept settle times each get their own answer: a
    /// slot answers only for the key it holds, the newest one.
    @Test func keptSettleTimesAnswerOnlyForTheirOwnStart() {
        let spring = Spring()
        let first = SettleTimes.Key(spring, x0: 160, v0: 0)
        var x0 = 161.0
        while SettleTimes.Key(spring, x0: x0, v0: 0).slot != first.slot { x0 += 1 }
        let times = SettleTimes()
        expectEqual(times.milliseconds(for: first), nil)
        times.remember(7, for: first)
        expectEqual(times.milliseconds(for: first), 7)
        let second = SettleTimes.Key(spring, x0: x0, v0: 0)
        expectEqual(times.milliseconds(for: second), nil)
        times.remember(9, for: second)
        #expect(times.milliseconds(for: second) == 9 && times.milliseconds(for: first) == nil)
        for start in [160.0, x0, 160, x0] {
            expectEqual(spring.settleTime(x0: start, v0: 0), spring.settleTimeByStepping(x0: start, v0: 0))
        }
    }

    /// A running spring segment is drawn with the same doubles as the spring solved afresh,
    /// and so is its mirror after the layout direction changes.
    @Test func aSpringSegmentIsDrawnAsTheSpringSolvedAfresh() {
        for spring in Self.generatedSprings(count: 30, seed: 2604) {
            var animation = Animation(
                from: -130, to: -240, start: t0, duration: .seconds(10), curve: .linear, spring: spring, velocity: -600)
            for ms: Int64 in [0, 1, 16, 100, 333, 2000, 9999] {
                let expected = -240 + Self.closedFormAsBefore(spring, x0: 110, v0: -600, at: Double(ms) / 1000).position
                let drawn = animation.value(at: Self.at(ms))
                expectEqual(drawn, (expected.isFinite ? expected : -240), "\(spring) \(ms) ms")
            }
            animation.mirror()
            for ms: Int64 in [0, 16, 333] {
                let expected = 240 + Self.closedFormAsBefore(spring, x0: -110, v0: 600, at: Double(ms) / 1000).position
                expectEqual(animation.value(at: Self.at(ms)), expected)
            }
        }
    }

    /// A spring segment made from a settle (found, or kept by the shared settle times and
    /// handed over with its motion's constants) is drawn with the doubles the spring solved
    /// afresh at each drawing gives (``Spring/solve(x0:v0:at:)``, a result the doubles cannot
    /// hold as at rest), over generated springs and starts, springs past a checked
    /// configuration's limits included, at every tenth millisecond of the segment and its last;
    /// and so is its mirror. The settle and the kept settle agree.
    @Test func aSegmentFromAKeptSettleIsDrawnAsTheSpringSolvedAfresh() {
        let wild = [
            Spring(mass: 1, stiffness: 1e12, damping: 1), Spring(mass: 1e-9, stiffness: 1e9, damping: 1e-9),
            Spring(mass: 1, stiffness: 100, damping: -5), Spring(mass: 1, stiffness: 1e300, damping: 1e300),
            Spring(mass: 1, stiffness: 100, damping: 1e200),
        ]
        let springs = Self.generatedSprings(count: 40, seed: 2613) + wild
        let starts = Self.generatedStarts(count: 24, seed: 2614) + [(1e160, 0), (3, 1e160)]
        for spring in springs {
            for (start, v0) in starts {
                // As the cell makes it: the start is the drawn offset minus the model's.
                let to = -240.0
                let from = to + start
                let x0 = from - to
                let found = spring.settle(x0: x0, v0: v0)
                let kept = spring.settle(x0: x0, v0: v0)
                #expect(found.duration == kept.duration && found.path == kept.path, "\(spring) \(x0) \(v0)")
                expectEqual(found.duration, spring.settleTimeByStepping(x0: x0, v0: v0))
                guard found.duration > .zero, let path = kept.path else {
                    expectEqual(found.duration, .zero)
                    continue
                }
                var animation = Animation(
                    from: from, to: to, start: t0, duration: found.duration, curve: .linear, path: path)
                let ms = found.duration.nanoseconds / 1_000_000
                var instants = Array(stride(from: Int64(0), to: ms, by: 10))
                instants.append(ms - 1)
                for at in instants {
                    let t = Double(at) / 1000
                    let expected = to + spring.solve(x0: from - to, v0: v0, at: t).position
                    expectEqual(animation.value(at: Self.at(at)).bitPattern, expected.bitPattern, "\(spring) \(at)")
                }
                animation.mirror()
                for at in instants.prefix(20) {
                    let t = Double(at) / 1000
                    let expected = -to + spring.solve(x0: -from - -to, v0: -v0, at: t).position
                    let drawn = animation.value(at: Self.at(at))
                    expectEqual(drawn.bitPattern, expected.bitPattern, "mirror \(spring) \(at)")
                }
            }
        }
    }

    /// The settle times kept hand back the segment's motion they were given, of every kind.
    @Test func keptSettleTimesHandBackTheirMotion() {
        let times = SettleTimes()
        let paths: [SpringPath?] = [
            .underdamped(rate: -9, omegaD: 4.358_898_943_540_674, a: 110, b: -0.5), .critical(rate: -10, b: 1.25),
            .overdamped(r1: -0.5, r2: -39.5, a: -0.0, b: 7), nil,
        ]
        for (index, path) in paths.enumerated() {
            let key = SettleTimes.Key(Spring(), x0: Double(index + 1), v0: 0)
            times.remember(Int64(100 + index), path: path, for: key)
            let kept = times.settle(for: key)
            #expect(kept?.milliseconds == Int64(100 + index) && kept?.path == path, "\(String(describing: path))")
            expectEqual(times.milliseconds(for: key), Int64(100 + index))
        }
        // A `.solved` motion is kept as none: the caller solves it with its own spring.
        let key = SettleTimes.Key(Spring(), x0: 9, v0: 0)
        times.remember(5, path: .solved(Spring(), v0: 0), for: key)
        expectEqual(times.settle(for: key)?.path, nil)
    }

    @Test func theSettleBoundsLogarithmMatchesFoundations() {
        for x in [1e-300, 1e-10, 0.001, 0.5, 0.7071, 1, 1.4142, 1.5, 2, 3, 10, 1234.5, 1e10, 1e300] {
            #expect(abs(Spring.log(x) - Foundation.log(x)) <= 1e-14 * max(1, abs(Foundation.log(x))), "\(x)")
        }
        #expect(Spring.log(0) == -.infinity && Spring.log(-1).isNaN)
    }
}
