// swift-tools-version: 6.1
import PackageDescription

// Layers, from the bottom up (see docs/architecture.md):
//   SwipeCore   - the tutorial's cell and table on a virtual clock; imports nothing.
//   SwipeScript - gesture scripts and the trace formats; needs only SwipeCore.
//   CLua, CLuaShim, LuaRuntime - Lua 5.4 embedded safely; knows nothing of swipes.
//   SwipePlugins - Lua plugins configure rows and handle the delegate calls.
//   SwipeRender  - `swipehost render`: a run drawn as an SVG filmstrip and offset plot.
//   swipehost   - the thin command-line executable.
let package = Package(
    name: "SwipeHost",
    products: [
        .executable(name: "swipehost", targets: ["swipehost"]),
        .library(name: "SwipeCore", targets: ["SwipeCore"]),
        .library(name: "SwipeScript", targets: ["SwipeScript"]),
        .library(name: "LuaRuntime", targets: ["LuaRuntime"]),
        .library(name: "SwipePlugins", targets: ["SwipePlugins"]),
        .library(name: "SwipeTesting", targets: ["SwipeTesting"]),
        .library(name: "SwipeRender", targets: ["SwipeRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "SwipeCore"),
        .target(name: "SwipeScript", dependencies: ["SwipeCore"]),
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // Lua the host runs itself lives in .lua files, compiled into the binary
        // (`PackageResources.<name>_lua`, a [UInt8]); nothing is looked up at run time.
        .target(
            name: "LuaRuntime",
            dependencies: ["CLua", "CLuaShim"],
            resources: [.embedInCode("Lua/sandbox_prelude.lua"), .embedInCode("Lua/trusted_prelude.lua")]
        ),
        .target(
            name: "SwipePlugins",
            dependencies: ["SwipeCore", "SwipeScript", "LuaRuntime"],
            resources: [.embedInCode("Lua/ctx_prelude.lua")]
        ),
        .target(
            name: "SwipeTesting",
            dependencies: ["SwipeCore", "SwipeScript", "LuaRuntime", "SwipePlugins"],
            resources: [.embedInCode("Lua/test_framework.lua"), .embedInCode("Lua/swipe_module.lua")]
        ),
        .target(name: "SwipeRender", dependencies: ["SwipeCore", "SwipeScript", "SwipePlugins"]),
        .target(name: "CLuaBench", dependencies: ["CLua"]),
        // The plain-Lua reference of `replay.vs_plain_lua` is a .lua file compiled in, like the preludes.
        .target(
            name: "SwipeBench",
            dependencies: ["SwipeCore", "SwipeScript", "LuaRuntime", "SwipePlugins", "CLuaBench"],
            resources: [.embedInCode("Lua/plain_tutorial.lua")]
        ),
        .executableTarget(
            name: "swipehost",
            dependencies: [
                "SwipeCore",
                "SwipeScript",
                "SwipePlugins",
                "SwipeTesting",
                "SwipeBench",
                "SwipeRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A release build links the Swift runtime and Foundation statically: no dynamic
            // symbol lookups at start-up, which were half of a short `swipehost run`'s CPU
            // time (see docs/performance.md, startup_ms).
            // (FoundationEssentials, which the argument parser imports, needs its own two
            // archives named: the dynamic library brings them itself.)
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationCShims"],
                    .when(configuration: .release))
            ]
        ),
        // Fuzzing (see scripts/fuzz.sh): one executable for every target, a replay driver in a
        // normal build and libFuzzer's driver when built with `-sanitize=fuzzer -D FUZZING`.
        .target(name: "CFuzzerDriver", path: "Fuzz/Sources/CFuzzerDriver"),
        .executableTarget(
            name: "swipefuzz",
            dependencies: ["SwipeCore", "SwipeScript", "LuaRuntime", "SwipePlugins", "SwipeTesting", "CFuzzerDriver"],
            path: "Fuzz/Sources/swipefuzz"
        ),
        .testTarget(name: "SwipeCoreTests", dependencies: ["SwipeCore", "SwipeScript"]),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime"]),
        .testTarget(name: "SwipePluginsTests", dependencies: ["SwipePlugins"]),
        .testTarget(name: "SwipeRenderTests", dependencies: ["SwipeRender"]),
        .testTarget(name: "SwipeHostCLITests", dependencies: ["swipehost"]),
        .testTarget(name: "SwipeBenchTests", dependencies: ["SwipeBench", "SwipePlugins", "SwipeScript", "SwipeCore"]),
        .testTarget(name: "SwipeTestingTests", dependencies: ["SwipeTesting", "CFuzzerDriver"], exclude: ["Fixtures"]),
    ]
)
