// The hook's coverage side (coverage.c), called by swl_count_hook (budget.c).
#ifndef SWL_COVERAGE_H
#define SWL_COVERAGE_H

#include "CLuaShim.h"

#include <stdint.h>

/// A line event: counts the line in its chunk's file (or calls the reference counter).
void swl_coverage_line(swl_Runtime *rt, lua_State *L, lua_Debug *ar);

/// The slot of a frame in swl_Coverage.frames.
static inline swl_CoverageFrame *swl_coverage_frame(swl_Coverage *coverage, const void *ci) {
    return &coverage->frames[((uintptr_t)ci >> 6) & (SWL_COVERAGE_FRAMES - 1)];
}

/// The runtime of a state made by swl_newstate, for the hook: read from the thread's extra
/// space (swl_newstate puts it there; a new thread copies it) with no call into Lua, where
/// swl_runtime asks lua_getallocf.
static inline swl_Runtime *swl_hook_runtime(lua_State *L) {
    return *(swl_Runtime **)lua_getextraspace(L);
}

/// The common line event, done in the hook itself: a frame whose file is known (its function
/// unchanged since its first line event) and a line inside its counts. Returns 1 when counted
/// (or known not to count), 0 when swl_coverage_line must handle the event. Exactly what
/// swl_coverage_line does for such an event, without its frame (saved registers, a call):
/// those were about half of what the host spent per line event.
static inline int swl_coverage_line_fast(swl_Coverage *coverage, const lua_Debug *ar) {
    const swl_CoverageFrame *frame = swl_coverage_frame(coverage, ar->i_ci);
    if (frame->ci != ar->i_ci || coverage->reference != LUA_NOREF) return 0;
    int file = frame->file;
    if (file == SWL_FRAME_CALLED) return 0;
    if (file < 0) return 1;
    swl_CoverageFile *counts = &coverage->files[file];
    int line = ar->currentline;
    if (line < 0 || line >= counts->line_capacity) return 0;
    counts->lines[line] += 1;
    return 1;
}

/// A call event: a new function in this frame (a call, a tail call, a coroutine's first
/// resume). Its file is looked up at its first line event (a C function has none), where the
/// call counts at the line the function is defined at. Inline in the hook: it comes at every call.
static inline void swl_coverage_call(swl_Runtime *rt, lua_State *L, lua_Debug *ar) {
    (void)L;
    swl_CoverageFrame *frame = swl_coverage_frame(rt->coverage, ar->i_ci);
    frame->ci = ar->i_ci;
    frame->file = SWL_FRAME_CALLED;
}

#endif
