import Glibc
import ArgumentParser
import SwipeScript

/// Reading scripts and writing output with the C library: no Foundation at start-up.
enum StandardStreams {
    static func write(_ bytes: [UInt8]) {
        writeAll(bytes, to: 1)
    }

    static func writeError(_ text: String) {
        writeAll(Array(text.utf8), to: 2)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
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
