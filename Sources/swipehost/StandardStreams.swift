import Glibc
import ArgumentParser

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
        if path == "-" {
            return ScriptSource(name: "<stdin>", bytes: readAll(0))
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            StandardStreams.writeError("swipehost: cannot read '\(path)': \(reason)\n")
            throw ExitCode(2)
        }
        defer { close(descriptor) }
        return ScriptSource(name: path, bytes: readAll(descriptor))
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
