import CLua
import CLuaShim

/// Every call into the Lua C API, in one place.
///
/// Nothing else in LuaRuntime imports `CLua`'s functions directly: the rest of
/// the module speaks Swift through this type. Functions marked *raises* can
/// raise a Lua error and are only called where that cannot unwind Swift:
/// inside `pcall` (Lua-side) or with the memory cap suspended, where the only
/// possible error is a real out-of-memory, on which the allocator aborts.
/// See docs/lua-runtime.md, "Error model".
///
/// The few functions the argument-pushing path uses are inlinable, so a call's arguments are
/// pushed with no Swift call in between (see `LuaArguments`).
@usableFromInline
struct LuaAPI {
    /// The thread this view operates on.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // `L`, as the Lua manual and every C function of its API name a `lua_State *`.
    @usableFromInline
    let L: OpaquePointer

    @usableFromInline
    init(_ L: OpaquePointer) { self.L = L }

    // MARK: State

    /// Creates a state with the capped allocator. The corresponding C function is `lua_newstate`.
    static func newState(_ runtime: UnsafeMutablePointer<swl_Runtime>) -> LuaAPI? {
        swl_newstate(runtime).map(LuaAPI.init)
    }

    /// Where the function on top of the stack is defined (`short_src`, `linedefined`), popping
    /// it; nil for a C function. Never raises. The corresponding C function is `lua_getinfo` (">S").
    func popFunctionDefinition() -> (chunk: String, line: Int)? {
        var info = lua_Debug()
        guard lua_getinfo(L, ">S", &info) != 0, info.linedefined > 0 else { return nil }
        let chunk = withUnsafeBytes(of: &info.short_src) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return (chunk, Int(info.linedefined))
    }

    /// The lines of the Lua function on top of the stack, from its `function` to its `end`
    /// (popped), or nil for a C function or a main chunk. The corresponding C function is
    /// `lua_getinfo`.
    func popFunctionLines() -> ClosedRange<Int>? {
        var info = lua_Debug()
        guard lua_getinfo(L, ">S", &info) != 0, info.linedefined > 0, info.lastlinedefined >= info.linedefined
        else { return nil }
        return Int(info.linedefined)...Int(info.lastlinedefined)
    }

    /// Has the hook call a Lua line counter (see `LuaCoverage.Mode.reference`), in a protected
    /// call; the message is on the stack when the status is not OK. The corresponding C function
    /// is `swl_coverage_reference`.
    func installCoverageReference(_ code: String) -> Int32 {
        var code = code
        return code.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { swl_coverage_reference(L, $0.baseAddress, $0.count) }
        }
    }

    /// The corresponding C function is `lua_close` (`swl_close` also frees the small blocks the
    /// allocator kept).
    func close() { swl_close(L) }

    /// Opens the standard libraries in a protected call. The corresponding C function is `luaL_openlibs`.
    func openLibraries() -> Int32 { swl_openlibs(L) }

    /// Installs the sandbox's bounded string, table, setmetatable, xpcall and os functions, and
    /// `virtual_os` in the table at registry slot `host`, in a protected call. The corresponding C
    /// function is `swl_opensandbox`.
    func openSandbox(host: Int32) -> Int32 { swl_opensandbox(L, host) }

    /// The corresponding C function is `lua_gc`.
    @discardableResult
    func gc(_ what: Int32, _ arg: Int32 = 0) -> Int32 { swl_gc(L, what, arg) }

    func collectGarbage() { gc(LUA_GCCOLLECT) }

    /// Kilobytes in use, as `collectgarbage("count")` reports them.
    func memoryInKilobytes() -> Double {
        Double(gc(LUA_GCCOUNT)) + Double(gc(LUA_GCCOUNTB)) / 1024
    }

    // MARK: Stack

    @inlinable var top: Int32 { lua_gettop(L) }
    func setTop(_ index: Int32) { lua_settop(L, index) }
    func pop(_ n: Int32) { lua_settop(L, -n - 1) }
    func absoluteIndex(_ index: Int32) -> Int32 { lua_absindex(L, index) }
    /// Never raises: returns false when the stack cannot grow. The corresponding C function is `lua_checkstack`.
    @inlinable func checkStack(_ n: Int32) -> Bool { lua_checkstack(L, n) != 0 }
    func pushCopy(of index: Int32) { lua_pushvalue(L, index) }
    /// Pops the top value into `index`. The corresponding C function is `lua_replace`.
    func replace(_ index: Int32) {
        lua_copy(L, -1, index)
        lua_settop(L, -2)
    }

    // MARK: Reading (none of these raise)

    func type(at index: Int32) -> Int32 { lua_type(L, index) }
    func isInteger(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }
    func integer(at index: Int32) -> Int { Int(lua_tointegerx(L, index, nil)) }
    func number(at index: Int32) -> Double { lua_tonumberx(L, index, nil) }
    func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }
    func rawLength(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }
    func pointer(at index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }
    func lightUserdata(at index: Int32) -> UnsafeMutableRawPointer? { lua_touserdata(L, index) }
    /// The retained Swift object in a userdata made by `pushObject`, if any.
    func object(at index: Int32) -> UnsafeMutableRawPointer? { swl_toobject(L, index) }

    /// The string at `index`; only call when `type(at:)` is `LUA_TSTRING`
    /// (for numbers `lua_tolstring` converts in place and may allocate).
    /// The bytes of the string at `index` (Lua's own, valid while the value is on the stack)
    /// and their count; nil for a value that is not a string or number. Never raises on a
    /// string. The corresponding C function is `lua_tolstring`.
    func stringBytes(at index: Int32) -> UnsafeBufferPointer<UInt8>? {
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
    }

    func string(at index: Int32) -> String {
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    // MARK: Pushing (raise only on memory errors; call with the cap suspended)

    @inlinable func pushNil() { lua_pushnil(L) }
    @inlinable func pushBoolean(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    @inlinable func pushInteger(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    @inlinable func pushNumber(_ value: Double) { lua_pushnumber(L, value) }
    func pushLightUserdata(_ value: UnsafeMutableRawPointer) { lua_pushlightuserdata(L, value) }

    /// Pushes a `String` from its own storage (see `pushString(_:count:)`).
    @inlinable
    func pushString(_ value: String) {
        value.withCString { pushString($0, count: value.utf8.count) }
    }

    /// Pushes `count` bytes of `value` (`lua_pushlstring`: by length, not through Lua's cache
    /// of C strings, whose cost hangs on the address of the bytes).
    @inlinable
    func pushString(_ value: UnsafePointer<CChar>, count: Int) {
        swl_pushstring(L, value, count)
    }

    /// `table[key] = value` on a table without a metatable; `key` is a literal. The
    /// corresponding C functions are `lua_pushinteger` and `lua_setfield`.
    @inlinable
    func setField(_ table: Int32, _ key: StaticString, _ value: Int) {
        Self.withCString(key) { swl_setfield_integer(L, table, $0, lua_Integer(value)) }
    }

    /// The corresponding C functions are `lua_pushnumber` and `lua_setfield`.
    @inlinable
    func setField(_ table: Int32, _ key: StaticString, _ value: Double) {
        Self.withCString(key) { swl_setfield_number(L, table, $0, value) }
    }

    /// The corresponding C functions are `lua_pushboolean` and `lua_setfield`.
    @inlinable
    func setField(_ table: Int32, _ key: StaticString, _ value: Bool) {
        Self.withCString(key) { swl_setfield_boolean(L, table, $0, value ? 1 : 0) }
    }

    /// `value` as for `pushString(_:count:)`. The corresponding C function is `lua_setfield`.
    @inlinable
    func setField(_ table: Int32, _ key: StaticString, cString value: UnsafePointer<CChar>, count: Int) {
        Self.withCString(key) { swl_setfield_string(L, table, $0, value, count) }
    }

    /// A literal's NUL-terminated bytes (field names have no NUL inside).
    @inlinable
    static func withCString(_ key: StaticString, _ body: (UnsafePointer<CChar>) -> Void) {
        key.utf8Start.withMemoryRebound(to: CChar.self, capacity: key.utf8CodeUnitCount + 1, body)
    }

    @inlinable
    func newTable(arrayCount: Int32 = 0, recordCount: Int32 = 0) {
        lua_createtable(L, arrayCount, recordCount)
    }

    /// Pushes the traceback message handler (a light C function: no allocation).
    func pushMessageHandler() { clua_pushcfunction(L, swl_message_handler) }

    /// Pushes a Lua function calling the retained Swift function box `function`.
    func pushFunction(_ function: UnsafeMutableRawPointer, name: String) {
        swl_pushfunction(L, function, name)
    }

    /// Pushes a userdata owning the retained Swift object `object`.
    func pushObject(_ object: UnsafeMutableRawPointer, metatable: String) {
        swl_pushobject(L, object, metatable)
    }

    /// Creates or fetches the named metatable for Swift objects and pushes it.
    func pushObjectMetatable(_ name: String) { swl_newmetatable(L, name) }

    // MARK: Tables (raw access only: no metamethods run)

    @discardableResult
    func rawGet(_ table: Int32) -> Int32 { lua_rawget(L, table) }
    @discardableResult
    func rawGet(_ table: Int32, index: Int) -> Int32 { lua_rawgeti(L, table, lua_Integer(index)) }
    /// Pushes `table[key]` (raw: no metamethod runs); `table` is an absolute index.
    func rawGetField(_ table: Int32, _ key: StaticString) {
        Self.withCString(key) { _ = lua_pushstring(L, $0) }
        lua_rawget(L, table)
    }

    /// The key must not be nil or NaN (checked by callers).
    func rawSet(_ table: Int32) { lua_rawset(L, table) }
    func rawSet(_ table: Int32, index: Int) { lua_rawseti(L, table, lua_Integer(index)) }
    /// Only with keys produced by a previous `next`. The corresponding C function is `lua_next`.
    func next(_ table: Int32) -> Bool { lua_next(L, table) != 0 }
    func setMetatable(_ index: Int32) { lua_setmetatable(L, index) }

    // MARK: Registry

    func pushGlobals() { lua_rawgeti(L, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) }
    @inlinable @discardableResult
    func pushReference(_ ref: Int32) -> Int32 { lua_rawgeti(L, clua_registryindex(), lua_Integer(ref)) }
    /// Pops the top value into the registry. The corresponding C function is `luaL_ref`.
    func makeReference() -> Int32 { luaL_ref(L, clua_registryindex()) }
    /// The string in registry field `key`, if any, and clears the field (raw access).
    func takeRegistryString(_ key: StaticString) -> String? {
        let registry = clua_registryindex()
        rawGetField(registry, key)
        let text = type(at: -1) == LUA_TSTRING ? string(at: -1) : nil
        pop(1)
        Self.withCString(key) { _ = lua_pushstring(L, $0) }
        lua_pushnil(L)
        lua_rawset(L, registry)
        return text
    }
    /// The corresponding C function is `luaL_unref` (no allocation).
    func releaseReference(_ ref: Int32) { luaL_unref(L, clua_registryindex(), ref) }

    // MARK: Running code

    /// Compiles a chunk (protected; returns a status). The corresponding C function is `luaL_loadbufferx`.
    func load(_ source: String, chunkName: String, mode: String) -> Int32 {
        var source = source
        return source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, mode)
            }
        }
    }

    /// The registry reference meaning "no value" (`LUA_NOREF`).
    @usableFromInline static let noReference: Int32 = LUA_NOREF

    /// `lua_pcall` with the budget and the armed cap. The corresponding C function is `swl_pcall`.
    func protectedCall(
        _ runtime: UnsafeMutablePointer<swl_Runtime>, arguments: Int32, results: Int32, handler: Int32
    ) -> Int32 {
        swl_pcall(runtime, L, arguments, results, handler)
    }
}

/// Status and type codes, imported once so the rest of the module needn't import CLua.
enum LuaCode {
    static let ok = LUA_OK
    static let yield = LUA_YIELD
    static let runtimeError = LUA_ERRRUN
    static let syntaxError = LUA_ERRSYNTAX
    static let memoryError = LUA_ERRMEM
    static let handlerError = LUA_ERRERR
    static let multipleResults = LUA_MULTRET
    static let minimumStack = LUA_MINSTACK
    /// Where an outermost call finds the message handler on the main thread's stack, above the
    /// parked keys (`SWL_PARKED_HANDLER`).
    static let parkedHandler = Int32(SWL_PARKED_HANDLER)

    static let none = LUA_TNONE
    static let `nil` = LUA_TNIL
    static let boolean = LUA_TBOOLEAN
    static let lightUserdata = LUA_TLIGHTUSERDATA
    static let number = LUA_TNUMBER
    static let string = LUA_TSTRING
    static let table = LUA_TTABLE
    static let function = LUA_TFUNCTION
    static let userdata = LUA_TUSERDATA
    static let thread = LUA_TTHREAD

    static let budgetCaught = SWL_BUDGET_CAUGHT
    static let stackOverflow = SWL_STACK_OVERFLOW
    static let raise = Int32(SWL_RAISE)
    static let raiseWhere = Int32(SWL_RAISE_WHERE)
    static let raiseArgument = Int32(SWL_RAISE_ARGUMENT)
}
