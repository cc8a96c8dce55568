import Glibc
import SwipeCore

/// Reads files whole with the C library (no Foundation at start-up).
public enum FileReading {
    /// The bytes of `path`; `-` reads standard input. Throws the system's reason.
    public static func bytes(atPath path: String) throws(FileError) -> [UInt8] {
        if path == "-" { return try readAll(0, path: path) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileError(path: path, cause: .init(rawValue: errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(path: path, cause: .isADirectory)
        }
        return try readAll(descriptor, path: path)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// `path` from the root: as it is when it starts with `/`, else led by the current folder.
    public static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        let base = String(cString: folder)
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return (base.hasSuffix("/") ? base : base + "/") + relative
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// This process's executable, read from `/proc/self/exe`; `argv[0]` when that cannot be read.
    public static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return string(buffer[0..<count])
    }

    /// The text of C characters up to the first NUL (or all of them), as UTF-8.
    public static func string<C: Collection<CChar>>(_ characters: C) -> String {
        String(decoding: characters.lazy.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The names in a directory, sorted; empty when it can't be read.
    public static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private static func readAll(_ descriptor: Int32, path: String) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw FileError(path: path, cause: .init(rawValue: errno)) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}

/// A file that could not be read, and why.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why: the system's error number (`errno`), with names for the usual ones.
    public struct Cause: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `ENOENT`: the file, or a folder on its path, does not exist.
        public static let noSuchFile = Cause(rawValue: ENOENT)
        /// `EACCES`: the file or a folder on its path may not be read.
        public static let permissionDenied = Cause(rawValue: EACCES)
        /// `EISDIR`: the path is a folder.
        public static let isADirectory = Cause(rawValue: EISDIR)
        /// `ENOTDIR`: a component of the path that should be a folder is a file.
        public static let notADirectory = Cause(rawValue: ENOTDIR)

        /// The system's text for it (`strerror`), e.g. `No such file or directory`.
        public var description: String { String(cString: strerror(rawValue)) }
    }

    public var path: String
    public var cause: Cause

    public init(path: String, cause: Cause) {
        self.path = path
        self.cause = cause
    }

    /// The cause as the system words it.
    public var reason: String { cause.description }
    public var description: String { "cannot read '\(DisplayText.escaped(path))': \(reason)" }
}
