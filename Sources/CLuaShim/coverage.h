// The hook's coverage side (coverage.c), called by swl_count_hook (budget.c).
#ifndef SWL_COVERAGE_H
#define SWL_COVERAGE_H

#include "CLuaShim.h"

/// A line event: counts the line in its chunk's file (or calls the reference counter).
void swl_coverage_line(swl_Runtime *rt, lua_State *L, lua_Debug *ar);

/// A call event: counts the call of a Lua function in the file and at the line it is defined.
void swl_coverage_call(swl_Runtime *rt, lua_State *L, lua_Debug *ar);

#endif
