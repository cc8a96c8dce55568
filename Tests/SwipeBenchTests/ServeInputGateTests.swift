import Testing

@testable import SwipeBench

/// The callgrind gate's `serve.input` workload (scripts/callgrind-gate.sh) runs outside
/// callgrind too: its drag pans row 3 and every move is answered with a frame.
@Suite struct ServeInputGateTests {
    @Test func theServeInputWorkloadPansRow3() throws {
        try GateWorkload.serveInput.run(count: 120, root: root)
        #expect(GateWorkload(rawValue: "serve.input") == .serveInput)
    }

    /// The repository root: three components up from Tests/SwipeBenchTests/this file.
    var root: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }
}
