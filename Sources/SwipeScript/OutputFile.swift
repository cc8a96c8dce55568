import Glibc

/// Writes a whole file (`swipehost render`'s OUT, a spec's snapshot). A regular file (or a new
/// one) gets the whole text or nothing: it is written into a temporary file beside it (hidden,
/// named after it and the process), renamed over it at the end, so processes writing at once
/// never leave a torn file. Anything else that the path (a FIFO, a device such as `/dev/null` or `/dev/full`, a socket) is written through,
/// never replaced; a symbolic link stays a link, the file it points to written as above.
public enum OutputFile {
    /// The reason it failed, or nil.
    public static func replace(_ path: String, with text: String) -> String? {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            if (status.st_mode & S_IFMT) == S_IFDIR { return String(cString: strerror(EISDIR)) }
            return writeThrough(path, text)
        }
        // A link to a regular file (or to nothing yet) stays a link: its target is replaced.
        var target = path
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realpath(path, nil) else { return writeThrough(path, text, creating: true) }
            target = String(cString: resolved)
            free(resolved)
        }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let temporary = "\(folder).\(name).swipehost-\(getpid()).tmp"
        unlink(temporary)  // a stale one, or whatever was put in its place: made anew
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure = write(text, to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// Writes into what `path` names as it is, as a shell's `>` does (a FIFO waits for its
    /// reader); `creating`: the file a dangling link names is made.
    private static func writeThrough(_ path: String, _ text: String, creating: Bool = false) -> String? {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (creating ? O_CREAT | O_TRUNC : 0), 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure = write(text, to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }

    /// Writes all of `text`; the reason it failed, or nil.
    private static func write(_ text: String, to descriptor: Int32) -> String? {
        Array(text.utf8).withUnsafeBytes { buffer in
            OutputBuffer.writeAll(buffer, to: descriptor).map { String(cString: strerror($0)) }
        }
    }
}
