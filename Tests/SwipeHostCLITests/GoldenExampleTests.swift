import Foundation
import Testing

/// Every script in examples/ run as its comment lines say (`# plugin:`, `# options:`), and the
/// tutorial's own scripts also with no plugin at all, in both formats, compared byte for byte
/// with the files in Tests/Golden/examples.
///
/// The files of the examples whose rows have no leading buttons (every run but those with
/// plugins/mail.lua) were recorded by the build before leading actions existed: their output
/// has not changed. Re-record with `SWIPEHOST_RECORD_GOLDEN=1 swift test --filter GoldenExampleTests`
/// and review the diff.
struct GoldenExampleTests {
    static let folder = Swipehost.packageRoot.appendingPathComponent("Tests/Golden/examples")
    static let recording = ProcessInfo.processInfo.environment["SWIPEHOST_RECORD_GOLDEN"] == "1"

    /// (golden file name, arguments after the script)
    static func runs(of script: String) throws -> [(String, [String])] {
        let name = URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent
        let declared = try Swipehost.declaredArguments(of: script)
        var runs = [("\(name).jsonl", declared + ["--format", "jsonl"]), ("\(name).txt", declared)]
        if coreScripts.contains(name) {
            runs += [("\(name).core.jsonl", ["--format", "jsonl"]), ("\(name).core.txt", [])]
        }
        return runs
    }

    /// The scripts that run on the tutorial's cell alone (the others tap their plugins' buttons).
    static let coreScripts: Set<String> = ["demo", "tutorial"]

    static func runCount(_ scripts: [String]) -> Int {
        scripts.count * 2 + scripts.filter { coreScripts.contains(URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent) }.count * 2
    }

    @Test func everyExampleMatchesItsGoldenFiles() throws {
        let scripts = try Swipehost.examples(withExtension: "swipe")
        #expect(scripts.count >= 5)
        var compared = 0
        for script in scripts {
            for (file, arguments) in try Self.runs(of: script) {
                let result = try Swipehost.run(["run", script] + arguments)
                #expect(result.status == 0, "\(script) \(arguments): \(result.stderr)")
                let url = Self.folder.appendingPathComponent(file)
                if Self.recording {
                    try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                    try result.stdout.write(to: url, atomically: true, encoding: .utf8)
                    continue
                }
                let golden = try String(contentsOf: url, encoding: .utf8)
                #expect(result.stdout == golden, "\(script) \(arguments) differs from Tests/Golden/examples/\(file)")
                compared += 1
            }
        }
        #expect(Self.recording || compared == Self.runCount(scripts))
    }

    /// The shipped examples whose rows have no leading buttons print no side anywhere.
    @Test func examplesWithoutLeadingButtonsNameNoSide() throws {
        for name in ["demo", "per_row", "tutorial"] {
            let golden = try String(contentsOf: Self.folder.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
            #expect(!golden.contains("\"side\""), "\(name)")
        }
    }
}
