import Glibc
import SwipeCore
import SwipeScript

/// What `assert.snapshot` may write (`--update-snapshots`, the `CI` environment variable).
public struct SnapshotOptions: Hashable, Sendable {
    /// `--update-snapshots`: a snapshot that differs is rewritten (and the test passes); a new one
    /// is written even under CI.
    public var update: Bool
    /// A CI run: a snapshot that does not exist fails its test and is not written (unless
    /// ``update``), so that CI never writes files.
    public var ci: Bool

    public init(update: Bool = false, ci: Bool = false) {
        self.update = update
        self.ci = ci
    }

    /// Whether the environment variable `CI`'s value says a CI run: set, and neither empty, `0`
    /// nor `false` (any case), as CI services set it (`CI=true`).
    public static func isCI(_ value: String?) -> Bool {
        guard let value else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }
}

/// The snapshots of one spec file: `assert.snapshot(value)` in test NAME of `DIR/FILE.lua` keeps
/// the value in `DIR/__snapshots__/FILE/NAME.snap` (the second snapshot of the test in
/// `NAME.2.snap`, ...; FILE and NAME made file names, ``folder(forSpec:)``, ``fileName(test:)``). A snapshot file is a three-line header, then the value:
///
///     # swipehost snapshot 1
///     # test: mail renders the open row
///     # type: string
///     <the string as it is, then a newline>
///
/// (`# type: lua` for any other value, written by the test framework in a stable order.) The
/// first run writes it; later runs compare the whole file with what it would be now.
public final class SnapshotStore {
    public let specFile: String
    public let options: SnapshotOptions
    /// The snapshot files written (new) and rewritten (`--update-snapshots`), in order.
    public private(set) var written: [String] = []
    public private(set) var updated: [String] = []
    /// Every snapshot file a test asked for, in order, whatever came of it.
    public private(set) var checked: [String] = []

    /// The first line of every snapshot file.
    public static let header = "# swipehost snapshot 1"
    /// The longest test-name part of a snapshot's file name, in bytes.
    public static let maximumNameLength = 120

    public init(specFile: String, options: SnapshotOptions) {
        self.specFile = specFile
        self.options = options
    }

    /// What a check found.
    public enum Outcome: Equatable {
        case pass
        /// The test fails: the message says why (a diff, a snapshot CI may not write).
        case fail(String)
        /// The snapshot file is not one (edited by hand into nonsense): the run's status is 2.
        case badInput(String)
        /// The snapshot could not be written.
        case error(String)
    }

    /// `DIR/__snapshots__/FILE` for `DIR/FILE.lua`, `FILE` made a folder name as a test's name
    /// is (``fileName(test:)``, neither cut nor trimmed of `_`): `spec` if nothing is left. A
    /// name of letters, digits, `-` and `_` is kept as it is; no name leads out of
    /// `DIR/__snapshots__` (`...lua`, `..lua` and `.lua` keep theirs in `DIR/__snapshots__/spec`).
    public static func folder(forSpec path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        var name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if name.hasSuffix(".lua") { name.removeLast(4) }
        let kept = keptCharacters(of: name)
        return folder + "__snapshots__/" + (kept.isEmpty ? "spec" : kept)
    }

    /// Whether `path` is a snapshot file of spec file `spec`: a `.snap` file in its folder
    /// (``folder(forSpec:)``; `--watch` runs that spec again when its snapshot changes). Asked
    /// this way round, as a spec's name made a folder name cannot be turned back into it.
    public static func holds(snapshot path: String, of spec: String) -> Bool {
        guard path.hasSuffix(".snap"), let slash = path.lastIndex(of: "/") else { return false }
        return ScriptHeader.normalized(String(path[..<slash])) == ScriptHeader.normalized(folder(forSpec: spec))
    }

    /// The test's full name as a file name: ASCII letters, digits, `-` and `_` kept, every run
    /// of other characters (spaces, `#`, `/`, `.`, anything not ASCII) made one `_`, `_` at
    /// either end dropped, cut at ``maximumNameLength`` bytes; `test` if nothing is left.
    public static func fileName(test name: String) -> String {
        var out = String(keptCharacters(of: name).prefix(maximumNameLength))
        while out.hasPrefix("_") { out.removeFirst() }
        while out.hasSuffix("_") { out.removeLast() }
        return out.isEmpty ? "test" : out
    }

    /// `text`'s ASCII letters, digits, `-` and `_`, each run of other characters between them
    /// made one `_` (those before the first and after the last dropped): never `.` nor `/`.
    static func keptCharacters(of text: String) -> String {
        var out = ""
        var pendingSeparator = false
        for scalar in text.unicodeScalars {
            let kept =
                scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "-" || scalar == "_")
            if kept {
                if pendingSeparator && !out.isEmpty { out += "_" }
                pendingSeparator = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingSeparator = true
            }
        }
        return out
    }

    /// The path of snapshot `index` (1-based) of test `name`.
    public func path(test name: String, index: Int) -> String {
        Self.folder(forSpec: specFile) + "/" + Self.fileName(test: name) + (index > 1 ? ".\(index)" : "") + ".snap"
    }

    /// The file's text for a value: the header, then `body` and a newline.
    public static func contents(test name: String, kind: String, body: String) -> String {
        "\(header)\n# test: \(DisplayText.escaped(name))\n# type: \(kind)\n\(body)\n"
    }

    /// Why a file is not a snapshot.
    public struct HeaderProblem: Error, Hashable {
        public var reason: String
    }

    /// The test name and type a snapshot file's header gives, or why it is not a snapshot.
    public static func parseHeader(_ text: String) -> Result<(test: String, kind: String), HeaderProblem> {
        let lines = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == header else {
            return .failure(HeaderProblem(reason: "its first line must be '\(header)'"))
        }
        guard lines.count >= 2, lines[1].hasPrefix("# test: ") else {
            return .failure(HeaderProblem(reason: "its second line must be '# test: ' and the test's full name"))
        }
        guard lines.count >= 3, lines[2] == "# type: string" || lines[2] == "# type: lua" else {
            return .failure(HeaderProblem(reason: "its third line must be '# type: string' or '# type: lua'"))
        }
        guard lines.count == 4 else {
            return .failure(HeaderProblem(reason: "it ends after its header, with no value"))
        }
        return .success((String(lines[1].dropFirst(8)), String(lines[2].dropFirst(8))))
    }

    /// Compares snapshot `index` of test `name` with `body` (of type `kind`: `string` or
    /// `lua`), writing it when it is new (or differs, with ``SnapshotOptions/update``).
    public func check(test name: String, index: Int, kind: String, body: String) -> Outcome {
        let path = self.path(test: name, index: index)
        checked.append(path)
        let expected = Self.contents(test: name, kind: kind, body: body)
        guard expected.utf8.count <= FileReading.maximumSize else {
            return .error(
                "assert.snapshot: the snapshot would be \(expected.utf8.count) bytes, more than \(FileReading.maximumSize) (16 MiB), the most a snapshot file holds"
            )
        }
        let stored: String
        do {
            stored = String(decoding: try FileReading.bytes(atPath: path), as: UTF8.self)
        } catch let error where error.cause == .noSuchFile {
            if options.ci && !options.update {
                return .fail(
                    "snapshot \(path) does not exist, and CI is set (CI=true), so it is not written: run with --update-snapshots locally and commit it"
                )
            }
            if let problem = write(path, expected) { return .error(problem) }
            written.append(path)
            return .pass
        } catch {
            return .badInput("snapshot \(DisplayText.escaped(path)): \(error.reason)")
        }
        if stored == expected { return .pass }
        let header: (test: String, kind: String)
        switch Self.parseHeader(stored) {
        case .success(let parsed): header = parsed
        case .failure(let problem):
            return .badInput(
                "snapshot \(path) is not a snapshot file: \(problem.reason) (fix it, or delete it to record the snapshot again); nothing was written"
            )
        }
        if header.test != DisplayText.escaped(name) {
            return .fail(
                "snapshot \(path) belongs to the test '\(header.test)', not to '\(DisplayText.escaped(name))': the two names make the same file name (\(SnapshotStore.fileName(test: name))); rename one of the tests"
            )
        }
        if options.update {
            if let problem = write(path, expected) { return .error(problem) }
            updated.append(path)
            return .pass
        }
        let diff = LineDiff.unified(old: stored, new: expected, oldName: "\(path) (stored)", newName: "the value now")
        return .fail("snapshot \(path) does not match (run with --update-snapshots to accept the value now):\n" + diff)
    }

    /// Writes `text` to `path` whole (its folders made first); the problem, or nil.
    private func write(_ path: String, _ text: String) -> String? {
        var slash = path.index(after: path.startIndex)
        while slash < path.endIndex, let next = path[slash...].firstIndex(of: "/") {
            let folder = String(path[..<next])
            slash = path.index(after: next)
            if FileReading.isDirectory(folder) { continue }
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                return
                    "cannot make the snapshot folder \(DisplayText.escaped(folder)): \(String(cString: strerror(errno)))"
            }
        }
        if let problem = OutputFile.replace(path, with: text) {
            return "cannot write snapshot \(DisplayText.escaped(path)): \(problem)"
        }
        return nil
    }
}
