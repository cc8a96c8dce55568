// The hook's coverage side (coverage.c), called by swl_coverage_hook (budget.c).
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
/// unchanged since its first line event) and a line inside that file's counts, which the frame
/// points to. Returns 1 when counted (or known not to count: a frame whose function counts
/// nowhere), 0 when swl_coverage_line must handle the event (a frame not known, just called,
/// or a line past the counts; and every event of the reference, whose frames never get
/// counts). Exactly what swl_coverage_line does for such an event, without its frame (saved
/// registers, a call) or its tests.
static inline int swl_coverage_line_fast(swl_Coverage *coverage, const lua_Debug *ar) {
    const swl_CoverageFrame *frame = swl_coverage_frame(coverage, ar->i_ci);
    unsigned int line = (unsigned int)ar->currentline;
    if (frame->ci != ar->i_ci) return 0;
    if (__builtin_expect(line < frame->capacity, 1)) {
        frame->lines[line] += 1;
        return 1;
    }
    return frame->file == -1;
}

/// A call event: a new function in this frame (a call, a tail call, a coroutine's first
/// resume). Its file is looked up at its first line event (a C function has none), where the
/// call counts at the line the function is defined at. Inline in the hook: it comes at every call.
static inline void swl_coverage_call(swl_Coverage *coverage, const lua_Debug *ar) {
    swl_CoverageFrame *frame = swl_coverage_frame(coverage, ar->i_ci);
    frame->ci = ar->i_ci;
    frame->capacity = 0;
    frame->file = SWL_FRAME_CALLED;
}

#endif
