import Dispatch

extension PlaygroundServer {
    /// ``run(onRunning:)`` from synchronous code (the command line): blocks until the server
    /// has stopped, rethrowing what stopped it otherwise than by a signal.
    public func runBlocking(onRunning: @escaping @Sendable (Int) async -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        let server = self
        Task.detached {
            do {
                try await server.run(onRunning: onRunning)
            } catch {
                failure.error = error
            }
            done.signal()
        }
        done.wait()
        if let error = failure.error { throw error }
    }
}

/// Carries the error out of the server's task (set before the semaphore is signalled, read after).
private final class FailureBox: @unchecked Sendable {
    var error: (any Error)?
}
