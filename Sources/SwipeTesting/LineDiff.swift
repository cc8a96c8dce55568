/// A unified-style line diff (`@@ -a,b +c,d @@`, `-`/`+`/` ` lines, 3 lines of context) of two
/// texts, cut short so a failure message stays readable: a snapshot that changed shows what changed.
public enum LineDiff {
    /// The most diff lines shown (hunk headers included); the rest is counted on a last line.
    public static let maximumLines = 40
    /// A longer line is shown as its first characters and `…`.
    public static let maximumLineLength = 200
    /// Past this many cells (changed lines before x changed lines after, once the common first
    /// and last lines are set aside) the changed part is shown as all removed, then all added,
    /// rather than aligned line by line: the alignment's table would grow too large.
    public static let maximumAlignment = 4_000_000

    static let context = 3

    enum Edit: Equatable {
        case same(Int, Int)
        case removed(Int)
        case added(Int)
    }

    /// The diff of `old` and `new` (split at `\n`); empty when they are equal.
    public static func unified(old: String, new: String, oldName: String, newName: String) -> String {
        let a = lines(old)
        let b = lines(new)
        guard a != b else { return "" }
        let edits = self.edits(a, b)
        var out = ["--- \(oldName)", "+++ \(newName)"]
        var shown = 0
        var hidden = 0
        for hunk in hunks(edits) {
            var hunkLines: [String] = []
            var (oldStart, oldCount, newStart, newCount) = (0, 0, 0, 0)
            for edit in hunk {
                switch edit {
                case .same(let i, let j):
                    if oldCount == 0 && newCount == 0 { (oldStart, newStart) = (i + 1, j + 1) }
                    oldCount += 1
                    newCount += 1
                    hunkLines.append(" " + cut(a[i]))
                case .removed(let i):
                    if oldCount == 0 && newCount == 0 {
                        (oldStart, newStart) = (i + 1, position(after: hunk, in: edits, old: false))
                    }
                    oldCount += 1
                    hunkLines.append("-" + cut(a[i]))
                case .added(let j):
                    if oldCount == 0 && newCount == 0 {
                        (oldStart, newStart) = (position(after: hunk, in: edits, old: true), j + 1)
                    }
                    newCount += 1
                    hunkLines.append("+" + cut(b[j]))
                }
            }
            for line in ["@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@"] + hunkLines {
                if shown < maximumLines {
                    out.append(line)
                    shown += 1
                } else {
                    hidden += 1
                }
            }
        }
        if hidden > 0 { out.append("… \(hidden) more diff line\(hidden == 1 ? "" : "s") not shown") }
        return out.joined(separator: "\n")
    }

    /// `start,count` as diff prints it (`start` alone for one line; for none, the line before).
    static func range(_ start: Int, _ count: Int) -> String {
        if count == 1 { return "\(start)" }
        return count == 0 ? "\(max(start - 1, 0)),0" : "\(start),\(count)"
    }

    /// For a hunk that starts by removing (or adding) lines: the 1-based line of the other side
    /// where it starts, from the edits before it.
    static func position(after hunk: ArraySlice<Edit>, in edits: [Edit], old: Bool) -> Int {
        var line = 1
        for edit in edits[..<hunk.startIndex] {
            switch edit {
            case .same: line += 1
            case .removed: if old { line += 1 }
            case .added: if !old { line += 1 }
            }
        }
        return line
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    static func cut(_ line: Substring) -> String {
        line.count > maximumLineLength ? String(line.prefix(maximumLineLength)) + "…" : String(line)
    }

    /// The edits turning `a` into `b`: the common first and last lines kept, the middle aligned
    /// by a longest common subsequence (or, past ``maximumAlignment``, replaced whole).
    static func edits(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit.same($0, $0) }
        let (aEnd, bEnd) = (a.count - suffix, b.count - suffix)
        let n = aEnd - prefix
        let m = bEnd - prefix
        if n * m > maximumAlignment || n == 0 || m == 0 {
            edits += (prefix..<aEnd).map { .removed($0) }
            edits += (prefix..<bEnd).map { .added($0) }
        } else {
            // lengths[i][j]: the longest common subsequence of a[prefix+i...] and b[prefix+j...].
            var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i * (m + 1) + j] =
                        a[prefix + i] == b[prefix + j]
                        ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                        : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
                }
            }
            var (i, j) = (0, 0)
            while i < n || j < m {
                if i < n, j < m, a[prefix + i] == b[prefix + j] {
                    edits.append(.same(prefix + i, prefix + j))
                    i += 1
                    j += 1
                } else if j < m, i == n || lengths[i * (m + 1) + j + 1] >= lengths[(i + 1) * (m + 1) + j] {
                    edits.append(.added(prefix + j))
                    j += 1
                } else {
                    edits.append(.removed(prefix + i))
                    i += 1
                }
            }
            // Removals before additions within a run of changes, as diff prints them.
            edits = ordered(edits)
        }
        edits += (0..<suffix).map { .same(aEnd + $0, bEnd + $0) }
        return edits
    }

    /// Each run of changes with its removed lines first.
    static func ordered(_ edits: [Edit]) -> [Edit] {
        var out: [Edit] = []
        var removed: [Edit] = []
        var added: [Edit] = []
        func flush() {
            out += removed + added
            removed = []
            added = []
        }
        for edit in edits {
            switch edit {
            case .same: flush(); out.append(edit)
            case .removed: removed.append(edit)
            case .added: added.append(edit)
            }
        }
        flush()
        return out
    }

    /// The runs of changes with up to ``context`` unchanged lines around each; runs closer than
    /// twice that share a hunk.
    static func hunks(_ edits: [Edit]) -> [ArraySlice<Edit>] {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard let first = changed.first else { return [] }
        var result: [ArraySlice<Edit>] = []
        var start = max(first - context, 0)
        var end = first
        for index in changed.dropFirst() {
            if index - end > 2 * context {
                result.append(edits[start...min(end + context, edits.count - 1)])
                start = index - context
            }
            end = index
        }
        result.append(edits[start...min(end + context, edits.count - 1)])
        return result
    }
}
