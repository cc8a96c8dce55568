/// The closest of `candidates` to a mistyped `word`, when it is close enough to be a likely
/// typo: at most 1 edit for short candidates, a third of the candidate's length up to 3 edits
/// (a transposition counts as one). What every "did you mean" suggestion uses.
public func closestMatch(to word: String, among candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(word.lowercased(), candidate)
        if distance <= max(1, min(3, candidate.count / 3)), distance < (best?.1 ?? .max) {
            best = (candidate, distance)
        }
    }
    return best?.0
}

/// Levenshtein distance, with a transposition counted as one edit.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previous2[j - 2] + 1)
            }
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
