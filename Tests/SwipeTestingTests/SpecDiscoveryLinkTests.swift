import Foundation
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// A spec folder walk follows no symbolic link to a folder (`sub/a -> .` and
/// `sub/b -> .` made it exponential, as they did the playground's watcher), and a spec that
/// links to a device fails naming it, without being read.
struct SpecDiscoveryLinkTests {
    @Test func linkedFoldersAreNotWalked() throws {
        let root = try TestFiles.folderPath("swipehost-specs")
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try "".write(toFile: root + "/sub/x_spec.lua", atomically: true, encoding: .utf8)
        for name in ["a", "b", "c"] {
            try FileManager.default.createSymbolicLink(atPath: root + "/sub/" + name, withDestinationPath: ".")
        }
        expectEqual(try SpecDiscovery.files(in: [root]), [root + "/sub/x_spec.lua"])
    }

    @Test func aSpecLinkedToADeviceFailsNamingIt() throws {
        let root = try TestFiles.folderPath("swipehost-specs")
        try FileManager.default.createSymbolicLink(atPath: root + "/zero_spec.lua", withDestinationPath: "/dev/zero")
        let report = SpecRunner().run(file: root + "/zero_spec.lua")
        expectEqual(
            report.results.map(\.message),
            [
                "cannot read '\(root)/zero_spec.lua': not a regular file but a character device"
            ])
        expectEqual(report.results.map(\.status), [.failed])
    }
}
