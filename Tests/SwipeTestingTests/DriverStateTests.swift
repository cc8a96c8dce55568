import Foundation
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// The driver's `t:cell(row).state` as the shipped physics spec checks it.
struct DriverStateTests {
    @Test func aRowResetByAFullSwipeIsMovingUntilItIsDrawnClosed() {
        let report = SpecRunner().run(file: Repository.path("spec/physics_spec.lua"))
        let name = "physics reports a row reset by a full swipe as moving until it is drawn closed"
        let result = report.results.first { $0.name == name }
        expectEqual(result?.status, .passed, "\(result?.message ?? "not run")")
        #expect(report.results.allSatisfy { $0.status == .passed }, "\(report.results.map(\.message))")
    }
}
