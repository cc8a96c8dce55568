# Counting instructions with valgrind's callgrind the way the project's scripts do, so that a
# count is repeatable from run to run of one build: sourced by scripts/callgrind-gate.sh and
# scripts/hook-cost.sh (bash; `set -euo pipefail` in the caller).
#
# - Valgrind cannot read the debug information Swift writes: the binary is measured as a
#   --strip-debug copy (the symbols are enough).
# - Lua 5.4 seeds its string hashes from time(NULL) (and addresses): a preloaded one-line time()
#   returning a constant keeps Lua's share repeatable. Swift's hashing is made deterministic
#   (SWIFT_DETERMINISTIC_HASHING).

# callgrind_prepare BIN WORK: WORK/NAME, a stripped copy of BIN under its own name (the
# gate's is the release swipehost-bench: valgrind does not follow `swipehost bench` into the
# binary it executes), which callgrind_run runs, and WORK/fixed_time.so.
callgrind_prepare() {
    local bin="$1" work="$2"
    callgrind_binary="$(basename "$bin")"
    cp "$bin" "$work/$callgrind_binary"
    strip --strip-debug "$work/$callgrind_binary"
    local compiler
    compiler="$(command -v cc || command -v clang || echo /opt/swift/usr/bin/clang)"
    printf '#include <time.h>\ntime_t time(time_t *t) { if (t) *t = 1000000000; return 1000000000; }\n' \
        >"$work/fixed_time.c"
    "$compiler" -shared -fPIC -O2 -o "$work/fixed_time.so" "$work/fixed_time.c"
}

# callgrind_run WORK TOGGLE OUT ARGS...: runs callgrind_prepare's copy with ARGS... in WORK under callgrind,
# collecting only inside functions matching TOGGLE, its profile in OUT (stdout and stderr are the
# caller's to redirect).
callgrind_run() {
    local work="$1" toggle="$2" out="$3"
    shift 3
    (cd "$work" && SWIFT_DETERMINISTIC_HASHING=1 LD_PRELOAD="$work/fixed_time.so" valgrind --tool=callgrind \
        --toggle-collect="$toggle" --callgrind-out-file="$out" "./$callgrind_binary" "$@")
}

# callgrind_collected FILE: "OWN LUA", the instructions in profile FILE summed over every
# function by the object it is in (liblua5.4, or anything else).
callgrind_collected() {
    local file="$1"
    [ -f "$file" ] || { echo "callgrind: no profile $file" >&2; return 1; }
    callgrind_annotate --threshold=100 "$file" 2>/dev/null | awk '
        /^ *[0-9,]+ \(/ && /\[/ && !/PROGRAM TOTALS/ {
            value = $1; gsub(",", "", value)
            if ($0 ~ /\[[^]]*liblua[^]]*\]$/) lua += value; else own += value
        }
        END { printf "%d %d\n", own, lua }'
}
