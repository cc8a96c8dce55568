#!/usr/bin/env bash
# Builds swipehost (release) and installs it as $PREFIX/bin/swipehost; PREFIX defaults to
# ~/.local, so the command lands in ~/.local/bin. Sets up a fresh Debian machine first, like
# the demo. The binary finds the Swift runtime in the toolchain it was built with (/opt/swift).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
prefix="${PREFIX:-$HOME/.local}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
echo "install: building swipehost (release; this takes a few minutes the first time)" >&2
if ! swift build -c release --product swipehost >"$log" 2>&1; then
    cat "$log" >&2
    echo "install: the build failed (its output is above)" >&2
    exit 1
fi
bin="$(swift build -c release --show-bin-path)/swipehost"
mkdir -p "$prefix/bin"
install -m 755 "$bin" "$prefix/bin/swipehost"
echo "installed $prefix/bin/swipehost"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "$prefix/bin is not on your PATH; add it with: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
