#!/usr/bin/env bash
# The playground's end-to-end test in a real browser (scripts/browser_test.py): Debian's
# chromium driven by Playwright from PyPI (no browser download: it launches /usr/bin/chromium).
# Installs what it needs on a fresh Debian machine (chromium and python3-venv through apt-get,
# Playwright and axe-playwright-python, which carries axe-core for the accessibility audit, from
# PyPI into a virtual environment kept in ~/.cache/swipehost, or $SWIPEHOST_BROWSER_VENV);
# safe to run again: it installs only what is missing.
#
#   bash scripts/browser_test.sh [--bin PATH] [--docs-screenshot] [--keep]
#   bash scripts/browser_test.sh --install-only
#
# --bin: the swipehost to test (default: a debug build, built here when needed);
# --docs-screenshot: also write docs/images/playground.png (the README's picture);
# --keep: keep the temporary folder (the plugin copy, the downloaded script and spec);
# --install-only: install what the test needs, then stop (scripts/test.sh does it first).
# The screenshot is always saved as .artifacts/playground.png.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

PLAYWRIGHT_VERSION="1.65.2"
# axe-core 4.12.1; installed without its dependencies, which would let pip move Playwright.
AXE_VERSION="0.1.8"
venv="${SWIPEHOST_BROWSER_VENV:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/swipehost/browser-venv}"

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/python3 ] || missing+=(python3)
/usr/bin/python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
install_missing browser_test "${missing[@]}"

if ! "$venv/bin/python" -c "import playwright, sys; from importlib.metadata import version; \
sys.exit(version('playwright') != '$PLAYWRIGHT_VERSION')" >/dev/null 2>&1; then
    echo "browser_test: installing playwright $PLAYWRIGHT_VERSION into $venv" >&2
    rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "playwright==$PLAYWRIGHT_VERSION"
fi
if ! "$venv/bin/python" -c "import axe_playwright_python, sys; from importlib.metadata import version; \
sys.exit(version('axe-playwright-python') != '$AXE_VERSION')" >/dev/null 2>&1; then
    echo "browser_test: installing axe-playwright-python $AXE_VERSION (axe-core) into $venv" >&2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "axe-playwright-python==$AXE_VERSION"
fi

[ "${1:-}" != "--install-only" ] || exit 0
bin=""
args=()
while [ "$#" -gt 0 ]; do
    case "$1" in
        --bin) bin="$2"; shift 2 ;;
        *) args+=("$1"); shift ;;
    esac
done
if [ -z "$bin" ]; then
    swift build --product swipehost >/dev/null && swift build --product swipehost-serve >/dev/null
    bin="$(swift build --show-bin-path)/swipehost"
fi

exec "$venv/bin/python" scripts/browser_test.py --bin "$bin" "${args[@]+"${args[@]}"}"
