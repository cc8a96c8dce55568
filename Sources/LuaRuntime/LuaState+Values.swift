/// Moving values between the Lua stack and Swift.
///
/// All of this runs with the memory cap suspended (Swift is on the stack),
/// and uses only raw table access, so no metamethod and no Lua error can run.
extension LuaState {
    /// Deepest table nesting converted either way.
    static let maximumTableDepth = 100

    /// Pushes `value`; throws (leaving extra values on the stack for the
    /// caller to drop) on a foreign reference, a nil/NaN table key, or
    /// tables nested too deeply.
    func push(_ value: LuaValue, depth: Int = 0) throws {
        guard api.checkStack(3) else { throw LuaError(.memory, "Lua stack overflow") }
        switch value {
        case .nil: api.pushNil()
        case .boolean(let value): api.pushBoolean(value)
        case .integer(let value): api.pushInteger(value)
        case .number(let value): api.pushNumber(value)
        case .string(let value): api.pushString(value)
        case .lightUserdata(let pointer): api.pushLightUserdata(pointer)
        case .function(let ref), .userdata(let ref), .reference(let ref): try push(ref)
        case .table(let entries):
            guard depth < Self.maximumTableDepth else {
                throw LuaError(.type, "table nested more than \(Self.maximumTableDepth) levels")
            }
            api.newTable(recordCount: Int32(clamping: entries.count))
            let table = api.top
            for (key, value) in entries {
                if case .nil = key { throw LuaError(.type, "table index is nil") }
                if case .number(let number) = key, number.isNaN {
                    throw LuaError(.type, "table index is NaN")
                }
                try push(key, depth: depth + 1)
                try push(value, depth: depth + 1)
                api.rawSet(table)
            }
        }
    }

    /// Pushes a Swift value through its `luaValue`.
    @inline(__always)
    func push<T: LuaValueConvertible>(_ value: T) throws {
        try push(value.luaValue)
    }

    /// Pushes the referenced value.
    func push(_ ref: LuaRef) throws {
        guard ref.serial == serial else {
            throw LuaError(.type, "a LuaRef of another LuaState was used")
        }
        api.pushReference(ref.slot)
    }

    /// Converts the value at `index` (tables are copied, functions and
    /// userdata referenced). Throws `.type` for cyclic or too-deep tables.
    func value(at index: Int32, label: String = "function") throws -> LuaValue {
        var visiting: Set<UnsafeRawPointer> = []
        return try value(at: api.absoluteIndex(index), label: label, visiting: &visiting)
    }

    private func value(at index: Int32, label: String, visiting: inout Set<UnsafeRawPointer>)
        throws -> LuaValue
    {
        guard api.checkStack(2) else { throw LuaError(.memory, "Lua stack overflow") }
        switch api.type(at: index) {
        case LuaCode.boolean: return .boolean(api.boolean(at: index))
        case LuaCode.number:
            return api.isInteger(at: index) ? .integer(api.integer(at: index)) : .number(api.number(at: index))
        case LuaCode.string: return .string(api.string(at: index))
        case LuaCode.lightUserdata: return api.lightUserdata(at: index).map(LuaValue.lightUserdata) ?? .nil
        case LuaCode.function: return .function(makeReference(at: index, type: .function, label: label))
        case LuaCode.userdata: return .userdata(makeReference(at: index, type: .userdata, label: label))
        case LuaCode.thread: return .reference(makeReference(at: index, type: .thread, label: label))
        case LuaCode.table: return .table(try tableEntries(at: index, visiting: &visiting))
        default: return .nil
        }
    }

    private func tableEntries(at index: Int32, visiting: inout Set<UnsafeRawPointer>) throws
        -> [LuaValue: LuaValue]
    {
        guard let identity = api.pointer(at: index), visiting.insert(identity).inserted else {
            var error = LuaError(.type, Self.cyclicTableMessage)
            error.path = ""
            throw error
        }
        defer { visiting.remove(identity) }
        guard visiting.count <= Self.maximumTableDepth else {
            var error = LuaError(.type, "table nested more than \(Self.maximumTableDepth) levels")
            error.path = ""
            throw error
        }
        guard api.checkStack(3) else { throw LuaError(.memory, "Lua stack overflow") }
        let top = api.top
        defer { api.setTop(top) }
        var entries: [LuaValue: LuaValue] = [:]
        api.pushNil()
        while api.next(index) {
            let key = try value(at: top + 1, label: "function", visiting: &visiting)
            do {
                entries[key] = try value(at: top + 2, label: "function", visiting: &visiting)
            } catch var error as LuaError where error.path != nil {
                error.path = Self.pathStep(key) + (error.path ?? "")
                throw error
            }
            api.pop(1)
        }
        return entries
    }

    /// The message of the error for a table that contains itself, which cannot be converted.
    public static let cyclicTableMessage = "cannot convert a table that contains itself"

    /// `key` as a step of a ``LuaError/path``: `.name` for a name Lua could write so, `[3]` for
    /// an integer, `["a b"]` for another string, `[?]` for any other key.
    static func pathStep(_ key: LuaValue) -> String {
        switch key {
        case .integer(let number): return "[\(number)]"
        case .string(let name):
            let isName =
                name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
                && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
            return isName ? "." + name : "[\"\(name)\"]"
        default: return "[?]"
        }
    }

    /// A registry reference to the value at `index` (which stays on the stack).
    func makeReference(at index: Int32, type: LuaType, label: String) -> LuaRef {
        api.pushCopy(of: index)
        return LuaRef(slot: api.makeReference(), type: type, label: label, state: self)
    }
}
