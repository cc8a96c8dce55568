#!/usr/bin/env bash
# Every test: set up, build, and run the Swift test suites.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --build-tests
swift test --skip-build
