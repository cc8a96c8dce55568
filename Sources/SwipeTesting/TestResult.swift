/// The outcome of one test (an `it`), or of a spec file that did not load.
public struct TestResult: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        case passed
        case failed
        case skipped
    }

    public var file: String
    public var line: Int
    /// The full name: the `describe` names and the `it` name, joined by spaces (as busted does).
    public var name: String
    public var status: Status
    /// For a failure: `FILE:LINE: message`, the diff, and the plugin errors if any.
    public var message: String
    /// Wall-clock duration in seconds.
    public var seconds: Double
    /// For a failure: whether an error ended it (a Lua error, a spent budget, a file that did not
    /// load or run) rather than an assertion; JUnit reports it as an `<error>`, not a `<failure>`.
    public var isError: Bool
    /// For an error: bad input the run cannot go on with as if it were a test's failure (a
    /// snapshot file edited into nonsense, `mock` of a non-table): the run's status is 2.
    public var isBadInput = false

    public init(
        file: String, line: Int, name: String, status: Status, message: String = "", seconds: Double = 0,
        isError: Bool = false,
        isBadInput: Bool = false
    ) {
        self.isBadInput = isBadInput
        self.file = file
        self.line = line
        self.name = name
        self.status = status
        self.message = message
        self.seconds = seconds
        self.isError = isError
    }
}
