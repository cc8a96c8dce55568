import Glibc
import SwipeScript

/// Child processes and memory, for the whole-process figures.
enum Process {
    /// Runs `arguments` (argv[0] is the program path) with stdout/stderr to /dev/null;
    /// returns the wall time in nanoseconds and the exit status.
    static func run(_ arguments: [String]) -> (nanoseconds: Double, status: Int32) {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let start = Clock.nanoseconds()
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return (0, -1) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let elapsed = Clock.nanoseconds() - start
        return (elapsed, (status >> 8) & 0xFF)
    }

    /// Runs `arguments` with stdout to the file at `stdout` (stderr to /dev/null); returns its
    /// exit status, its CPU time (user and system seconds, from `wait4`) and its peak resident
    /// set size in KiB (`ru_maxrss`). That
    /// figure includes the peak of the process that spawns it (`exec` folds it in): call this
    /// from a small process (see ``Benchmarks/probeReplayMemory(script:output:root:)``).
    static func run(_ arguments: [String], stdout: String) -> (
        status: Int32, peakKilobytes: Double, cpuSeconds: Double
    ) {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_TRUNC | O_CREAT, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return (-1, .nan, .nan) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ((status >> 8) & 0xFF, Double(usage.ru_maxrss), seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Runs `arguments` and returns what it printed on stdout.
    static func output(_ arguments: [String]) -> String? {
        var pipes: [Int32] = [0, 0]
        guard pipe(&pipes) == 0 else { return nil }
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipes[0])
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return nil }
        close(pipes[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipes[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        close(pipes[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// This process's resident set size in MiB (`VmRSS` of /proc/self/status).
    static func residentMegabytes() -> Double {
        guard let file = fopen("/proc/self/status", "r") else { return .nan }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = FileReading.string(line)
            if text.hasPrefix("VmRSS:") {
                let digits = text.filter(\.isNumber)
                return (Double(digits) ?? .nan) / 1024
            }
        }
        return .nan
    }
}
