// Swift functions and objects as Lua values, and the message handler.
#include "CLuaShim.h"

#include <lauxlib.h>
#include <string.h>

#define SWL_BOX_MAGIC 0x5357424fu  /* "SWBO" */
#define SWL_FUNCTION_META "swl.function"

typedef struct swl_Box {
    unsigned magic;
    void *object;
} swl_Box;

static int swl_box_gc(lua_State *L) {
    swl_Box *box = (swl_Box *)lua_touserdata(L, 1);
    if (box != NULL && box->magic == SWL_BOX_MAGIC && box->object != NULL) {
        void *object = box->object;
        box->object = NULL;
        swl_runtime(L)->release(object);
    }
    return 0;
}

void swl_newmetatable(lua_State *L, const char *tname) {
    if (luaL_newmetatable(L, tname)) {
        lua_pushcfunction(L, swl_box_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
}

static void swl_pushbox(lua_State *L, void *object, const char *tname) {
    swl_Box *box = (swl_Box *)lua_newuserdatauv(L, sizeof(swl_Box), 0);
    box->magic = SWL_BOX_MAGIC;
    box->object = NULL;  // until the metatable is set, nothing to release
    swl_newmetatable(L, tname);
    lua_setmetatable(L, -2);
    box->object = object;
}

void swl_pushobject(lua_State *L, void *object, const char *tname) {
    swl_pushbox(L, object, tname);
}

void *swl_toobject(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(swl_Box)) return NULL;
    swl_Box *box = (swl_Box *)lua_touserdata(L, idx);
    return box->magic == SWL_BOX_MAGIC ? box->object : NULL;
}

void swl_pushfunction(lua_State *L, void *function, const char *name) {
    swl_pushbox(L, function, SWL_FUNCTION_META);
    lua_pushstring(L, name);
    lua_pushcclosure(L, swl_trampoline, 2);
}

// Like luaL_argerror, but falls back to the registered name instead of "?".
static int swl_argerror(lua_State *L, int arg, const char *extramsg) {
    lua_Debug ar;
    const char *name = NULL;
    if (lua_getstack(L, 0, &ar)) {
        lua_getinfo(L, "n", &ar);
        name = ar.name;
        if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0) {
            arg--;
            if (arg == 0) return luaL_error(L, "calling '%s' on bad self (%s)", name, extramsg);
        }
    }
    if (name == NULL) name = lua_tostring(L, lua_upvalueindex(2));
    return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, name ? name : "?", extramsg);
}

int swl_trampoline(lua_State *L) {
    swl_Runtime *rt = swl_runtime(L);
    swl_Box *box = (swl_Box *)lua_touserdata(L, lua_upvalueindex(1));
    if (box == NULL || box->object == NULL) return luaL_error(L, "Swift function was released");
    int n = rt->dispatch(L, box->object, rt->owner);
    // The Swift frames have returned: raising from here is safe.
    switch (n) {
    case SWL_RAISE:
        return lua_error(L);
    case SWL_RAISE_WHERE:
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    case SWL_RAISE_ARGUMENT:
        return swl_argerror(L, rt->arg_error_index, lua_tostring(L, -1));
    default:
        return n;
    }
}

int swl_message_handler(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        // Once the budget is spent this handler may run with hooks off: no script code then.
        if (!swl_runtime(L)->budget_exceeded && luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            msg = lua_tostring(L, -1);
        } else {
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}
