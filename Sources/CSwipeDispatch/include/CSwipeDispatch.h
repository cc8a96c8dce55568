// The plugin host's delegate call in one C call: a handler called with the context and a row
// record (and, for a button's action, a button record) built on the stack by the plugin layer,
// through LuaRuntime's one-C-call path (CLuaShim's swl_call.h).
#ifndef CSWIPEDISPATCH_H
#define CSWIPEDISPATCH_H

#include <stddef.h>
#include "CLuaShim.h"

/// The record keys, in the order the plugin host parks them (`LuaState.parkKeys`), the motion
/// fields of a lifecycle hook's record last.
enum {
    SWD_KEY_INDEX, SWD_KEY_ITEM, SWD_KEY_SIDE, SWD_KEY_ID, SWD_KEY_TITLE, SWD_KEY_FULL, SWD_KEY_ACCESSIBILITY,
    SWD_KEY_VELOCITY, SWD_KEY_OFFSET, SWD_KEY_FRACTION, SWD_KEY_COUNT
};

/// How many tables the plugin host parks after the keys (`LuaState.parkKeys(_:tables:)`): two,
/// the cache of row ids' strings, in slot SWD_ID_CACHE_SLOT, and the cache of row items' strings,
/// in slot SWD_ITEM_CACHE_SLOT.
enum { SWD_PARKED_TABLES = 2, SWD_ID_CACHE_SLOT = SWD_KEY_COUNT, SWD_ITEM_CACHE_SLOT = SWD_KEY_COUNT + 1 };

/// The name of record key `key` (SWD_KEY_*), a NUL-terminated literal.
const char *swd_key_name(int key);

/// A button record: `{ id = id, index = number, title = title, full = true, accessibility = true }`
/// (`full` and `accessibility` only when non-zero). `id` and `title` are `id_len` and `title_len` bytes, NUL-terminated.
typedef struct swd_Button {
    const char *id;
    size_t id_len;
    long long number;
    const char *title;
    size_t title_len;
    int full;
    int accessibility;
} swd_Button;

/// The longest prefix of a generated item swd_call_handler writes out (a longer one is cut).
enum { SWD_PREFIX_MAX = 64 };

/// `function(context, { index = index, item = item, side = side }[, button])` under the budget
/// and the armed cap, through swl_pcall with the traceback handler. `function` and `context` are
/// registry references (`context` LUA_NOREF: nil); `item` is `item_len` bytes, NUL-terminated
/// (pushed by its length), or, when `numbered` is
/// non-zero, a generated item's prefix (at most SWD_PREFIX_MAX bytes), the item being the prefix
/// followed by `number` in decimal, written on the C stack; `side` is NULL (no field)
/// or a NUL-terminated literal; `button` is NULL (two arguments) or the third argument's record.
/// Call from Swift with the cap suspended (`LuaState.callPrepared`): pushing raises only on a
/// real out-of-memory (the allocator aborts then), and Lua errors stay inside lua_pcall. On
/// success the stack is as before; otherwise the error value is on top, above the handler (for a
/// nested call, the handler this pushed), and the status is returned (or SWL_STACK_OVERFLOW,
/// nothing pushed).
int swd_call_handler(swl_Runtime *rt, lua_State *L, int function, int context, long long index, const char *item,
                     size_t item_len, int numbered, long long number, long long id, const char *side,
                     const swd_Button *button);

// ---- Lifecycle hooks ----------------------------------------------------------------------------

/// A pan's motion, as a lifecycle hook's row record gets it: `velocity` (points/s) when
/// `has_velocity` is non-zero; `offset` (points) and `fraction` when `has_progress` is; `full =
/// true` when `full` is (a full swipe's `reset` closes the row).
typedef struct swd_Motion {
    int has_velocity;
    double velocity;
    int has_progress;
    double offset;
    double fraction;
    int full;
} swd_Motion;

/// `function(context, { index = index, item = item, side = side, velocity = ..., offset = ...,
/// fraction = ... })`: swd_call_handler's call without a button, `item` always `item_len` bytes
/// (never numbered), with `motion`'s fields. The same contract as swd_call_handler otherwise.
// A row record given whole: the lifecycle hooks' and a table item's or name id's.
// `item` is the registry index of the item's table (a copy) in this state, or SWD_NO_ITEM for a
// string item (the title is the item then). `id` is `id_len` bytes, NUL-terminated, or NULL: the
// id is `number_id`, written in decimal (from the cache of ids, as swd_call_handler does). The
// title is `title_len` bytes, NUL-terminated, or, when `numbered` is non-zero, a generated
// item's prefix followed by `number` in decimal (as swd_call_handler's item).
enum { SWD_NO_ITEM = -2 };
typedef struct swd_Row {
    long long index;
    const char *id;
    size_t id_len;
    long long number_id;
    const char *title;
    size_t title_len;
    int numbered;
    long long number;
    int item;
    const char *side;
} swd_Row;

// `function(context, row[, button])`, `row` with `motion`'s fields when given: the record
// `{ index, id, title, item, side, velocity, offset, fraction }`, its fields set in that order.
int swd_call_record(swl_Runtime *rt, lua_State *L, int function, int context, const swd_Row *row,
                    const swd_Button *button, const swd_Motion *motion);

#endif
