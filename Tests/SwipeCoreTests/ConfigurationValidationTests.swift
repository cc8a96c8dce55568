import SwipeTestSupport
import Testing

@testable import SwipeCore

struct ConfigurationValidationTests {
    func button(_ id: String, _ width: Double) -> SwipeButton {
        SwipeButton(id: id, title: id.uppercased(), width: width)
    }

    @Test func theTutorialIsValid() {
        #expect(CellConfiguration.tutorial.problems(cellWidth: 320).isEmpty)
    }

    @Test func eachRuleNamesItsField() {
        var configuration = CellConfiguration(buttons: [button("a", 200), button("a", -1), button("b", .infinity)])
        configuration.bounce = -3
        configuration.duration = .seconds(-0.5)
        configuration.openThreshold = 0
        expectEqual(
            configuration.problems(cellWidth: 320),
            [
                FieldProblem(field: "buttons[2].width", message: "must be a finite number > 0, got -1"),
                FieldProblem(field: "buttons[2].id", message: "duplicate id 'a' (also buttons[1].id)"),
                FieldProblem(field: "buttons[3].width", message: "must be a finite number > 0, got inf"),
                FieldProblem(field: "bounce", message: "must be in [0, 10000] points, got -3"),
                FieldProblem(field: "duration", message: "must be >= 0 seconds, got -0.5"),
                FieldProblem(field: "open_threshold", message: "must be in (0, inf] (the total button width), got 0"),
            ])
    }

    @Test func buttonsWiderThanTheCellSayByHowMuch() {
        let configuration = CellConfiguration(buttons: [button("a", 200), button("b", 150)])
        expectEqual(
            configuration.problems(cellWidth: 320),
            [
                FieldProblem(field: "buttons", message: "are 350 points wide in total, 30 more than the 320-point cell")
            ])
    }

    @Test func thresholdsMustLieWithinTheButtons() {
        var configuration = CellConfiguration.tutorial
        configuration.closeThreshold = 160
        #expect(configuration.problems(cellWidth: 320).isEmpty)
        configuration.closeThreshold = 160.5
        expectEqual(
            configuration.problems(cellWidth: 320),
            [
                FieldProblem(
                    field: "close_threshold", message: "must be in (0, 160] (the total button width), got 160.5")
            ])
    }

    @Test func anEmptyButtonListIsAProblem() {
        expectEqual(CellConfiguration(buttons: []).problems(cellWidth: 320).map(\.field), ["buttons"])
    }
}
