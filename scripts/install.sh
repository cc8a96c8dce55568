#!/usr/bin/env bash
# Builds swipehost, swipehost-serve and swipehost-bench (release; `swipehost serve` and `swipehost
# bench` run the other two, found beside the first) and installs them in $PREFIX/bin; PREFIX defaults to ~/.local, so the commands land
# in ~/.local/bin. Sets up a fresh Debian machine first, like
# the demo. The binary finds the Swift runtime in the toolchain it was built with (/opt/swift).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
prefix="${PREFIX:-$HOME/.local}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
mkdir -p "$prefix/bin"
for product in swipehost swipehost-serve swipehost-bench; do
    echo "install: building $product (release; the first build of swipehost-serve compiles the server stack and takes several minutes)" >&2
    if ! swift build -c release --product "$product" >"$log" 2>&1; then
        cat "$log" >&2
        echo "install: the build of $product failed (its output is above)" >&2
        exit 1
    fi
    install -m 755 "$(swift build -c release --show-bin-path)/$product" "$prefix/bin/$product"
    echo "installed $prefix/bin/$product"
done
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "$prefix/bin is not on your PATH; add it with: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
