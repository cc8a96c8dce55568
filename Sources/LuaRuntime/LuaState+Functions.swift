import CLuaShim

/// A Swift function callable from Lua: receives the arguments, returns the results.
///
/// Throw `LuaError.argument(n, "number expected, got string")` for a bad
/// argument (or use the checking accessors such as `args.integer(2)`), any
/// other error for a failure; Lua sees it as an ordinary Lua error that
/// `pcall` can catch. Capture the `LuaState` weakly or unowned in the body:
/// the state owns the function.
public typealias LuaFunction = ([LuaValue]) throws -> [LuaValue]

/// The Swift side of a Lua function: retained by a userdata upvalue of the
/// C trampoline, released by that userdata's `__gc`.
final class LuaFunctionBox {
    enum Body {
        /// Gets its arguments converted.
        case values(LuaFunction)
        /// Reads its arguments on the stack.
        case stack(LuaStackFunction)
    }

    let name: String
    let body: Body
    /// A method (`obj:name(...)`): Lua's first argument, `self`, is checked to be a table or
    /// userdata and not converted; `body` gets the arguments after it.
    let isMethod: Bool

    init(name: String, isMethod: Bool = false, body: @escaping LuaFunction) {
        self.name = name
        self.isMethod = isMethod
        self.body = .values(body)
    }

    init(name: String, isMethod: Bool, stack body: @escaping LuaStackFunction) {
        self.name = name
        self.isMethod = isMethod
        self.body = .stack(body)
    }
}

/// Called by `swl_trampoline` for every call of a Swift function from Lua.
let luaDispatch: swl_Dispatch = { thread, function, owner in
    let state = Unmanaged<LuaState>.fromOpaque(owner!).takeUnretainedValue()
    let box = Unmanaged<LuaFunctionBox>.fromOpaque(function!).takeUnretainedValue()
    return state.dispatch(box, on: thread!)
}

/// Called by `__gc` of a userdata box: releases the Swift object it retained.
let luaRelease: swl_Release = { object in
    Unmanaged<AnyObject>.fromOpaque(object!).release()
}

extension LuaState {
    /// Registers `body` as the Lua function `name`, a global or a field of `table`.
    ///
    /// With `method: true` the function is meant to be called as `table:name(...)`: `self` is
    /// not converted (a table would be copied on every call) and `body` receives the arguments
    /// after it; a call without the colon is an error, and argument numbers in messages count
    /// as Lua's do for methods.
    public func register(_ name: String, in table: LuaRef? = nil, method: Bool = false, _ body: @escaping LuaFunction)
        throws
    {
        try register(LuaFunctionBox(name: name, isMethod: method, body: body), in: table)
    }

    /// Registers `body` as the Lua function `name`, as `register(_:in:method:_:)` does, but
    /// `body` reads its arguments on the Lua stack (``LuaStackArguments``) instead of getting
    /// them converted: for functions called often with tables of which they read a few fields.
    public func registerStackFunction(
        _ name: String, in table: LuaRef? = nil, method: Bool = false, _ body: @escaping LuaStackFunction
    )
        throws
    {
        try register(LuaFunctionBox(name: name, isMethod: method, stack: body), in: table)
    }

    /// Sets `box`'s function as field `box.name` of `table`, or as a global.
    private func register(_ box: LuaFunctionBox, in table: LuaRef?) throws {
        let base = try beginAccess()
        defer { api.setTop(base) }
        if let table {
            try push(table)
            guard api.type(at: -1) == LuaCode.table else {
                throw LuaError(.type, "table expected, got \(table.type.name)")
            }
        } else {
            api.pushGlobals()
        }
        api.pushString(box.name)
        push(box)
        api.rawSet(base + 1)
    }

    /// A Lua function value calling `body`; `name` is used in argument errors.
    public func function(_ name: String, _ body: @escaping LuaFunction) throws -> LuaValue {
        let base = try beginAccess()
        defer { api.setTop(base) }
        push(LuaFunctionBox(name: name, body: body))
        return .function(makeReference(at: -1, type: .function, label: name))
    }

    /// Pushes a Lua function calling `box`, which the function's userdata retains.
    func push(_ box: LuaFunctionBox) {
        api.pushFunction(Unmanaged.passRetained(box).toOpaque(), name: box.name)
    }

    /// Runs a Swift function for Lua. Never raises: returns the result count,
    /// or an `SWL_RAISE*` code with the error on the stack, and the C
    /// trampoline raises once this frame has returned.
    func dispatch(_ box: LuaFunctionBox, on thread: OpaquePointer) -> Int32 {
        let savedAPI = api
        let savedSuspension = runtime.pointee.cap_suspended
        api = LuaAPI(thread)
        runtime.pointee.cap_suspended = 1
        // Calls Swift makes from here are nested, even when Lua got here from
        // a finalizer outside any call (see `beginCall`).
        runtime.pointee.call_depth += 1
        defer {
            runtime.pointee.call_depth -= 1
            api = savedAPI
            runtime.pointee.cap_suspended = savedSuspension
        }
        if isClosing {
            return raise(LuaError.runtime("'\(box.name)' called while the Lua state is closing"))
        }
        let count = api.top
        // A method's `self` is not converted; its other arguments keep Lua's numbers.
        let shift = box.isMethod ? 1 : 0
        if box.isMethod {
            let selfType = api.type(at: 1)
            guard selfType == LuaCode.table || selfType == LuaCode.userdata else {
                return raise(LuaError.runtime("call '\(box.name)' as a method, with a colon (obj:\(box.name)(...))"))
            }
        }
        let results: [LuaValue]
        do {
            switch box.body {
            case .values(let body):
                results = try body(try arguments(from: 1 + Int32(shift), to: count, label: box.name))
            case .stack(let body):
                results = try body(
                    LuaStackArguments(state: self, first: 1 + Int32(shift), count: Int(count) - shift, name: box.name))
            }
        } catch var error as LuaError {
            api.setTop(count)
            if let argument = error.argument { error.argument = argument + shift }
            return raise(error)
        } catch {
            api.setTop(count)
            return raise(error)
        }
        api.setTop(count)
        do {
            for result in results { try push(result) }
        } catch {
            api.setTop(count)
            return raise(error)
        }
        return Int32(results.count)
    }

    /// A `LuaFunction`'s arguments (stack `first...count`), converted; a failure is a `bad
    /// argument` error numbered from `first`, as the body's own errors are.
    private func arguments(from first: Int32, to count: Int32, label: String) throws -> [LuaValue] {
        var arguments: [LuaValue] = []
        arguments.reserveCapacity(Int(max(0, count - first + 1)))
        var index = first
        while index <= count {
            do {
                arguments.append(try value(at: index, label: label))
            } catch let error as LuaError {
                throw LuaError.argument(Int(index - first + 1), error.message)
            }
            index += 1
        }
        return arguments
    }

    /// Leaves `error`'s message on the stack and returns how to raise it.
    private func raise(_ error: any Error) -> Int32 {
        guard let error = error as? LuaError else {
            api.pushString(String(describing: error))
            return LuaCode.raiseWhere
        }
        api.pushString(error.message)
        if let argument = error.argument {
            runtime.pointee.arg_error_index = Int32(clamping: argument)
            return LuaCode.raiseArgument
        }
        return error.fromLua ? LuaCode.raise : LuaCode.raiseWhere
    }
}
