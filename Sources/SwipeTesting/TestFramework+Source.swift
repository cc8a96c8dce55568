/// The busted-compatible test API, in Lua: `describe`/`it`/hooks collect a tree when the spec
/// file loads; the runner (Swift) then asks for the plan and runs one test per call, so each
/// test has its own instruction budget.
enum TestFramework {
    static let chunkName = "=swipe/test"

    /// The text of `Lua/test_framework.lua`, compiled into the binary.
    static let source = String(decoding: PackageResources.test_framework_lua, as: UTF8.self)
}
