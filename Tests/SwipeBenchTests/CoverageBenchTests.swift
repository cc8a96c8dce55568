import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipeBench

/// The generated plugin behind `test.coverage_overhead`.
struct CoverageBenchTests {
    @Test(arguments: [5_000, 1_000, 123])
    func theGeneratedPluginHasExactlyTheLinesAsked(lines: Int) throws {
        let source = Benchmarks.generatedPlugin(lines: lines)
        expectEqual(source.split(separator: "\n", omittingEmptySubsequences: false).count, lines + 1)
        #expect(source.hasSuffix("}\n"))
        let plugin = try Plugin(name: "generated.lua", source: source)
        expectEqual(plugin.name, "generated")
    }
}
