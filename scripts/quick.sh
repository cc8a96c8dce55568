#!/usr/bin/env bash
# The developer's loop, minutes after a change where scripts/test.sh (CI) takes about 22 minutes: lint
# the changed files, build the tests (debug, incremental), run the Swift suites and the specs
# (about 115 s after a one-line change in a SwipePlugins file, on this 2-core machine).
#
#   bash scripts/quick.sh                  the changed files linted, every suite, every spec
#   bash scripts/quick.sh SUITE...         only the suites (or tests) whose names match, e.g.
#                                          `bash scripts/quick.sh TableTests SessionTests`
#   bash scripts/quick.sh --spec FILE...   only these specs (and no Swift suite)
#   bash scripts/quick.sh --fresh ...      first delete this package's own build products
#                                          (not its dependencies'), then as above
#
# "Changed" is what `git status` lists: files modified, added or untracked against HEAD.
#
# --fresh, after a stored property is added to or removed from a type that another module uses:
# SwiftPM's incremental build then recompiles the type's module but not the modules that use
# it, which keep the old layout, and the tests crash in swift_retain or swift_release (the
# compiler leaves type members out of a non-resilient module's fingerprint:
# swiftlang/swift#89636, swiftlang/swift-package-manager#10502). A clean clone (CI) never sees it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
# The libraries built optimised, the tests not (Package.swift, docs/testing.md "Debug builds"):
# the suites took less than half the CPU. SWIPEHOST_OPTIMIZED_DEBUG=0 builds them unoptimised.
export SWIPEHOST_OPTIMIZED_DEBUG="${SWIPEHOST_OPTIMIZED_DEBUG:-1}"
started=$SECONDS

fresh=0
specs=()
filters=()
while [ "$#" -gt 0 ]; do
    case "$1" in
        --fresh) fresh=1; shift ;;
        --spec)
            shift
            [ "$#" -gt 0 ] || { echo "quick: --spec needs a spec file" >&2; exit 2; }
            while [ "$#" -gt 0 ] && [ "${1#--}" = "$1" ]; do specs+=("$1"); shift; done
            ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        -*) echo "quick: unknown option '$1' (see scripts/quick.sh --help)" >&2; exit 2 ;;
        *) filters+=("$1"); shift ;;
    esac
done

if [ "$fresh" -eq 1 ]; then
    debug="$(swift build --show-bin-path)"
    echo "== quick: deleting this package's own build products in $debug"
    for target in Sources/* Tests/* Fuzz/Sources/*; do
        [ -d "$target" ] || continue
        name="$(basename "$target")"
        module="${name//-/_}"
        rm -rf "$debug/$name.build" "$debug/$module.build" "$debug/Modules/$module.swiftmodule" \
            "$debug/$module.swiftmodule"
    done
fi

echo "== quick: lint the changed files"
mapfile -t changed < <(git status --porcelain --untracked-files=all | awk '{ print $NF }' | sort -u)
lua=()
swift=()
for file in "${changed[@]+"${changed[@]}"}"; do
    [ -f "$file" ] || continue
    case "$file" in
        plugins/*.lua|spec/*.lua|Sources/*/Lua/*.lua) lua+=("$file") ;;
        *.swift) swift+=("$file") ;;
    esac
done
if [ "${#lua[@]}" -gt 0 ]; then luacheck --no-color -q "${lua[@]}"; fi
if [ "${#swift[@]}" -gt 0 ]; then swift-format lint --strict --parallel "${swift[@]}"; fi
echo "quick: ${#lua[@]} Lua and ${#swift[@]} Swift files linted"

bin="$(swift build --show-bin-path)/swipehost"
if [ "${#specs[@]}" -gt 0 ]; then
    echo "== quick: build swipehost"
    swift build --product swipehost
    echo "== quick: swipehost test ${specs[*]}"
    "$bin" test "${specs[@]}"
    echo "quick: done in $((SECONDS - started)) s"
    exit 0
fi

echo "== quick: build the tests (debug)"
swift build --build-tests
echo "== quick: the Swift suites${filters[*]:+ matching ${filters[*]}}"
filter_args=()
for filter in "${filters[@]+"${filters[@]}"}"; do filter_args+=(--filter "$filter"); done
swift test --skip-build ${filter_args[@]+"${filter_args[@]}"}
if [ "${#filters[@]}" -eq 0 ]; then
    echo "== quick: the specs (swipehost test)"
    "$bin" test
fi
echo "quick: done in $((SECONDS - started)) s"
