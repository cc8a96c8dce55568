// The plugin host's hot calls: a handler called with the context and a row record built on the
// stack, in one C call from Swift (see swl_call_row in CLuaShim.h).
#include "CLuaShim.h"

#include <lauxlib.h>
#include <string.h>

#include "pcall.h"

// Pushes the message handler for a nested call, or finds the one parked at SWL_PARKED_HANDLER
// of the main thread for an outermost call; returns its index, or 0 when the stack cannot grow.
static inline __attribute__((always_inline)) int swl_begin(swl_Runtime *rt, lua_State *L) {
    if (rt->call_depth == 0) {
        // Between calls the main thread holds only the parked keys and handler, with at least
        // LUA_MINSTACK free slots (LuaState keeps it so): no check needed for the few values
        // pushed here.
        return SWL_PARKED_HANDLER;
    }
    if (!lua_checkstack(L, LUA_MINSTACK)) return 0;
    lua_pushcfunction(L, swl_message_handler);
    return lua_gettop(L);
}

// Pushes record key `key` (SWL_KEY_*): an outermost call's from where it is parked on the main
// thread's stack (SWL_PARKED_HANDLER), a nested call's (maybe on a coroutine, inside a Swift
// function's frame) from the registry. The value follows, then swl_set_raw.
static inline __attribute__((always_inline)) void swl_push_key(swl_Runtime *rt, lua_State *L, int key) {
    if (rt->call_depth == 0) {
        lua_pushvalue(L, key + 1);
    } else {
        lua_rawgeti(L, LUA_REGISTRYINDEX, rt->keys[key]);
    }
}

// Sets the key and value on top of the stack in the table below them (a fresh record: no
// metatable, so raw is the same as lua_setfield).
static inline __attribute__((always_inline)) void swl_set_raw(lua_State *L) {
    lua_rawset(L, -3);
}

// Pushes `s` (`len` bytes, NUL-terminated): through lua_pushstring (Lua's cache of C strings,
// by address) unless `s` has a NUL inside.
static inline __attribute__((always_inline)) void swl_push_string(lua_State *L, const char *s, size_t len) {
    if (strlen(s) == len) {
        lua_pushstring(L, s);
    } else {
        lua_pushlstring(L, s, len);
    }
}

// Pushes `item` (`len` bytes) followed by `number` in decimal: a generated title, built on the
// stack (room for 64 bytes of prefix, a sign and 19 digits).
static void swl_push_numbered(lua_State *L, const char *item, size_t len, lua_Integer number) {
    char buffer[96];
    if (len > 64) len = 64;
    char *end = buffer + sizeof buffer;
    char *start = end;
    lua_Unsigned magnitude = number < 0 ? 0u - (lua_Unsigned)number : (lua_Unsigned)number;
    do {
        *--start = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    if (number < 0) *--start = '-';
    start -= len;
    memcpy(start, item, len);
    lua_pushlstring(L, start, (size_t)(end - start));
}

static inline __attribute__((always_inline)) void swl_push_row(swl_Runtime *rt, lua_State *L, int function, int context, lua_Integer index, const char *item,
                         size_t item_len, int numbered, lua_Integer number, const char *side) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, function);
    if (context != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, context);
    } else {
        lua_pushnil(L);
    }
    lua_createtable(L, 0, side != NULL ? 3 : 2);
    swl_push_key(rt, L, SWL_KEY_INDEX);
    lua_pushinteger(L, index);
    swl_set_raw(L);
    swl_push_key(rt, L, SWL_KEY_ITEM);
    if (numbered) {
        swl_push_numbered(L, item, item_len, number);
    } else {
        swl_push_string(L, item, item_len);
    }
    swl_set_raw(L);
    if (side != NULL) {
        swl_push_key(rt, L, SWL_KEY_SIDE);
        lua_pushstring(L, side);
        swl_set_raw(L);
    }
}

// Runs the call prepared above the handler at `msgh`; on success drops it all (and a nested
// call's handler), on failure leaves the error on top.
static inline __attribute__((always_inline)) int swl_finish(swl_Runtime *rt, lua_State *L, int nargs, int msgh) {
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

int swl_call_row(swl_Runtime *rt, lua_State *L, int function, int context, lua_Integer index,
                 const char *item, size_t item_len, int numbered, lua_Integer number, const char *side) {
    int msgh = swl_begin(rt, L);
    if (msgh == 0) return SWL_STACK_OVERFLOW;
    swl_push_row(rt, L, function, context, index, item, item_len, numbered, number, side);
    return swl_finish(rt, L, 2, msgh);
}

int swl_call_action(swl_Runtime *rt, lua_State *L, int function, int context, lua_Integer index,
                    const char *item, size_t item_len, int numbered, lua_Integer item_number, const char *side,
                    const char *id, size_t id_len, lua_Integer number, const char *title, size_t title_len,
                    int full) {
    int msgh = swl_begin(rt, L);
    if (msgh == 0) return SWL_STACK_OVERFLOW;
    swl_push_row(rt, L, function, context, index, item, item_len, numbered, item_number, side);
    lua_createtable(L, 0, full ? 4 : 3);
    swl_push_key(rt, L, SWL_KEY_ID);
    swl_push_string(L, id, id_len);
    swl_set_raw(L);
    swl_push_key(rt, L, SWL_KEY_INDEX);
    lua_pushinteger(L, number);
    swl_set_raw(L);
    swl_push_key(rt, L, SWL_KEY_TITLE);
    swl_push_string(L, title, title_len);
    swl_set_raw(L);
    if (full) {
        swl_push_key(rt, L, SWL_KEY_FULL);
        lua_pushboolean(L, 1);
        swl_set_raw(L);
    }
    return swl_finish(rt, L, 3, msgh);
}
