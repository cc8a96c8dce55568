#!/usr/bin/env bash
# The main job: set up, build, and run the demo gesture script through `swipehost run`.
# The build is quiet: its output is shown only when it fails.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift build -c release --product swipehost >"$log" 2>&1; then
    cat "$log" >&2
    echo "demo: the build failed (its output is above)" >&2
    exit 1
fi
bin="$(swift build -c release --show-bin-path)/swipehost"
"$bin" run examples/demo.swipe "$@"
