import Glibc
import ArgumentParser
import SwipeCore
import SwipeScript

/// Reading scripts and writing output with the C library: no Foundation at start-up.
///
/// Output that cannot be written ends the command, whichever subcommand writes it: with
/// status 1 and the reason on standard error (`swipehost: cannot write the output: No space
/// left on device`). A reader that went away (`swipehost run ... | head -1`) ends it quietly
/// with status 141: what a shell reports for a writer stopped by `SIGPIPE`, which is what
/// happens instead when that signal is not ignored.
enum StandardStreams {
    /// The exit status when standard output's reader has gone (128 + `SIGPIPE`).
    static let brokenPipeStatus: Int32 = 141

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeOutput($0) }
    }

    static func write(_ text: String) {
        var text = text
        text.withUTF8 { writeOutput(UnsafeRawBufferPointer($0)) }
    }

    /// A run's output, written from its buffer without a copy.
    static func write(_ output: OutputBuffer) {
        output.withUnsafeBytes { writeOutput($0) }
    }

    /// Writes to standard error; a failure there has nowhere to be reported, so it is ignored.
    static func writeError(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { writeAll($0, to: 2) }
    }

    /// Writes to standard output, or ends the process: nothing after a lost write could be trusted.
    private static func writeOutput(_ buffer: UnsafeRawBufferPointer) {
        guard let error = writeAll(buffer, to: 1) else { return }
        if error == EPIPE { exit(brokenPipeStatus) }
        writeError("swipehost: cannot write the output: \(String(cString: strerror(error)))\n")
        exit(1)
    }

    /// Writes the whole buffer; the `errno` of the write that failed, if one did.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }
}

/// A script's bytes and the name its errors are reported under.
struct ScriptSource {
    var name: String
    var bytes: [UInt8]

    /// Reads `path` whole (`-` = standard input); a file that can't be read ends the run with
    /// status 2 and its name.
    static func read(_ path: String) throws -> ScriptSource {
        do {
            return ScriptSource(name: path == "-" ? "<stdin>" : path, bytes: try FileReading.bytes(atPath: path))
        } catch {
            StandardStreams.writeError("swipehost: \(error)\n")
            throw ExitCode(2)
        }
    }
}
