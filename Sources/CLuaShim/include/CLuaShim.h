// Real C code that sits between Swift and Lua.
//
// Swift must never be unwound by Lua's error mechanism (setjmp/longjmp). The
// pieces here make that possible:
//   - swl_trampoline: the only lua_CFunction behind every Swift function. It
//     calls Swift through a @convention(c) pointer and raises the error Swift
//     left on the stack only after the Swift frames have returned.
//   - swl_alloc: a capped allocator whose cap Swift suspends around its own
//     pushes, so a push from Swift never fails because of the cap.
//   - swl_count_hook (swl_coverage_hook with coverage on): the instruction budget, raised from C
//     inside lua_pcall.
//   - swl_message_handler: the traceback message handler for every pcall.
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <stddef.h>
#include <lua.h>

/// Calls the Swift function `function` for the Lua state `L`; `owner` is the
/// runtime's owner pointer. Returns the number of results pushed, or one of
/// the SWL_* error codes below with the error message on top of the stack.
typedef int (*swl_Dispatch)(lua_State *L, void *function, void *owner);

/// Releases a retained Swift object stored in a userdata box.
typedef void (*swl_Release)(void *object);

enum {
    /// The Swift function failed; the error value is on top of the stack and
    /// is raised as is.
    SWL_RAISE = -1,
    /// The Swift function failed; the message on top of the stack gets the
    /// caller's `chunk:line:` prefix before it is raised.
    SWL_RAISE_WHERE = -2,
    /// An argument was wrong; the message on top of the stack is the detail
    /// ("number expected, got string") and `arg_error_index` the argument.
    SWL_RAISE_ARGUMENT = -3,
};

/// Per-state bookkeeping, passed to Lua as the allocator's user data.
typedef struct swl_Runtime {
    /// Bytes currently allocated by the state.
    size_t used;
    /// The memory cap in bytes; 0 means no cap.
    size_t limit;
    /// Non-zero while Swift pushes values: the cap is not enforced then.
    int cap_suspended;
    /// Number of allocations refused because of the cap.
    unsigned long cap_refusals;
    /// Instructions allowed per call from Swift; 0 means unlimited.
    long long budget;
    /// Instructions left in the current call.
    long long remaining;
    /// Hook granularity: the hook runs every `hook_count` instructions.
    int hook_count;
    /// Set by the hook when the budget ran out, until the next call begins.
    int budget_exceeded;
    /// The CPU time a call (with a budget) may take, in nanoseconds; 0: no limit. A backstop
    /// for work the budget cannot count (the VM comparing long strings); the hook reads the
    /// thread's CPU clock each time it runs (every 1,000 instructions).
    long long time_limit_ns;
    /// The thread's CPU clock when the hook first ran in this call; 0 before.
    long long time_started_ns;
    /// Set with budget_exceeded when it was the time limit that ended the call.
    int time_exceeded;
    /// Non-zero while every function call also costs one instruction (the hook then has
    /// LUA_MASKCALL too): set by the sandbox's table.sort on a table with a metatable.
    int charge_calls;
    /// Non-zero while the budget error is being built (its message and traceback): the
    /// allocator does not charge or refuse that growth.
    int raising;
    /// The state's main thread (set by swl_newstate).
    lua_State *main_thread;
    /// Line coverage (coverage.c), NULL when off; then coverage_mask is 0.
    struct swl_Coverage *coverage;
    /// LUA_MASKLINE | LUA_MASKCALL while coverage is on, else 0: or-ed into every hook mask.
    int coverage_mask;
    /// Argument number for SWL_RAISE_ARGUMENT.
    int arg_error_index;
    /// The Swift object owning the state (unretained).
    void *owner;
    /// The thread Swift operates on (the main thread, or the thread running
    /// the Swift function being called). Kept here rather than in Swift
    /// stored properties so the call path has no exclusivity checks.
    lua_State *current;
    /// Nesting of protected calls from Swift (Swift -> Lua -> Swift -> Lua).
    int call_depth;
    /// Non-zero when dead Swift references wait for luaL_unref.
    int pending_releases;
    /// After a one-C-call (swl_call.h) failed: the stack index of its message handler (the
    /// error is above it).
    int failed_base;
    /// cap_refusals when the outermost call began.
    unsigned long refusals_at_start;
    swl_Dispatch dispatch;
    swl_Release release;
    /// Registry references of the parked keys (`LuaState.parkKeys`), which a one-C-call
    /// (swl_call.h) sets fields with: set with lua_rawset, they skip lua_setfield's lookup of
    /// the key's C string. An outermost call pushes them from where they are parked on the main
    /// thread's stack instead (SWL_PARKED_HANDLER). Slots after the keys may hold parked
    /// tables (`LuaState.parkKeys(_:tables:)`), which the C of a prepared call keeps as caches.
    int keys[12];  // SWL_KEY_SLOTS
    /// Freed blocks of at most SWL_SMALL_MAX bytes kept for reuse, a list per exact size (each
    /// block's first word links the next): see swl_alloc. Freed by swl_close.
    void *small_blocks[257];  // SWL_SMALL_MAX + 1
    /// Bytes held in small_blocks (at most SWL_SMALL_CACHED).
    size_t small_cached;
} swl_Runtime;

/// Creates a state that allocates through `swl_alloc` with `rt`, and whose
/// panic function aborts with a message (an unprotected error is a bug).
lua_State *swl_newstate(swl_Runtime *rt);

/// The runtime of a state created by `swl_newstate` (any thread of it).
swl_Runtime *swl_runtime(lua_State *L);

/// Growth of one block that the budget charges (see swl_alloc), and the bytes per instruction.
enum { SWL_CHARGED_GROWTH = 1024, SWL_GROWTH_BYTES = 64 };

/// Blocks of at most SWL_SMALL_MAX bytes that Lua frees are kept for its next allocation of the
/// same size, up to SWL_SMALL_CACHED bytes in all (see swl_alloc).
enum { SWL_SMALL_MAX = 256, SWL_SMALL_CACHED = 32 * 1024 };

/// The allocator: realloc/free with byte accounting against `rt->limit`; during a call with a
/// budget, growth of SWL_CHARGED_GROWTH bytes or more costs one instruction per SWL_GROWTH_BYTES.
/// Small freed blocks are kept in `rt->small_blocks` for reuse (counted as freed).
void *swl_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/// Closes a state made by swl_newstate and frees the small blocks its allocator kept.
void swl_close(lua_State *L);

/// Opens the standard libraries inside a protected call; returns a status.
int swl_openlibs(lua_State *L);

/// Status `swl_pcall` returns when the call returned normally although its
/// budget ran out (the script caught the budget error).
#define SWL_BUDGET_CAUGHT (-100)

/// The protected call behind every call from Swift: for an outermost call
/// (call_depth 0) starts the budget and notes the cap refusals; arms the
/// memory cap; runs lua_pcall with the handler at `msgh`; restores the cap
/// flag. Returns the lua_pcall status, or SWL_BUDGET_CAUGHT.
int swl_pcall(swl_Runtime *rt, lua_State *L, int nargs, int nresults, int msgh);

/// Takes `steps` instructions from the budget of the running call, for work done in C that
/// the count hook cannot see; raises "chunk:line: instruction budget exceeded" (at the position
/// of the Lua code that called the C function) when the budget runs out or has run out.
/// Does nothing when the budget is unlimited.
void swl_charge(lua_State *L, lua_Integer steps);

/// swl_charge with the message at stack level `level` (1: the caller of the charging C function;
/// 2: its caller, for a function Lua's own C function calls, such as load's reader).
void swl_charge_at(lua_State *L, lua_Integer steps, int level);

/// Sets L's hook to what the budget needs now (the count, plus calls while charge_calls).
void swl_update_hook(lua_State *L);

/// The sandbox's own string.find, match, gmatch, gsub and rep (pattern.c), set in the table at
/// `string_table`. May raise a memory error.
void swl_open_patterns(lua_State *L, int string_table);

/// Installs the sandbox's bounded replacements (sandbox.c, pattern.c) in a protected call, and
/// `virtual_os` in the host table at registry slot `host_slot`; returns a status.
int swl_opensandbox(lua_State *L, int host_slot);

/// The state's hook without coverage: counts the budget (count events, and calls while
/// charge_calls); raises "instruction budget exceeded" when out of budget.
void swl_count_hook(lua_State *L, lua_Debug *ar);

/// The state's hook with coverage on (swl_coverage_attach): counts lines and calls
/// (coverage.c), line events first, and does what swl_count_hook does for the other events.
void swl_coverage_hook(lua_State *L, lua_Debug *ar);

/// Line and call counts of one chunk (one `@file` source) in one state.
typedef struct swl_CoverageFile {
    /// The chunk name, `@` included, NUL-terminated (malloc'd).
    char *source;
    /// lines[n]: how many times line n began to run (a line event); line_capacity entries.
    unsigned long long *lines;
    int line_capacity;
    /// calls[n]: calls of the functions defined at line n; call_capacity entries.
    unsigned long long *calls;
    int call_capacity;
} swl_CoverageFile;

/// A chunk source Lua handed the hook, by address: the file it counts into, or -1.
typedef struct swl_CoverageSeen {
    const char *source;
    int file;
} swl_CoverageSeen;

/// What a frame (a CallInfo, by address only: never read) runs: the file it counts into (-1:
/// none), or SWL_FRAME_CALLED from its call event until its first line event; and that file's
/// line counts as the hook's fast path reads them (`lines` has `capacity` entries; capacity 0
/// until the first line event, and for a frame whose function counts nowhere).
typedef struct swl_CoverageFrame {
    const void *ci;
    unsigned long long *lines;
    unsigned int capacity;
    int file;
} swl_CoverageFrame;

enum { SWL_COVERAGE_FRAMES = 64, SWL_FRAME_CALLED = -2 };

/// Coverage counts of one state. The hook keeps them with no Lua call. A frame's file is
/// looked up (lua_getinfo "S") at its first line event and kept in `frames`, by frame, with a
/// pointer to the file's line counts, until a call event makes a new frame there: a line event
/// of a known frame, at a line inside its file's counts, costs two compares and one increment.
typedef struct swl_Coverage {
    /// The file of recent frames, by frame address (direct-mapped); first, so that the hook
    /// reaches a frame with one address computation.
    swl_CoverageFrame frames[SWL_COVERAGE_FRAMES];
    swl_CoverageFile *files;
    int file_count, file_capacity;
    swl_CoverageSeen *seen;
    int seen_count, seen_capacity;
    /// The source of the last event and its file (-1: not counted).
    const char *last_source;
    int last_file;
    /// Registry reference of a Lua function called on each line event instead of counting
    /// (the bench's luacov-style reference), or LUA_NOREF.
    int reference;
} swl_Coverage;

/// Highest line number counted; lines past it are not (see docs/limits.md).
enum { SWL_COVERAGE_MAX_LINE = 1 << 24 };

/// A new, empty coverage record (NULL when out of memory).
swl_Coverage *swl_coverage_new(void);

/// Frees a record made by swl_coverage_new.
void swl_coverage_free(swl_Coverage *coverage);

/// Turns coverage on for the state of `rt` (before any call): every later call's hook counts
/// into `coverage`, which the caller owns and must keep until the state is closed.
void swl_coverage_attach(swl_Runtime *rt, swl_Coverage *coverage);

/// Installs the reference line counter: runs `code` (a chunk that, given a debug library table,
/// returns a function(event, line)) in a protected call and has the hook call that function on
/// each line event instead of counting. Returns a status; the message on the stack when not OK.
int swl_coverage_reference(lua_State *L, const char *code, size_t len);

/// The lines of a chunk that carry code, as Lua's own line information gives them: compiles
/// `source` (does not run it) and lists, for the main function and every nested one, the line
/// of each instruction, as `debug.getinfo(f, "L").activelines` does (a vararg function's first
/// instruction left out), with two changes: the implicit `return` Lua adds as a function's last
/// instruction counts only where its line has other code of that function; and the CLOSURE
/// that makes a function counts at the line the function is defined at, not at its `end`
/// where Lua puts it. `moves` holds pairs (CLOSURE line, definition line) for definition lines
/// with no instruction of their own: such a line ran as often as its CLOSURE line. `lines`
/// (ascending, each once), `functions` (the line where each nested function is defined,
/// ascending, each once) and `moves` are malloc'd; the caller frees them. Returns 0, or -1
/// when the chunk does not compile or memory runs out.
int swl_code_lines(const char *source, size_t len, int **lines, int *line_count, int **functions, int *function_count,
                   int **moves, int *move_count);

/// Message handler for lua_pcall: turns the error into a string and appends
/// a traceback ("message\nstack traceback:\n...").
int swl_message_handler(lua_State *L);

/// The lua_CFunction behind every Swift function (see file comment).
int swl_trampoline(lua_State *L);

/// Pushes a Lua function that calls the Swift function `function` (a retained
/// pointer the state releases when the function is collected). `name` is
/// used in argument errors when Lua cannot name the function. May raise a
/// memory error: call with the cap suspended.
void swl_pushfunction(lua_State *L, void *function, const char *name);

/// Pushes a userdata holding the retained Swift object `object`, with the
/// metatable registered under `tname` (created by swl_newmetatable). May
/// raise a memory error: call with the cap suspended.
void swl_pushobject(lua_State *L, void *object, const char *tname);

/// The Swift object in the userdata at `idx`, or NULL when it is not one of
/// ours or has been finalized.
void *swl_toobject(lua_State *L, int idx);

/// Creates (or fetches) the metatable `tname` in the registry for Swift
/// objects, with __gc releasing the object and __metatable hiding it from
/// scripts. Leaves it on the stack. May raise a memory error.
void swl_newmetatable(lua_State *L, const char *tname);

/// lua_gc, which Swift cannot call because it is variadic.
int swl_gc(lua_State *L, int what, int arg);

/// Pushes the `len` bytes of `s` (lua_pushlstring: by length, not by address through Lua's
/// cache of C strings, so its cost does not hang on where the bytes lie). Raises only on
/// memory errors.
void swl_pushstring(lua_State *L, const char *s, size_t len);

/// `table[key] = value` for a table with no metatable (a table being built for a call): one
/// C call where the Lua API takes three. `key` is a NUL-terminated literal, found in Lua's
/// string cache by address. Raise only on memory errors.
void swl_setfield_integer(lua_State *L, int table, const char *key, lua_Integer value);
void swl_setfield_number(lua_State *L, int table, const char *key, lua_Number value);
void swl_setfield_boolean(lua_State *L, int table, const char *key, int value);
/// `s` as for swl_pushstring.
void swl_setfield_string(lua_State *L, int table, const char *key, const char *s, size_t len);

/// Slots for parked keys (swl_Runtime.keys).
enum { SWL_KEY_SLOTS = 12 };

/// Between calls the main thread's stack holds the parked keys at indices 1 to SWL_KEY_SLOTS
/// (key k at k + 1; nil until `LuaState.parkKeys` parks one) and the message handler above them,
/// at SWL_PARKED_HANDLER, where every outermost call finds it. lua_pushvalue of a parked key is
/// cheaper than lua_rawgeti from the registry.
enum { SWL_PARKED_HANDLER = SWL_KEY_SLOTS + 1 };

/// Status of a one-C-call (swl_call.h) when the stack of a nested call cannot grow.
#define SWL_STACK_OVERFLOW (-101)

#endif
