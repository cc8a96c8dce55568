// The Lua 5.4 C API as Swift sees it.
//
// Swift cannot import Lua's function-like macros, so each one used by the
// runtime is restated here as a `static inline` function named `clua_<name>`.
// Nothing here adds behaviour: every function is exactly the macro it names.
// Variadic functions (lua_gc, luaL_error, lua_pushfstring) are wrapped in the
// CLuaShim target, because Swift cannot call C variadics either.
#ifndef CLUA_SHIM_H
#define CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

// Pseudo-indices and constants.
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int clua_multret(void) { return LUA_MULTRET; }
static inline int clua_noref(void) { return LUA_NOREF; }
static inline int clua_refnil(void) { return LUA_REFNIL; }
static inline lua_Integer clua_ridx_globals(void) { return LUA_RIDX_GLOBALS; }
static inline lua_Integer clua_ridx_mainthread(void) { return LUA_RIDX_MAINTHREAD; }

// Calls.
static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline void clua_call(lua_State *L, int nargs, int nresults) {
    lua_call(L, nargs, nresults);
}

// Stack manipulation.
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void clua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void clua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void clua_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline void *clua_getextraspace(lua_State *L) { return lua_getextraspace(L); }

// Reading values.
static inline const char *clua_tostring(lua_State *L, int idx) { return lua_tostring(L, idx); }
static inline lua_Number clua_tonumber(lua_State *L, int idx) { return lua_tonumber(L, idx); }
static inline lua_Integer clua_tointeger(lua_State *L, int idx) { return lua_tointeger(L, idx); }
static inline int clua_isnil(lua_State *L, int idx) { return lua_isnil(L, idx); }
static inline int clua_isnone(lua_State *L, int idx) { return lua_isnone(L, idx); }
static inline int clua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
static inline int clua_istable(lua_State *L, int idx) { return lua_istable(L, idx); }
static inline int clua_isfunction(lua_State *L, int idx) { return lua_isfunction(L, idx); }
static inline int clua_isboolean(lua_State *L, int idx) { return lua_isboolean(L, idx); }
static inline int clua_islightuserdata(lua_State *L, int idx) { return lua_islightuserdata(L, idx); }
static inline const char *clua_typename(lua_State *L, int idx) { return luaL_typename(L, idx); }

// Pushing values.
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
static inline void clua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline void clua_register(lua_State *L, const char *name, lua_CFunction f) {
    lua_register(L, name, f);
}
static inline const char *clua_pushliteral(lua_State *L, const char *s) { return lua_pushstring(L, s); }
static inline void clua_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline void *clua_newuserdata(lua_State *L, size_t size) { return lua_newuserdata(L, size); }

// Auxiliary library.
static inline const char *clua_checkstring(lua_State *L, int arg) { return luaL_checkstring(L, arg); }
static inline const char *clua_optstring(lua_State *L, int arg, const char *d) {
    return luaL_optstring(L, arg, d);
}
static inline int clua_loadbuffer(lua_State *L, const char *buff, size_t sz, const char *name) {
    return luaL_loadbuffer(L, buff, sz, name);
}
static inline int clua_getmetatable_named(lua_State *L, const char *tname) {
    return luaL_getmetatable(L, tname);
}

#endif
