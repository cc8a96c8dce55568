import Glibc
import LuaRuntime
import SwipeScript

/// Runs spec files in parallel processes: this executable again, once per file, with the
/// worker arguments; each worker's standard output goes to a temporary file, read back when it
/// exits. Results come back in the order of `files`, whatever order the workers finish in.
public struct WorkerPool {
    public var jobs: Int
    /// The arguments of the worker for one file (after the executable's name).
    public var arguments: (String) -> [String]
    /// Where the workers' coverage counts go (`--coverage`), if anywhere.
    public var coverage: LuaCoverage?

    public init(jobs: Int, arguments: @escaping (String) -> [String]) {
        self.jobs = max(1, jobs)
        self.arguments = arguments
    }

    public func run(_ files: [String]) -> [SpecFileReport] {
        let executable = FileReading.executablePath()
        var reports = [SpecFileReport?](repeating: nil, count: files.count)
        var running: [pid_t: (index: Int, output: String)] = [:]
        var next = 0
        while next < files.count || !running.isEmpty {
            while running.count < jobs && next < files.count {
                let index = next
                next += 1
                switch spawn(executable, arguments(files[index])) {
                case .success(let child): running[child.pid] = (index, child.output)
                case .failure(let message): reports[index] = Self.failure(files[index], message)
                }
            }
            guard !running.isEmpty else { continue }
            var status: Int32 = 0
            let pid = waitpid(-1, &status, 0)
            if pid < 0 {
                if errno == EINTR { continue }
                for (_, child) in running {
                    reports[child.index] = Self.failure(files[child.index], "lost the worker process")
                }
                break
            }
            guard let child = running.removeValue(forKey: pid) else { continue }
            let text =
                (try? FileReading.bytes(atPath: child.output, limit: .max)).map { String(decoding: $0, as: UTF8.self) }
                ?? ""
            unlink(child.output)
            if let report = WorkerProtocol.decode(text) {
                reports[child.index] = report
                if let coverage {
                    for file in WorkerProtocol.decodeCoverage(text) { coverage.add(file) }
                }
            } else {
                let how =
                    (status & 0x7f) == 0
                    ? "exited with status \((status >> 8) & 0xff)" : "was killed by signal \(status & 0x7f)"
                reports[child.index] = Self.failure(files[child.index], "the worker process \(how) before reporting")
            }
        }
        return reports.enumerated().map { $0.element ?? Self.failure(files[$0.offset], "not run") }
    }

    static func failure(_ path: String, _ message: String) -> SpecFileReport {
        SpecFileReport(
            path: path,
            results: [
                TestResult(
                    file: path, line: 0, name: "\(path) (did not run)", status: .failed, message: message, isError: true
                )
            ])
    }

    private enum Spawned {
        case success((pid: pid_t, output: String))
        case failure(String)
    }

    private func spawn(_ executable: String, _ arguments: [String]) -> Spawned {
        var template = Array("/tmp/swipehost-test-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return .failure("cannot create a temporary file: errno \(errno)") }
        let output = FileReading.string(template)
        defer { close(descriptor) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard result == 0 else {
            unlink(output)
            return .failure("cannot start \(executable): errno \(result)")
        }
        return .success((pid, output))
    }
}
