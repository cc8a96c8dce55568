extension String {
    /// The lines of a message, split at every kind of line break (a CR LF pair is one Swift
    /// `Character`, so splitting at "\n" alone would leave it inside a line).
    var reportLines: [Substring] { split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
    func replacingNewlines() -> String { split(whereSeparator: \.isNewline).joined(separator: " ") }
    // Scalar by scalar, not by Character: a `#` followed by a combining mark is one Character
    // to Swift but still a `#` to a TAP reader.
    func replacingHashes() -> String { replacingScalar("#", with: "\\#") }
    func replacingSlashes() -> String { replacingScalar("/", with: ".") }

    private func replacingScalar(_ scalar: Unicode.Scalar, with replacement: String) -> String {
        var out = ""
        for each in unicodeScalars {
            if each == scalar { out += replacement } else { out.unicodeScalars.append(each) }
        }
        return out
    }
}
