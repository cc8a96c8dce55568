// The one-C-call path, for C outside LuaRuntime: a call from Swift whose function and arguments
// a C function pushes and runs in one call, with no Swift in between (`LuaState.callPrepared`).
// The caller's C function does, in order:
//
//     int msgh = swl_call_begin(rt, L);
//     if (msgh == 0) return SWL_STACK_OVERFLOW;
//     swl_call_push_ref(L, function); ...push the arguments (records keyed by swl_call_push_key)...
//     return swl_call_finish(rt, L, nargs, msgh);
//
// Everything here is inlined into that function. Not part of the Swift module (CLuaShim.h is the
// umbrella header): C targets that depend on CLuaShim include it.
#ifndef SWL_CALL_H
#define SWL_CALL_H

#include "CLuaShim.h"

#include <lauxlib.h>

// swl_pcall's body (CLuaShim's own, beside its sources).
#include "../pcall.h"

_Static_assert(sizeof(((swl_Runtime *)0)->keys) == SWL_KEY_SLOTS * sizeof(int), "swl_Runtime.keys has SWL_KEY_SLOTS slots");

/// Pushes the message handler for a nested call, or finds the one parked at SWL_PARKED_HANDLER
/// of the main thread for an outermost call; returns its index, or 0 when the stack cannot grow.
static inline __attribute__((always_inline)) int swl_call_begin(swl_Runtime *rt, lua_State *L) {
    if (rt->call_depth == 0) {
        // Between calls the main thread holds only the parked keys and handler, with at least
        // LUA_MINSTACK free slots (LuaState keeps it so): no check needed for the few values
        // pushed by a call.
        return SWL_PARKED_HANDLER;
    }
    if (!lua_checkstack(L, LUA_MINSTACK)) return 0;
    lua_pushcfunction(L, swl_message_handler);
    return lua_gettop(L);
}

/// Pushes the registry value `ref`, or nil for LUA_NOREF.
static inline __attribute__((always_inline)) void swl_call_push_ref(lua_State *L, int ref) {
    if (ref != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    } else {
        lua_pushnil(L);
    }
}

/// Pushes parked key `key` (0 ..< SWL_KEY_SLOTS, as `LuaState.parkKeys` parked it): an outermost
/// call's from where it is parked on the main thread's stack, a nested call's (maybe on a
/// coroutine, inside a Swift function's frame) from the registry. The value follows, then
/// swl_call_set_raw.
static inline __attribute__((always_inline)) void swl_call_push_key(swl_Runtime *rt, lua_State *L, int key) {
    if (rt->call_depth == 0) {
        lua_pushvalue(L, key + 1);
    } else {
        lua_rawgeti(L, LUA_REGISTRYINDEX, rt->keys[key]);
    }
}

/// Sets the key and value on top of the stack in the table below them (a fresh table: no
/// metatable, so raw is the same as lua_setfield).
static inline __attribute__((always_inline)) void swl_call_set_raw(lua_State *L) {
    lua_rawset(L, -3);
}

/// Runs the call prepared above the handler at `msgh` (no results) under the budget and the armed
/// cap; on success drops it all (and a nested call's handler), on failure leaves the error on top
/// and notes `msgh` in rt->failed_base. Returns the status.
static inline __attribute__((always_inline)) int swl_call_finish(swl_Runtime *rt, lua_State *L, int nargs, int msgh) {
    int outermost = rt->call_depth == 0;
    int status = swl_pcall_inline(rt, L, nargs, 0, msgh);
    // With no results, lua_pcall leaves the stack at the handler: an outermost call is done.
    if (status == LUA_OK) {
        if (!outermost) lua_settop(L, msgh - 1);
    } else {
        rt->failed_base = msgh;
    }
    return status;
}

#endif
