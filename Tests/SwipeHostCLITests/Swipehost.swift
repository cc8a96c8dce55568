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
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    static func examples(withExtension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix("." + ext) }.sorted().map { "examples/" + $0 }
    }

    /// The `swipehost run` arguments a script names in its comment lines: `--plugin PATH` for each
    /// `# plugin: PATH`, then the words of each `# options: ...` line.
    static func declaredArguments(of script: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(script), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let plugins = lines.filter { $0.hasPrefix("# plugin: ") }.flatMap { ["--plugin", String($0.dropFirst("# plugin: ".count))] }
        let options = lines.filter { $0.hasPrefix("# options: ") }.flatMap { $0.dropFirst("# options: ".count).split(separator: " ").map(String.init) }
        return plugins + options
    }

    /// The plugins a script names in its `# plugin: PATH` comment lines.
    static func declaredPlugins(of script: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(script), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("# plugin: ") ? String(line.dropFirst("# plugin: ".count)) : nil
        }
    }
}
