import Glibc
import ArgumentParser
import SwipeScript

/// Reading scripts and writing output with the C library: no Foundation at start-up.
enum StandardStreams {
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeAll($0, to: 1) }
    }

    /// A run's output, written from its buffer without a copy.
    static func write(_ output: OutputBuffer) {
        output.withUnsafeBytes { writeAll($0, to: 1) }
    }

    static func writeError(_ text: String) {
        Array(text.utf8).withUnsafeBytes { writeAll($0, to: 2) }
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
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
