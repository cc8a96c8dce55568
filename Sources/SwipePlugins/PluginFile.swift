import SwipeScript

/// A plugin's file, read but not yet loaded: reading (which may fail, or meet a FIFO or a device
/// in a plugin's place) is done apart from loading, so that a server reads the files before it
/// takes a session's lock and loads them under it.
public struct PluginFile: Hashable, Sendable {
    /// The path as given: a `.lua` file, or a folder with `init.lua`.
    public var path: String
    /// The file read: `path`, or the folder's `init.lua`.
    public var file: String
    /// The folder `require` searches first.
    public var folder: String
    /// Its text: at most ``FileReading/maximumSize`` bytes.
    public var source: [UInt8]

    /// Reads `path` (see ``FileReading/bytes(atPath:limit:streams:)``: only a regular file, at
    /// most 16 MiB, opened without waiting). Fails with `FILE: cannot read the plugin: REASON`.
    public init(path: String) throws(PluginProblem) {
        let isFolder = FileReading.isDirectory(path)
        file = isFolder ? (path.hasSuffix("/") ? path : path + "/") + "init.lua" : path
        folder = isFolder ? path : Plugin.folder(of: path)
        self.path = path
        do {
            source = try FileReading.bytes(atPath: file)
        } catch {
            throw PluginProblem(file: file, message: "cannot read the plugin: \(error.reason)")
        }
    }
}
