import Glibc
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipePlayground

/// Files under `serve`: what the watcher walks, and a watched plugin
/// that turns into something that is not a regular file.
struct PluginWatcherTests {
    /// `sub/a` and `sub/b` linking to `.` would make the walk exponential: linked folders
    /// are not followed; a linked file is watched.
    @Test func linkedFoldersAreNotFollowedAndLinkedFilesAreWatched() throws {
        let root = try TestFiles.folderPath("swipe-watcher")
        mkdir(root + "/sub", 0o755)
        try TestFiles.write("return {}", to: root + "/init.lua")
        try TestFiles.write("return {}", to: root + "/sub/x.lua")
        symlink(".", root + "/sub/a")
        symlink(".", root + "/sub/b")
        symlink("..", root + "/sub/up")
        symlink("sub/x.lua", root + "/link.lua")
        let stamp = PluginWatcher { [root] }.stamp()
        expectEqual(stamp.files.map(\.path), [root + "/init.lua", root + "/link.lua", root + "/sub/x.lua"])
    }

    @Test func aFolderPluginHasAtMostItsFileCountWatched() throws {
        let root = try TestFiles.folderPath("swipe-watcher")
        mkdir(root + "/more", 0o755)
        for index in 0..<600 {
            try TestFiles.write("", to: root + "/f\(index).lua")
            try TestFiles.write("", to: root + "/more/g\(index).lua")
        }
        expectEqual(PluginWatcher.maximumFiles, 1_000)
        expectEqual(PluginWatcher { [root] }.stamp().files.count, 1_000)
    }

    /// The replies a connection sends while `body` runs, read as a page's socket writer reads
    /// them (a connection drops what is still unsent when it closes): `body` runs, every
    /// queued reply is taken, then the connection closes.
    static func sent(_ connection: PlaygroundConnection, manager: SessionManager, while body: () -> Void) async throws
        -> Sent
    {
        let reader = Task {
            var texts: [String] = []
            for await text in connection.messages { texts.append(text) }
            return texts
        }
        body()
        while connection.unsentBytes.now > 0 { try await Task.sleep(for: .milliseconds(5)) }
        manager.close(connection)
        return try Sent(await reader.value)
    }

    /// A watched plugin replaced by a link to `/dev/zero` or by a FIFO: the
    /// reload is refused at once with the file's name, the old code stays in charge, and the
    /// session goes on.
    @Test(arguments: ["zero", "fifo"])
    func aPluginThatIsNoLongerARegularFileIsNotReloaded(kind: String) async throws {
        let root = try TestFiles.folderPath("swipe-watcher")
        let path = root + "/mail.lua"
        try TestFiles.write(String(decoding: try FileReading.bytes(atPath: mailPlugin), as: UTF8.self), to: path)
        let manager = SessionManager(configuration: SessionConfiguration(plugins: [.file(path)]))
        let connection = try manager.open()
        unlink(path)
        if kind == "zero" { symlink("/dev/zero", path) } else { mkfifo(path, 0o600) }
        let sent = try await Self.sent(connection, manager: manager) {
            manager.reload([.file(path)])
            for message in Page.drag(row: 3, by: -200, at: 100) { connection.receive(message) }
        }
        let what = kind == "zero" ? "a character device" : "a FIFO (named pipe)"
        expectEqual(
            sent.of(type: "reload").map { $0["error"] },
            [
                .string("\(path): cannot read the plugin: not a regular file but \(what)")
            ])
        expectEqual(sent.of(type: "reload").map { $0["ok"] }, [.bool(false)])
        // The old code still runs row 3's buttons.
        expectEqual(titles(sent.lastRows[3]?["right"]), ["Trash", "Flag", "More"])
        // A new page is refused with the same reason.
        #expect(
            throws: SessionManager.Refusal(
                message:
                    "the plugins do not load: \(path): cannot read the plugin: not a regular file but \(what) (fix the file and reload the page)"
            )
        ) {
            try manager.open()
        }
    }

    /// On the page: a reload mid-drag cancels the pan and records the cancel; the rest
    /// of that drag is ignored (no errors for moves of a pan that is over), the next drag works.
    @Test func aReloadMidDragEndsThePanAndTheRestOfTheDragIsIgnored() throws {
        let session = try PlaygroundSession(id: "t", configuration: SessionConfiguration(plugins: [.file(mailPlugin)]))
        _ = session.greeting()
        let drag = Page.drag(row: 3, by: -200, at: 100)
        var replies = drag.prefix(4).flatMap(session.receive)
        replies += session.reload([.file(mailPlugin)], at: .start + .milliseconds(160 as Int64))
        replies += drag.dropFirst(4).flatMap(session.receive)
        replies += Page.drag(row: 3, by: -200, at: 500).flatMap(session.receive)
        let sent = try Sent(replies)
        expectEqual(sent.errors, [])
        expectEqual(sent.of(type: "reload").map { $0["ok"] }, [.bool(true)])
        #expect(session.session.recordedScript().contains("# reload: \(mailPlugin)\npan 3 cancel\nclose 3\nwait "))
        expectEqual(session.session.table.openRows, [3])
    }

    /// On the page: once the recording is full the page gets one `error` message, and
    /// the session goes on. (The recording is filled through the session, then wheel messages,
    /// a `wait` line and a `scroll` line each, pass its limit.)
    @Test func thePageIsToldOnceWhenTheRecordingStops() throws {
        let session = try PlaygroundSession(id: "t", configuration: SessionConfiguration())
        _ = session.greeting()
        for _ in 0..<(Session.maximumRecordedInputs - 3) { try session.session.apply(.wait(.milliseconds(1 as Int64))) }
        var errors: [String] = []
        var frames = 0
        for index in 1...4 {
            let t = Session.maximumRecordedInputs + index * 10
            let sent = try Sent(session.receive(#"{"type":"wheel","dy":\#(index % 2 == 0 ? 1 : -1),"t":\#(t)}"#))
            errors += sent.errors
            frames += sent.frames.count
        }
        expectEqual(
            errors,
            [
                "recording stopped: a session records at most 50000 inputs; the session goes on, but its recorded script and spec end before this input"
            ])
        expectEqual(frames, 4)
        // 49,997 waits, the first wheel's `wait` and `scroll`, then a `wait` up to the second.
        let lines = session.session.recordedScript().split(separator: "\n")
        expectEqual(lines.count, 3 + Session.maximumRecordedInputs - 1 + 1)
        expectEqual(lines.suffix(3), ["wait 13", "scroll -1", "wait 10"])
    }
}
