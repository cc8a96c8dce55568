#if canImport(Glibc)
    import Glibc
#endif

/// Runs a target on files, as libFuzzer does when given files instead of a corpus to grow.
enum Replay {
    static func run(_ target: FuzzTarget, paths: [String]) -> Int32 {
        if paths.isEmpty {
            printError("swipefuzz: no input files (this build replays inputs; build with scripts/fuzz.sh to fuzz)\n")
            return 2
        }
        var count = 0
        for path in paths {
            for file in files(path) {
                guard let bytes = read(file) else {
                    printError("swipefuzz: cannot read \(file)\n")
                    return 2
                }
                printError("Running: \(file)\n")
                target.run(bytes)
                count += 1
            }
        }
        printError("swipefuzz: \(target.name): \(count) inputs ran without a finding\n")
        return 0
    }

    /// `path` itself, or the files in it when it is a folder, sorted.
    static func files(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes += chunk[0..<count] }
            if count < chunk.count { break }
        }
        return bytes
    }
}

/// Writes `text` to standard error, unbuffered.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
