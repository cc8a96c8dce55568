import Glibc
import SwipeCore

/// Reads files whole with the C library (no Foundation at start-up), bounded and checked.
///
/// The one place the host reads a plugin, spec, script or Lua file: what a path names is looked
/// at (`stat`) before it is opened, anything but a regular file is refused unless the caller
/// reads streams (a script may be a pipe), the file is opened without blocking (a FIFO put in a
/// regular file's place between the look and the open cannot hang the open) and looked at again
/// through the descriptor (`fstat`), and no more than `limit` bytes are read.
public enum FileReading {
    /// The most bytes read whole from one file or stream: 16 MiB. A plugin, spec or Lua file
    /// past it is refused; a larger script must be a regular file (it is mapped).
    public static let maximumSize = 16 << 20

    /// The bytes of `path`; `-` reads standard input. Throws the system's reason, or
    /// ``FileError/Cause/notARegularFile``-style causes for what is not a regular file (unless
    /// `streams`: then FIFOs, character devices and sockets are read too, as a pipe is), and
    /// ``FileError/Cause/tooLarge`` past `limit` bytes.
    public static func bytes(atPath path: String, limit: Int = maximumSize, streams: Bool = false) throws(FileError)
        -> [UInt8]
    {
        if path == "-" { return try readAll(0, path: path, limit: limit) }
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileError(path: path, cause: .init(rawValue: errno)) }
        try check(status, path: path, streams: streams, limit: limit)
        // A stream the caller reads (a named pipe given as a script) is opened as `cat` opens
        // it, waiting for its writer; anything else without waiting.
        let waits = streams && (status.st_mode & S_IFMT) != S_IFREG
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (waits ? 0 : O_NONBLOCK))
        guard descriptor >= 0 else { throw FileError(path: path, cause: .init(rawValue: errno)) }
        defer { close(descriptor) }
        // What was opened may not be what was looked at: look again.
        guard fstat(descriptor, &status) == 0 else { throw FileError(path: path, cause: .init(rawValue: errno)) }
        try check(status, path: path, streams: streams, limit: limit)
        if !waits && (status.st_mode & S_IFMT) != S_IFREG {
            // A stream is read as a pipe is, waiting for its writer.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        let size = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        return try readAll(descriptor, path: path, limit: limit, sizeHint: size)
    }

    /// Refuses a folder, anything but a regular file unless `streams`, and a regular file past `limit`.
    private static func check(_ status: stat, path: String, streams: Bool, limit: Int) throws(FileError) {
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw FileError(path: path, cause: .isADirectory) }
        if type == S_IFREG {
            if Int(status.st_size) > limit { throw FileError(path: path, cause: .tooLarge, limit: limit) }
            return
        }
        if !streams || type == S_IFBLK { throw FileError(path: path, cause: .notARegularFile(type)) }
    }

    /// What `path` names (following symbolic links), as ``FileError`` words it: nil for a regular
    /// file or a folder, or when nothing is there; else the refusal a read would throw.
    public static func nonRegularFile(_ path: String) -> FileError? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        return type == S_IFREG || type == S_IFDIR ? nil : FileError(path: path, cause: .notARegularFile(type))
    }

    /// Whether `path` is a folder itself, not a symbolic link to one: a walk through folders
    /// follows no links (`sub/a -> .` and `sub/b -> .` would make it exponential).
    public static func isUnlinkedDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
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

    /// Reads `descriptor` to its end straight into the returned array: a regular file in one
    /// `read` of its size (`sizeHint`, from `fstat`), a stream into room that doubles as it
    /// fills, never past `limit` + 1 bytes (the one byte past the limit tells a stream at the
    /// limit from one beyond it). Reading 64 KiB chunks and appending each copied every byte
    /// once more and grew the array by doubling (~7% of a `swipehost run`).
    private static func readAll(_ descriptor: Int32, path: String, limit: Int, sizeHint: Int = 0) throws(FileError)
        -> [UInt8]
    {
        let most = limit < Int.max ? limit + 1 : limit
        var bytes = [UInt8](repeating: 0, count: min(max(sizeHint + 1, 1 << 16), most))
        var filled = 0
        while true {
            if filled == bytes.count {
                if filled > limit { throw FileError(path: path, cause: .tooLarge, limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, most - bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw FileError(path: path, cause: .init(rawValue: errno)) }
            if count == 0 { break }
            filled += count
        }
        if filled > limit { throw FileError(path: path, cause: .tooLarge, limit: limit) }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
