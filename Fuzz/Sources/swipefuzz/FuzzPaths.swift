#if canImport(Glibc)
    import Glibc
#endif

/// Where the package's files are, for targets that load shipped plugins.
enum FuzzPaths {
    /// The package root: `SWIPEHOST_ROOT`, else this file's package (the binary runs where it
    /// was built).
    static let packageRoot: String = {
        if let root = getenv("SWIPEHOST_ROOT") { return String(cString: root) }
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Fuzz/Sources/swipefuzz/FuzzPaths.swift
        return parts.joined(separator: "/")
    }()

    /// A scratch folder for this process's temporary plugin files.
    static let scratch: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = "\(base)/swipefuzz-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()
}
