import Foundation

/// Runs the built `swipehost` binary (or another program), as a user would.
public enum Swipehost {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The binary sits beside the test bundle in the build folder, unless `SWIPEHOST_TEST_BINARY`
    /// names one: scripts/test.sh runs this suite from the AddressSanitizer build against the
    /// release binaries (what ships: 241 s for the suite where the sanitized debug binaries took
    /// 681; the code they run is under the sanitizer in the other suites).
    public static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["SWIPEHOST_TEST_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("swipehost")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("swipehost")
    }()

    /// `environment` adds variables to the test's own (`NO_COLOR`, ...).
    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        try run(executable: binary, arguments, stdin: stdin, environment: environment)
    }

    /// Runs `executable` and captures both its streams. Standard input is written and standard
    /// error is read on threads of their own while standard output is read here, so a child that
    /// fills one pipe (a LeakSanitizer report fills stderr) never waits for a reader that waits
    /// for it in turn.
    public static func run(
        executable: URL = binary, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
        in folder: URL = Repository.root
    ) throws -> Result {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let errData = Captured()
        let errRead = Thread {
            errData.value = err.fileHandleForReading.readDataToEndOfFile(); errData.done.signal()
        }
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

    public static func examples(withExtension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix("." + ext) }.sorted().map { "examples/" + $0 }
    }

    /// The `swipehost run` arguments a script names in its comment lines: `--plugin PATH` for each
    /// `# plugin: PATH` (relative to its folder), then the words of each `# options: ...` line.
    public static func declaredArguments(of script: String) throws -> [String] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(script), encoding: .utf8)
        let options = text.split(separator: "\n").filter { $0.hasPrefix("# options: ") }
            .flatMap { $0.dropFirst("# options: ".count).split(separator: " ").map(String.init) }
        return try declaredPlugins(of: script).flatMap { ["--plugin", $0] } + options
    }

    /// The plugins a script names in its `# plugin: PATH` comment lines (relative to its folder),
    /// as paths from the package root.
    public static func declaredPlugins(of script: String) throws -> [String] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(script), encoding: .utf8)
        let folder = Repository.root.appendingPathComponent(script).deletingLastPathComponent()
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("# plugin: ") else { return nil }
            let path = folder.appendingPathComponent(String(line.dropFirst("# plugin: ".count))).standardized.path
            return path.hasPrefix(Repository.root.path + "/")
                ? String(path.dropFirst(Repository.root.path.count + 1)) : path
        }
    }

    /// Runs the binary with its standard output on a terminal (a pseudo-terminal this process
    /// reads), as someone at a terminal would; standard error is a pipe. Carriage returns the
    /// terminal adds before each newline are taken out.
    public static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:], without: [String] = [])
        throws
        -> Result
    {
        // The pseudo-terminal calls are not in Swift's Glibc module: looked up in the C library.
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let library = dlopen(nil, RTLD_NOW)
        func symbol<F>(_ name: String, as type: F.Type) throws -> F {
            guard let address = dlsym(library, name) else { throw CocoaError(.fileReadUnknown) }
            return unsafeBitCast(address, to: type)
        }
        let master = try symbol("posix_openpt", as: Call.self)(O_RDWR | O_NOCTTY)
        guard master >= 0, try symbol("grantpt", as: Call.self)(master) == 0,
            try symbol("unlockpt", as: Call.self)(master) == 0,
            let name = try symbol("ptsname", as: Name.self)(master)
        else {
            throw CocoaError(.fileReadUnknown)
        }
        let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(master) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        for name in without { variables[name] = nil }
        variables["TERM"] = variables["TERM"].flatMap { $0 == "dumb" ? nil : $0 } ?? "xterm"
        process.environment = variables
        let err = Pipe()
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        close(slave)  // the child holds the terminal now: reading ends when it exits
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }  // EIO once the child has closed the terminal
            output += buffer[0..<count]
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
