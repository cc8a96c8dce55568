/// A fuzz target: takes any bytes; returns normally when the code under test behaved, and traps
/// (`fuzzFailure`) when it broke a promise. A crash inside the code under test is a finding too.
struct FuzzTarget: Sendable {
    var name: String
    var summary: String
    var run: @Sendable ([UInt8]) -> Void

    static let all: [FuzzTarget] = [
        FuzzTarget(
            name: "script", summary: "gesture scripts parsed and run (text and jsonl), with plugins a script names",
            run: ScriptTarget.run),
        FuzzTarget(
            name: "config", summary: "a plugin's configure result, built from the bytes as a Lua table",
            run: ConfigTarget.run),
        FuzzTarget(
            name: "jsonl", summary: "the jsonl writer on arbitrary events, strings and numbers; every line valid JSON",
            run: JSONLinesTarget.run),
        FuzzTarget(
            name: "sandbox", summary: "Lua chunks in a sandboxed state under a small budget and memory cap",
            run: SandboxTarget.run),
        FuzzTarget(
            name: "playground", summary: "the playground's messages, one a line, to a session; every reply valid JSON",
            run: PlaygroundTarget.run),
        FuzzTarget(
            name: "report", summary: "text, TAP and JUnit reports of arbitrary results; well-formed",
            run: ReportTarget.run),
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// Reports a broken promise so that libFuzzer (or the replay driver) records the input.
func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("fuzz property failed: \(message)", file: file, line: line)
}
