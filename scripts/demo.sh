#!/usr/bin/env bash
# The main job: set up, build, and show what swipehost is for. It runs examples/tour.swipe through
# `swipehost run` with plugins/mail.lua (Lua buttons and handlers on both edges, a flick, a slow
# drag that springs back, a full swipe) under the mail preset, draws the same run as a picture
# with `swipehost render`, prints the picture's path and what to try next.
# Options after the script name go to `swipehost run`, e.g. `bash scripts/demo.sh --format jsonl`.
# The build is quiet: its output is shown only when it fails. It is a debug build, as `swift build`
# makes: on a fresh clone of this 2-core machine the whole demo takes about 115 s (the packages'
# resolve 31 s, the build 80 s), where a release build took 180 s (the optimiser's time);
# `scripts/install.sh` builds a release.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift build --product swipehost >"$log" 2>&1; then
    cat "$log" >&2
    echo "demo: the build failed (its output is above)" >&2
    exit 1
fi
bin="$(swift build --show-bin-path)/swipehost"
script=examples/tour.swipe
echo "== swipehost run $script   (its header loads plugins/mail.lua and sets --preset mail)"
"$bin" run "$script" "$@"
mkdir -p .artifacts
picture="$PWD/.artifacts/demo.svg"
"$bin" render "$script" -o "$picture"
echo
echo "== the same run drawn by swipehost render: $picture (open it in a browser)"
echo "Next: swipe it yourself in the browser: 'swift build --product swipehost-serve' (the"
echo "playground's server, built apart: a few minutes the first time), then '$bin serve --plugin plugins/mail.lua';"
echo "or write your own plugin: README.md, 'Your first plugin in five minutes'."
