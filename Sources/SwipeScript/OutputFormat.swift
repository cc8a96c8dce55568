/// How a run's trace is printed.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// For people: a line per delegate call, then the visible table drawn.
    case text
    /// For programs: one JSON object per line, then a `state` line.
    case jsonl
}
