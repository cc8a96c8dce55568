// swift-tools-version: 6.1
// A small package that embeds SwipeHost from Swift: `swift run --package-path examples/embed`.
import Foundation
import PackageDescription

// The SwipeHost checkout two folders up; its package identity is its folder's name.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "EmbedExample",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "EmbedExample",
            dependencies: [.product(name: "SwipePlugins", package: root.lastPathComponent)]
        )
    ]
)
