import Foundation
import SwipeTestSupport
import Testing

/// The README's "Your first plugin in five minutes" works as written: its files, written to a
/// fresh folder, and its commands, run there by the shell with the built `swipehost` on the
/// PATH, print exactly the output the README shows.
struct ReadmeTutorialTests {
    /// The fenced blocks of the README's section `title`, in order: (language, text).
    static func blocks(inSection title: String) throws -> [(language: String, text: String)] {
        let readme = try Repository.text("README.md")
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "## \(title)") else { return [] }
        var blocks: [(String, String)] = []
        var current: (language: String, lines: [String])?
        for line in lines[(start + 1)...] {
            if current == nil && line.hasPrefix("## ") { break }
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append((block.language, block.lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else if current != nil {
                current!.lines.append(line)
            }
        }
        return blocks
    }

    /// Runs `command` with `sh -c` in `folder`, the built swipehost first on the PATH.
    static func shell(_ command: String, in folder: URL) throws -> Swipehost.Result {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return try Swipehost.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command],
            environment: ["PATH": Swipehost.binary.deletingLastPathComponent().path + ":" + path], in: folder)
    }

    @Test func theFirstPluginWorksAsWritten() throws {
        let blocks = try Self.blocks(inSection: "Your first plugin in five minutes")
        // todo.lua, todo.swipe, the run and its output, todo_spec.lua, the test and its output,
        // explore on examples/snooze.lua and its output.
        try #require(blocks.map(\.language) == ["lua", "", "sh", "", "lua", "sh", "", "sh", ""])
        let folder = try TestFiles.folder("readme-todo")
        defer { try? FileManager.default.removeItem(at: folder) }
        try blocks[0].text.write(to: folder.appendingPathComponent("todo.lua"), atomically: true, encoding: .utf8)
        try blocks[1].text.write(to: folder.appendingPathComponent("todo.swipe"), atomically: true, encoding: .utf8)
        try blocks[4].text.write(to: folder.appendingPathComponent("todo_spec.lua"), atomically: true, encoding: .utf8)

        expectEqual(blocks[2].text, "swipehost run todo.swipe --plugin todo.lua\n")
        let run = try Self.shell(blocks[2].text, in: folder)
        expectEqual(run.status, 0)
        expectEqual(run.stdout, blocks[3].text)

        expectEqual(blocks[5].text, "swipehost test todo_spec.lua\n")
        let test = try Self.shell(blocks[5].text, in: folder)
        expectEqual(test.status, 0)
        expectEqual(test.stdout, blocks[6].text)

        // explore finds the bugged example's failure, shrinks it and writes the script and spec.
        expectEqual(blocks[7].text, "swipehost explore examples/snooze.lua --seed 1\n")
        let examples = folder.appendingPathComponent("examples")
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("examples/snooze.lua"),
            to: examples.appendingPathComponent("snooze.lua"))
        let explore = try Self.shell(blocks[7].text, in: folder)
        expectEqual(explore.status, 1)
        expectEqual(explore.stdout, blocks[8].text)
        let replay = try Self.shell("swipehost run explore/snooze-1.swipe", in: folder)
        #expect(replay.stdout.contains("plugin error in snooze.after"))
        let spec = try Self.shell("swipehost test explore/snooze-1_spec.lua", in: folder)
        expectEqual(spec.status, 1)
    }
}
