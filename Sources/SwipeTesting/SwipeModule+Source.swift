extension SwipeModule {
    /// The Lua side of `require("swipe")`, run once with the native functions as its argument;
    /// it installs the loader in `package.preload`. The text is `Lua/swipe_module.lua`,
    /// compiled into the binary.
    static let source = String(decoding: PackageResources.swipe_module_lua, as: UTF8.self)
}
