import Dispatch
import Synchronization

extension PlaygroundServer {
    /// ``run(onRunning:)`` from synchronous code (the command line): blocks until the server
    /// has stopped, rethrowing what stopped it otherwise than by a signal.
    public func runBlocking(onRunning: @escaping @Sendable (Int) async -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        // What stopped the server otherwise than by a signal: set before the semaphore is
        // signalled, read after.
        let failure = Mutex<(any Error)?>(nil)
        let server = self
        Task.detached {
            do {
                try await server.run(onRunning: onRunning)
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
