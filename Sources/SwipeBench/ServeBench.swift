import SwipeCore
import SwipePlayground
import SwipePlugins

extension Benchmarks {
    /// µs on the server from a pointer message received (its JSON text) to its frame encoded
    /// (JSON text): decoding, mapping to a `pan move`, running it through the session and
    /// `plugins/tutorial.lua`, and encoding the visible rows. One session, one long drag of row
    /// 3 back and forth: the median and the 99th percentile of the per-message times.
    func serveInput() throws -> (median: Figure, p99: Figure) {
        let moves = quick ? 2_000 : 10_000
        let configuration = SessionConfiguration(plugins: [.file(tutorialPlugin)])
        let session: PlaygroundSession
        do {
            session = try PlaygroundSession(id: "bench", configuration: configuration)
        } catch {
            throw BenchError(message: "serve.input_us: \(error)")
        }
        _ = session.greeting()
        func pointer(_ phase: String, x: Double, t: Double) -> String {
            #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":110,"t":\#(t),"id":1}"#
        }
        // Built before the clock starts: the figure is the server's work, not making messages.
        let warmUp = 200
        let messages = (0..<(warmUp + moves)).map { index in
            // Between 40 and 160 px left of where the press began, a 60 Hz move each.
            let x = 200 - 60 * Double(index % 120 < 60 ? index % 60 : 60 - index % 60)
            return pointer("move", x: x, t: 1 + Double(index) * 16)
        }
        _ = session.receive(pointer("down", x: 300, t: 0))
        var samples: [Double] = []
        samples.reserveCapacity(moves)
        var bytes = 0
        for (index, message) in messages.enumerated() {
            var replies: [String] = []
            let elapsed = Clock.measure { replies = session.receive(message) }
            if index >= warmUp { samples.append(elapsed / 1_000) }
            bytes += replies.last?.utf8.count ?? 0
        }
        guard bytes > 0, session.session.table.cell(forRow: 3)?.isTracking == true else {
            throw BenchError(message: "serve.input_us: the moves did not pan row 3")
        }
        samples.sort()
        let p99 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.99).rounded(.up)) - 1)]
        return (
            Figure(name: "serve.input_us", value: median(samples), unit: "us", n: moves, target: nil),
            Figure(name: "serve.input_p99_us", value: p99, unit: "us", n: moves, target: (.atMost, 1_000))
        )
    }
}
