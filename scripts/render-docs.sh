#!/usr/bin/env bash
# The README's picture: examples/mail_preset.swipe drawn by `swipehost render` into
# docs/images/mail_preset.svg. With --check, draws it into a temporary file and fails when it
# differs from the committed one (scripts/test.sh runs this, so CI catches a picture out of date).
#   bash scripts/render-docs.sh           # regenerate (commit the result)
#   bash scripts/render-docs.sh --check   # compare only
# SWIPEHOST=path/to/swipehost uses that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SWIPEHOST:-}" ]; then
    export PATH="$PATH:/opt/swift/usr/bin"
    swift build --product swipehost >/dev/null
    SWIPEHOST="$(swift build --show-bin-path)/swipehost"
fi
picture=docs/images/mail_preset.svg
render() {
    # Rows 1-8 are enough for the gestures: a shorter viewport keeps the picture compact.
    "$SWIPEHOST" render examples/mail_preset.swipe --plugin plugins/mail.lua --preset mail --viewport 352 -o "$1"
}
if [ "${1:-}" = "--check" ]; then
    fresh="$(mktemp)"
    trap 'rm -f "$fresh"' EXIT
    render "$fresh"
    if ! cmp -s "$fresh" "$picture"; then
        echo "$picture is out of date: run 'bash scripts/render-docs.sh' and commit it" >&2
        exit 1
    fi
    echo "$picture: up to date"
else
    mkdir -p docs/images
    render "$picture"
    echo "wrote $picture"
fi
