#!/usr/bin/env bash
# Formats every Swift file of the package in place with swift-format and the committed
# .swift-format (the README's "Tests" says why it is configured as it is); scripts/test.sh's
# swift-format stage then passes. --check formats nothing and runs that stage's lint instead.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift-format >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
command -v swift-format >/dev/null 2>&1 || { echo "format.sh: swift-format not found (it comes with the Swift toolchain, in /opt/swift/usr/bin)" >&2; exit 1; }
# Every Swift file the repository holds: the package, its tests, the fuzz package, the embedding example.
paths=(Package.swift Sources Tests Fuzz examples/embed)
if [ "${1:-}" = "--check" ]; then
    exec swift-format lint --strict --parallel --recursive "${paths[@]}"
fi
swift-format format --in-place --parallel --recursive "${paths[@]}"
