import CLuaShim
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Line coverage of every Lua state created with it (`LuaOptions.coverage`).
///
/// Each state counts in C, in its own record, from its hook (no Lua call per line: see
/// coverage.c); when the state closes, its counts are added here. ``files()`` sums what closed
/// states left and what open ones hold. Only chunks loaded from a file (a chunk name starting
/// with `@`) are counted. A state made without it has no line hook at all.
public final class LuaCoverage: Sendable {
    /// How states count.
    public enum Mode: Sendable, Equatable {
        /// Counts lines and calls in C (the default).
        case counting
        /// Calls a Lua function on each line event instead: `source` is a chunk that, given the
        /// debug library, returns `function(event, line)`. The bench's reference (a luacov-style
        /// counter); nothing is counted here.
        case reference(String)
    }

    public let mode: Mode

    /// The counts of one file.
    public struct File: Sendable, Equatable {
        /// The chunk name without its `@`: the path the file was loaded with.
        public var path: String
        /// Line number: times that line began to run (lines never run are absent).
        public var lines: [Int: UInt64] = [:]
        /// Line of a function's definition: times functions defined there were called.
        public var calls: [Int: UInt64] = [:]

        public init(path: String, lines: [Int: UInt64] = [:], calls: [Int: UInt64] = [:]) {
            self.path = path
            self.lines = lines
            self.calls = calls
        }

        mutating func add(_ other: File) {
            lines.merge(other.lines, uniquingKeysWith: +)
            calls.merge(other.calls, uniquingKeysWith: +)
        }
    }

    /// Counts of one file from closed states, as the C record keeps them: indexed by line.
    private struct Counts {
        var lines: [UInt64] = []
        var calls: [UInt64] = []

        /// Adds one C file record's line and call counts.
        mutating func add(_ file: swl_CoverageFile) {
            Self.add(file.lines, file.line_capacity, to: &lines)
            Self.add(file.calls, file.call_capacity, to: &calls)
        }

        /// Adds `count` C counts to `counts`, index by index.
        static func add(_ source: UnsafeMutablePointer<UInt64>?, _ count: Int32, to counts: inout [UInt64]) {
            guard let source, count > 0 else { return }
            let count = Int(count)
            if counts.count < count { counts.append(contentsOf: repeatElement(0, count: count - counts.count)) }
            counts.withUnsafeMutableBufferPointer { counts in
                for index in 0..<count { counts[index] += source[index] }
            }
        }

        /// `counts` as a file's: the lines (or definitions) with a count other than zero.
        static func nonZero(_ counts: [UInt64]) -> [Int: UInt64] {
            var found: [Int: UInt64] = [:]
            for (index, count) in counts.enumerated() where count != 0 { found[index] = count }
            return found
        }
    }

    private struct Store: ~Copyable {
        /// Counts added as files (``add(_:)``).
        var files: [String: File] = [:]
        /// Counts of closed states, by path.
        var closed: [String: Counts] = [:]
        /// The text first loaded under each chunk name (`LuaState.load`).
        var sources: [String: [UInt8]] = [:]
        /// Records of open states, by address.
        var open: Set<UInt> = []
    }

    private let store = Mutex(Store())

    public init(mode: Mode = .counting) {
        self.mode = mode
    }

    deinit {
        store.withLock { store in
            for address in store.open { swl_coverage_free(UnsafeMutablePointer(bitPattern: address)) }
        }
    }

    /// A record for a new state (freed by ``close(_:)``).
    func open() -> UnsafeMutablePointer<swl_Coverage>? {
        guard let record = swl_coverage_new() else { return nil }
        _ = store.withLock { $0.open.insert(UInt(bitPattern: record)) }
        return record
    }

    /// Adds a closed state's counts and frees its record: array to array, by line (a state
    /// closes after every test; the dictionaries of ``File`` are made once, by ``files()``).
    func close(_ record: UnsafeMutablePointer<swl_Coverage>) {
        let coverage = record.pointee
        let paths = (0..<Int(coverage.file_count)).map { String(cString: coverage.files[$0].source + 1) }
        store.withLock { store in
            store.open.remove(UInt(bitPattern: record))
            for (index, path) in paths.enumerated() {
                store.closed[path, default: Counts()].add(coverage.files[index])
            }
        }
        swl_coverage_free(record)
    }

    /// Keeps the text of a chunk loaded from `chunkName` (the first one loaded under that name):
    /// the report reads its lines from it rather than from the file, which may have changed.
    func noteSource(_ source: String, chunkName: String) {
        guard chunkName.hasPrefix("@") else { return }
        let path = String(chunkName.dropFirst())
        store.withLock { store in
            if store.sources[path] == nil { store.sources[path] = Array(source.utf8) }
        }
    }

    /// The text loaded as `path`, if a state loaded it through `LuaState.load`.
    public func source(of path: String) -> [UInt8]? {
        store.withLock { $0.sources[path] }
    }

    /// Adds counts made elsewhere (a worker process's).
    public func add(_ file: File) {
        store.withLock { $0.files[file.path, default: File(path: file.path)].add(file) }
    }

    /// Every file counted so far, by path: closed states' counts plus open states'. Read it
    /// when no state that shares this coverage is running Lua.
    public func files() -> [File] {
        store.withLock { store in
            var files = store.files
            for (path, counts) in store.closed {
                files[path, default: File(path: path)].add(
                    File(path: path, lines: Counts.nonZero(counts.lines), calls: Counts.nonZero(counts.calls)))
            }
            for address in store.open {
                guard let record = UnsafeMutablePointer<swl_Coverage>(bitPattern: address) else { continue }
                for file in Self.files(in: record) { files[file.path, default: File(path: file.path)].add(file) }
            }
            return files.values.sorted { $0.path < $1.path }
        }
    }

    private static func files(in record: UnsafeMutablePointer<swl_Coverage>) -> [File] {
        let coverage = record.pointee
        var files: [File] = []
        for index in 0..<Int(coverage.file_count) {
            let counts = coverage.files[index]
            var file = File(path: String(cString: counts.source + 1))
            for line in 0..<Int(counts.line_capacity) where counts.lines[line] != 0 {
                file.lines[line] = UInt64(counts.lines[line])
            }
            for line in 0..<Int(counts.call_capacity) where counts.calls[line] != 0 {
                file.calls[line] = UInt64(counts.calls[line])
            }
            files.append(file)
        }
        return files
    }

    /// Where a chunk has code, from Lua's own line information (see docs/testing.md,
    /// "Coverage", and `swl_code_lines`).
    public struct CodeLines: Sendable, Equatable {
        /// Every line with an instruction of the main chunk or of a function in it, except the
        /// `return` Lua adds at a function's end (or the file's) where nothing else is on that
        /// line; a function counts at the line it is defined at, not at its `end`.
        public var lines: [Int]
        /// The line where each function in the chunk is defined.
        public var functions: [Int]
        /// Definition lines with no instruction of their own, each with the line of the
        /// instruction that makes the function (its `end`): the first ran as often as the second.
        public var moves: [(from: Int, to: Int)]

        public static func == (a: CodeLines, b: CodeLines) -> Bool {
            a.lines == b.lines && a.functions == b.functions && a.moves.map(\.from) == b.moves.map(\.from)
                && a.moves.map(\.to) == b.moves.map(\.to)
        }

        /// Line counts as the hook made them, moved to where the lines are reported: a
        /// definition line gets the count of its CLOSURE line.
        public func counts(_ hits: [Int: UInt64]) -> [Int: UInt64] {
            var counts = hits
            for move in moves { counts[move.to] = max(counts[move.to] ?? 0, hits[move.from] ?? 0) }
            return counts
        }
    }

    /// Where `source` has code; nil when the text does not compile.
    public static func codeLines(of source: [UInt8]) -> CodeLines? {
        // An empty chunk compiles to a lone implicit return: no line has code.
        guard !source.isEmpty else { return CodeLines(lines: [], functions: [], moves: []) }
        var lines: UnsafeMutablePointer<Int32>?
        var functions: UnsafeMutablePointer<Int32>?
        var moves: UnsafeMutablePointer<Int32>?
        var lineCount: Int32 = 0
        var functionCount: Int32 = 0
        var moveCount: Int32 = 0
        let status = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                swl_code_lines(
                    text.baseAddress!, text.count, &lines, &lineCount, &functions, &functionCount, &moves, &moveCount)
            }
        }
        defer {
            free(lines)
            free(functions)
            free(moves)
        }
        guard status == 0 else { return nil }
        return CodeLines(
            lines: (0..<Int(lineCount)).map { Int(lines![$0]) },
            functions: (0..<Int(functionCount)).map { Int(functions![$0]) },
            moves: (0..<Int(moveCount)).map { (Int(moves![2 * $0]), Int(moves![2 * $0 + 1])) })
    }
}
