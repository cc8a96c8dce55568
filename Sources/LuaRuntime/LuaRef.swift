/// A Lua value kept alive in the registry of one `LuaState` (`luaL_ref`).
///
/// Functions, userdata and threads reach Swift as `LuaRef`s; call a function
/// with `LuaState.call(_:_:)`. Releasing the last Swift reference frees the
/// registry slot (`luaL_unref`) at the state's next entry point, so `deinit`
/// never runs Lua code. A ref outliving its state is inert.
public final class LuaRef: Hashable {
    /// The registry slot.
    let slot: Int32
    /// Which state the slot belongs to (`LuaState.serial`).
    let serial: UInt64
    /// Shared with the state; cleared when the state goes away.
    let owner: LuaRefOwner
    /// The Lua type of the referenced value.
    public let type: LuaType
    /// A name for messages, e.g. the global the function was read from; used
    /// in "instruction budget of N exceeded in '<label>'".
    public let label: String

    init(slot: Int32, type: LuaType, label: String, state: LuaState) {
        self.slot = slot
        self.type = type
        self.label = label
        self.serial = state.serial
        self.owner = state.refOwner
    }

    deinit { owner.releaseLater(slot) }

    /// The Swift object in a userdata made by `LuaState.userdata(_:type:)`, if it is a `T`.
    public func object<T: AnyObject>(as type: T.Type = T.self) -> T? {
        owner.state?.object(in: self, as: type)
    }

    public static func == (lhs: LuaRef, rhs: LuaRef) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A `LuaRef`'s registry slot as a plain value, for call paths that must not count references
/// (the plugin host's dispatch: each retain and release of a `LuaRef` there costs more than a
/// Lua table field). It does not keep the value alive: use it only while the `LuaRef` it came
/// from lives.
public struct LuaSlot: Hashable, Sendable {
    @usableFromInline let slot: Int32
    @usableFromInline let serial: UInt64

    /// The registry index, for a C call made inside ``LuaState/callPrepared(_:passing:label:_:)``
    /// of the same state that pushes a second referenced value (`lua_rawgeti`).
    public var registryIndex: Int32 { slot }
}

extension LuaRef {
    /// This reference's slot, valid while this `LuaRef` lives.
    public var unownedSlot: LuaSlot { LuaSlot(slot: slot, serial: serial) }
}

/// What a `LuaRef` knows of its state, without a `weak` reference (which
/// would give the state a side-table refcount and slow every retain of it on
/// the call path). The state clears `state` in its deinit.
final class LuaRefOwner {
    unowned(unsafe) var state: LuaState?
    /// Registry slots whose `LuaRef` died, freed at the next entry point.
    var pendingReleases: [Int32] = []

    init() {}

    func releaseLater(_ slot: Int32) {
        guard let state else { return }
        pendingReleases.append(slot)
        state.runtime.pointee.pending_releases = 1
    }
}
