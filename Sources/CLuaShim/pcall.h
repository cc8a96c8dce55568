// swl_pcall's body, inlined into the one-call paths of call.c (budget.c defines swl_pcall with it).
#ifndef SWL_PCALL_H
#define SWL_PCALL_H

#include "CLuaShim.h"

enum { SWL_HOOK_GRANULARITY = 1000 };

/// The hook every lua_sethook of the state installs: coverage's own while it is on (line events
/// first), else the budget's alone.
static inline lua_Hook swl_hook_function(const swl_Runtime *rt) {
    return rt->coverage_mask ? swl_coverage_hook : swl_count_hook;
}

static inline void swl_start_budget(swl_Runtime *rt, lua_State *L) {
    rt->budget_exceeded = 0;
    rt->charge_calls = 0;
    rt->raising = 0;
    if (rt->budget <= 0) {
        // No budget: no hook, or coverage's alone.
        if (rt->coverage_mask) lua_sethook(L, swl_coverage_hook, rt->coverage_mask, 0);
        else lua_sethook(L, NULL, 0, 0);
        return;
    }
    rt->remaining = rt->budget;
    rt->time_started_ns = 0;
    rt->time_exceeded = 0;
    rt->hook_count = rt->budget < SWL_HOOK_GRANULARITY ? (int)rt->budget : SWL_HOOK_GRANULARITY;
    // Also resets L's instruction counter. Threads created later copy the
    // hook from the thread that creates them (lua_newthread), and all
    // threads draw from the same rt->remaining.
    lua_sethook(L, swl_hook_function(rt), LUA_MASKCOUNT | rt->coverage_mask, rt->hook_count);
}

static inline __attribute__((always_inline)) int swl_pcall_inline(swl_Runtime *rt, lua_State *L, int nargs, int nresults, int msgh) {
    int outermost = rt->call_depth == 0;
    if (outermost) {
        swl_start_budget(rt, L);
        rt->refusals_at_start = rt->cap_refusals;
    }
    int suspended = rt->cap_suspended;
    rt->cap_suspended = 0;
    rt->call_depth += 1;
    int status = lua_pcall(L, nargs, nresults, msgh);
    rt->call_depth -= 1;
    rt->cap_suspended = suspended;
    if (status == LUA_OK && outermost && rt->budget_exceeded) status = SWL_BUDGET_CAUGHT;
    return status;
}

#endif
