import Glibc
import SwipeTestSupport
import Testing

@testable import SwipeScript

/// `FileReading.bytes`, the one place the host reads a plugin, spec,
/// script or Lua file, looks at what a path is before it opens it, never waits on a FIFO,
/// and reads no more than its limit.
struct FileReadingLimitTests {
    static func refusal(_ path: String, limit: Int = FileReading.maximumSize, streams: Bool = false) -> FileError? {
        do {
            _ = try FileReading.bytes(atPath: path, limit: limit, streams: streams)
            return nil
        } catch {
            return error
        }
    }

    @Test func theLimitIs16MiB() {
        expectEqual(FileReading.maximumSize, 16_777_216)
        expectEqual(
            FileError(path: "p.lua", cause: .tooLarge, limit: FileReading.maximumSize).description,
            "cannot read 'p.lua': larger than 16777216 bytes (16 MiB), the most read whole from a file or stream"
        )
    }

    @Test func aDeviceIsRefusedBeforeItIsRead() {
        let error = Self.refusal("/dev/zero")
        expectEqual(error?.cause, .notARegularFile(S_IFCHR))
        expectEqual(error?.description, "cannot read '/dev/zero': not a regular file but a character device")
    }

    @Test func aLinkToADeviceIsRefusedByWhatItNames() throws {
        let folder = try TestFiles.folderPath("swipehost-reading")
        symlink("/dev/zero", folder + "/zero_spec.lua")
        expectEqual(
            Self.refusal(folder + "/zero_spec.lua")?.description,
            "cannot read '\(folder)/zero_spec.lua': not a regular file but a character device")
    }

    /// Without the look before the open, this open waits for a writer for ever.
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TestFiles.folderPath("swipehost-reading")
        expectEqual(mkfifo(folder + "/fifo.lua", 0o600), 0)
        expectEqual(
            Self.refusal(folder + "/fifo.lua")?.description,
            "cannot read '\(folder)/fifo.lua': not a regular file but a FIFO (named pipe)")
        expectEqual(
            FileReading.nonRegularFile(folder + "/fifo.lua")?.reason, "not a regular file but a FIFO (named pipe)")
        expectEqual(FileReading.nonRegularFile(folder), nil)
    }

    @Test func aStreamIsReadUpToTheLimitAndNoFurther() {
        let error = Self.refusal("/dev/zero", limit: 100_000, streams: true)
        expectEqual(error?.cause, .tooLarge)
        expectEqual(
            error?.description,
            "cannot read '/dev/zero': larger than 100000 bytes, the most read whole from a file or stream")
    }

    @Test func aRegularFileIsReadUpToItsLimitExactly() throws {
        let folder = try TestFiles.folderPath("swipehost-reading")
        let path = folder + "/p.lua"
        try TestFiles.write(String(repeating: "x", count: 1_000), to: path)
        expectEqual(try FileReading.bytes(atPath: path, limit: 1_000).count, 1_000)
        expectEqual(
            Self.refusal(path, limit: 999)?.description,
            "cannot read '\(path)': larger than 999 bytes, the most read whole from a file or stream")
    }

    /// A regular file is read in one `read` of its size, a stream into room that
    /// doubles; either way every byte comes back, in order, and nothing past the limit.
    @Test func filesOfEverySizeAroundTheReadsComeBackWhole() throws {
        let folder = try TestFiles.folderPath("swipehost-reading")
        for size in [0, 1, 4_095, 65_535, 65_536, 65_537, 131_073, 300_001] {
            let path = folder + "/s\(size).swipe"
            let text = String((0..<size).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            try TestFiles.write(text, to: path)
            expectEqual(try FileReading.bytes(atPath: path), Array(text.utf8))
            expectEqual(try FileReading.bytes(atPath: path, limit: size, streams: true), Array(text.utf8))
            if size > 0 { expectEqual(Self.refusal(path, limit: size - 1)?.cause, .tooLarge) }
        }
        // A stream grows its room past the first 64 KiB and still stops one byte past the limit.
        for limit in [65_535, 65_536, 131_077, 262_144] {
            expectEqual(Self.refusal("/dev/zero", limit: limit, streams: true)?.cause, .tooLarge)
        }
    }

    @Test func standardInputIsNamedSo() {
        expectEqual(
            FileError(path: "-", cause: .tooLarge, limit: 1 << 20).description,
            "cannot read standard input: larger than 1048576 bytes (1 MiB), the most read whole from a file or stream"
        )
    }
}
