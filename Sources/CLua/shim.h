// The Lua 5.4 C API as Swift sees it.
//
// Swift cannot import Lua's function-like macros, so each one the runtime uses
// is restated here as a `static inline` function named `clua_<name>`. Nothing
// here adds behaviour: every function is exactly the macro it names. Add one
// only when the runtime needs it. Calls into Lua never go through a macro
// here: they go through CLuaShim's `swl_pcall`, so no Lua error can longjmp
// through Swift frames. Variadic functions (lua_gc) are wrapped in the
// CLuaShim target, because Swift cannot call C variadics either.
#ifndef CLUA_SHIM_H
#define CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void clua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }

#endif
