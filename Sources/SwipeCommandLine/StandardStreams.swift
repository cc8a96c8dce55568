import Glibc
import SwipeScript

/// Reading scripts and writing output with the C library: no Foundation at start-up.
///
/// Output that cannot be written ends the command, whichever subcommand writes it: with
/// status 1 and the reason on standard error (`swipehost: cannot write the output: No space
/// left on device`). A reader that went away (`swipehost run ... | head -1`) ends it quietly
/// with status 141: what a shell reports for a writer stopped by `SIGPIPE`, which is what
/// happens instead when that signal is not ignored.
public enum StandardStreams {
    /// The exit status when standard output's reader has gone (128 + `SIGPIPE`).
    public static let brokenPipeStatus: Int32 = 141

    public static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeOutput($0) }
    }

    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { writeOutput(UnsafeRawBufferPointer($0)) }
    }

    /// A run's output, written from its buffer without a copy (a spooled part copied from its
    /// file by the kernel).
    public static func write(_ output: OutputBuffer) {
        if let error = output.write(to: 1) { failOutput(error) }
    }

    /// Writes to standard error; a failure there has nowhere to be reported, so it is ignored.
    public static func writeError(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { OutputBuffer.writeAll($0, to: 2) }
    }

    /// Writes to standard output, or ends the process: nothing after a lost write could be trusted.
    private static func writeOutput(_ buffer: UnsafeRawBufferPointer) {
        if let error = OutputBuffer.writeAll(buffer, to: 1) { failOutput(error) }
    }

    /// Ends the process after a write to standard output failed with `error`.
    private static func failOutput(_ error: Int32) -> Never {
        if error == EPIPE { exit(brokenPipeStatus) }
        writeError("swipehost: cannot write the output: \(String(cString: strerror(error)))\n")
        exit(1)
    }

}
