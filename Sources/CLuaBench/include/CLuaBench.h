#ifndef CLUABENCH_H
#define CLUABENCH_H

/// The physical limit the plugin host is compared with: a minimal C host calling an empty
/// Lua handler(ctx, row) `iterations` times with the raw C API (lua_rawgeti of the handler,
/// the same arguments built on the stack, lua_pcall, a count hook every 1000 instructions as
/// the budget sets). Returns nanoseconds per call, or -1 if Lua could not be set up.
double clb_pcall_ns(long iterations);

#endif
