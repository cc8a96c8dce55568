// The sandbox's replacements for standard functions whose work the count hook cannot see.
//
// Lua runs no hooks inside finalizers, inside a message handler called for an error raised by a
// hook, or inside its own C functions. So, in the sandbox:
//   - setmetatable refuses a metatable with a __gc field (a table is marked for finalization
//     only when its metatable is set, Lua 5.4 manual 2.5.3);
//   - xpcall's message handler is skipped once the budget is spent;
//   - table.insert, remove, move and concat are this file's own, charging one instruction per
//     element; table.sort is charged n*log2(n) up front (or per call for a table with a metatable);
//   - string.byte, char, format, lower, upper, reverse, sub, pack, unpack, utf8.char, codepoint,
//     len, offset and table.unpack are Lua's own, charged for what they return;
//   - load is Lua's, text only, charged one instruction per byte of source;
//   - os.date and os.time are this file's own, on the host's virtual clock, always UTC, with
//     Lua's own argument checks and messages.
// Functions that delegate to Lua's own call it in their own frame (`real(L)`), so its argument
// errors name the function as the script called it, with the script's position.
#include "CLuaShim.h"

#include <lauxlib.h>
#include <limits.h>
#include <string.h>
#include <time.h>

enum { SWL_COPY_BYTES = 64 };

static lua_CFunction swl_real(lua_State *L) { return lua_tocfunction(L, lua_upvalueindex(1)); }

// MARK: setmetatable, xpcall

static int swl_setmetatable(lua_State *L) {
    if (lua_type(L, 1) == LUA_TTABLE && lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int type = lua_rawget(L, 2);
        lua_pop(L, 1);
        if (type != LUA_TNIL) return luaL_argerror(L, 2, "__gc metamethods are not allowed in the sandbox");
    }
    return swl_real(L)(L);
}

// The message handler xpcall gets: the script's own, unless the budget is spent (Lua runs a
// handler for an error raised by a hook with hooks off, so it could never be stopped).
static int swl_guarded_handler(lua_State *L) {
    if (swl_runtime(L)->budget_exceeded) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// Lua's xpcall (upvalue 1) with the handler guarded, unless it is Lua's debug.traceback
// (upvalue 2), which runs no script code (and so keeps its tracebacks as they were).
static int swl_xpcall(lua_State *L) {
    if (lua_type(L, 2) == LUA_TFUNCTION && !lua_rawequal(L, 2, lua_upvalueindex(2))) {
        lua_pushvalue(L, 2);
        lua_pushcclosure(L, swl_guarded_handler, 1);
        lua_replace(L, 2);
    }
    return swl_real(L)(L);
}

// MARK: table

enum { SWL_READ = 1, SWL_WRITE = 2, SWL_LENGTH = 4 };

// A table, or a value whose metatable gives the access `what` needs (as Lua's table library).
static void swl_check_table(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int pushed = 1;
    if (lua_getmetatable(L, arg)) {
        int ok = 1;
        if (ok && (what & SWL_READ)) {
            lua_pushliteral(L, "__index");
            ok = lua_rawget(L, -(pushed++) - 1) != LUA_TNIL;
        }
        if (ok && (what & SWL_WRITE)) {
            lua_pushliteral(L, "__newindex");
            ok = lua_rawget(L, -(pushed++) - 1) != LUA_TNIL;
        }
        if (ok && (what & SWL_LENGTH)) {
            lua_pushliteral(L, "__len");
            ok = lua_rawget(L, -(pushed++) - 1) != LUA_TNIL;
        }
        lua_pop(L, pushed);
        if (ok) return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

static lua_Integer swl_length(lua_State *L, int arg, int what) {
    swl_check_table(L, arg, what | SWL_LENGTH);
    return luaL_len(L, arg);
}

static int swl_tinsert(lua_State *L) {
    lua_Integer end = (lua_Integer)((lua_Unsigned)swl_length(L, 1, SWL_READ | SWL_WRITE) + 1u);
    lua_Integer position;
    switch (lua_gettop(L)) {
    case 2:
        position = end;
        break;
    case 3:
        position = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)position - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        for (lua_Integer i = end; i > position; i--) {
            swl_charge(L, 1);
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, position);
    return 0;
}

static int swl_tremove(lua_State *L) {
    lua_Integer size = swl_length(L, 1, SWL_READ | SWL_WRITE);
    lua_Integer position = luaL_optinteger(L, 2, size);
    // Lua 5.4.4 names argument #1 here (later releases say #2); the sandbox says what Lua says.
    if (position != size)
        luaL_argcheck(L, (lua_Unsigned)position - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    lua_geti(L, 1, position);
    for (; position < size; position++) {
        swl_charge(L, 1);
        lua_geti(L, 1, position + 1);
        lua_seti(L, 1, position);
    }
    lua_pushnil(L);
    lua_seti(L, 1, position);
    return 1;
}

static int swl_tmove(lua_State *L) {
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer to = luaL_checkinteger(L, 4);
    int target = lua_isnoneornil(L, 5) ? 1 : 5;
    swl_check_table(L, 1, SWL_READ);
    swl_check_table(L, target, SWL_WRITE);
    if (last >= first) {
        luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
        lua_Integer count = last - first + 1;
        luaL_argcheck(L, to <= LUA_MAXINTEGER - count + 1, 4, "destination wrap around");
        if (to > last || to <= first || (target != 1 && !lua_compare(L, 1, target, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < count; i++) {
                swl_charge(L, 1);
                lua_geti(L, 1, first + i);
                lua_seti(L, target, to + i);
            }
        } else {
            for (lua_Integer i = count - 1; i >= 0; i--) {
                swl_charge(L, 1);
                lua_geti(L, 1, first + i);
                lua_seti(L, target, to + i);
            }
        }
    }
    lua_pushvalue(L, target);
    return 1;
}

static void swl_concat_element(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
                   (LUAI_UACINT)i);
    swl_charge(L, 1 + (lua_Integer)(lua_rawlen(L, -1) / SWL_COPY_BYTES));
    luaL_addvalue(b);
}

static int swl_tconcat(lua_State *L) {
    lua_Integer last = swl_length(L, 1, SWL_READ);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        swl_concat_element(L, &b, i);
        swl_charge(L, (lua_Integer)(lsep / SWL_COPY_BYTES));
        luaL_addlstring(&b, sep, lsep);
    }
    if (i == last) swl_concat_element(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

// Lua's own sort, charged n*ceil(log2(n)) up front for a plain table (no metatable: its length
// and elements are what sort will see). With a metatable, the length and the elements may come
// from functions, so instead every function call until sort returns costs one instruction.
static int swl_tsort(lua_State *L) {
    swl_Runtime *rt = swl_runtime(L);
    if (rt->budget <= 0) return swl_real(L)(L);
    int plain = lua_type(L, 1) == LUA_TTABLE;
    if (plain && lua_getmetatable(L, 1)) {
        lua_pop(L, 1);
        plain = 0;
    }
    if (plain) {
        lua_Unsigned n = lua_rawlen(L, 1);
        lua_Integer bits = 1;
        while (bits < 64 && ((lua_Unsigned)1 << bits) < n) bits++;
        lua_Integer cost = n > (lua_Unsigned)(LUA_MAXINTEGER / 64) ? LUA_MAXINTEGER : (lua_Integer)n * bits;
        swl_charge(L, cost);
        return swl_real(L)(L);
    }
    swl_charge(L, 1);
    int outer = rt->charge_calls;
    rt->charge_calls = 1;
    swl_update_hook(L);
    int results = swl_real(L)(L);
    rt->charge_calls = outer;
    swl_update_hook(L);
    return results;
}

// MARK: Functions whose work is proportional to what they return

// Lua's own function (upvalue 1), then one instruction per value it returned and per 64 bytes
// of the strings it returned: bounded by the memory cap in one call, and by the budget in a loop.
// With upvalue 2 true, first one instruction per 64 bytes of argument 1 (utf8.len and
// utf8.offset scan a string and return a number).
static int swl_counted(lua_State *L) {
    if (lua_toboolean(L, lua_upvalueindex(2))) {
        size_t length;
        luaL_checklstring(L, 1, &length);
        swl_charge(L, (lua_Integer)(length / SWL_COPY_BYTES));
    }
    int results = swl_real(L)(L);
    lua_Integer cost = results;
    for (int i = 0; i < results; i++) {
        if (lua_type(L, -1 - i) == LUA_TSTRING) cost += (lua_Integer)(lua_rawlen(L, -1 - i) / SWL_COPY_BYTES);
    }
    swl_charge(L, cost);
    return results;
}

static void swl_count(lua_State *L, const char *table_name, const char *name, int scans) {
    lua_getglobal(L, table_name);
    lua_getfield(L, -1, name);
    lua_pushboolean(L, scans);
    lua_pushcclosure(L, swl_counted, 2);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

// MARK: load

// Compiling costs one instruction per byte of source (the parser's work, which the count hook
// cannot see, is linear in it).
enum { SWL_LOAD_BYTES = 1 };

// load's reader function (upvalue 1), charged for each piece it returns. A budget error raised
// here is caught by load (it returns nil and the message), and the next instruction raises again.
static int swl_charged_reader(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    // The message names the line that called load (level 1 is load itself, a C function).
    if (lua_type(L, -1) == LUA_TSTRING) swl_charge_at(L, (lua_Integer)(lua_rawlen(L, -1) / SWL_LOAD_BYTES), 2);
    return 1;
}

// Lua's load (upvalue 1), text only (the mode is always "t"), charged for the source it compiles:
// a string up front, a reader function piece by piece.
static int swl_load(lua_State *L) {
    if (lua_gettop(L) < 3) lua_settop(L, 3);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    if (lua_type(L, 1) == LUA_TSTRING) {
        swl_charge(L, (lua_Integer)(lua_rawlen(L, 1) / SWL_LOAD_BYTES));
    } else if (lua_type(L, 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_pushcclosure(L, swl_charged_reader, 1);
        lua_replace(L, 1);
    }
    return swl_real(L)(L);
}

// MARK: os.date, os.time (UTC, on the virtual clock)

// The virtual time: the closure's first upvalue is a Lua function returning it.
static time_t swl_now(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    time_t t = (time_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return t;
}

static void swl_set_date_field(lua_State *L, const char *key, int value, int delta) {
    lua_pushinteger(L, (lua_Integer)value + delta);
    lua_setfield(L, -2, key);
}

static void swl_set_date_fields(lua_State *L, const struct tm *tm) {
    swl_set_date_field(L, "year", tm->tm_year, 1900);
    swl_set_date_field(L, "month", tm->tm_mon, 1);
    swl_set_date_field(L, "day", tm->tm_mday, 0);
    swl_set_date_field(L, "hour", tm->tm_hour, 0);
    swl_set_date_field(L, "min", tm->tm_min, 0);
    swl_set_date_field(L, "sec", tm->tm_sec, 0);
    swl_set_date_field(L, "yday", tm->tm_yday, 1);
    swl_set_date_field(L, "wday", tm->tm_wday, 1);
    if (tm->tm_isdst >= 0) {
        lua_pushboolean(L, tm->tm_isdst);
        lua_setfield(L, -2, "isdst");
    }
}

// A field of the date table at the top of the stack, minus delta; `fallback` < 0: required.
static int swl_date_field(lua_State *L, const char *key, int fallback, int delta) {
    int valid;
    int type = lua_getfield(L, -1, key);
    lua_Integer value = lua_tointegerx(L, -1, &valid);
    if (!valid) {
        if (type != LUA_TNIL) return luaL_error(L, "field '%s' is not an integer", key);
        if (fallback < 0) return luaL_error(L, "field '%s' missing in date table", key);
        value = fallback;
    } else {
        if (!(value >= 0 ? value - delta <= INT_MAX : INT_MIN + delta <= value))
            return luaL_error(L, "field '%s' is out-of-bound", key);
        value -= delta;
    }
    lua_pop(L, 1);
    return (int)value;
}

static int swl_os_time(lua_State *L) {
    time_t t;
    if (lua_isnoneornil(L, 1)) {
        t = swl_now(L);
    } else {
        luaL_checktype(L, 1, LUA_TTABLE);
        lua_settop(L, 1);
        struct tm tm;
        memset(&tm, 0, sizeof tm);
        tm.tm_year = swl_date_field(L, "year", -1, 1900);
        tm.tm_mon = swl_date_field(L, "month", -1, 1);
        tm.tm_mday = swl_date_field(L, "day", -1, 0);
        tm.tm_hour = swl_date_field(L, "hour", 12, 0);
        tm.tm_min = swl_date_field(L, "min", 0, 0);
        tm.tm_sec = swl_date_field(L, "sec", 0, 0);
        lua_getfield(L, -1, "isdst");  // read, as Lua does, but UTC has no daylight saving
        lua_pop(L, 1);
        tm.tm_isdst = 0;
        t = timegm(&tm);
        swl_set_date_fields(L, &tm);
    }
    if (t == (time_t)-1) return luaL_error(L, "time result cannot be represented in this installation");
    lua_pushinteger(L, (lua_Integer)t);
    return 1;
}

// The strftime conversions Lua 5.4 accepts (C99): one character, or E or O and one more.
static const char *swl_date_conversion(lua_State *L, const char *conv, ptrdiff_t length, char *out) {
    static const char single[] = "aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%";
    static const char after_e[] = "cCxXyY";
    static const char after_o[] = "deHImMSuUVwWy";
    if (length >= 1 && conv[0] != '\0' && strchr(single, conv[0]) != NULL) {
        out[0] = conv[0];
        out[1] = '\0';
        return conv + 1;
    }
    if (length >= 2 && conv[1] != '\0' &&
        ((conv[0] == 'E' && strchr(after_e, conv[1]) != NULL) ||
         (conv[0] == 'O' && strchr(after_o, conv[1]) != NULL))) {
        out[0] = conv[0];
        out[1] = conv[1];
        out[2] = '\0';
        return conv + 2;
    }
    luaL_argerror(L, 1, lua_pushfstring(L, "invalid conversion specifier '%%%s'", conv));
    return conv;
}

static int swl_os_date(lua_State *L) {
    size_t length;
    const char *format = luaL_optlstring(L, 1, "%c", &length);
    time_t t = lua_isnoneornil(L, 2) ? swl_now(L) : (time_t)luaL_checkinteger(L, 2);
    const char *end = format + length;
    if (*format == '!') format++;  // always UTC
    struct tm storage;
    struct tm *tm = gmtime_r(&t, &storage);
    if (tm == NULL) return luaL_error(L, "date result cannot be represented in this installation");
    if (strcmp(format, "*t") == 0) {
        lua_createtable(L, 0, 9);
        swl_set_date_fields(L, tm);
        return 1;
    }
    char conversion[4] = {'%'};
    char text[256];
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    while (format < end) {
        if (*format != '%') {
            luaL_addchar(&b, *format++);
        } else {
            format = swl_date_conversion(L, format + 1, end - format - 1, conversion + 1);
            size_t written = strftime(text, sizeof text, conversion, tm);
            luaL_addlstring(&b, text, written);
        }
    }
    luaL_pushresult(&b);
    return 1;
}

// host.virtual_os(os, clock): sets the sandbox's os.date and os.time, on `clock`, in the table
// `os`, and makes that table the registry's loaded "os", where Lua looks for the name of a
// function it cannot name otherwise ("bad argument #1 to 'os.date'").
static int swl_virtual_os(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, swl_os_date, 1);
    lua_setfield(L, 1, "date");
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, swl_os_time, 1);
    lua_setfield(L, 1, "time");
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "os");
    return 0;
}

// MARK: math.randomseed

// Lua's math.randomseed (upvalue 1, which keeps its generator in an upvalue of its own, so it is
// called, not run in this frame), with no argument meaning the host's seed (upvalue 2). The
// arguments are checked here first, as Lua checks them, so its messages name the function as
// the script called it.
static int swl_randomseed(lua_State *L) {
    if (lua_isnone(L, 1)) {
        lua_pushvalue(L, lua_upvalueindex(2));
    } else {
        luaL_checkinteger(L, 1);
        luaL_optinteger(L, 2, 0);
    }
    int arguments = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, arguments, LUA_MULTRET);
    return lua_gettop(L);
}

// host.seed_random(seed): seeds math.random with `seed` and installs the sandbox's randomseed.
static int swl_seed_random(lua_State *L) {
    luaL_checkinteger(L, 1);
    lua_getglobal(L, "math");
    lua_getfield(L, -1, "randomseed");
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, swl_randomseed, 2);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "randomseed");
    lua_call(L, 0, 0);
    return 0;
}

// MARK: Installing

// Replaces global `table_name`.`name` (or global `name` when table_name is NULL) by `f`, with
// the original as its upvalue when `wrap` is set.
static void swl_replace(lua_State *L, const char *table_name, const char *name, lua_CFunction f, int wrap) {
    if (table_name != NULL) lua_getglobal(L, table_name);
    else lua_pushglobaltable(L);
    if (wrap) {
        lua_getfield(L, -1, name);
        lua_pushcclosure(L, f, 1);
    } else {
        lua_pushcfunction(L, f);
    }
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

static int swl_open_sandbox_body(lua_State *L) {
    lua_getglobal(L, "string");
    swl_open_patterns(L, -1);
    lua_pop(L, 1);
    swl_replace(L, "table", "insert", swl_tinsert, 0);
    swl_replace(L, "table", "remove", swl_tremove, 0);
    swl_replace(L, "table", "move", swl_tmove, 0);
    swl_replace(L, "table", "concat", swl_tconcat, 0);
    swl_replace(L, "table", "sort", swl_tsort, 1);
    static const char *const counted[] = {
        "string", "byte", "string", "char", "string", "format", "string", "lower", "string", "upper",
        "string", "reverse", "string", "sub", "string", "pack", "string", "unpack", "utf8", "char",
        "utf8", "codepoint", "table", "unpack", NULL,
    };
    for (int i = 0; counted[i] != NULL; i += 2) swl_count(L, counted[i], counted[i + 1], 0);
    swl_count(L, "utf8", "len", 1);
    swl_count(L, "utf8", "offset", 1);
    swl_replace(L, NULL, "setmetatable", swl_setmetatable, 1);
    swl_replace(L, NULL, "load", swl_load, 1);
    lua_pushglobaltable(L);
    lua_getfield(L, -1, "xpcall");
    lua_getglobal(L, "debug");
    lua_getfield(L, -1, "traceback");
    lua_remove(L, -2);
    lua_pushcclosure(L, swl_xpcall, 2);
    lua_setfield(L, -2, "xpcall");
    lua_pop(L, 1);
    lua_pushcfunction(L, swl_virtual_os);
    lua_setfield(L, 1, "virtual_os");
    lua_pushcfunction(L, swl_seed_random);
    lua_setfield(L, 1, "seed_random");
    return 0;
}

int swl_opensandbox(lua_State *L, int host_slot) {
    lua_pushcfunction(L, swl_open_sandbox_body);
    lua_rawgeti(L, LUA_REGISTRYINDEX, host_slot);
    return lua_pcall(L, 1, 0, 0);
}
