// The instruction budget: a count hook that raises from C, inside lua_pcall.
#include "CLuaShim.h"

#include <lauxlib.h>

enum { SWL_HOOK_GRANULARITY = 1000 };

void swl_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    swl_Runtime *rt = swl_runtime(L);
    rt->remaining -= rt->hook_count;
    if (rt->remaining <= 0 || rt->budget_exceeded) {
        // Stays set until the next call from Swift: a script that catches
        // the error with pcall is stopped again at the next hook.
        rt->budget_exceeded = 1;
        luaL_where(L, 0);
        lua_pushliteral(L, "instruction budget exceeded");
        lua_concat(L, 2);
        lua_error(L);
    }
}

void swl_begin_budget(lua_State *L) {
    swl_Runtime *rt = swl_runtime(L);
    rt->budget_exceeded = 0;
    if (rt->budget <= 0) {
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    rt->remaining = rt->budget;
    rt->hook_count = rt->budget < SWL_HOOK_GRANULARITY ? (int)rt->budget : SWL_HOOK_GRANULARITY;
    // Also resets L's instruction counter. Threads created later copy the
    // hook from the thread that creates them (lua_newthread), and they all
    // share rt->remaining.
    lua_sethook(L, swl_count_hook, LUA_MASKCOUNT, rt->hook_count);
}
