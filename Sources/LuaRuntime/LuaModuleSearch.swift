#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds `require`d modules for the sandbox: `a.b` is `a/b.lua` or
/// `a/b/init.lua` under one of the roots, read as text. Names are dotted
/// words (letters, digits, `_`, `-`), so they cannot climb out with `..` or
/// `/`; a file reached through a symbolic link that resolves outside its
/// root is refused too.
struct LuaModuleSearch: Sendable {
    struct Module: Equatable, Sendable {
        var source: String
        /// The chunk name without `@`: the root joined with the relative path.
        var chunkName: String
    }

    struct Failure: Error, Equatable, Sendable {
        /// Lua's format: one "\n\tno file '...'" per place tried.
        var text: String
    }

    var roots: [String]
    /// Reads a file found inside a root (by default ``readText(_:)``).
    var read: @Sendable (String) throws -> [UInt8] = { path in
        guard let text = LuaModuleSearch.readText(path) else { throw Failure(text: "cannot read '\(path)'") }
        return Array(text.utf8)
    }

    /// `root/?.lua;root/?/init.lua;...`, shown as `package.path`.
    var pathDescription: String {
        roots.flatMap { ["\($0)/?.lua", "\($0)/?/init.lua"] }.joined(separator: ";")
    }

    func find(_ name: String) -> Result<Module, Failure> {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            !parts.isEmpty
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.utf8.allSatisfy { byte in
                        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                            || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2D
                    }
            }
        guard valid else {
            return .failure(
                Failure(text: "\n\tinvalid module name '\(name)' (dotted names of letters, digits, '_' and '-' only)"))
        }
        guard !roots.isEmpty else {
            return .failure(Failure(text: "\n\tno plugin folder is configured"))
        }
        let relative = parts.joined(separator: "/")
        var tried = ""
        for root in roots {
            for candidate in ["\(relative).lua", "\(relative)/init.lua"] {
                let path = root + "/" + candidate
                guard let realFile = Self.realFileInside(root: root, path: path) else {
                    tried += "\n\tno file '\(path)'"
                    continue
                }
                do {
                    return .success(
                        Module(source: String(decoding: try read(realFile), as: UTF8.self), chunkName: path))
                } catch let failure as Failure {
                    tried += "\n\t\(failure.text)"
                } catch {
                    tried += "\n\t\(error)"
                }
            }
        }
        return .failure(Failure(text: tried))
    }

    /// The file's real path if it exists and is inside the root's.
    static func realFileInside(root: String, path: String) -> String? {
        guard let realRoot = realPath(root), let realFile = realPath(path),
            realFile.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
        else { return nil }
        return realFile
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func readText(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count { break }
        }
        guard ferror(file) == 0 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
