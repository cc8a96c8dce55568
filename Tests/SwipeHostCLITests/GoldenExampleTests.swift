import Foundation
import SwipeTestSupport
import Testing

/// Every script in examples/ run as its comment lines say (`# plugin:`, `# options:`), in both
/// formats, compared byte for byte with the files in Tests/Golden/examples (demo.swipe names no
/// plugin: the tutorial's cell alone).
///
/// The files of the examples whose rows have no leading buttons (every one but those run with
/// plugins/mail.lua) are byte for byte what the build before leading actions printed. Re-record with `SWIPEHOST_RECORD_GOLDEN=1 swift test --filter GoldenExampleTests`
/// and review the diff.
struct GoldenExampleTests {
    static let folder = Repository.root.appendingPathComponent("Tests/Golden/examples")
    static let recording = ProcessInfo.processInfo.environment["SWIPEHOST_RECORD_GOLDEN"] == "1"

    /// (golden file name, arguments after the script)
    static func runs(of script: String) throws -> [(String, [String])] {
        let name = URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent
        let declared = try Swipehost.declaredArguments(of: script)
        return [("\(name).jsonl", declared + ["--format", "jsonl"]), ("\(name).txt", declared)]
    }

    @Test func everyExampleMatchesItsGoldenFiles() throws {
        let scripts = try Swipehost.examples(withExtension: "swipe")
        #expect(scripts.count >= 5)
        var compared = 0
        for script in scripts {
            for (file, arguments) in try Self.runs(of: script) {
                let result = try Swipehost.run(["run", script] + arguments)
                expectEqual(result.status, 0, "\(script) \(arguments): \(result.stderr)")
                let url = Self.folder.appendingPathComponent(file)
                if Self.recording {
                    try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                    try result.stdout.write(to: url, atomically: true, encoding: .utf8)
                    continue
                }
                let golden = try String(contentsOf: url, encoding: .utf8)
                expectEqual(result.stdout, golden, "\(script) \(arguments) differs from Tests/Golden/examples/\(file)")
                compared += 1
            }
        }
        #expect(Self.recording || compared == scripts.count * 2)
    }

    /// Every example runs with its own options: `swipehost run SCRIPT` alone, its
    /// header giving the plugins and options, prints its golden text byte for byte.
    @Test func everyExampleRunsAloneFromItsHeader() throws {
        let scripts = try Swipehost.examples(withExtension: "swipe")
        var withOptions = 0
        for script in scripts {
            let name = URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent
            let golden = try String(contentsOf: Self.folder.appendingPathComponent("\(name).txt"), encoding: .utf8)
            let alone = try Swipehost.run(["run", script])
            expectEqual(alone.status, 0, "\(script): \(alone.stderr)")
            expectEqual(
                alone.stdout, golden, "swipehost run \(script) alone differs from Tests/Golden/examples/\(name).txt")
            if try Swipehost.declaredArguments(of: script).contains(where: { $0.hasPrefix("--") && $0 != "--plugin" }) {
                withOptions += 1
            }
        }
        #expect(withOptions >= 4)
    }

    /// The shipped examples whose rows have no leading buttons print no side anywhere.
    @Test func examplesWithoutLeadingButtonsNameNoSide() throws {
        for name in ["demo", "per_row", "tutorial"] {
            let golden = try String(contentsOf: Self.folder.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
            #expect(!golden.contains("\"side\""), "\(name)")
        }
    }
}
