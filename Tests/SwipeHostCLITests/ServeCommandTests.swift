import Foundation
import SwipeTestSupport
import Testing

/// `swipehost serve` as a user starts it: the address first, SIGINT or SIGTERM for a clean stop.
@Suite(.serialized) struct ServeCommandTests {
    /// Starts `swipehost serve ARGUMENTS --port 0`, reads its first line, sends `signal`, and
    /// returns the first line, the rest of standard output, the exit status and standard error.
    static func serve(_ arguments: [String], stopWith signal: Int32) throws -> (
        first: String, rest: String, status: Int32, stderr: String
    ) {
        let process = Process()
        process.executableURL = Swipehost.binary
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = Repository.root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the process ended
            first += chunk
        }
        kill(process.processIdentifier, signal)
        let rest = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            String(decoding: first, as: UTF8.self), String(decoding: rest, as: UTF8.self), process.terminationStatus,
            String(decoding: stderr, as: UTF8.self)
        )
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func printsTheAddressFirstAndStopsCleanlyOnASignal(signal: Int32) throws {
        let result = try Self.serve(["--plugin", "plugins/mail.lua"], stopWith: signal)
        let line = result.first.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix("http://127.0.0.1:"))
        #expect(line.hasSuffix("/"))
        let port = Int(line.dropFirst("http://127.0.0.1:".count).dropLast()) ?? 0
        #expect(port > 0 && port != 8080)
        #expect(result.first.hasSuffix("\n"))
        #expect(result.rest.isEmpty)
        expectEqual(result.status, 0)
        #expect(result.stderr.isEmpty)
    }

    /// Another address than loopback: a warning on standard error, the address still first on
    /// standard output.
    @Test func aNonLoopbackHostIsWarnedAbout() throws {
        let result = try Self.serve(
            ["--host", "0.0.0.0", "--allow-origin", "http://192.168.1.5:8080"], stopWith: SIGINT)
        #expect(result.first.hasPrefix("http://0.0.0.0:"))
        expectEqual(result.status, 0)
        expectEqual(
            result.stderr,
            "swipehost serve: warning: listening on 0.0.0.0, not loopback: whoever reaches this port can run the plugins' code (with --trusted, code with io and os); pages are answered only at 127.0.0.1, localhost, [::1] and 0.0.0.0 (or an origin given with --allow-origin)\n"
        )
        #expect(try Self.serve(["--host", "localhost"], stopWith: SIGINT).stderr.isEmpty)
    }

    @Test func aPluginThatDoesNotLoadEndsItWithStatus2() throws {
        let folder = try TestFiles.folder("serve")
        let plugin = folder.appendingPathComponent("bad.lua")
        try Data("return {\n  name = \n".utf8).write(to: plugin)
        let result = try Swipehost.run(["serve", "--plugin", plugin.path, "--port", "0"])
        expectEqual(result.status, 2)
        #expect(result.stdout.isEmpty)
        expectEqual(result.stderr, "\(plugin.path):3: unexpected symbol near <eof>\n")
    }

    @Test func aPortInUseEndsItWithStatus1() throws {
        let first = Process()
        first.executableURL = Swipehost.binary
        first.arguments = ["serve", "--port", "0"]
        let out = Pipe()
        first.standardOutput = out
        try first.run()
        defer {
            first.terminate()
            first.waitUntilExit()
        }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let port = String(address.dropFirst("http://127.0.0.1:".count).dropLast())
        let result = try Swipehost.run(["serve", "--port", port])
        expectEqual(result.status, 1)
        #expect(result.stdout.isEmpty)
        expectEqual(result.stderr, "swipehost serve: cannot serve on 127.0.0.1:\(port): Address already in use\n")
    }

    @Test(arguments: [
        (["--port", "70000"], "Error: --port must be from 0 to 65535, got 70000"),
        (["--port", "-1"], "Error: --port must be from 0 to 65535, got -1"),
        (["--host", ""], "Error: --host must name an address, got ''"),
        (["--rows", "-1"], "Error: --rows must be 0 or more, got -1"),
        (
            ["--plugins", "/nonexistent-folder"],
            "Error: --plugins /nonexistent-folder: no plugin found there (*.lua or */init.lua)"
        ),
        (
            ["--allow-origin", "evil.example"],
            "Error: --allow-origin must be an origin, http:// or https:// then a host and an optional port (http://192.168.1.5:8080), got 'evil.example'"
        ),
        (
            ["--allow-origin", "http://x/path"],
            "Error: --allow-origin must be an origin, http:// or https:// then a host and an optional port (http://192.168.1.5:8080), got 'http://x/path'"
        ),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try Swipehost.run(["serve"] + arguments)
        expectEqual(result.status, 64)
        #expect(result.stderr.hasPrefix(message + "\n"))
    }

    /// The server is a binary of its own (swipehost-serve): `swipehost serve` runs it in its own
    /// process (the pid the first test signals is the server's), and without it says what to build.
    @Test func withoutItsServerBinaryServeSaysWhatToBuild() throws {
        let folder = try TestFiles.folder("serve-alone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("swipehost")
        try FileManager.default.copyItem(at: Swipehost.binary, to: alone)
        let result = try Swipehost.run(executable: alone, ["serve", "--port", "0"])
        expectEqual(result.status, 1)
        #expect(result.stdout.isEmpty)
        expectEqual(
            result.stderr,
            """
            swipehost serve: the playground's server is a binary of its own, swipehost-serve, and there is none in \(folder.path).
            Build it beside swipehost with 'swift build --product swipehost-serve' (add '-c release' for a release build), or install both with scripts/install.sh.

            """)
        // Options are still checked by swipehost itself, with or without the server.
        let bad = try Swipehost.run(executable: alone, ["serve", "--port", "70000"])
        expectEqual(bad.status, 64)
        #expect(bad.stderr.hasPrefix("Error: --port must be from 0 to 65535, got 70000\n"))
    }

    @Test func helpExplainsTheServer() throws {
        let result = try Swipehost.run(["serve", "--help"])
        expectEqual(result.status, 0)
        for phrase in [
            "Prints 'http://HOST:PORT/' as its first line", "SIGINT", "SIGTERM", "--host <address>", "--port <port>",
            "--plugin <path>", "--preset", "--direction", "every 200 ms", "GET /sessions/ID.swipe", "at most 32 pages",
            "64 KiB", "127.0.0.1", "swipehost-serve", "--allow-origin <origin>", "403", "10 minutes", "8 MiB",
            "DNS rebinding",
        ] {
            #expect(result.stdout.contains(phrase), "missing: \(phrase)")
        }
    }
}
