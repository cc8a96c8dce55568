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
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
