#!/usr/bin/env bash
# Every test: set up, build, run the Swift test suites, the shipped plugins' check, and the
# embedding example package.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --build-tests
swift test --skip-build
bin="$(swift build --show-bin-path)/swipehost"
echo "== swipehost check plugins/*.lua"
"$bin" check plugins/*.lua
echo "== swipehost bench --quick (checks that it works; targets need a release build)"
figures=$("$bin" bench --quick --json | grep -c '"name"')
[ "$figures" -eq 7 ] || { echo "bench printed $figures figures, expected 7" >&2; exit 1; }
echo "bench: $figures figures"
echo "== examples/embed (embedding from Swift)"
swift build --package-path examples/embed >/dev/null
swift run --skip-build --package-path examples/embed EmbedExample . | grep -q '"event":"delete","row":2'
echo "examples/embed: ok"
