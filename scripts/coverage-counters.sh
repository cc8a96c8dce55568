#!/usr/bin/env bash
# Measured and not adopted (docs/performance.md, `test.coverage_overhead`): what a line costs to count
# with Lua's line hook against a counter written into the source, under the count hook every state
# of the host has for its instruction budget. Builds a small C program against Debian's liblua5.4
# and prints callgrind's instruction totals (whole process) for three workloads, each run:
#   none   the plain source, a count hook every 1,000 instructions (the budget's)
#   hook   the plain source, the count hook plus a line and call mask, a C hook that increments
#   instr  the source with counters (`C[n]=C[n]+1` before the first statement of a line)
#   free / freeinstr   the same without any hook
# Needs gcc, liblua5.4-dev, valgrind and python3. Usage: bash scripts/coverage-counters.sh
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

cat > exp.c <<'EOF'
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static long long budget, remaining;
static unsigned long long lines[10000];
static void hook(lua_State *L, lua_Debug *ar) {
    if (ar->event == LUA_HOOKLINE) {
        if (ar->currentline >= 0 && ar->currentline < 10000) lines[ar->currentline] += 1;
        return;
    }
    if (ar->event == LUA_HOOKCOUNT) {
        remaining -= 1000;
        if (remaining <= 0) luaL_error(L, "instruction budget exceeded");
    }
}
// exp MODE FILE BUDGET: prints each line's count (hook: the hook's; instr: the counters').
int main(int argc, char **argv) {
    if (argc != 4) return 2;
    const char *mode = argv[1];
    budget = remaining = atoll(argv[3]);
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    lua_createtable(L, 10000, 0);
    for (int i = 1; i <= 10000; i++) {
        lua_pushinteger(L, 0);
        lua_rawseti(L, -2, i);
    }
    lua_setglobal(L, "__C");
    int mask = strncmp(mode, "free", 4) == 0 ? 0 : LUA_MASKCOUNT;
    if (strcmp(mode, "hook") == 0) mask |= LUA_MASKLINE | LUA_MASKCALL;
    if (mask) lua_sethook(L, hook, mask, 1000);
    if (luaL_loadfile(L, argv[2]) != LUA_OK) {
        fprintf(stderr, "%s\n", lua_tostring(L, -1));
        return 2;
    }
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) printf("error: %s\n", lua_tostring(L, -1));
    lua_sethook(L, NULL, 0, 0);
    if (mask) fprintf(stderr, "vm instructions ~%lld\n", budget - remaining);
    if (strcmp(mode, "hook") == 0) {
        for (int i = 0; i < 10000; i++)
            if (lines[i]) printf("%d %llu\n", i, lines[i]);
    } else if (strstr(mode, "instr")) {
        lua_getglobal(L, "__C");
        for (int i = 1; i <= 10000; i++) {
            lua_rawgeti(L, -1, i);
            if (lua_tointeger(L, -1)) printf("%d %lld\n", i, (long long)lua_tointeger(L, -1));
            lua_pop(L, 1);
        }
    }
    lua_close(L);
    return 0;
}
EOF
gcc -O2 -I/usr/include/lua5.4 exp.c -llua5.4 -o exp

# The looping spec's loop, stopped by a 10,000,000-instruction budget.
printf 'while true do end\n' > loop.lua
printf 'local C=__C; C[1]=C[1]+1 while true do C[1]=C[1]+1 end\n' > loop_instr.lua

# A three-line function called 1,000,000 times.
cat > f.lua <<'EOF'
local t = 0
local function f(x)
  t = t + x
  return t
end
for i = 1, 1000000 do f(i) end
EOF
cat > f_instr.lua <<'EOF'
local C=__C; local t = 0
local function f(x) C[2]=C[2]+1
  C[3]=C[3]+1 t = t + x
  C[4]=C[4]+1 return t
end
for i = 1, 1000000 do f(i) end
EOF

# 200 of the bench's generated step functions (CoverageBench.generatedPlugin), 2,000 passes.
python3 - <<'EOF'
plain = ["local steps = {}", "local total = 0"]
instr = ["local C=__C; C[1]=C[1]+1 local steps = {}", "C[2]=C[2]+1 local total = 0"]
for i in range(1, 201):
    b = len(plain) + 1
    plain += [f"steps[{i}] = function(x)", f"  if (x + {i}) % 2 == 0 then", "    total = total + x",
              "  else", "    total = total - x", "  end", "  return total", "end"]
    instr += [f"steps[{i}] = function(x) C[{b + 1}]=C[{b + 1}]+1", f"  if (x + {i}) % 2 == 0 then",
              f"    C[{b + 2}]=C[{b + 2}]+1 total = total + x", "  else",
              f"    C[{b + 4}]=C[{b + 4}]+1 total = total - x", "  end",
              f"  C[{b + 6}]=C[{b + 6}]+1 return total", f"end C[{b + 7}]=C[{b + 7}]+1"]
b = len(plain) + 1
plain += ["for r = 1, 2000 do", "  for i = 1, #steps do steps[i](r) end", "end"]
instr += [f"C[{b}]=C[{b}]+1 for r = 1, 2000 do", f"  C[{b + 1}]=C[{b + 1}]+1 for i = 1, #steps do steps[i](r) end",
          f"C[{b}]=C[{b}]+1 end"]
open("gen.lua", "w").write("\n".join(plain) + "\n")
open("gen_instr.lua", "w").write("\n".join(instr) + "\n")
EOF

measure() {
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" ./exp "$1" "$2" "$3" > /dev/null 2> cg.err
    printf '%-28s %15s instructions   %s\n' "$1 $2" "$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' cg.err)" \
        "$(grep -o 'vm instructions ~[0-9]*' cg.err || true)"
}
unlimited=1000000000000
measure none loop.lua 10000000
measure hook loop.lua 10000000
measure instr loop_instr.lua 10000000
measure none f.lua $unlimited
measure hook f.lua $unlimited
measure instr f_instr.lua $unlimited
measure free f.lua $unlimited
measure freeinstr f_instr.lua $unlimited
measure none gen.lua $unlimited
measure hook gen.lua $unlimited
measure instr gen_instr.lua $unlimited
echo "line counts, hook against counters (gen.lua; only the driving loop's lines should differ):"
./exp hook gen.lua $unlimited 2> /dev/null > hook.txt
./exp instr gen_instr.lua $unlimited 2> /dev/null > instr.txt
diff hook.txt instr.txt || true
