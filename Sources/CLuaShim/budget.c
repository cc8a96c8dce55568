// The instruction budget: a count hook that raises from C, inside lua_pcall, and swl_charge for
// work done in C functions the hook cannot see.
#include "CLuaShim.h"

#include <lauxlib.h>
#include <time.h>

#include "coverage.h"
#include "pcall.h"

// Registry field of the first budget error of a call, with its traceback (LuaState+Call.swift
// reads and clears it).
#define SWL_BUDGET_TRACE_KEY "swl.budget_trace"

static int swl_hook_mask(const swl_Runtime *rt) {
    return LUA_MASKCOUNT | (rt->charge_calls ? LUA_MASKCALL : 0) | rt->coverage_mask;
}

// Once the budget is spent, every thread that runs gets a hook on every
// instruction, so a script catching the error (pcall, coroutine.resume) is
// stopped again at its very next instruction, until the call returns to Swift.
static void swl_hook_every_instruction(swl_Runtime *rt, lua_State *L) {
    int mask = swl_hook_mask(rt);
    if (lua_gethookcount(L) != 1 || lua_gethookmask(L) != mask) lua_sethook(L, swl_hook_function(rt), mask, 1);
}

// Marks the budget spent and raises; `level` is where the message points (luaL_where).
// The first time in a call, the message with the traceback of that moment is also kept in
// the registry (SWL_BUDGET_TRACE_KEY): code that catches the error and runs on (an xpcall
// whose handler is stopped in turn) would otherwise leave only the place of a later raise.
static void swl_exceeded(swl_Runtime *rt, lua_State *L, int level) {
    int first = !rt->budget_exceeded;
    // Stays set until the next call from Swift begins.
    rt->budget_exceeded = 1;
    swl_hook_every_instruction(rt, L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    lua_State *main = lua_tothread(L, -1);
    lua_pop(L, 1);
    if (main != NULL && main != L) swl_hook_every_instruction(rt, main);
    // A C function may have filled the stack it asked for (string.byte's results) before it
    // charged: the message and the traceback need room of their own. Where the stack cannot
    // grow, the charging function's own values go (it raises now anyway); a hook always has
    // LUA_MINSTACK slots.
    if (!lua_checkstack(L, LUA_MINSTACK)) lua_settop(L, 0);
    // The message and the traceback may grow blocks the allocator would otherwise refuse now.
    rt->raising = 1;
    luaL_where(L, level);
    if (rt->time_exceeded) lua_pushliteral(L, "time limit exceeded");
    else lua_pushliteral(L, "instruction budget exceeded");
    lua_concat(L, 2);
    // The traceback from level 0: the C function charging, or the Lua function the hook stopped.
    if (first && lua_checkstack(L, LUA_MINSTACK)) {
        luaL_traceback(L, L, lua_tostring(L, -1), 0);
        lua_setfield(L, LUA_REGISTRYINDEX, SWL_BUDGET_TRACE_KEY);
    }
    rt->raising = 0;
    lua_error(L);
}

// The calling thread's CPU time in nanoseconds.
static long long swl_thread_cpu_ns(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

// The time limit: the first hook of a call starts the clock; a later one past the limit ends the
// call as a spent budget does (time_exceeded says which).
static void swl_check_time(swl_Runtime *rt, lua_State *L) {
    if (rt->time_limit_ns <= 0 || rt->budget_exceeded) return;
    long long now = swl_thread_cpu_ns();
    if (rt->time_started_ns == 0) {
        rt->time_started_ns = now;
    } else if (now - rt->time_started_ns > rt->time_limit_ns) {
        rt->time_exceeded = 1;
        swl_exceeded(rt, L, 0);
    }
}

// Every event but a line event: the budget's count events, and calls (coverage's, and the
// budget's while charge_calls). Inline in swl_count_hook; out of line in swl_coverage_hook, so
// that it saves no registers for the line events, which with coverage on come at every line run.
static inline __attribute__((always_inline)) void swl_budget_event(swl_Runtime *rt, lua_State *L, lua_Debug *ar) {
    if (rt->coverage != NULL && ar->event != LUA_HOOKCOUNT) {
        swl_coverage_call(rt->coverage, ar);
        // The budget charges calls only while charge_calls.
        if (!rt->charge_calls || rt->budget <= 0) return;
    }
    if (rt->budget <= 0) {
        // Unlimited now; a thread kept the hook from an earlier call. Coverage keeps its events.
        if (rt->coverage_mask) lua_sethook(L, swl_coverage_hook, rt->coverage_mask, 0);
        else lua_sethook(L, NULL, 0, 0);
        return;
    }
    int count = lua_gethookcount(L);
    int mask = swl_hook_mask(rt);
    lua_Hook hook = swl_hook_function(rt);
    if (ar->event != LUA_HOOKCOUNT) {
        // A function call while charge_calls (or a thread that kept the mask from then).
        rt->remaining -= 1;
        if (!rt->charge_calls && !rt->budget_exceeded) lua_sethook(L, hook, mask, count);
    } else {
        if (!rt->budget_exceeded && (count != rt->hook_count || lua_gethookmask(L) != mask)) {
            // A thread left at count 1 by an earlier exceeded call, or created then.
            lua_sethook(L, hook, mask, rt->hook_count);
        }
        rt->remaining -= count;
        swl_check_time(rt, L);
    }
    if (rt->remaining <= 0 || rt->budget_exceeded) swl_exceeded(rt, L, 0);
}

__attribute__((noinline)) static void swl_coverage_event(swl_Runtime *rt, lua_State *L, lua_Debug *ar) {
    swl_budget_event(rt, L, ar);
}

void swl_count_hook(lua_State *L, lua_Debug *ar) {
    swl_budget_event(swl_hook_runtime(L), L, ar);
}

void swl_coverage_hook(lua_State *L, lua_Debug *ar) {
    swl_Runtime *rt = swl_hook_runtime(L);
    if (__builtin_expect(ar->event == LUA_HOOKLINE, 1)) {
        if (!swl_coverage_line_fast(rt->coverage, ar)) swl_coverage_line(rt, L, ar);
        return;
    }
    swl_coverage_event(rt, L, ar);
}

void swl_charge_at(lua_State *L, lua_Integer steps, int level) {
    swl_Runtime *rt = swl_runtime(L);
    if (rt->budget <= 0) return;
    rt->remaining -= steps;
    if (rt->remaining <= 0 || rt->budget_exceeded) swl_exceeded(rt, L, level);
}

void swl_charge(lua_State *L, lua_Integer steps) {
    swl_charge_at(L, steps, 1);
}

void swl_update_hook(lua_State *L) {
    swl_Runtime *rt = swl_runtime(L);
    if (rt->budget <= 0) return;
    int count = rt->budget_exceeded ? 1 : rt->hook_count;
    if (lua_gethookmask(L) != swl_hook_mask(rt)) lua_sethook(L, swl_hook_function(rt), swl_hook_mask(rt), count);
}

int swl_pcall(swl_Runtime *rt, lua_State *L, int nargs, int nresults, int msgh) {
    return swl_pcall_inline(rt, L, nargs, nresults, msgh);
}
