import SwipeCore
import SwipePlugins
import SwipeScript

/// The script parser and runner: any bytes as a script. A parse or run error is a `ScriptError`
/// (or a `RunFailure` with plugins); a run that succeeds prints valid jsonl. A script whose first
/// line is `# plugin: PATH` (as the examples' are) also runs with that plugin from the
/// package's `plugins/`, so the host's path is fuzzed too.
enum ScriptTarget {
    static func run(_ data: [UInt8]) {
        data.withUnsafeBufferPointer { script in
            for format in OutputFormat.allCases {
                do {
                    let out = try HeadlessRun(fileName: "fuzz.swipe", format: format).run(script: script)
                    if format == .jsonl { JSONCheck.lines(out.bytes, what: "script run") }
                } catch {
                    check("\(error)", what: "script error")
                }
            }
            guard let plugin = declaredPlugin(data) else { return }
            do {
                let out = try PluginRun(
                    fileName: "fuzz.swipe", configuration: SessionConfiguration(plugins: [.file(plugin)]),
                    format: .jsonl
                ).run(script: script)
                JSONCheck.lines(out.bytes, what: "plugin run")
            } catch {
                check("\(error)", what: "run failure")
            }
        }
    }

    /// A message names something: never empty.
    static func check(_ message: String, what: String) {
        if message.isEmpty { fuzzFailure("\(what) with an empty message") }
    }

    /// The shipped plugin a first line `# plugin: plugins/NAME.lua` names, if it exists.
    static func declaredPlugin(_ data: [UInt8]) -> String? {
        let prefix = Array("# plugin: plugins/".utf8)
        guard data.starts(with: prefix) else { return nil }
        let name = String(decoding: data[prefix.count...].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard ["tutorial.lua", "mail.lua", "per_row.lua"].contains(name) else { return nil }
        return FuzzPaths.packageRoot + "/plugins/" + name
    }
}
