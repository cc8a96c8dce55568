// Line coverage: the counting the hook does when coverage is on, and the lines of a chunk that
// can run (from Lua's own line information, read from the chunk's dumped bytecode).
#include "CLuaShim.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"

// Registry field of the table that keeps alive one function of each chunk source the hook has
// seen: the source string (whose address the hook caches) can then never be freed and its
// address reused by another chunk.
#define SWL_COVERAGE_PINS_KEY "swl.coverage_pins"

// `array` (`count` of `*capacity` elements of `size` bytes) with room for one more: as it is when
// it has room, else reallocated to twice the capacity (`first` elements at first) and
// `*capacity` set. NULL when out of memory (`array` and `*capacity` then unchanged).
static void *swl_room_for_one(void *array, int count, int *capacity, int first, size_t size) {
    if (count < *capacity) return array;
    int grown = *capacity ? *capacity * 2 : first;
    void *bigger = realloc(array, size * (size_t)grown);
    if (bigger != NULL) *capacity = grown;
    return bigger;
}

swl_Coverage *swl_coverage_new(void) {
    swl_Coverage *coverage = calloc(1, sizeof(swl_Coverage));
    if (coverage == NULL) return NULL;
    coverage->last_file = -1;
    coverage->reference = LUA_NOREF;
    return coverage;
}

void swl_coverage_free(swl_Coverage *coverage) {
    if (coverage == NULL) return;
    for (int i = 0; i < coverage->file_count; i++) {
        free(coverage->files[i].source);
        free(coverage->files[i].lines);
        free(coverage->files[i].calls);
    }
    free(coverage->files);
    free(coverage->seen);
    free(coverage);
}

void swl_coverage_attach(swl_Runtime *rt, swl_Coverage *coverage) {
    rt->coverage = coverage;
    rt->coverage_mask = coverage != NULL ? (LUA_MASKLINE | LUA_MASKCALL) : 0;
}

// The file of a source not seen at this address before: found by name or added (only `@`
// sources are counted), and the source pinned. -1: not counted (or out of memory).
static int swl_coverage_lookup(swl_Runtime *rt, swl_Coverage *coverage, lua_State *L, lua_Debug *ar) {
    const char *source = ar->source;
    int file = -1;
    if (source[0] == '@') {
        for (int i = 0; i < coverage->file_count; i++) {
            if (strcmp(coverage->files[i].source, source) == 0) {
                file = i;
                break;
            }
        }
        if (file < 0) {
            swl_CoverageFile *files = swl_room_for_one(coverage->files, coverage->file_count,
                                                       &coverage->file_capacity, 8, sizeof(swl_CoverageFile));
            if (files == NULL) return -1;
            coverage->files = files;
            char *copy = strdup(source);
            if (copy == NULL) return -1;
            file = coverage->file_count++;
            coverage->files[file] = (swl_CoverageFile){ .source = copy };
        }
    }
    swl_CoverageSeen *seen = swl_room_for_one(coverage->seen, coverage->seen_count, &coverage->seen_capacity, 8,
                                              sizeof(swl_CoverageSeen));
    if (seen == NULL) return -1;
    coverage->seen = seen;
    // Pin the running function (and so its source string). The cap is suspended: this growth
    // is the host's, and a hook has LUA_MINSTACK free slots.
    int suspended = rt->cap_suspended;
    rt->cap_suspended = 1;
    if (lua_getfield(L, LUA_REGISTRYINDEX, SWL_COVERAGE_PINS_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, SWL_COVERAGE_PINS_KEY);
    }
    lua_getinfo(L, "f", ar);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
    rt->cap_suspended = suspended;
    coverage->seen[coverage->seen_count++] = (swl_CoverageSeen){ .source = source, .file = file };
    return file;
}

// The file the running Lua function counts into (ar filled by lua_getinfo "S"), or -1.
static inline int swl_coverage_file(swl_Runtime *rt, swl_Coverage *coverage, lua_State *L, lua_Debug *ar) {
    const char *source = ar->source;
    if (source == coverage->last_source) return coverage->last_file;
    int file = -2;
    for (int i = 0; i < coverage->seen_count; i++) {
        if (coverage->seen[i].source == source) {
            file = coverage->seen[i].file;
            break;
        }
    }
    if (file == -2) file = swl_coverage_lookup(rt, coverage, L, ar);
    coverage->last_source = source;
    coverage->last_file = file;
    return file;
}

// Makes room for counts[index], growing the array (zeroed) as needed: 0, or -1 past
// SWL_COVERAGE_MAX_LINE (nothing is counted there) or when out of memory.
static int swl_coverage_room(unsigned long long **counts, int *capacity, int index) {
    if (index < 0 || index > SWL_COVERAGE_MAX_LINE) return -1;
    if (index >= *capacity) {
        int grown = *capacity ? *capacity : 64;
        while (grown <= index) grown *= 2;
        unsigned long long *bigger = realloc(*counts, sizeof(unsigned long long) * (size_t)grown);
        if (bigger == NULL) return -1;
        memset(bigger + *capacity, 0, sizeof(unsigned long long) * (size_t)(grown - *capacity));
        *counts = bigger;
        *capacity = grown;
    }
    return 0;
}

// Room for line `index` in `file`'s line counts; the frames counting into the file get the
// counts as they are after growing (their fast path reads them). 0, or -1 as swl_coverage_room.
static int swl_coverage_line_room(swl_Coverage *coverage, int file, int index) {
    swl_CoverageFile *counts = &coverage->files[file];
    if (index >= 0 && index < counts->line_capacity) return 0;
    if (swl_coverage_room(&counts->lines, &counts->line_capacity, index) != 0) return -1;
    for (int i = 0; i < SWL_COVERAGE_FRAMES; i++) {
        swl_CoverageFrame *frame = &coverage->frames[i];
        if (frame->file == file) {
            frame->lines = counts->lines;
            frame->capacity = (unsigned int)counts->line_capacity;
        }
    }
    return 0;
}

void swl_coverage_line(swl_Runtime *rt, lua_State *L, lua_Debug *ar) {
    swl_Coverage *coverage = rt->coverage;
    if (coverage->reference != LUA_NOREF) {
        // The reference: what debug.sethook's C hook does for a Lua hook function.
        lua_rawgeti(L, LUA_REGISTRYINDEX, coverage->reference);
        lua_pushliteral(L, "line");
        lua_pushinteger(L, ar->currentline);
        lua_call(L, 2, 0);
        return;
    }
    int line = ar->currentline;
    // A frame's function changes only by a call, which has a call event (swl_coverage_call):
    // a frame known here still runs the function it ran.
    swl_CoverageFrame *frame = swl_coverage_frame(coverage, ar->i_ci);
    int file = frame->file;
    if (frame->ci != ar->i_ci || file == SWL_FRAME_CALLED) {
        int called = frame->ci == ar->i_ci;
        if (!lua_getinfo(L, "S", ar)) return;
        file = swl_coverage_file(rt, coverage, L, ar);
        frame->ci = ar->i_ci;
        frame->lines = NULL;
        frame->capacity = 0;
        frame->file = file;
        if (file >= 0) {
            // Room for the whole function at once (a main chunk's lines grow as they come).
            if (ar->lastlinedefined > 0) (void)swl_coverage_line_room(coverage, file, ar->lastlinedefined);
            swl_CoverageFile *counts = &coverage->files[file];
            frame->lines = counts->lines;
            frame->capacity = (unsigned int)counts->line_capacity;
            // The first line of a function just called: the call counts at its definition.
            if (called && ar->linedefined > 0
                && swl_coverage_room(&counts->calls, &counts->call_capacity, ar->linedefined) == 0) {
                counts->calls[ar->linedefined] += 1;
            }
        }
    }
    if (file < 0) return;
    if (swl_coverage_line_room(coverage, file, line) == 0) coverage->files[file].lines[line] += 1;
}

static int swl_coverage_reference_body(lua_State *L) {
    size_t len = 0;
    const char *code = lua_tolstring(L, 1, &len);
    if (luaL_loadbuffer(L, code, len, "=coverage reference") != LUA_OK) return lua_error(L);
    luaL_requiref(L, "debug", luaopen_debug, 0);
    lua_call(L, 1, 1);
    luaL_checktype(L, -1, LUA_TFUNCTION);
    swl_runtime(L)->coverage->reference = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

int swl_coverage_reference(lua_State *L, const char *code, size_t len) {
    if (swl_runtime(L)->coverage == NULL) {
        lua_pushliteral(L, "coverage is off");
        return LUA_ERRRUN;
    }
    lua_pushcfunction(L, swl_coverage_reference_body);
    lua_pushlstring(L, code, len);
    return lua_pcall(L, 1, 0, 0);
}

// MARK: The lines that carry code, from the dumped chunk (the format of Lua 5.4's ldump.c).

typedef struct {
    unsigned char *bytes;
    size_t count, capacity;
} swl_Buffer;

static int swl_buffer_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    swl_Buffer *buffer = ud;
    if (buffer->count + size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->count + size) capacity *= 2;
        unsigned char *bigger = realloc(buffer->bytes, capacity);
        if (bigger == NULL) return 1;
        buffer->bytes = bigger;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, p, size);
    buffer->count += size;
    return 0;
}

typedef struct {
    const unsigned char *bytes;
    size_t count, at;
    int failed;
    /// Lines of instructions other than CLOSURE (and the implicit final return).
    int *lines;
    int line_count, line_capacity;
    /// The line each nested function is defined at.
    int *functions;
    int function_count, function_capacity;
    /// Pairs (line of a CLOSURE instruction, line its function is defined at).
    int *closures;
    int closure_count, closure_capacity;
} swl_Undump;

static int swl_push_int(int **list, int *count, int *capacity, int value) {
    int *bigger = swl_room_for_one(*list, *count, capacity, 64, sizeof(int));
    if (bigger == NULL) return -1;
    *list = bigger;
    (*list)[(*count)++] = value;
    return 0;
}

static unsigned char swl_undump_byte(swl_Undump *u) {
    if (u->at >= u->count) {
        u->failed = 1;
        return 0;
    }
    return u->bytes[u->at++];
}

static void swl_undump_skip(swl_Undump *u, size_t n) {
    if (n > u->count - u->at) {
        u->failed = 1;
        u->at = u->count;
    } else {
        u->at += n;
    }
}

// ldump.c's dumpSize: 7 bits a byte, most significant first, the last byte with bit 8 set.
static size_t swl_undump_size(swl_Undump *u) {
    size_t x = 0;
    unsigned char b;
    int guard = 0;
    do {
        b = swl_undump_byte(u);
        x = (x << 7) | (b & 0x7f);
        if (++guard > 10) u->failed = 1;
    } while ((b & 0x80) == 0 && !u->failed);
    return x;
}

static void swl_undump_string(swl_Undump *u) {
    size_t size = swl_undump_size(u);
    if (size > 0) swl_undump_skip(u, size - 1);
}

// Lua 5.4's opcodes (lopcodes.h) the line rule needs; an instruction's opcode is its low 7 bits
// and a CLOSURE's prototype index its top 17 (Bx).
enum { SWL_OP_CLOSURE = 79 };

// Reads one function (and those nested in it); returns the line it is defined at.
static int swl_undump_function(swl_Undump *u, int depth) {
    if (depth > 250) {
        u->failed = 1;
        return 0;
    }
    swl_undump_string(u);  // source
    int linedefined = (int)swl_undump_size(u);
    (void)swl_undump_size(u);  // lastlinedefined
    (void)swl_undump_byte(u);  // numparams
    int vararg = swl_undump_byte(u);
    (void)swl_undump_byte(u);  // maxstacksize
    size_t code = swl_undump_size(u);
    const unsigned char *instructions = u->bytes + u->at;
    if (code > (u->count - u->at) / 4) {
        u->failed = 1;
        return 0;
    }
    swl_undump_skip(u, code * 4);
    size_t constants = swl_undump_size(u);
    for (size_t i = 0; i < constants && !u->failed; i++) {
        switch (swl_undump_byte(u)) {
        case 3: case 19: swl_undump_skip(u, 8); break;  // integer, float
        case 4: case 20: swl_undump_string(u); break;   // short, long string
        default: break;                                  // nil, false, true
        }
    }
    size_t upvalues = swl_undump_size(u);
    swl_undump_skip(u, upvalues * 3);
    size_t protos = swl_undump_size(u);
    if (u->failed || protos > u->count) {
        u->failed = 1;
        return 0;
    }
    int *defined = protos ? malloc(sizeof(int) * protos) : NULL;
    if (protos && defined == NULL) {
        u->failed = 1;
        return 0;
    }
    for (size_t i = 0; i < protos && !u->failed; i++) {
        defined[i] = swl_undump_function(u, depth + 1);
        if (swl_push_int(&u->functions, &u->function_count, &u->function_capacity, defined[i]) != 0) u->failed = 1;
    }
    // Debug information: relative lines, then absolute (pc, line) pairs.
    size_t count = swl_undump_size(u);
    if (u->failed || count > u->count - u->at || count > code) {
        free(defined);
        u->failed = 1;
        return 0;
    }
    const signed char *relative = (const signed char *)(u->bytes + u->at);
    swl_undump_skip(u, count);
    size_t absolutes = swl_undump_size(u);
    size_t absolute_at = u->at;
    for (size_t i = 0; i < absolutes && !u->failed; i++) {
        (void)swl_undump_size(u);
        (void)swl_undump_size(u);
    }
    size_t locals = swl_undump_size(u);
    for (size_t i = 0; i < locals && !u->failed; i++) {
        swl_undump_string(u);
        (void)swl_undump_size(u);
        (void)swl_undump_size(u);
    }
    size_t names = swl_undump_size(u);
    for (size_t i = 0; i < names && !u->failed; i++) swl_undump_string(u);
    if (u->failed) {
        free(defined);
        return 0;
    }
    // Lines as luaG_getfuncline gives them; the last instruction is the implicit return.
    int line = linedefined;
    size_t first = vararg ? 1 : 0;
    int start = u->line_count;
    int last_line = -1;
    swl_Undump absolute = { .bytes = u->bytes, .count = u->count, .at = absolute_at };
    for (size_t pc = 0; pc < count && !u->failed; pc++) {
        if (relative[pc] != -0x80) {
            line += relative[pc];
        } else {
            // An absolute entry for this pc: entries are in pc order.
            for (;;) {
                size_t entry_pc = swl_undump_size(&absolute);
                int entry_line = (int)swl_undump_size(&absolute);
                if (absolute.failed || entry_pc > pc) {
                    u->failed = 1;
                    break;
                }
                if (entry_pc == pc) {
                    line = entry_line;
                    break;
                }
            }
        }
        if (pc < first) continue;
        unsigned int instruction;
        memcpy(&instruction, instructions + pc * 4, 4);
        if (pc + 1 == count) {
            last_line = line;
        } else if ((instruction & 0x7f) == SWL_OP_CLOSURE && (instruction >> 15) < protos) {
            if (swl_push_int(&u->closures, &u->closure_count, &u->closure_capacity, line) != 0
                || swl_push_int(&u->closures, &u->closure_count, &u->closure_capacity, defined[instruction >> 15]) != 0) {
                u->failed = 1;
            }
        } else if (swl_push_int(&u->lines, &u->line_count, &u->line_capacity, line) != 0) {
            u->failed = 1;
        }
    }
    free(defined);
    // The implicit return counts only where its line has other code of this function; the
    // lines pushed above are this function's (nested ones were pushed before).
    if (last_line >= 0 && !u->failed) {
        for (int i = start; i < u->line_count; i++) {
            if (u->lines[i] == last_line) return linedefined;
        }
    }
    return linedefined;
}

static int swl_compare_ints(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

// Sorts `list` and drops repeats; returns the new count.
static int swl_unique(int *list, int count) {
    if (count == 0) return 0;
    qsort(list, (size_t)count, sizeof(int), swl_compare_ints);
    int kept = 1;
    for (int i = 1; i < count; i++) {
        if (list[i] != list[kept - 1]) list[kept++] = list[i];
    }
    return kept;
}

static int swl_contains(const int *sorted, int count, int value) {
    return bsearch(&value, sorted, (size_t)count, sizeof(int), swl_compare_ints) != NULL;
}

int swl_code_lines(const char *source, size_t len, int **lines, int *line_count, int **functions, int *function_count,
                   int **moves, int *move_count) {
    *lines = NULL;
    *functions = NULL;
    *moves = NULL;
    *line_count = 0;
    *function_count = 0;
    *move_count = 0;
    lua_State *L = luaL_newstate();
    if (L == NULL) return -1;
    swl_Buffer buffer = { 0 };
    int status = luaL_loadbufferx(L, source, len, "=coverage", "t");
    if (status == LUA_OK) status = lua_dump(L, swl_buffer_writer, &buffer, 0);
    lua_close(L);
    // The header: signature, version, format, LUAC_DATA, three sizes, LUAC_INT, LUAC_NUM; then
    // the main closure's upvalue count.
    const size_t header = 4 + 1 + 1 + 6 + 3 + 8 + 8 + 1;
    if (status != LUA_OK || buffer.count < header) {
        free(buffer.bytes);
        return -1;
    }
    swl_Undump u = { .bytes = buffer.bytes, .count = buffer.count, .at = header };
    (void)swl_undump_function(&u, 0);
    free(buffer.bytes);
    int ordinary = u.failed ? 0 : swl_unique(u.lines, u.line_count);
    // A CLOSURE counts at the line its function is defined at (Lua puts it at the `end`); where
    // that line has no instruction of its own, its count is the CLOSURE line's (a move).
    int *found = NULL, *moved = NULL;
    int found_count = 0, found_capacity = 0, moved_count = 0, moved_capacity = 0;
    for (int i = 0; i < ordinary; i++) {
        if (swl_push_int(&found, &found_count, &found_capacity, u.lines[i]) != 0) u.failed = 1;
    }
    for (int i = 0; i + 1 < u.closure_count && !u.failed; i += 2) {
        int at = u.closures[i], defined = u.closures[i + 1];
        if (swl_contains(u.lines, ordinary, defined)) continue;
        if (swl_push_int(&found, &found_count, &found_capacity, defined) != 0
            || swl_push_int(&moved, &moved_count, &moved_capacity, at) != 0
            || swl_push_int(&moved, &moved_count, &moved_capacity, defined) != 0) {
            u.failed = 1;
        }
    }
    free(u.lines);
    free(u.closures);
    if (u.failed) {
        free(u.functions);
        free(found);
        free(moved);
        return -1;
    }
    *lines = found;
    *line_count = swl_unique(found, found_count);
    *functions = u.functions;
    *function_count = swl_unique(u.functions, u.function_count);
    *moves = moved;
    *move_count = moved_count / 2;
    return 0;
}
