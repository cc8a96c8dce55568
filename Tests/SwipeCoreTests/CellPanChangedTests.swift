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
        #expect(cell.gesture == .panning(startX: 12))
        #expect(cell.startingRight == 160)
    }

    @Test func closedPanningLeftFollowsTheFinger() {  // closed 6 and 8
        var cell = closedCell()
        #expect(cell.panChanged(translation: -30, at: t0) == CellEffects())
        #expect(cell.right == 30)
        #expect(cell.left == -30)
    }

    @Test func deltaIsMeasuredFromTheBeganTranslation() {  // translationInView minus panStartPoint
        var cell = SwipeCell()
        cell.panBegan(translation: 10)
        _ = cell.panChanged(translation: -15, at: t0)
        #expect(cell.right == 25)
    }

    @Test func closedPanningLeftPastTheButtonsSnapsOpenWithoutNotifying() {  // closed 6 and 7
        var cell = closedCell()
        let effects = cell.panChanged(translation: -200, at: t0)
        #expect(effects == CellEffects(notification: nil, completion: settle))
        #expect(cell.right == 180)
        #expect(cell.left == -180)
    }

    @Test func closedPanningLeftExactlyToTheTotalWidthSnapsOpen() {  // 7: constant == buttonTotalWidth
        var cell = closedCell()
        #expect(cell.panChanged(translation: -160, at: t0).completion == settle)
        #expect(cell.right == 180)
    }

    @Test func closedPanningRightOfTheStartCallsTheCloseSnapWhichBailsOut() {  // closed 3 and 4
        var cell = closedCell()
        #expect(cell.panChanged(translation: 25, at: t0) == CellEffects())
        #expect(cell.right == 0)
        #expect(cell.left == 0)
    }

    @Test func closedPanningBackRightOfTheStartSnapsClosedWithBounce() {  // closed 3, 4 after a reveal
        var cell = closedCell()
        _ = cell.panChanged(translation: -30, at: t0)
        let effects = cell.panChanged(translation: 5, at: t0)
        #expect(
            effects
                == CellEffects(
                    completion: ScheduledStep(step: .closeSettle, deadline: t0 + .milliseconds(100 as Int64))))
        #expect(cell.right == -20)
        #expect(cell.left == 20)
    }

    @Test func closedBranchNeverSetsAPositiveConstantWhenPanningRight() {  // quirk: 5 is unreachable
        var cell = closedCell()
        for x in stride(from: 0.0, through: 300, by: 7.5) {
            _ = cell.panChanged(translation: x, at: t0)
            #expect(cell.right == 0)
        }
    }

    @Test func openPanningRightSubtractsTheDeltaFromTheStart() {  // open 1, 2 and 4
        var cell = openCell()
        #expect(cell.panChanged(translation: 30, at: t0) == CellEffects())
        #expect(cell.right == 130)
        #expect(cell.left == -130)
    }

    @Test func openPanningRightPastTheEdgeSnapsClosedWithoutNotifying() {  // open 2 and 3
        var cell = openCell()
        let effects = cell.panChanged(translation: 200, at: t0)
        #expect(effects.notification == nil)
        #expect(effects.completion?.step == .closeSettle)
        #expect(cell.right == -20)
        #expect(cell.left == 20)
    }

    @Test func openPanningLeftFromAPartlyOpenStart() {  // open 5 and 7
        var partly = SwipeCell()
        partly.right = 50
        partly.left = -50
        partly.panBegan(translation: 0)
        #expect(partly.startingRight == 50)
        #expect(partly.panChanged(translation: -20, at: t0) == CellEffects())
        #expect(partly.right == 70)
    }

    @Test func openPanningLeftPastTheButtonsBailsOutOfTheOpenSnap() {  // open 5, 6 and the bail-out
        var cell = openCell()
        #expect(cell.panChanged(translation: -40, at: t0) == CellEffects())
        #expect(cell.right == 160)
        #expect(cell.left == -160)
    }

    @Test func openPanningLeftPastTheButtonsAfterMovingBackBouncesAgain() {  // open 6 without bail-out
        var cell = openCell()
        _ = cell.panChanged(translation: 30, at: t0)
        let effects = cell.panChanged(translation: -10, at: t0)
        #expect(effects.completion == settle)
        #expect(cell.right == 180)
        #expect(cell.left == -180)
    }

    @Test func aZeroDeltaCountsAsPanningRight() {  // 1: panningLeft only when strictly left
        var cell = openCell()
        #expect(cell.panChanged(translation: 0, at: t0) == CellEffects())
        #expect(cell.right == 160)
    }

    @Test func repeatedMovesPastTheButtonsEachStartANewBounce() {  // quirk: no bail-out while startingRight is 0
        var cell = closedCell()
        #expect(cell.panChanged(translation: -170, at: t0).completion == settle)
        #expect(cell.panChanged(translation: -180, at: t0).completion == settle)
    }

    @Test func changedWithoutBeganDoesNothing() {
        var cell = SwipeCell()
        #expect(cell.panChanged(translation: -50, at: t0) == CellEffects())
        #expect(cell.right == 0)
    }
}
