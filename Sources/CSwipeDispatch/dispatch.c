// The plugin host's hot call (see swd_call_handler in CSwipeDispatch.h): the row and button
// records built on the stack and the handler run, in one C call from Swift.
#include "CSwipeDispatch.h"

#include <string.h>

#include <swl_call.h>

_Static_assert(SWD_NO_ITEM == LUA_NOREF, "no item is Lua's no reference");

static const char *const swd_key_names[SWD_KEY_COUNT] = { "index", "item", "side", "id", "title", "full", "accessibility",
                                                          "velocity", "offset", "fraction" };

_Static_assert(SWD_KEY_COUNT + SWD_PARKED_TABLES <= SWL_KEY_SLOTS, "the record keys and the id cache fit the parked slots");

const char *swd_key_name(int key) {
    return key >= 0 && key < SWD_KEY_COUNT ? swd_key_names[key] : NULL;
}

static inline __attribute__((always_inline)) void swd_push_button(swl_Runtime *rt, lua_State *L, const swd_Button *button) {
    lua_createtable(L, 0, 3 + (button->full ? 1 : 0) + (button->accessibility ? 1 : 0));
    swl_call_push_key(rt, L, SWD_KEY_ID);
    lua_pushlstring(L, button->id, button->id_len);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_INDEX);
    lua_pushinteger(L, (lua_Integer)button->number);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_TITLE);
    lua_pushlstring(L, button->title, button->title_len);
    swl_call_set_raw(L);
    if (button->full) {
        swl_call_push_key(rt, L, SWD_KEY_FULL);
        lua_pushboolean(L, 1);
        swl_call_set_raw(L);
    }
    if (button->accessibility) {
        swl_call_push_key(rt, L, SWD_KEY_ACCESSIBILITY);
        lua_pushboolean(L, 1);
        swl_call_set_raw(L);
    }
}

// Pushes `prefix` (`len` bytes, at most SWD_PREFIX_MAX) followed by `number` in decimal: a
// generated title, written into a buffer on the C stack.
static void swd_push_numbered(lua_State *L, const char *prefix, size_t len, long long number) {
    char buffer[SWD_PREFIX_MAX + 24];
    if (len > SWD_PREFIX_MAX) len = SWD_PREFIX_MAX;
    char *end = buffer + sizeof buffer;
    char *start = end;
    unsigned long long magnitude = number < 0 ? 0ull - (unsigned long long)number : (unsigned long long)number;
    do {
        *--start = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    if (number < 0) *--start = '-';
    start -= len;
    memcpy(start, prefix, len);
    lua_pushlstring(L, start, (size_t)(end - start));
}

// Row ids below SWD_ID_CACHE_MAX keep their decimal strings in the table parked after the keys
// (SWD_ID_CACHE_SLOT, `LuaState.parkKeys(_:tables:)`), filled as ids are dispatched: a plain
// row's id then costs one lookup (an outermost call's in the parked slot itself, no registry
// lookup), not a formatted string interned (and allocated, then collected) on every call.
// Bounded, so a table that inserts and deletes for ever does not grow it without end; larger ids
// are formatted each time, as every id is when no table is parked. At most SWD_ID_CACHE_MAX short
// strings (some 40 kB), made while the memory cap is suspended (as the record itself is).
enum { SWD_ID_CACHE_MAX = 1024 };

// Pushes row id `id` as its decimal string (from the cache when it is there).
static inline __attribute__((always_inline)) void swd_push_id(swl_Runtime *rt, lua_State *L, long long id) {
    int reference = rt->keys[SWD_ID_CACHE_SLOT];
    if (id < 0 || id >= SWD_ID_CACHE_MAX || reference == LUA_NOREF) {
        swd_push_numbered(L, "", 0, id);
        return;
    }
    if (rt->call_depth == 0) {
        // The cache, parked on the main thread's stack.
        int cache = SWD_ID_CACHE_SLOT + 1;
        if (lua_rawgeti(L, cache, (lua_Integer)id) == LUA_TSTRING) return;
        lua_pop(L, 1);
        swd_push_numbered(L, "", 0, id);
        lua_pushvalue(L, -1);
        lua_rawseti(L, cache, (lua_Integer)id);
        return;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, reference);
    if (lua_rawgeti(L, -1, (lua_Integer)id) != LUA_TSTRING) {
        lua_pop(L, 1);
        swd_push_numbered(L, "", 0, id);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, (lua_Integer)id);
    }
    lua_replace(L, -2);  // cache, s -> s
}

// Rows below SWD_ID_CACHE_MAX keep their items' strings in the table parked after the id cache
// (SWD_ITEM_CACHE_SLOT), by row index, when Lua interns them (at most LUAI_MAXSHORTLEN, 40,
// bytes): an item the cache holds, byte for byte, is pushed from there, not hashed and looked up
// among Lua's strings again. Not lua_pushstring's cache of C strings: that one picks its slot by
// the address of the bytes, so whether two strings shared a slot, and the strlen and strcmp it
// pays, hung on where Swift's storage lay; a dispatch's count moved by 74 instructions between
// two builds that differed only in a path's length. At most SWD_ID_CACHE_MAX strings of at most
// 40 bytes (some 80 kB), made while the memory cap is suspended.
enum { SWD_ITEM_CACHE_LEN_MAX = 40 };

// Pushes row `index`'s item, `len` bytes at `item` (from the cache when it holds those bytes).
static inline __attribute__((always_inline)) void swd_push_item(swl_Runtime *rt, lua_State *L, long long index,
                                                                const char *item, size_t len) {
    int reference = rt->keys[SWD_ITEM_CACHE_SLOT];
    if (index < 0 || index >= SWD_ID_CACHE_MAX || len > SWD_ITEM_CACHE_LEN_MAX || reference == LUA_NOREF) {
        lua_pushlstring(L, item, len);
        return;
    }
    int nested = rt->call_depth != 0;
    // The cache: parked on the main thread's stack for an outermost call, from the registry in
    // a nested one (which may run on a coroutine).
    int cache = SWD_ITEM_CACHE_SLOT + 1;
    if (nested) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, reference);
        cache = lua_gettop(L);
    }
    int hit = 0;
    if (lua_rawgeti(L, cache, (lua_Integer)index) == LUA_TSTRING) {
        size_t cached_len;
        const char *cached = lua_tolstring(L, -1, &cached_len);
        hit = cached_len == len && memcmp(cached, item, len) == 0;
    }
    if (!hit) {
        lua_pop(L, 1);
        lua_pushlstring(L, item, len);
        lua_pushvalue(L, -1);
        lua_rawseti(L, cache, (lua_Integer)index);
    }
    if (nested) lua_replace(L, -2);  // cache, s -> s
}

// Pushes the row record `{ index = index, id = id, title = item, item = item, side = side }`,
// made with room for `fields` fields: `item`, `numbered`, `number`, `id` and `side` as
// swd_call_handler takes them. `id` is a number id, pushed as its decimal string (swd_push_id: an
// integer given to a ctx method is an index, a string an id); the title is the item's string,
// pushed once and set twice.
static inline __attribute__((always_inline)) void swd_push_row(swl_Runtime *rt, lua_State *L, int fields,
                                                               long long index, const char *item, size_t item_len,
                                                               int numbered, long long number, long long id,
                                                               const char *side) {
    lua_createtable(L, 0, fields);
    swl_call_push_key(rt, L, SWD_KEY_INDEX);
    lua_pushinteger(L, (lua_Integer)index);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_ID);
    swd_push_id(rt, L, id);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_ITEM);
    if (numbered) {
        swd_push_numbered(L, item, item_len, number);
    } else {
        swd_push_item(rt, L, index, item, item_len);
    }
    // row, "item", s: row.title = s under them, then row.item = s.
    swl_call_push_key(rt, L, SWD_KEY_TITLE);
    lua_pushvalue(L, -2);
    lua_rawset(L, -5);
    swl_call_set_raw(L);
    if (side != NULL) {
        swl_call_push_key(rt, L, SWD_KEY_SIDE);
        lua_pushstring(L, side);
        swl_call_set_raw(L);
    }
}

int swd_call_handler(swl_Runtime *rt, lua_State *L, int function, int context, long long index, const char *item,
                     size_t item_len, int numbered, long long number, long long id, const char *side,
                     const swd_Button *button) {
    int msgh = swl_call_begin(rt, L);
    if (msgh == 0) return SWL_STACK_OVERFLOW;
    lua_rawgeti(L, LUA_REGISTRYINDEX, function);
    swl_call_push_ref(L, context);
    swd_push_row(rt, L, side != NULL ? 5 : 4, index, item, item_len, numbered, number, id, side);
    if (button == NULL) return swl_call_finish(rt, L, 2, msgh);
    swd_push_button(rt, L, button);
    return swl_call_finish(rt, L, 3, msgh);
}

// ---- Whole row records ---------------------------------------------------------------------------
// The lifecycle hooks (on_begin, on_will_open, on_will_close, on_expand, on_collapse, on_progress,
// and an on_open or on_close a flick decided: a pan's motion fields) and any handler of a row whose
// item is a table or whose id is a name: one record path, its keys parked (the motion's too).

static inline __attribute__((always_inline)) void swd_set_number(swl_Runtime *rt, lua_State *L, int key, double value) {
    swl_call_push_key(rt, L, key);
    lua_pushnumber(L, (lua_Number)value);
    swl_call_set_raw(L);
}

int swd_call_record(swl_Runtime *rt, lua_State *L, int function, int context, const swd_Row *row,
                    const swd_Button *button, const swd_Motion *motion) {
    int msgh = swl_call_begin(rt, L);
    if (msgh == 0) return SWL_STACK_OVERFLOW;
    lua_rawgeti(L, LUA_REGISTRYINDEX, function);
    swl_call_push_ref(L, context);
    lua_createtable(L, 0, 8);
    swl_call_push_key(rt, L, SWD_KEY_INDEX);
    lua_pushinteger(L, (lua_Integer)row->index);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_ID);
    if (row->id != NULL) {
        lua_pushlstring(L, row->id, row->id_len);
    } else {
        swd_push_id(rt, L, row->number_id);
    }
    swl_call_set_raw(L);
    // The title, pushed once: row.title = s, then (a string item) row.item = s.
    if (row->numbered) {
        swd_push_numbered(L, row->title, row->title_len, row->number);
    } else {
        swd_push_item(rt, L, row->index, row->title, row->title_len);
    }
    swl_call_push_key(rt, L, SWD_KEY_TITLE);
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);  // row, s
    swl_call_push_key(rt, L, SWD_KEY_ITEM);
    if (row->item != SWD_NO_ITEM) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, row->item);
    } else {
        lua_pushvalue(L, -2);
    }
    lua_rawset(L, -4);  // row, s
    lua_pop(L, 1);
    if (row->side != NULL) {
        swl_call_push_key(rt, L, SWD_KEY_SIDE);
        lua_pushstring(L, row->side);
        swl_call_set_raw(L);
    }
    if (motion != NULL) {
        if (motion->has_velocity) swd_set_number(rt, L, SWD_KEY_VELOCITY, motion->velocity);
        if (motion->has_progress) {
            swd_set_number(rt, L, SWD_KEY_OFFSET, motion->offset);
            swd_set_number(rt, L, SWD_KEY_FRACTION, motion->fraction);
        }
        if (motion->full) {
            swl_call_push_key(rt, L, SWD_KEY_FULL);
            lua_pushboolean(L, 1);
            swl_call_set_raw(L);
        }
    }
    if (button == NULL) return swl_call_finish(rt, L, 2, msgh);
    swd_push_button(rt, L, button);
    return swl_call_finish(rt, L, 3, msgh);
}
