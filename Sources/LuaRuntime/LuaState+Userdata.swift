/// Swift objects as Lua userdata.
///
/// The userdata retains the object (an `Unmanaged` pointer); its `__gc`
/// releases it when Lua collects the userdata, or when the state closes.
extension LuaState {
    /// Defines the Lua type `name` for Swift objects: `obj:method(...)`
    /// calls `methods[method]` with the userdata as first argument (get the
    /// object back with `args[0].object(as:)` or `LuaValue.object(as:)`).
    public func defineType(_ name: String, methods: [String: LuaFunction]) throws {
        let base = try beginAccess()
        defer { api.setTop(base) }
        api.pushObjectMetatable(Self.metatableName(name))
        api.newTable(recordCount: Int32(clamping: methods.count))
        for (method, body) in methods {
            api.pushString(method)
            push(LuaFunctionBox(name: method, body: body))
            api.rawSet(base + 2)
        }
        api.pushString("__index")
        api.pushCopy(of: base + 2)
        api.rawSet(base + 1)
    }

    /// A userdata of type `name` (see `defineType`) holding `object`.
    public func userdata(_ object: AnyObject, type name: String) throws -> LuaValue {
        let base = try beginAccess()
        defer { api.setTop(base) }
        let retained = Unmanaged<AnyObject>.passRetained(object)
        api.pushObject(retained.toOpaque(), metatable: Self.metatableName(name))
        return .userdata(makeReference(at: -1, type: .userdata, label: name))
    }

    /// The Swift object in a userdata made by `userdata(_:type:)`, if it is a `T`.
    func object<T: AnyObject>(in ref: LuaRef, as type: T.Type) -> T? {
        guard ref.serial == serial, ref.type == .userdata, api.checkStack(1) else { return nil }
        let base = api.top
        defer { api.setTop(base) }
        api.pushReference(ref.slot)
        guard let pointer = api.object(at: -1) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
    }

    /// Where the Lua function `ref` is defined: its chunk as Lua names it in messages
    /// (`plugins/mail.lua`) and the line its `function` keyword is on; nil for a C function or
    /// a value that is not a function of this state.
    public func definition(of ref: LuaRef) -> (chunk: String, line: Int)? {
        guard ref.serial == serial, ref.type == .function, api.checkStack(1) else { return nil }
        let base = api.top
        defer { api.setTop(base) }
        api.pushReference(ref.slot)
        return api.popFunctionDefinition()
    }

    /// The lines of a Lua function, from its `function` to its `end`; nil for a C function or a
    /// reference of another state.
    public func definitionLines(of ref: LuaRef) -> ClosedRange<Int>? {
        guard ref.serial == serial, ref.type == .function, api.checkStack(1) else { return nil }
        let base = api.top
        defer { api.setTop(base) }
        api.pushReference(ref.slot)
        return api.popFunctionLines()
    }

    /// Registry key of a type's metatable, kept apart from C libraries' names.
    static func metatableName(_ name: String) -> String { "swift." + name }
}

extension LuaValue {
    /// The Swift object in a userdata value, if it is a `T`.
    public func object<T: AnyObject>(as type: T.Type = T.self) -> T? {
        guard case .userdata(let ref) = self else { return nil }
        return ref.object(as: type)
    }
}
