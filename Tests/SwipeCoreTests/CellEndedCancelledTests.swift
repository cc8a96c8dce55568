import SwipeTestSupport
import Testing

@testable import SwipeCore

/// `UIGestureRecognizerStateEnded` and `Cancelled`, and the thresholds for 1, 2 and 3 buttons.
struct CellEndedCancelledTests {
    let t0 = VirtualInstant.start

    static func buttons(_ widths: [Double]) -> CellConfiguration {
        CellConfiguration(
            buttons: widths.enumerated().map {
                SwipeButton(id: "b\($0.offset + 1)", title: "B\($0.offset + 1)", width: $0.element)
            })
    }

    func released(at reveal: Double, startingOpen: Bool, configuration: CellConfiguration = .tutorial) -> (
        SwipeCell, CellEffects
    ) {
        var cell = SwipeCell(configuration: configuration)
        if startingOpen { cell.openCell(at: t0) }
        cell.panBegan(translation: 0)
        let start = startingOpen ? configuration.totalWidth : 0
        _ = cell.panChanged(translation: start - reveal, at: t0)
        let effects = cell.panEnded(at: t0)
        return (cell, effects)
    }

    @Test func fromClosedAtHalfOfButtonOneOpensAndNotifies() {  // 1-3
        let (cell, effects) = released(at: 40, startingOpen: false)
        expectEqual(effects.notification, .didOpen)
        expectEqual(effects.completion?.step, .openSettle)
        expectEqual(cell.right, 180)
        expectEqual(cell.gesture, .idle)
    }

    @Test func fromClosedBelowHalfOfButtonOneClosesAndNotifies() {
        let (cell, effects) = released(at: 39.5, startingOpen: false)
        expectEqual(effects.notification, .didClose)
        expectEqual(effects.completion?.step, .closeSettle)
        expectEqual(cell.right, -20)
        expectEqual(cell.left, 20)
    }

    @Test func fromOpenAtButtonOnePlusHalfOfButtonTwoStaysOpen() {  // 4-5
        let (cell, effects) = released(at: 120, startingOpen: true)
        expectEqual(effects.notification, .didOpen)
        expectEqual(effects.completion?.step, .openSettle)
        expectEqual(cell.right, 180)
    }

    @Test func fromOpenBelowTheCloseThresholdCloses() {
        let (cell, effects) = released(at: 119, startingOpen: true)
        expectEqual(effects.notification, .didClose)
        expectEqual(cell.right, -20)
    }

    @Test func anOpenCellTouchedAndReleasedNotifiesOpenAgainAndBailsOut() {  // quirk: notify before bail-out
        var cell = SwipeCell()
        cell.openCell(at: t0)
        cell.panBegan(translation: 0)
        expectEqual(cell.panEnded(at: t0), CellEffects(notification: .didOpen))
        expectEqual(cell.right, 160)
    }

    @Test func aClosedCellTouchedAndReleasedNotifiesClose() {  // quirk: a close for a row never opened
        var cell = SwipeCell()
        cell.panBegan(translation: 0)
        expectEqual(cell.panEnded(at: t0), CellEffects(notification: .didClose))
    }

    @Test(arguments: [
        ([80.0], 40.0, 40.0, 80.0),
        ([80.0, 80.0], 40.0, 120.0, 160.0),
        ([60.0, 70.0, 90.0], 30.0, 175.0, 220.0),
    ])
    func defaultThresholds(widths: [Double], open: Double, close: Double, total: Double) {
        let configuration = Self.buttons(widths)
        expectEqual(configuration.effectiveOpenThreshold, open)
        expectEqual(configuration.effectiveCloseThreshold, close)
        expectEqual(configuration.totalWidth, total)
        expectEqual(released(at: open, startingOpen: false, configuration: configuration).1.notification, .didOpen)
        expectEqual(
            released(at: open - 0.5, startingOpen: false, configuration: configuration).1.notification, .didClose)
        expectEqual(released(at: close, startingOpen: true, configuration: configuration).1.notification, .didOpen)
        expectEqual(
            released(at: close - 0.5, startingOpen: true, configuration: configuration).1.notification, .didClose)
    }

    @Test func configuredThresholdsReplaceTheDefaults() {
        var configuration = CellConfiguration.tutorial
        configuration.openThreshold = 100
        configuration.closeThreshold = 30
        expectEqual(released(at: 99, startingOpen: false, configuration: configuration).1.notification, .didClose)
        expectEqual(released(at: 100, startingOpen: false, configuration: configuration).1.notification, .didOpen)
        expectEqual(released(at: 30, startingOpen: true, configuration: configuration).1.notification, .didOpen)
    }

    @Test func cancelledFromClosedResetsAndNotifiesClose() {
        var cell = SwipeCell()
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: -150, at: t0)
        let effects = cell.panCancelled(at: t0)
        expectEqual(effects.notification, .didClose)
        expectEqual(effects.completion?.step, .closeSettle)
        expectEqual(cell.right, -20)
    }

    @Test func cancelledFromOpenReopensAndNotifiesOpen() {
        var cell = SwipeCell()
        cell.openCell(at: t0)
        cell.panBegan(translation: 0)
        _ = cell.panChanged(translation: 150, at: t0)  // snapped closed mid-pan (no notify)
        let effects = cell.panCancelled(at: t0)
        expectEqual(effects.notification, .didOpen)
        expectEqual(effects.completion?.step, .openSettle)
        expectEqual(cell.right, 180)
        expectEqual(cell.gesture, .idle)
    }
}

struct CellWithoutButtonsTests {
    @Test func aCellWithNoButtonsNeitherMovesNorNotifies() {
        var cell = SwipeCell(configuration: CellConfiguration(buttons: []))
        cell.panBegan(translation: 0)
        expectEqual(cell.panChanged(translation: -100, at: .start), CellEffects())
        expectEqual(cell.right, 0)
        expectEqual(cell.panEnded(at: .start), CellEffects())
        expectEqual(cell.gesture, .idle)
        cell.panBegan(translation: 0)
        expectEqual(cell.panCancelled(at: .start), CellEffects())
    }
}
