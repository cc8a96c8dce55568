/// A `swipehost test` option whose value is wrong: the message names the option and the value
/// (status 2, nothing run).
public struct TestOptionError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// Checks `--tags`/`--exclude-tags` words: letters, digits, `_` and `-`, as `#tag` reads them.
    public static func checkTags(_ tags: [String], option: String) throws(TestOptionError) {
        for tag in tags {
            let valid =
                !tag.isEmpty
                && tag.unicodeScalars.allSatisfy { scalar in
                    scalar.isASCII
                        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                            || scalar == "-")
                }
            if !valid {
                throw TestOptionError(
                    "\(option): a tag is a word of ASCII letters, digits, '_' and '-' (as '#tag' in a name), got '\(tag)'"
                )
            }
        }
    }
}
