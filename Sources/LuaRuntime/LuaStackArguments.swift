/// A Swift function callable from Lua that reads its arguments where they are, on the Lua
/// stack: nothing is converted until asked for, and a table argument's fields are read one by
/// one (``LuaStackArguments/field(_:_:)``) rather than copied whole into a dictionary.
///
/// Register it with `LuaState.registerStackFunction(_:in:method:_:)`. The accessors have the names and
/// the `bad argument` errors of those on `[LuaValue]`, so a `LuaFunction` body moves over as
/// it is. The arguments are valid only while the body runs.
public typealias LuaStackFunction = (LuaStackArguments) throws -> [LuaValue]

/// The arguments of a ``LuaStackFunction`` call: positions 1...count, after `self` for a method.
public struct LuaStackArguments {
    let api: LuaAPI
    unowned(unsafe) let state: LuaState
    /// Stack index of argument 1.
    let first: Int32
    /// The name of the function, for the labels of references it returns.
    let name: String
    /// How many arguments Lua passed.
    public let count: Int

    init(state: LuaState, first: Int32, count: Int, name: String) {
        self.api = state.api
        self.state = state
        self.first = first
        self.count = count
        self.name = name
    }

    func index(_ position: Int) -> Int32? {
        position >= 1 && position <= count ? first + Int32(position - 1) : nil
    }

    /// Argument `position` (1-based) converted whole (tables copied), `.nil` when absent.
    public func argument(_ position: Int) throws -> LuaValue {
        guard let index = index(position) else { return .nil }
        do {
            return try state.value(at: index, label: name)
        } catch let error as LuaError {
            var wrapped = LuaError.argument(position, error.message)
            wrapped.path = error.path
            throw wrapped
        }
    }

    /// Every argument, converted.
    public func values() throws -> [LuaValue] {
        try (0..<count).map { try argument($0 + 1) }
    }

    /// Whether argument `position` is nil or absent.
    public func isNil(_ position: Int) -> Bool {
        guard let index = index(position) else { return true }
        return api.type(at: index) == LuaCode.nil
    }

    /// Argument `position` as an integer, or a `bad argument` error.
    public func integer(_ position: Int) throws -> Int {
        if let index = index(position), api.type(at: index) == LuaCode.number, api.isInteger(at: index) {
            return api.integer(at: index)
        }
        return try checked(position) { try $0.integer(1) }
    }

    /// Argument `position` as a number, or a `bad argument` error.
    public func number(_ position: Int) throws -> Double {
        if let index = index(position), api.type(at: index) == LuaCode.number {
            return api.number(at: index)
        }
        return try checked(position) { try $0.number(1) }
    }

    /// Argument `position` as a string, or a `bad argument` error.
    public func string(_ position: Int) throws -> String {
        if let index = index(position), api.type(at: index) == LuaCode.string {
            return state.string(at: index)
        }
        return try checked(position) { try $0.string(1) }
    }

    /// Argument `position` as a table copy, or a `bad argument` error.
    public func table(_ position: Int) throws -> [LuaValue: LuaValue] {
        try checked(position) { try $0.table(1) }
    }

    /// Argument `position` as a function, or a `bad argument` error.
    public func function(_ position: Int) throws -> LuaRef {
        try checked(position) { try $0.function(1) }
    }

    /// The slow path of the accessors: argument `position` converted, then checked by the
    /// `[LuaValue]` accessor of the same name, its `bad argument` error renumbered.
    private func checked<T>(_ position: Int, _ accessor: ([LuaValue]) throws -> T) throws -> T {
        let values = index(position) == nil ? [] : [try argument(position)]
        do {
            return try accessor(values)
        } catch var error as LuaError {
            if error.argument != nil { error.argument = position }
            throw error
        }
    }

    /// Field `key` of the table that is argument `position` (raw access: no metamethod runs),
    /// converted; `.nil` when absent. A `bad argument` error when the argument is not a table.
    /// Field `key` of argument `position` (raw) when the argument is a table and the field a
    /// string; nil otherwise (ask ``field(_:_:)`` then, for the value or the error).
    public func stringField(_ position: Int, _ key: StaticString) throws -> String? {
        guard let index = index(position), api.type(at: index) == LuaCode.table else { return nil }
        guard api.checkStack(1) else { throw LuaArguments.stackOverflow() }
        api.rawGetField(index, key)
        defer { api.pop(1) }
        return api.type(at: -1) == LuaCode.string ? state.string(at: -1) : nil
    }

    public func field(_ position: Int, _ key: StaticString) throws -> LuaValue {
        guard let index = index(position), api.type(at: index) == LuaCode.table else {
            _ = try table(position)
            return .nil
        }
        guard api.checkStack(1) else { throw LuaArguments.stackOverflow() }
        api.rawGetField(index, key)
        defer { api.pop(1) }
        // Plain values directly; tables and references through the general conversion.
        switch api.type(at: -1) {
        case LuaCode.nil: return .nil
        case LuaCode.string: return .string(state.string(at: -1))
        case LuaCode.number: return api.isInteger(at: -1) ? .integer(api.integer(at: -1)) : .number(api.number(at: -1))
        case LuaCode.boolean: return .boolean(api.boolean(at: -1))
        default: return try state.value(at: api.top, label: name)
        }
    }
}
