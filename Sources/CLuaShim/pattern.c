// The sandbox's string.find, string.match, string.gmatch, string.gsub and string.rep.
//
// Lua's own functions run in C, where the count hook never fires, and a pattern match can
// backtrack for ever ("a.-.-.-.-b" on a long subject). These are a separate implementation of
// the patterns of the Lua 5.4 manual (section 6.4.1), written to give the same results and the
// same error messages, that charge every step against the state's instruction budget
// (swl_charge): one instruction each time a character class of the pattern is tried at a position, one per 16 bytes
// a plain find compares, one per 64 bytes copied into a result.
#include "CLuaShim.h"

#include <ctype.h>
#include <lauxlib.h>
#include <limits.h>
#include <string.h>

enum {
    SWL_MAX_CAPTURES = 32,   // LUA_MAXCAPTURES
    SWL_MAX_DEPTH = 200,     // nesting of the matcher before "pattern too complex"
    SWL_OPEN = -1,           // a capture still open
    SWL_POSITION = -2,       // a position capture "()"
    SWL_COPY_BYTES = 64,     // bytes copied per instruction charged
    SWL_COMPARE_BYTES = 16,  // bytes compared per instruction charged (plain find)
};

typedef struct swl_Capture {
    const char *start;
    ptrdiff_t length;  // or SWL_OPEN, SWL_POSITION
} swl_Capture;

typedef struct swl_Matcher {
    lua_State *L;
    swl_Runtime *rt;
    const char *subject, *subject_end;
    const char *pattern_end;
    int depth_left;
    int captures;
    swl_Capture capture[SWL_MAX_CAPTURES];
} swl_Matcher;

// One matcher step against the budget; the common case is one decrement and one branch.
static inline void swl_step(swl_Matcher *m) {
    swl_Runtime *rt = m->rt;
    if (rt->budget > 0 && (--rt->remaining <= 0 || rt->budget_exceeded)) swl_charge(m->L, 0);
}

static void swl_reset(swl_Matcher *m) {
    m->captures = 0;
    m->depth_left = SWL_MAX_DEPTH;
}

static void swl_prepare(swl_Matcher *m, lua_State *L, const char *s, size_t ls, const char *p,
                        size_t lp) {
    m->L = L;
    m->rt = swl_runtime(L);
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    swl_reset(m);
}

// %a, %d, ... for the byte c; a class letter in upper case is the complement. Any other
// character after '%' stands for itself.
static int swl_in_class(int c, int letter) {
    int yes;
    switch (tolower(letter)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    case 'z': yes = c == 0; break;  // deprecated in 5.2, still accepted by 5.4
    default: return letter == c;
    }
    if (isupper(letter)) return !yes;
    return yes != 0;
}

// Reads the byte at p, or 0 at the end of the pattern (Lua strings end with a NUL).
static inline int swl_at(const swl_Matcher *m, const char *p) {
    return p < m->pattern_end ? (unsigned char)*p : 0;
}

// The end of the single-character class starting at p ('x', '%x', '.', or a set).
static const char *swl_class_end(swl_Matcher *m, const char *p) {
    char first = *p++;
    if (first == '%') {
        if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (first == '[') {
        if (swl_at(m, p) == '^') p++;
        // The first character of a set is never its closing ']'.
        do {
            if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            char c = *p++;
            if (c == '%' && p < m->pattern_end) p++;
        } while (swl_at(m, p) != ']');
        return p + 1;
    }
    return p;
}

// Whether c belongs to the set from '[' at p to its ']' at close.
static int swl_in_set(int c, const char *p, const char *close) {
    int wanted = 1;
    p++;
    if (*p == '^') {
        wanted = 0;
        p++;
    }
    for (; p < close; p++) {
        if (*p == '%') {
            p++;
            if (swl_in_class(c, (unsigned char)*p)) return wanted;
        } else if (p[1] == '-' && p + 2 < close) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return wanted;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return wanted;
        }
    }
    return !wanted;
}

// Whether the subject byte at s matches the class from p to end.
static int swl_single(swl_Matcher *m, const char *s, const char *p, const char *end) {
    swl_step(m);
    if (s >= m->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return swl_in_class(c, (unsigned char)p[1]);
    case '[': return swl_in_set(c, p, end - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *swl_match(swl_Matcher *m, const char *s, const char *p);

static const char *swl_open_capture(swl_Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->captures >= SWL_MAX_CAPTURES) luaL_error(m->L, "too many captures");
    int index = m->captures++;
    m->capture[index].start = s;
    m->capture[index].length = kind;
    const char *result = swl_match(m, s, p);
    if (result == NULL) m->captures--;
    return result;
}

static const char *swl_close_capture(swl_Matcher *m, const char *s, const char *p) {
    int index = m->captures - 1;
    while (index >= 0 && m->capture[index].length != SWL_OPEN) index--;
    if (index < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[index].length = s - m->capture[index].start;
    const char *result = swl_match(m, s, p);
    if (result == NULL) m->capture[index].length = SWL_OPEN;
    return result;
}

// %b xy: p points at x.
static const char *swl_balance(swl_Matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != *p) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->subject_end) {
        swl_step(m);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

// %1 .. %9: the text of an earlier, closed capture again.
static const char *swl_backreference(swl_Matcher *m, const char *s, int digit) {
    int index = digit - '1';
    if (index < 0 || index >= m->captures || m->capture[index].length == SWL_OPEN)
        luaL_error(m->L, "invalid capture index %%%d", index + 1);
    ptrdiff_t length = m->capture[index].length;
    // A position capture has a negative length and never matches.
    if (length < 0 || m->subject_end - s < length) return NULL;
    swl_charge(m->L, length / SWL_COMPARE_BYTES);
    return memcmp(m->capture[index].start, s, (size_t)length) == 0 ? s + length : NULL;
}

// class* (or class+ after its first match): the longest run first, then shorter ones.
static const char *swl_greedy(swl_Matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t count = 0;
    while (swl_single(m, s + count, p, end)) count++;
    for (; count >= 0; count--) {
        const char *result = swl_match(m, s + count, end + 1);
        if (result != NULL) return result;
    }
    return NULL;
}

// class-: the shortest run first.
static const char *swl_lazy(swl_Matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        const char *result = swl_match(m, s, end + 1);
        if (result != NULL) return result;
        if (!swl_single(m, s, p, end)) return NULL;
        s++;
    }
}

// Matches the pattern from p at subject position s; returns the end of the match or NULL.
static const char *swl_match(swl_Matcher *m, const char *s, const char *p) {
    if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
    while (p < m->pattern_end && s != NULL) {
        swl_step(m);
        int c = (unsigned char)*p;
        if (c == '(') {
            if (swl_at(m, p + 1) == ')') s = swl_open_capture(m, s, p + 2, SWL_POSITION);
            else s = swl_open_capture(m, s, p + 1, SWL_OPEN);
            break;
        }
        if (c == ')') {
            s = swl_close_capture(m, s, p + 1);
            break;
        }
        if (c == '$' && p + 1 == m->pattern_end) {
            if (s != m->subject_end) s = NULL;
            break;
        }
        if (c == '%') {
            int next = swl_at(m, p + 1);
            if (next == 'b') {
                s = swl_balance(m, s, p + 2);
                p += 4;
                continue;
            }
            if (next == 'f') {
                p += 2;
                if (swl_at(m, p) != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *end = swl_class_end(m, p);
                int before = s == m->subject ? 0 : (unsigned char)s[-1];
                int after = s < m->subject_end ? (unsigned char)*s : 0;
                if (!swl_in_set(before, p, end - 1) && swl_in_set(after, p, end - 1)) {
                    p = end;
                    continue;
                }
                s = NULL;
                break;
            }
            if (isdigit(next)) {
                s = swl_backreference(m, s, next);
                p += 2;
                continue;
            }
        }
        // A single-character class, maybe followed by '*', '+', '-' or '?'.
        const char *end = swl_class_end(m, p);
        int suffix = swl_at(m, end);
        if (!swl_single(m, s, p, end)) {
            if (suffix == '*' || suffix == '?' || suffix == '-') {
                p = end + 1;
                continue;
            }
            s = NULL;
            break;
        }
        if (suffix == '?') {
            const char *result = swl_match(m, s + 1, end + 1);
            if (result != NULL) {
                s = result;
                break;
            }
            p = end + 1;
            continue;
        }
        if (suffix == '+') {
            s = swl_greedy(m, s + 1, p, end);
            break;
        }
        if (suffix == '*') {
            s = swl_greedy(m, s, p, end);
            break;
        }
        if (suffix == '-') {
            s = swl_lazy(m, s, p, end);
            break;
        }
        s++;
        p = end;
    }
    m->depth_left++;
    return s;
}

// Pushes capture i of a match from s to e (the whole match when there are no captures and i
// is 0): a string, or an integer for a position capture.
static void swl_push_capture(swl_Matcher *m, int i, const char *s, const char *e) {
    if (i >= m->captures) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t length = m->capture[i].length;
    if (length == SWL_OPEN) luaL_error(m->L, "unfinished capture");
    if (length == SWL_POSITION) {
        lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
    } else {
        lua_pushlstring(m->L, m->capture[i].start, (size_t)length);
    }
}

// Pushes all captures (or the whole match when s is not NULL and there are none).
static int swl_push_captures(swl_Matcher *m, const char *s, const char *e) {
    int count = (m->captures == 0 && s != NULL) ? 1 : m->captures;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++) swl_push_capture(m, i, s, e);
    return count;
}

// A 1-based position argument as an offset from the start: negative counts from the end.
static size_t swl_start_offset(lua_Integer position, size_t length) {
    if (position > 0) return (size_t)position - 1;
    if (position == 0) return 0;
    if (position < -(lua_Integer)length) return 0;
    return (size_t)((lua_Integer)length + position);
}

static int swl_has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++) {
        switch (p[i]) {
        case '^': case '$': case '*': case '+': case '?': case '.': case '(': case '[':
        case '%': case '-':
            return 1;
        }
    }
    return 0;
}

// The first occurrence of needle in haystack, charging the bytes compared.
static const char *swl_plain_find(lua_State *L, const char *h, size_t lh, const char *n, size_t ln) {
    if (ln == 0) return h;
    if (ln > lh) return NULL;
    const char *last = h + (lh - ln);
    const char *at = h;
    while (at <= last) {
        const char *hit = memchr(at, *n, (size_t)(last - at) + 1);
        swl_charge(L, 1 + (hit == NULL ? last - at : hit - at) / SWL_COMPARE_BYTES);
        if (hit == NULL) return NULL;
        size_t same = 1;
        while (same < ln && hit[same] == n[same]) same++;
        swl_charge(L, (lua_Integer)(same / SWL_COMPARE_BYTES));
        if (same == ln) return hit;
        at = hit + 1;
    }
    return NULL;
}

static int swl_find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t start = swl_start_offset(luaL_optinteger(L, 3, 1), ls);
    if (start > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !swl_has_specials(p, lp))) {
        const char *hit = swl_plain_find(L, s + start, ls - start, p, lp);
        if (hit != NULL) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (lua_Integer)((hit - s) + lp));
            return 2;
        }
    } else {
        swl_Matcher m;
        int anchored = lp > 0 && *p == '^';
        if (anchored) {
            p++;
            lp--;
        }
        swl_prepare(&m, L, s, ls, p, lp);
        const char *at = s + start;
        do {
            swl_reset(&m);
            const char *e = swl_match(&m, at, p);
            if (e != NULL) {
                if (!find) return swl_push_captures(&m, at, e);
                lua_pushinteger(L, (at - s) + 1);
                lua_pushinteger(L, e - s);
                return swl_push_captures(&m, NULL, NULL) + 2;
            }
        } while (at++ < m.subject_end && !anchored);
    }
    luaL_pushfail(L);
    return 1;
}

static int swl_str_find(lua_State *L) { return swl_find_or_match(L, 1); }
static int swl_str_match(lua_State *L) { return swl_find_or_match(L, 0); }

// gmatch: the iterator's state, kept in a userdata upvalue next to the subject and pattern.
typedef struct swl_Iteration {
    size_t next;       // offset where the next search starts
    ptrdiff_t last;    // offset where the last match ended, or -1
} swl_Iteration;

static int swl_gmatch_next(lua_State *L) {
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    swl_Iteration *it = (swl_Iteration *)lua_touserdata(L, lua_upvalueindex(3));
    swl_Matcher m;
    swl_prepare(&m, L, s, ls, p, lp);
    for (size_t at = it->next; at <= ls; at++) {
        swl_reset(&m);
        const char *e = swl_match(&m, s + at, p);
        if (e != NULL && (e - s) != it->last) {
            it->next = (size_t)(e - s);
            it->last = e - s;
            return swl_push_captures(&m, s + at, e);
        }
    }
    return 0;
}

static int swl_str_gmatch(lua_State *L) {
    size_t ls;
    luaL_checklstring(L, 1, &ls);
    luaL_checkstring(L, 2);
    size_t start = swl_start_offset(luaL_optinteger(L, 3, 1), ls);
    if (start > ls) start = ls + 1;
    lua_settop(L, 2);
    swl_Iteration *it = (swl_Iteration *)lua_newuserdatauv(L, sizeof(swl_Iteration), 0);
    it->next = start;
    it->last = -1;
    lua_pushcclosure(L, swl_gmatch_next, 3);
    return 1;
}

static void swl_add_bytes(lua_State *L, luaL_Buffer *b, const char *s, size_t length) {
    swl_charge(L, (lua_Integer)(length / SWL_COPY_BYTES));
    luaL_addlstring(b, s, length);
}

// The replacement string with %0-%9 and %% expanded.
static void swl_add_template(swl_Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t length;
    const char *t = lua_tolstring(L, 3, &length);
    const char *t_end = t + length;
    while (t < t_end) {
        const char *escape = memchr(t, '%', (size_t)(t_end - t));
        if (escape == NULL) break;
        swl_add_bytes(L, b, t, (size_t)(escape - t));
        int c = escape + 1 < t_end ? (unsigned char)escape[1] : 0;
        if (c == '%') {
            luaL_addchar(b, '%');
        } else if (c == '0') {
            swl_add_bytes(L, b, s, (size_t)(e - s));
        } else if (isdigit(c)) {
            swl_push_capture(m, c - '1', s, e);  // a string, or a position (a number)
            swl_charge(L, (lua_Integer)(lua_rawlen(L, -1) / SWL_COPY_BYTES));
            luaL_addvalue(b);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        t = escape + 2;
    }
    if (t < t_end) swl_add_bytes(L, b, t, (size_t)(t_end - t));
}

// Adds the replacement for the match s..e; returns whether it differs from the match.
static int swl_add_replacement(swl_Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = swl_push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        swl_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        swl_add_template(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        swl_add_bytes(L, b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    swl_charge(L, (lua_Integer)(lua_rawlen(L, -1) / SWL_COPY_BYTES));
    luaL_addvalue(b);
    return 1;
}

static int swl_str_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer limit = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION ||
                            kind == LUA_TTABLE,
                     3, "string/function/table");
    int anchored = lp > 0 && *p == '^';
    if (anchored) {
        p++;
        lp--;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    swl_Matcher m;
    swl_prepare(&m, L, s, ls, p, lp);
    const char *at = s, *last = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < limit) {
        swl_reset(&m);
        const char *e = swl_match(&m, at, p);
        if (e != NULL && e != last) {
            count++;
            changed |= swl_add_replacement(&m, &b, at, e, kind);
            at = last = e;
        } else if (at < m.subject_end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        swl_add_bytes(L, &b, at, (size_t)(m.subject_end - at));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, count);
    return 2;
}

// string.rep: the result is built by doubling, and its size is charged before it is built.
static int swl_str_rep(lua_State *L) {
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (l + lsep < l || l + lsep > (size_t)INT_MAX / (lua_Unsigned)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
    if (total == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    swl_charge(L, (lua_Integer)(1 + total / SWL_COPY_BYTES));
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total);
    // One unit is s then sep; the last copy of s has no separator after it.
    size_t unit = l + lsep, filled = 0;
    memcpy(out, s, l);
    if (lsep > 0 && total > l) memcpy(out + l, sep, lsep);
    filled = unit < total ? unit : total;
    while (filled < total) {
        size_t chunk = filled <= total - filled ? filled : total - filled;
        memcpy(out + filled, out, chunk);
        filled += chunk;
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

void swl_open_patterns(lua_State *L, int string_table) {
    static const luaL_Reg functions[] = {
        {"find", swl_str_find}, {"match", swl_str_match}, {"gmatch", swl_str_gmatch},
        {"gsub", swl_str_gsub}, {"rep", swl_str_rep},     {NULL, NULL},
    };
    string_table = lua_absindex(L, string_table);
    for (const luaL_Reg *f = functions; f->name != NULL; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, string_table, f->name);
    }
}
