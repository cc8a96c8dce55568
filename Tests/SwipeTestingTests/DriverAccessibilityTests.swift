import Foundation
import LuaRuntime
import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// Row ids and accessibility actions through the test driver: `t:cell(id)`, `t:activate(row, id)`, `t:actions(row)`.
struct DriverAccessibilityTests {
    static func runSpec(_ source: String) throws -> SpecFileReport {
        let folder = try TestFiles.folder("a11y")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a11y_spec.lua").path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return SpecRunner().run(file: path)
    }

    @Test func activateAndCellByIDInASpec() throws {
        let report = try Self.runSpec(
            """
            local swipe = require("swipe")
            describe("a11y", function()
              it("activates without opening", function()
                local t = swipe.table {}
                local events = t:activate(3, "two")
                assert.are.same({ { event = "action", row = 3, button = "two", index = 2, accessibility = true, t = 0 } }, events)
                assert.are.same("closed", t:cell(3).state)
                assert.are.same({}, t:open_rows())
              end)
              it("finds a cell by id", function()
                local t = swipe.table {}
                t:swipe(7, -120)
                t:wait(500)
                assert.are.same(t:cell(7), t:cell("#7"))
                assert.are.same("open", t:cell("#7").state)
              end)
              it("lists the actions", function()
                local t = swipe.table {}
                assert.are.same({ { label = "Button 1", side = "trailing", button = "one", index = 1 },
                                  { label = "Button 2", side = "trailing", button = "two", index = 2 } }, t:actions("#3"))
              end)
              it("names a bad button and a bad id", function()
                local t = swipe.table {}
                local ok, message = pcall(t.activate, t, 3, "tow")
                assert.is_false(ok)
                assert.truthy(message:find("row 3 has no button 'tow' (did you mean 'two'?)", 1, true))
                ok, message = pcall(t.cell, t, "#99")
                assert.is_false(ok)
                assert.truthy(message:find("cell: no row has id '#99' (did you mean '#9'?)", 1, true))
              end)
            end)
            """)
        expectEqual(report.results.count, 4)
        #expect(report.results.allSatisfy { $0.status == .passed }, "\(report.results.map(\.message))")
    }

    /// A name id, given as `"#m42"` or `"m42"`, finds its row after rows moved.
    @Test func aNameIDFindsItsRow() throws {
        var configuration = SessionConfiguration(
            items: TableItems(["a", "b", "c"], ids: [.number(1), .name("m42"), .number(3)]))
        configuration.plugins = []
        let driver = try SwipeDriver(options: SwipeDriver.Options(configuration: configuration))
        try driver.table.deleteRow(1)
        expectEqual(try driver.row(.string("#m42"), method: "cell"), 1)
        expectEqual(try driver.row(.string("m42"), method: "cell"), 1)
        expectEqual(try driver.row(.integer(2), method: "cell"), 2)
        #expect(throws: SwipeDriver.Failure.self) { try driver.row(.string("#m24"), method: "cell") }
        do {
            _ = try driver.row(.string("#m24"), method: "cell")
        } catch {
            expectEqual(error.description, "cell: no row has id '#m24' (did you mean '#m42'?)")
        }
        try driver.activate(row: try driver.row(.string("#m42"), method: "activate"), button: "one")
        expectEqual(driver.host.recorder.records.last?.accessibility, true)
    }
}
