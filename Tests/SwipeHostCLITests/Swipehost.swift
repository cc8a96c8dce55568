import Foundation

/// Runs the built `swipehost` binary, as a user would.
struct Swipehost {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, where examples/ and plugins/ live.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary sits beside the test bundle in the build folder.
    static let binary: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("swipehost")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("swipehost")
    }()

    static func run(_ arguments: [String], stdin: String? = nil) throws -> Result {
        try run(executable: binary, arguments, stdin: stdin)
    }

    /// Runs `executable` and captures both its streams. Standard input is written and standard
    /// error is read on threads of their own while standard output is read here, so a child that
    /// fills one pipe (a LeakSanitizer report fills stderr) never waits for a reader that waits
    /// for it in turn.
    static func run(executable: URL, _ arguments: [String], stdin: String? = nil) throws -> Result {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let errData = Captured()
        let errRead = Thread { errData.value = err.fileHandleForReading.readDataToEndOfFile(); errData.done.signal() }
        errRead.start()
        let inputWrite = Thread {
            // A child that exits without reading its input closes the pipe: the write fails
            // (SIGPIPE is ignored, see `ignoreBrokenPipes`) and the test looks at what it printed.
            if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
            try? input.fileHandleForWriting.close()
            errData.written.signal()
        }
        inputWrite.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errData.done.wait()
        errData.written.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self))
    }

    /// A write into a pipe whose reader has gone fails with EPIPE instead of killing the tests.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// What the reading thread hands back, and the signals that it and the writing thread are done.
    private final class Captured: @unchecked Sendable {
        var value = Data()
        let done = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
    }

    static func examples(withExtension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix("." + ext) }.sorted().map { "examples/" + $0 }
    }

    /// The plugins a script names in its `# plugin: PATH` comment lines.
    static func declaredPlugins(of script: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(script), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("# plugin: ") ? String(line.dropFirst("# plugin: ".count)) : nil
        }
    }
}
