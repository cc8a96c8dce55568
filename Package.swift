// swift-tools-version: 6.1
import PackageDescription

// Layers, from the bottom up (see docs/architecture.md):
//   SwipeCore   - the tutorial's cell and table on a virtual clock; imports nothing.
//   SwipeScript - gesture scripts and the trace formats; needs only SwipeCore.
//   CLua, CLuaShim, LuaRuntime - Lua 5.4 embedded safely; knows nothing of swipes.
//   CSwipeDispatch, SwipePlugins - Lua plugins configure rows and handle the delegate calls
//                 (CSwipeDispatch: the row and button records, built in C).
//   SwipeExplore - `swipehost explore`: generated gesture scripts, invariants, the shrinker.
//   SwipeRender  - `swipehost render`: a run drawn as an SVG filmstrip and offset plot.
//   SwipePlayground - the playground's logic (sessions, wire protocol, frames, reload), no server.
//   SwipeServer - Hummingbird glue for the playground (routes, WebSocket, signals); the only
//                 target that pulls in a server framework.
//   SwipeCommandLine - the options and output streams both executables share.
//   swipehost   - the thin command-line executable; `swipehost serve` executes swipehost-serve,
//                 `swipehost bench` swipehost-bench.
//   swipehost-serve - the playground's server, a binary of its own: only it links SwipeServer,
//                 so building swipehost (the demo, run, test, render) compiles no server stack.
//   swipehost-bench - the benchmarks (SwipeBench), a binary of their own for the same reason.

// With SWIPEHOST_OPTIMIZED_DEBUG=1 (scripts/quick.sh and sanitize.sh set it), a debug
// build optimises the libraries, not the executables, the tests or the dependencies: every test
// drives them, and unoptimised they took most of the suites' time. Asserts and preconditions stay
// a debug build's (`-assert-config Debug`), and `#if DEBUG` code (the table's invariant checks
// after every event) still runs. Without it (`swift build`, the demo) they compile sooner and step
// through in a debugger. docs/testing.md, "Debug builds".
let optimizedDebug = Context.environment["SWIPEHOST_OPTIMIZED_DEBUG"] == "1"
let optimizedInDebug: [SwiftSetting] =
    optimizedDebug ? [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))] : []
let optimizedCInDebug: [CSetting] = optimizedDebug ? [.unsafeFlags(["-O2"], .when(configuration: .debug))] : []

let package = Package(
    name: "SwipeHost",
    products: [
        .executable(name: "swipehost", targets: ["swipehost"]),
        .executable(name: "swipehost-serve", targets: ["swipehost-serve"]),
        .executable(name: "swipehost-bench", targets: ["swipehost-bench"]),
        .library(name: "SwipeCore", targets: ["SwipeCore"]),
        .library(name: "SwipeScript", targets: ["SwipeScript"]),
        .library(name: "LuaRuntime", targets: ["LuaRuntime"]),
        .library(name: "SwipePlugins", targets: ["SwipePlugins"]),
        .library(name: "SwipeExplore", targets: ["SwipeExplore"]),
        .library(name: "SwipeTesting", targets: ["SwipeTesting"]),
        .library(name: "SwipeRender", targets: ["SwipeRender"]),
        .library(name: "SwipePlayground", targets: ["SwipePlayground"]),
        .library(name: "SwipeServer", targets: ["SwipeServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only SwipeServer uses these (the playground's HTTP and WebSocket glue; HTTPTypes, which
        // Hummingbird brings, is named because SwipeServer imports it). No traits:
        // swift-configuration and the full-Foundation extras are not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(name: "SwipeCore", swiftSettings: optimizedInDebug),
        .target(name: "SwipeScript", dependencies: ["SwipeCore"], swiftSettings: optimizedInDebug),
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"], cSettings: optimizedCInDebug),
        // Lua the host runs itself lives in .lua files, compiled into the binary
        // (`PackageResources.<name>_lua`, a [UInt8]); nothing is looked up at run time.
        .target(
            name: "LuaRuntime",
            dependencies: ["CLua", "CLuaShim"],
            resources: [.embedInCode("Lua/sandbox_prelude.lua"), .embedInCode("Lua/trusted_prelude.lua")],
            swiftSettings: optimizedInDebug
        ),
        // The plugin host's one-C-call: the row and button records a handler gets, built in C
        // through LuaRuntime's generic prepared call (CLuaShim's swl_call.h).
        .target(name: "CSwipeDispatch", dependencies: ["CLua", "CLuaShim"], cSettings: optimizedCInDebug),
        .target(
            name: "SwipePlugins",
            dependencies: ["SwipeCore", "SwipeScript", "LuaRuntime", "CSwipeDispatch"],
            resources: [.embedInCode("Lua/ctx_prelude.lua")],
            swiftSettings: optimizedInDebug
        ),
        // `swipehost explore`'s engine: generated gesture scripts, invariants, the shrinker. Below
        // SwipeTesting, which gives it the spec driver's checks (`--check`, `swipe.explore{...}`).
        .target(
            name: "SwipeExplore",
            dependencies: ["SwipeCore", "SwipeScript", "SwipePlugins"],
            swiftSettings: optimizedInDebug
        ),
        .target(
            name: "SwipeTesting",
            dependencies: ["SwipeCore", "SwipeScript", "LuaRuntime", "SwipePlugins", "SwipeRender", "SwipeExplore"],
            resources: [.embedInCode("Lua/test_framework.lua"), .embedInCode("Lua/swipe_module.lua")],
            swiftSettings: optimizedInDebug
        ),
        .target(
            name: "SwipeRender",
            dependencies: ["SwipeCore", "SwipeScript", "SwipePlugins"],
            swiftSettings: optimizedInDebug
        ),
        // The playground (swipehost serve): its logic and the page (files owned by the page,
        // compiled in as `PackageResources.index_html` etc.); no server framework here.
        .target(
            name: "SwipePlayground",
            dependencies: ["SwipeCore", "SwipeScript", "SwipePlugins"],
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js")],
            swiftSettings: optimizedInDebug
        ),
        .target(
            name: "SwipeServer",
            dependencies: [
                "SwipePlayground",
                "SwipePlugins",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .target(name: "CLuaBench", dependencies: ["CLua"]),
        // The plain-Lua reference of `replay.vs_plain_lua` is a .lua file compiled in, like the preludes.
        .target(
            name: "SwipeBench",
            dependencies: [
                "SwipeCore", "SwipeScript", "LuaRuntime", "SwipePlugins", "SwipePlayground", "SwipeTesting",
                "SwipeExplore", "CLuaBench",
            ],
            resources: [
                .embedInCode("Lua/plain_tutorial.lua"), .embedInCode("Lua/coverage_reference.lua"),
                .embedInCode("Lua/set_items_bench.lua"),
            ]
        ),
        .target(
            name: "SwipeCommandLine",
            dependencies: [
                "SwipeCore", "SwipeScript", "SwipePlugins",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "swipehost",
            dependencies: [
                "SwipeCore",
                "SwipeScript",
                "LuaRuntime",
                "SwipePlugins",
                "SwipeTesting",
                "SwipeExplore",
                "SwipeRender",
                "SwipeCommandLine",
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
        // `swipehost bench`'s binary (`swipehost bench` executes it): only it links the benchmarks,
        // so building swipehost (the demo) compiles none of them. Linked as swipehost is, so that
        // the callgrind gate counts the same code as `swipehost run` runs.
        .executableTarget(
            name: "swipehost-bench",
            dependencies: [
                "SwipeBench", "SwipeCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationCShims"],
                    .when(configuration: .release))
            ]
        ),
        .executableTarget(
            name: "swipehost-serve",
            dependencies: [
                "SwipeCore",
                "SwipePlugins",
                "SwipePlayground",
                "SwipeServer",
                "SwipeCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fuzzing (see scripts/fuzz.sh): one executable for every target, a replay driver in a
        // normal build and libFuzzer's driver when built with `-sanitize=fuzzer -D FUZZING`.
        .target(name: "CFuzzerDriver", path: "Fuzz/Sources/CFuzzerDriver"),
        .executableTarget(
            name: "swipefuzz",
            dependencies: [
                "SwipeCore", "SwipeScript", "LuaRuntime", "SwipePlugins", "SwipeTesting", "SwipePlayground",
                "CFuzzerDriver",
            ],
            path: "Fuzz/Sources/swipefuzz"
        ),
        // What the test targets share: the package's root, temporary folders and files, running
        // swipehost or another program. Foundation only, so that no test target pulls in more
        // than it tests (the plugin hosts' helpers stay in SwipePluginsTests, their only user).
        .target(name: "SwipeTestSupport", path: "Tests/SwipeTestSupport"),
        .testTarget(name: "SwipeCoreTests", dependencies: ["SwipeCore", "SwipeScript", "SwipeTestSupport"]),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime", "SwipeTestSupport"]),
        .testTarget(
            name: "SwipePluginsTests",
            dependencies: [
                "SwipePlugins", "SwipeCore", "SwipeScript", "LuaRuntime", "CSwipeDispatch", "SwipeTestSupport",
            ]),
        .testTarget(
            name: "SwipeRenderTests",
            dependencies: ["SwipeRender", "SwipePlugins", "SwipeScript", "SwipeCore", "SwipeTestSupport"]),
        .testTarget(
            name: "SwipeExploreTests",
            dependencies: [
                "SwipeExplore", "SwipeTesting", "SwipePlugins", "SwipeScript", "SwipeCore", "SwipeTestSupport",
            ],
            exclude: ["Fixtures"]),
        // The binaries, and the libraries the configuration's round trip and the playground's
        // recorded-session replay are driven through.
        .testTarget(
            name: "SwipeHostCLITests",
            dependencies: [
                "swipehost", "swipehost-serve", "swipehost-bench", "SwipeCommandLine", "SwipeTesting",
                "SwipePlayground", "SwipePlugins",
                "SwipeScript",
                "SwipeCore", "LuaRuntime", "SwipeTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "SwipeBenchTests",
            dependencies: ["SwipeBench", "SwipePlugins", "SwipeScript", "SwipeCore", "SwipeTestSupport"]),
        // The playground's logic and its server, tested together (they share the page's helpers).
        .testTarget(
            name: "SwipePlaygroundTests",
            dependencies: [
                "SwipeServer",
                "SwipePlayground",
                "SwipePlugins",
                "SwipeScript",
                "SwipeCore",
                "SwipeTestSupport",
            ]
        ),
        .testTarget(
            name: "SwipeTestingTests",
            dependencies: [
                "SwipeTesting", "SwipeRender", "SwipePlugins", "SwipeScript", "SwipeCore", "LuaRuntime",
                "CFuzzerDriver", "SwipeTestSupport",
            ],
            exclude: ["Fixtures"]),
    ]
)
