// The plugin host's hot call (see swd_call_handler in CSwipeDispatch.h): the row and button
// records built on the stack and the handler run, in one C call from Swift.
#include "CSwipeDispatch.h"

#include <string.h>

#include <swl_call.h>

_Static_assert(SWD_NO_ITEM == LUA_NOREF, "no item is Lua's no reference");

static const char *const swd_key_names[SWD_KEY_COUNT] = { "index", "item", "side", "id", "title", "full", "accessibility" };

_Static_assert(SWD_KEY_COUNT <= SWL_KEY_SLOTS, "the record keys fit the parked slots");

const char *swd_key_name(int key) {
    return key >= 0 && key < SWD_KEY_COUNT ? swd_key_names[key] : NULL;
}

static inline __attribute__((always_inline)) void swd_push_button(swl_Runtime *rt, lua_State *L, const swd_Button *button) {
    lua_createtable(L, 0, 3 + (button->full ? 1 : 0) + (button->accessibility ? 1 : 0));
    swl_call_push_key(rt, L, SWD_KEY_ID);
    swl_call_push_string(L, button->id, button->id_len);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_INDEX);
    lua_pushinteger(L, (lua_Integer)button->number);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_TITLE);
    swl_call_push_string(L, button->title, button->title_len);
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

// Row ids below SWD_ID_CACHE_MAX keep their decimal strings in a table in the registry (at
// &swd_id_cache_key), made on the first dispatch: a plain row's id then costs one lookup, not a
// formatted string interned (and allocated, then collected) on every call. Bounded, so a table
// that inserts and deletes for ever does not grow it without end; larger ids are formatted each
// time. At most SWD_ID_CACHE_MAX short strings (some 40 kB), made while the memory cap is
// suspended (as the record itself is).
enum { SWD_ID_CACHE_MAX = 1024 };
static const char swd_id_cache_key = 0;

// Pushes row id `id` as its decimal string (from the cache when it is there).
static inline __attribute__((always_inline)) void swd_push_id(lua_State *L, long long id) {
    if (id < 0 || id >= SWD_ID_CACHE_MAX) {
        swd_push_numbered(L, "", 0, id);
        return;
    }
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &swd_id_cache_key) == LUA_TTABLE) {
        if (lua_rawgeti(L, -1, (lua_Integer)id) == LUA_TSTRING) {
            lua_replace(L, -2);  // cache, s -> s
            return;
        }
        lua_pop(L, 1);
    } else {
        lua_pop(L, 1);
        lua_createtable(L, 64, 0);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &swd_id_cache_key);
    }
    swd_push_numbered(L, "", 0, id);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, (lua_Integer)id);
    lua_replace(L, -2);  // cache, s -> s
}

// Pushes the row record `{ index = index, id = id, title = item, item = item, side = side }`,
// made with room for `fields` fields: `item`, `numbered`, `number`, `id` and `side` as
// swd_call_handler takes them. `id` is a number id, pushed as its decimal string (swd_push_id; issue 22: an
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
    swd_push_id(L, id);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_ITEM);
    if (numbered) {
        swd_push_numbered(L, item, item_len, number);
    } else {
        swl_call_push_string(L, item, item_len);
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

// ---- Whole row records (issue 22) --------------------------------------------------------------
// The lifecycle hooks (on_begin, on_will_open, on_will_close, on_expand, on_collapse, on_progress,
// and an on_open or on_close a flick decided: a pan's motion fields) and any handler of a row whose
// item is a table or whose id is a name. Not a hot path: the motion keys are pushed as literals.

static inline void swd_set_number(lua_State *L, const char *key, double value) {
    lua_pushstring(L, key);
    lua_pushnumber(L, (lua_Number)value);
    lua_rawset(L, -3);
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
    swl_call_push_string(L, row->id, row->id_len);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_TITLE);
    swl_call_push_string(L, row->title, row->title_len);
    swl_call_set_raw(L);
    swl_call_push_key(rt, L, SWD_KEY_ITEM);
    if (row->item != SWD_NO_ITEM) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, row->item);
    } else {
        swl_call_push_string(L, row->title, row->title_len);
    }
    swl_call_set_raw(L);
    if (row->side != NULL) {
        swl_call_push_key(rt, L, SWD_KEY_SIDE);
        lua_pushstring(L, row->side);
        swl_call_set_raw(L);
    }
    if (motion != NULL) {
        if (motion->has_velocity) swd_set_number(L, "velocity", motion->velocity);
        if (motion->has_progress) {
            swd_set_number(L, "offset", motion->offset);
            swd_set_number(L, "fraction", motion->fraction);
        }
    }
    if (button == NULL) return swl_call_finish(rt, L, 2, msgh);
    swd_push_button(rt, L, button);
    return swl_call_finish(rt, L, 3, msgh);
}
