// State creation and the capped allocator.
#include "CLuaShim.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "pcall.h"

// Growth of one block by SWL_CHARGED_GROWTH bytes or more costs one instruction per
// SWL_GROWTH_BYTES bytes, during a call with a budget (not while Swift pushes, the cap
// suspended). This is how the budget sees work the virtual machine does inside one instruction
// and proportional to what it allocates: `..` builds its result in a new string, a table grows
// by a rehash into a new array, Lua's own C functions grow their buffers. Smaller growth is not
// counted: each instruction allocates a bounded number of blocks, so it is covered by the
// instruction itself (and the dispatch path allocates only small blocks, so it pays one compare).
//
// The allocator cannot raise. The growth that spends the budget is allowed, and the count hook
// of the main thread and of the thread Swift operates on is set to run at the next instruction,
// which raises the budget error there, at that line, with its traceback. Growth after that, before
// a hook has raised (a coroutine, or two allocations within one instruction), is refused: Lua then
// raises its memory error, and the call is reported as out of budget (budget_exceeded is set).
__attribute__((noinline, cold)) static int swl_charge_growth(swl_Runtime *rt, size_t growth) {
    if (rt->budget <= 0 || rt->call_depth == 0 || rt->cap_suspended || rt->raising) return 0;
    long long before = rt->remaining;
    rt->remaining -= (long long)(growth / SWL_GROWTH_BYTES);
    if (rt->remaining > 0) return 0;
    if (before > 0 && !rt->budget_exceeded) {
        int mask = LUA_MASKCOUNT | (rt->charge_calls ? LUA_MASKCALL : 0) | rt->coverage_mask;
        if (rt->main_thread != NULL) lua_sethook(rt->main_thread, swl_hook_function(rt), mask, 1);
        if (rt->current != NULL && rt->current != rt->main_thread) lua_sethook(rt->current, swl_hook_function(rt), mask, 1);
        return 0;
    }
    rt->budget_exceeded = 1;
    return 1;
}

// A real out-of-memory while Swift pushes: Swift frames may be on the C stack, so raising would
// longjmp through them. Fatal, as in Swift.
__attribute__((noreturn, cold)) static void swl_out_of_memory_suspended(void) {
    fputs("LuaRuntime: out of memory while the cap was suspended\n", stderr);
    abort();
}

// swl_resize for growth the budget charges (SWL_CHARGED_GROWTH or more), out of line and reached
// by a tail call, so that swl_resize's common path saves no more registers than it did before.
__attribute__((noinline, cold)) static void *swl_resize_charged(swl_Runtime *rt, void *ptr, size_t old, size_t nsize) {
    if (swl_charge_growth(rt, nsize - old)) return NULL;
    void *block = ptr ? realloc(ptr, nsize) : malloc(nsize);
    if (block == NULL) {
        if (rt->cap_suspended) swl_out_of_memory_suspended();
        return NULL;
    }
    rt->used = rt->used - old + nsize;
    return block;
}

// swl_alloc's growing and shrinking, out of line so that a free (4 of every 6 calls while a
// record is built and collected) needs no registers saved.
__attribute__((noinline)) static void *swl_resize(swl_Runtime *rt, void *ptr, size_t osize, size_t nsize) {
    // When ptr is NULL, osize encodes the kind of object, not a size.
    size_t old = ptr ? osize : 0;
    // The common case first and cheaply: within the cap (or no cap) and growing or not.
    size_t limit = rt->limit ? rt->limit : SIZE_MAX;
    if (nsize > old) {
        if (rt->used - old + nsize > limit && !rt->cap_suspended) {
            rt->cap_refusals += 1;
            return NULL;  // Lua runs an emergency GC, retries, then raises LUA_ERRMEM.
        }
        if (nsize - old >= SWL_CHARGED_GROWTH) return swl_resize_charged(rt, ptr, old, nsize);
    }
    // A new block straight from malloc: realloc(NULL, n) costs a dispatch more.
    void *block = ptr ? realloc(ptr, nsize) : malloc(nsize);
    if (block == NULL) {
        if (rt->cap_suspended) swl_out_of_memory_suspended();
        return NULL;
    }
    rt->used = rt->used - old + nsize;
    return block;
}

_Static_assert(sizeof(((swl_Runtime *)0)->small_blocks) == (SWL_SMALL_MAX + 1) * sizeof(void *),
               "swl_Runtime.small_blocks has a list for every size up to SWL_SMALL_MAX");

// Small blocks: Lua frees the blocks of its short-lived objects (a handler's row record: the
// table and its hash part; closures, short strings) in batches as the collector sweeps, more of one
// size than malloc's per-thread cache keeps, so most frees took malloc's slower path, and the next
// records' blocks came back from it (about 400 instructions of a dispatch's 900 in malloc, free and
// this allocator). A freed block of at most SWL_SMALL_MAX bytes is kept instead, on a
// list of its exact size (Lua gives a block's size when it frees it), up to SWL_SMALL_CACHED bytes
// in all, and handed out again for the next block of that size: a few instructions each way. The
// cap's accounting is unchanged (a kept block counts as freed; taking it counts against the cap
// as malloc's would, and is refused the same way), and a block of any size is still a block from
// malloc, so realloc and free take it. swl_close frees what is kept.
static inline __attribute__((always_inline)) int swl_small_refused(swl_Runtime *rt, size_t nsize) {
    size_t limit = rt->limit ? rt->limit : SIZE_MAX;
    return rt->used + nsize > limit && !rt->cap_suspended;
}

void *swl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    swl_Runtime *rt = (swl_Runtime *)ud;
    if (nsize != 0) {
        if (ptr == NULL && nsize <= SWL_SMALL_MAX) {
            void *block = rt->small_blocks[nsize];
            if (block != NULL && !swl_small_refused(rt, nsize)) {
                rt->small_blocks[nsize] = *(void **)block;
                rt->small_cached -= nsize;
                rt->used += nsize;
                return block;
            }
        }
        return swl_resize(rt, ptr, osize, nsize);
    }
    // Lua frees empty arrays as NULL blocks: no call for those.
    if (ptr != NULL) {
        rt->used -= osize;
        if (osize <= SWL_SMALL_MAX && osize >= sizeof(void *) && rt->small_cached + osize <= SWL_SMALL_CACHED) {
            *(void **)ptr = rt->small_blocks[osize];
            rt->small_blocks[osize] = ptr;
            rt->small_cached += osize;
            return NULL;
        }
        free(ptr);
    }
    return NULL;
}

// Frees the small blocks swl_alloc kept.
static void swl_free_small_blocks(swl_Runtime *rt) {
    for (size_t size = 0; size <= SWL_SMALL_MAX; size++) {
        void *block = rt->small_blocks[size];
        while (block != NULL) {
            void *next = *(void **)block;
            free(block);
            block = next;
        }
        rt->small_blocks[size] = NULL;
    }
    rt->small_cached = 0;
}

void swl_close(lua_State *L) {
    swl_Runtime *rt = swl_runtime(L);
    lua_close(L);
    swl_free_small_blocks(rt);
}

static int swl_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "LuaRuntime: unprotected Lua error (a bug in the runtime): %s\n",
            msg ? msg : "(error object is not a string)");
    fflush(stderr);
    abort();
    return 0;
}

lua_State *swl_newstate(swl_Runtime *rt) {
    lua_State *L = lua_newstate(swl_alloc, rt);
    if (L != NULL) {
        lua_atpanic(L, swl_panic);
        // The hook reads the runtime from here (swl_hook_runtime): every thread made later
        // starts with a copy of the main thread's extra space.
        *(swl_Runtime **)lua_getextraspace(L) = rt;
    } else {
        swl_free_small_blocks(rt);  // what a failed lua_newstate freed
    }
    rt->main_thread = L;
    return L;
}

swl_Runtime *swl_runtime(lua_State *L) {
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (swl_Runtime *)ud;
}

static int swl_openlibs_body(lua_State *L) {
    luaL_openlibs(L);
    return 0;
}

int swl_openlibs(lua_State *L) {
    lua_pushcfunction(L, swl_openlibs_body);
    return lua_pcall(L, 0, 0, 0);
}

int swl_gc(lua_State *L, int what, int arg) {
    return lua_gc(L, what, arg);
}

void swl_pushstring(lua_State *L, const char *s, size_t len) {
    // By length, not through lua_pushstring's cache of C strings (see swd_push_item in CSwipeDispatch).
    lua_pushlstring(L, s, len);
}

void swl_setfield_integer(lua_State *L, int table, const char *key, lua_Integer value) {
    lua_pushinteger(L, value);
    lua_setfield(L, table, key);
}

void swl_setfield_number(lua_State *L, int table, const char *key, lua_Number value) {
    lua_pushnumber(L, value);
    lua_setfield(L, table, key);
}

void swl_setfield_boolean(lua_State *L, int table, const char *key, int value) {
    lua_pushboolean(L, value);
    lua_setfield(L, table, key);
}

void swl_setfield_string(lua_State *L, int table, const char *key, const char *s, size_t len) {
    swl_pushstring(L, s, len);
    lua_setfield(L, table, key);
}
