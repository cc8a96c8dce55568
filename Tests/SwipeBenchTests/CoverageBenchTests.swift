import SwipePlugins
import Testing

@testable import SwipeBench

/// The generated plugin behind `test.coverage_overhead`.
struct CoverageBenchTests {
    @Test(arguments: [5_000, 1_000, 123])
    func theGeneratedPluginHasExactlyTheLinesAsked(lines: Int) throws {
        let source = Benchmarks.generatedPlugin(lines: lines)
        #expect(source.split(separator: "\n", omittingEmptySubsequences: false).count == lines + 1)
        #expect(source.hasSuffix("}\n"))
        let plugin = try Plugin(name: "generated.lua", source: source)
        #expect(plugin.name == "generated")
    }
}
