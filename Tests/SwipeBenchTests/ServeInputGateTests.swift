import SwipeTestSupport
import Testing

@testable import SwipeBench

/// The callgrind gate's `serve.input` workload (scripts/callgrind-gate.sh) runs outside
/// callgrind too: its drag pans row 3 and every move is answered with a frame.
@Suite struct ServeInputGateTests {
    @Test func theServeInputWorkloadPansRow3() throws {
        try GateWorkload.serveInput.run(count: 120, root: Repository.rootPath)
        expectEqual(GateWorkload(rawValue: "serve.input"), .serveInput)
    }
}
