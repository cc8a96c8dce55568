import Glibc
import SwipeCore

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

        /// Not an error number: more than the reader's limit (see ``FileError/limit``).
        public static let tooLarge = Cause(rawValue: -1)
        /// Not an error number: a FIFO, device or socket where a regular file is read.
        public static func notARegularFile(_ type: mode_t) -> Cause {
            switch type {
            case S_IFIFO: Cause(rawValue: -2)
            case S_IFCHR: Cause(rawValue: -3)
            case S_IFBLK: Cause(rawValue: -4)
            case S_IFSOCK: Cause(rawValue: -5)
            default: Cause(rawValue: -6)
            }
        }

        /// The system's text for it (`strerror`), e.g. `No such file or directory`; for the
        /// host's own causes, what the file is.
        public var description: String {
            switch rawValue {
            case -1: "too large"
            case -2: "not a regular file but a FIFO (named pipe)"
            case -3: "not a regular file but a character device"
            case -4: "not a regular file but a block device"
            case -5: "not a regular file but a socket"
            case -6: "not a regular file"
            default: String(cString: strerror(rawValue))
            }
        }
    }

    public var path: String
    public var cause: Cause
    /// For ``Cause/tooLarge``: the most bytes the reader takes.
    public var limit: Int?

    public init(path: String, cause: Cause, limit: Int? = nil) {
        self.path = path
        self.cause = cause
        self.limit = limit
    }

    /// The cause as the system words it, or, past the limit, the limit.
    public var reason: String {
        guard cause == .tooLarge, let limit else { return cause.description }
        return "larger than \(FileError.size(limit)), the most read whole from a file or stream"
    }

    public var description: String {
        path == "-" ? "cannot read standard input: \(reason)" : "cannot read '\(DisplayText.escaped(path))': \(reason)"
    }

    /// `16777216 bytes (16 MiB)`; the part in parentheses only for whole MiB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes) bytes (\(bytes >> 20) MiB)" : "\(bytes) bytes"
    }
}
