#include "CLuaBench.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <time.h>

static long hook_calls;

/* Stands for the budget hook: it runs every 1000 instructions and only counts. */
static void clb_hook(lua_State *L, lua_Debug *ar) {
    (void)L;
    (void)ar;
    hook_calls++;
}

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double clb_pcall_ns(long iterations) {
    lua_State *L = luaL_newstate();
    if (L == NULL) return -1;
    luaL_openlibs(L);
    if (luaL_dostring(L, "return function(ctx, row) end") != LUA_OK) {
        lua_close(L);
        return -1;
    }
    int handler = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    int ctx = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_sethook(L, clb_hook, LUA_MASKCOUNT, 1000);
    double start = now_ns();
    for (long i = 0; i < iterations; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, handler);
        lua_rawgeti(L, LUA_REGISTRYINDEX, ctx);
        // The host's row record for a plain item: index, id (a string), title and
        // item (the same string).
        lua_createtable(L, 0, 4);
        lua_pushinteger(L, 3);
        lua_setfield(L, -2, "index");
        lua_pushstring(L, "3");
        lua_setfield(L, -2, "id");
        lua_pushstring(L, "Longer Title Item #3");
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "title");
        lua_setfield(L, -2, "item");
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) lua_pop(L, 1);
    }
    double elapsed = now_ns() - start;
    lua_close(L);
    return elapsed / (double)iterations;
}
