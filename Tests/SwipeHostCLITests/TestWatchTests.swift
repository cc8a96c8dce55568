import Foundation
import SwipeTestSupport
import Testing

/// `swipehost test --watch`: runs, then runs again what a change affects, and
/// Ctrl-C ends it with status 0.
struct TestWatchTests {
    /// Standard output of a running process, read on a thread of its own.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
        func append(_ chunk: Data) { lock.withLock { data += chunk } }

        /// Waits (at most 30 s, so a broken watcher fails the test rather than hanging it) until
        /// the output holds `count` lines matching `line`.
        func wait(for count: Int, of line: String) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if text.components(separatedBy: "\n").filter({ $0 == line }).count >= count { return true }
                usleep(20_000)
            }
            return false
        }
    }

    @Test func aChangedSpecRunsAgainAloneAnotherLuaFileRunsEveryOne() throws {
        let folder = try TestFiles.folder("watch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a_spec.lua")
        let b = folder.appendingPathComponent("b_spec.lua")
        try Data("describe(\"a\", function() it(\"passes\", function() assert.are.equal(1, 1) end) end)\n".utf8).write(
            to: a)
        try Data("describe(\"b\", function() it(\"passes\", function() assert.are.equal(2, 2) end) end)\n".utf8).write(
            to: b)

        let process = Process()
        process.executableURL = Swipehost.binary
        process.arguments = ["test", folder.path, "--watch", "--no-clear"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = Output()
        let reader = Thread {
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                output.append(chunk)
            }
        }
        reader.start()
        defer { if process.isRunning { process.terminate() } }

        #expect(output.wait(for: 1, of: "2 passed, 0 failed"), "\(output.text)")
        // Only the changed spec runs again.
        try Data("describe(\"a\", function() it(\"passes\", function() assert.are.equal(1, 2) end) end)\n".utf8).write(
            to: a)
        #expect(output.wait(for: 1, of: "0 passed, 1 failed"), "\(output.text)")
        // A Lua file that is no spec (a plugin) runs every spec again; other files do nothing.
        try Data("x".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("return {}\n".utf8).write(to: folder.appendingPathComponent("plugin.lua"))
        #expect(output.wait(for: 1, of: "1 passed, 1 failed"), "\(output.text)")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0)
        expectEqual(process.terminationReason, .exit)
        let runs = output.text.components(separatedBy: "\n").filter { $0.hasSuffix(" failed") }
        expectEqual(runs, ["2 passed, 0 failed", "0 passed, 1 failed", "1 passed, 1 failed"])
        let second = output.text.components(separatedBy: "2 passed, 0 failed\n")[1].components(
            separatedBy: "0 passed, 1 failed")[0]
        #expect(second.hasPrefix("FAIL  a passes (\(a.path):1)\n"))
        #expect(!second.contains("b passes"))
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(errors.hasPrefix("swipehost test: watching \(folder.path) for changes (Ctrl-C to stop)\n"))
    }

    /// A changed snapshot runs its spec again; the snapshots a run writes itself do not.
    /// A spec whose name is not a folder name as it is (`s.v2_spec.lua`, its snapshots in
    /// `__snapshots__/s_v2_spec`) is run again alone too.
    @Test(arguments: [("s_spec.lua", "s_spec"), ("s.v2_spec.lua", "s_v2_spec")])
    func aChangedSnapshotRunsItsSpecAgain(spec: String, snapshots: String) throws {
        let folder = try TestFiles.folder("watch-snap")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("it(\"keeps\", function() assert.snapshot({ 1, 2 }) end)\n".utf8).write(
            to: folder.appendingPathComponent(spec))
        try Data("it(\"other\", function() end)\n".utf8).write(to: folder.appendingPathComponent("t_spec.lua"))
        let process = Process()
        process.executableURL = Swipehost.binary
        process.arguments = ["test", folder.path, "--watch", "--no-clear"]
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": ""]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = Output()
        let reader = Thread {
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                output.append(chunk)
            }
        }
        reader.start()
        defer { if process.isRunning { process.terminate() } }
        #expect(output.wait(for: 1, of: "2 passed, 0 failed"), "\(output.text)")
        let snapshot = folder.appendingPathComponent("__snapshots__/\(snapshots)/keeps.snap")
        #expect(FileManager.default.fileExists(atPath: snapshot.path))
        try Data("# swipehost snapshot 1\n# test: keeps\n# type: lua\n{ 1, 3 }\n".utf8).write(to: snapshot)
        #expect(output.wait(for: 1, of: "0 passed, 1 failed"), "\(output.text)")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let runs = output.text.components(separatedBy: "\n").filter { $0.hasSuffix(" failed") }
        // The first run's own write ran nothing again; the edit ran that spec alone.
        expectEqual(runs, ["2 passed, 0 failed", "0 passed, 1 failed"])
        #expect(output.text.contains("FAIL  keeps (\(folder.path)/\(spec):1)\n"))
        #expect(!output.text.components(separatedBy: "2 passed, 0 failed\n")[1].contains("other"))
    }

    /// A running `swipehost test --watch`, its standard output and error read as they come.
    struct Watching {
        let process: Process
        let output = Output()
        let errors = Output()

        init(_ arguments: [String], in folder: URL? = nil) throws {
            process = Process()
            process.executableURL = Swipehost.binary
            process.arguments = arguments
            if let folder { process.currentDirectoryURL = folder }
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            for (pipe, into) in [(out, output), (err, errors)] {
                Thread {
                    while true {
                        let chunk = pipe.fileHandleForReading.availableData
                        if chunk.isEmpty { break }
                        into.append(chunk)
                    }
                }.start()
            }
        }

        /// Ctrl-C, then the exit status.
        func interrupt() -> Int32 {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// A watched folder deleted (or moved away) and made again, as git checkout and rsync do, is
    /// watched again: its absence is said once, every spec runs when it is back, and a later
    /// edit in it runs again.
    @Test(arguments: ["deleted", "moved away"])
    func aWatchedFolderThatGoesAndComesBackIsWatchedAgain(how: String) throws {
        let folder = try TestFiles.folder("watch-gone")
        let spec = folder.appendingPathComponent("spec")
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("it(\"a\", function() end)\n".utf8).write(to: spec.appendingPathComponent("a_spec.lua"))
        let watching = try Watching(["test", spec.path, "--watch", "--no-clear"])
        defer { if watching.process.isRunning { watching.process.terminate() } }
        let watchingLine = "swipehost test: watching \(spec.path) for changes (Ctrl-C to stop)"
        let goneLine = "swipehost test: --watch: \(spec.path) is gone; waiting for it to come back (Ctrl-C to stop)"
        #expect(watching.errors.wait(for: 1, of: watchingLine), "\(watching.errors.text)")

        if how == "deleted" {
            try FileManager.default.removeItem(at: spec)
        } else {
            try FileManager.default.moveItem(at: spec, to: folder.appendingPathComponent("spec.old"))
        }
        #expect(watching.errors.wait(for: 1, of: goneLine), "\(watching.errors.text)")
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        try Data("it(\"b\", function() end)\nit(\"c\", function() assert.are.equal(1, 2) end)\n".utf8).write(
            to: spec.appendingPathComponent("b_spec.lua"))
        #expect(watching.output.wait(for: 1, of: "1 passed, 1 failed"), "\(watching.output.text)")
        #expect(watching.errors.wait(for: 2, of: watchingLine), "\(watching.errors.text)")
        // The folder made again is watched: an edit in it runs its spec again.
        try Data("it(\"b\", function() end)\nit(\"c\", function() end)\n".utf8).write(
            to: spec.appendingPathComponent("b_spec.lua"))
        #expect(watching.output.wait(for: 1, of: "2 passed, 0 failed"), "\(watching.output.text)")
        #expect(watching.errors.wait(for: 3, of: watchingLine), "\(watching.errors.text)")
        expectEqual(watching.interrupt(), 0)

        let runs = watching.output.text.components(separatedBy: "\n").filter { $0.hasSuffix(" failed") }
        expectEqual(runs, ["1 passed, 0 failed", "1 passed, 1 failed", "2 passed, 0 failed"])
        #expect(
            watching.output.text.contains(
                "1 passed, 0 failed\nPASS  b (\(spec.path)/b_spec.lua:1)\nFAIL  c (\(spec.path)/b_spec.lua:2)\n"))
        expectEqual(
            watching.errors.text, [watchingLine, goneLine, watchingLine, watchingLine].map { $0 + "\n" }.joined())
    }

    /// A folder moved away while its specs run (its move is read with the run's own events, and
    /// no file event comes with it) is said to be gone at once, not when it comes back: the
    /// watch used to wait for the next event first, and under load the test above saw no "gone".
    @Test func aFolderMovedAwayDuringTheRunIsSaidToBeGone() throws {
        let folder = try TestFiles.folder("watch-moved")
        let spec = folder.appendingPathComponent("spec")
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let moved = folder.appendingPathComponent("spec.old").path
        try Data(
            "it(\"moves its folder\", function() assert(os.rename(\"\(spec.path)\", \"\(moved)\")) end)\n".utf8
        ).write(to: spec.appendingPathComponent("a_spec.lua"))
        let watching = try Watching(["test", spec.path, "--watch", "--no-clear"])
        defer { if watching.process.isRunning { watching.process.terminate() } }
        let watchingLine = "swipehost test: watching \(spec.path) for changes (Ctrl-C to stop)"
        let goneLine = "swipehost test: --watch: \(spec.path) is gone; waiting for it to come back (Ctrl-C to stop)"
        #expect(watching.errors.wait(for: 1, of: goneLine), "\(watching.errors.text)")
        expectEqual(watching.interrupt(), 0)
        expectEqual(watching.errors.text, [watchingLine, goneLine].map { $0 + "\n" }.joined())
    }

    /// With no path, only the default folders that exist are watched: a missing plugins/ is not
    /// the current folder.
    @Test func withNoPathTheDefaultFoldersThatExistAreWatched() throws {
        let folder = try TestFiles.folder("watch-default")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("spec"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("it(\"a\", function() end)\n".utf8).write(to: folder.appendingPathComponent("spec/a_spec.lua"))
        let watching = try Watching(["test", "--watch", "--no-clear"], in: folder)
        defer { if watching.process.isRunning { watching.process.terminate() } }
        let line = "swipehost test: watching spec for changes (Ctrl-C to stop)"
        #expect(watching.errors.wait(for: 1, of: line), "\(watching.errors.text)")
        expectEqual(watching.interrupt(), 0)
        expectEqual(watching.errors.text, line + "\n")
    }

    @Test func itClearsTheScreenBeforeEachRunUnlessToldNot() throws {
        // One run is enough to see the clearing sequence; a path that does not exist ends it.
        let folder = try TestFiles.folder("watch-clear")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("it(\"passes\", function() end)\n".utf8).write(to: folder.appendingPathComponent("c_spec.lua"))
        let process = Process()
        process.executableURL = Swipehost.binary
        process.arguments = ["test", folder.path, "--watch"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = Data()
        while !String(decoding: text, as: UTF8.self).contains("1 passed, 0 failed\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += chunk
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(String(decoding: text, as: UTF8.self).hasPrefix("\u{1B}[2J\u{1B}[HPASS  passes ("))
        expectEqual(process.terminationStatus, 0)
    }
}
