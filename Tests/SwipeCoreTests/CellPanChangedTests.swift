import SwipeTestSupport
import Testing

@testable import SwipeCore

/// The numbered cases of `UIGestureRecognizerStateChanged`, each as the tutorial explains it.
struct CellPanChangedTests {
    let t0 = VirtualInstant.start
    let settle = ScheduledStep(step: .openSettle, deadline: .start + .milliseconds(100 as Int64))

    func closedCell() -> SwipeCell {
        var cell = SwipeCell()
        cell.panBegan(translation: 0)
        return cell
    }

    func openCell() -> SwipeCell {
        var cell = SwipeCell()
        cell.openCell(at: t0)
        cell.panBegan(translation: 0)
        return cell
    }

    @Test func beganStoresTheStartAndTheStartingConstant() {
        var cell = SwipeCell()
        cell.openCell(at: t0)
        cell.panBegan(translation: 12)
        expectEqual(cell.gesture, .panning(startX: 12))
        expectEqual(cell.startingRight, 160)
    }

    @Test func closedPanningLeftFollowsTheFinger() {  // closed 6 and 8
        var cell = closedCell()
        expectEqual(cell.panChanged(translation: -30, at: t0), CellEffects())
        expectEqual(cell.right, 30)
        expectEqual(cell.left, -30)
    }

    @Test func deltaIsMeasuredFromTheBeganTranslation() {  // translationInView minus panStartPoint
        var cell = SwipeCell()
        cell.panBegan(translation: 10)
        _ = cell.panChanged(translation: -15, at: t0)
        expectEqual(cell.right, 25)
    }

    @Test func closedPanningLeftPastTheButtonsSnapsOpenWithoutNotifying() {  // closed 6 and 7
        var cell = closedCell()
        let effects = cell.panChanged(translation: -200, at: t0)
        expectEqual(effects, CellEffects(notification: nil, completion: settle))
        expectEqual(cell.right, 180)
        expectEqual(cell.left, -180)
    }

    @Test func closedPanningLeftExactlyToTheTotalWidthSnapsOpen() {  // 7: constant == buttonTotalWidth
        var cell = closedCell()
        expectEqual(cell.panChanged(translation: -160, at: t0).completion, settle)
        expectEqual(cell.right, 180)
    }

    @Test func closedPanningRightOfTheStartCallsTheCloseSnapWhichBailsOut() {  // closed 3 and 4
        var cell = closedCell()
        expectEqual(cell.panChanged(translation: 25, at: t0), CellEffects())
        expectEqual(cell.right, 0)
        expectEqual(cell.left, 0)
    }

    @Test func closedPanningBackRightOfTheStartSnapsClosedWithBounce() {  // closed 3, 4 after a reveal
        var cell = closedCell()
        _ = cell.panChanged(translation: -30, at: t0)
        let effects = cell.panChanged(translation: 5, at: t0)
        expectEqual(
            effects,
            CellEffects(
                completion: ScheduledStep(step: .closeSettle, deadline: t0 + .milliseconds(100 as Int64))))
        expectEqual(cell.right, -20)
        expectEqual(cell.left, 20)
    }

    @Test func closedBranchNeverSetsAPositiveConstantWhenPanningRight() {  // quirk: 5 is unreachable
        var cell = closedCell()
        for x in stride(from: 0.0, through: 300, by: 7.5) {
            _ = cell.panChanged(translation: x, at: t0)
            expectEqual(cell.right, 0)
        }
    }

    @Test func openPanningRightSubtractsTheDeltaFromTheStart() {  // open 1, 2 and 4
        var cell = openCell()
        expectEqual(cell.panChanged(translation: 30, at: t0), CellEffects())
        expectEqual(cell.right, 130)
        expectEqual(cell.left, -130)
    }

    @Test func openPanningRightPastTheEdgeSnapsClosedWithoutNotifying() {  // open 2 and 3
        var cell = openCell()
        let effects = cell.panChanged(translation: 200, at: t0)
        expectEqual(effects.notification, nil)
        expectEqual(effects.completion?.step, .closeSettle)
        expectEqual(cell.right, -20)
        expectEqual(cell.left, 20)
    }

    @Test func openPanningLeftFromAPartlyOpenStart() {  // open 5 and 7
        var partly = SwipeCell()
        partly.right = 50
        partly.left = -50
        partly.panBegan(translation: 0)
        expectEqual(partly.startingRight, 50)
        expectEqual(partly.panChanged(translation: -20, at: t0), CellEffects())
        expectEqual(partly.right, 70)
    }

    @Test func openPanningLeftPastTheButtonsBailsOutOfTheOpenSnap() {  // open 5, 6 and the bail-out
        var cell = openCell()
        expectEqual(cell.panChanged(translation: -40, at: t0), CellEffects())
        expectEqual(cell.right, 160)
        expectEqual(cell.left, -160)
    }

    @Test func openPanningLeftPastTheButtonsAfterMovingBackBouncesAgain() {  // open 6 without bail-out
        var cell = openCell()
        _ = cell.panChanged(translation: 30, at: t0)
        let effects = cell.panChanged(translation: -10, at: t0)
        expectEqual(effects.completion, settle)
        expectEqual(cell.right, 180)
        expectEqual(cell.left, -180)
    }

    @Test func aZeroDeltaCountsAsPanningRight() {  // 1: panningLeft only when strictly left
        var cell = openCell()
        expectEqual(cell.panChanged(translation: 0, at: t0), CellEffects())
        expectEqual(cell.right, 160)
    }

    @Test func repeatedMovesPastTheButtonsEachStartANewBounce() {  // quirk: no bail-out while startingRight is 0
        var cell = closedCell()
        expectEqual(cell.panChanged(translation: -170, at: t0).completion, settle)
        expectEqual(cell.panChanged(translation: -180, at: t0).completion, settle)
    }

    @Test func changedWithoutBeganDoesNothing() {
        var cell = SwipeCell()
        expectEqual(cell.panChanged(translation: -50, at: t0), CellEffects())
        expectEqual(cell.right, 0)
    }
}
