#!/usr/bin/env bash
# Installs what building and testing swipehost needs on a fresh Debian machine, then builds.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists lua5.4 2>/dev/null || missing+=(liblua5.4-dev)
command -v lua5.4 >/dev/null 2>&1 || missing+=(lua5.4)
[ -x /usr/bin/busted ] || missing+=(lua-busted)
command -v luacheck >/dev/null 2>&1 || missing+=(lua-check)
# scripts/callgrind-gate.sh counts instructions with callgrind.
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
# The coverage tests check that genhtml reads `swipehost test --coverage`'s lcov.info.
command -v genhtml >/dev/null 2>&1 || missing+=(lcov)
# Installs the Debian packages named after WHO (the script, for the message) with apt-get, as
# root or through sudo; nothing when none is named. scripts/browser_test.sh, which sources this
# file, uses it for its own packages.
install_missing() {
    local who="$1"
    shift
    [ "$#" -gt 0 ] || return 0
    echo "$who: installing $*" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
install_missing setup "${missing[@]}"

command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
