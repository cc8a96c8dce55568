import ArgumentParser
import Glibc
import SwipeCommandLine
import SwipeCore
import SwipeScript

/// A script's bytes and the name its errors are reported under.
///
/// A script file larger than ``mappingThreshold`` is mapped rather than read: a run releases the
/// pages it has run (``release(upTo:)``), so that a 10-million-line script takes no more memory
/// than a short one. Should such a file shrink while it runs, the run ends with status 2 and
/// `swipehost: the script FILE changed while it was run` instead of a crash.
struct ScriptSource {
    var name: String
    private var read: [UInt8]
    private var mapped: MappedScript?

    /// Scripts from this size up are mapped.
    static let mappingThreshold = 16 << 20

    /// Reads `path` whole (`-` = standard input); a file that can't be read ends the run with
    /// status 2 and its name.
    static func read(_ path: String, mapAbove: Int = mappingThreshold) throws -> ScriptSource {
        let name = path == "-" ? "<stdin>" : path
        if path != "-", let mapped = MappedScript(path: path, atLeast: max(mapAbove, 1)) {
            return ScriptSource(name: name, read: [], mapped: mapped)
        }
        do {
            // A regular file past `mapAbove` was mapped; what is read whole is bounded.
            let bytes = try FileReading.bytes(
                atPath: path, limit: max(mapAbove, FileReading.maximumSize), streams: true)
            return ScriptSource(name: name, read: bytes, mapped: nil)
        } catch {
            let hint =
                error.cause == .tooLarge ? " (a longer script can be run from a regular file, which is mapped)" : ""
            StandardStreams.writeError("swipehost: \(error)\(hint)\n")
            throw ExitCode(2)
        }
    }

    /// Calls `body` with the script's bytes, valid only during the call.
    func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        if let mapped { return try body(mapped.bytes) }
        // `withUnsafeBufferPointer` rethrows untyped errors; the typed error is carried out by hand.
        var result: Result<R, E>?
        read.withUnsafeBufferPointer { buffer in
            do throws(E) { result = .success(try body(buffer)) } catch { result = .failure(error) }
        }
        return try result!.get()
    }

    /// Gives back the memory of the bytes before `offset`, which will not be read again (a mapped
    /// script only; they are read again from the file should they be).
    func release(upTo offset: Int) {
        mapped?.release(upTo: offset)
    }
}

/// A regular file mapped read-only, whose pages already run are given back as the run goes.
final class MappedScript {
    let bytes: UnsafeBufferPointer<UInt8>
    private var released = 0

    /// Maps `path` if it is a regular file of at least `minimum` bytes; nil otherwise (or when
    /// it can't be opened or mapped: reading it the usual way reports why).
    init?(path: String, atLeast minimum: Int) {
        // A named pipe is not opened here, only once, where it is read: opening it here too would
        // let its writer in and then close on it (a SIGPIPE for the writer).
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) >= minimum
        else { return nil }
        let count = Int(status.st_size)
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
        _ = madvise(base, count, MADV_SEQUENTIAL)
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
        Self.reportTruncation(of: path)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    func release(upTo offset: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(offset, bytes.count) / page * page
        guard end > released else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + released), end - released, MADV_DONTNEED)
        released = end
    }

    /// The message a `SIGBUS` prints: reading a page past the end of a file that shrank.
    nonisolated(unsafe) private static var truncationMessage: UnsafeMutablePointer<CChar>?

    /// Makes a read past the end of the mapped file (it shrank) end the run with status 2 and
    /// a message naming it, not a crash.
    private static func reportTruncation(of path: String) {
        truncationMessage = strdup("swipehost: the script \(DisplayText.escaped(path)) changed while it was run\n")
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            if let message = MappedScript.truncationMessage { _ = Glibc.write(2, message, strlen(message)) }
            _exit(2)
        }
        sigaction(SIGBUS, &action, nil)
    }
}
