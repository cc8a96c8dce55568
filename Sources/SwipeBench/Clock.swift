import Glibc

/// The wall clock, for benchmarks only (the core never reads it).
enum Clock {
    static func nanoseconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
    }

    /// Nanoseconds `body` takes.
    static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = nanoseconds()
        try body()
        return nanoseconds() - start
    }
}
