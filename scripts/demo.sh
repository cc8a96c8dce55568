#!/usr/bin/env bash
# The main job: set up, build, and run the demo gesture script through `swipehost run`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product swipehost >&2
bin="$(swift build -c release --show-bin-path)/swipehost"
"$bin" run examples/demo.swipe "$@"
