#!/usr/bin/env bash
# Reruns the command of every picture listed in docs/figures.txt into a
# temporary folder and compares its bytes with the committed picture; the
# slow ones (marked `(scripts/benchmarks.sh)`, about 7 minutes together on
# 2 shared cores) too, which the test suite leaves to this script; not the
# screenshots, which scripts/screenshots.sh takes.
#   scripts/figures.sh            # every picture
#   scripts/figures.sh --quick    # the quick ones only, as the tests do
# Exit status 1 if a picture is stale, naming it and its command.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
[ "${1:-}" = --quick ] && quick=true

cargo build --release --all-features --quiet
W=target/release/winmove
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

stale=0
while IFS= read -r line; do
    case $line in '#'* | '') continue ;; esac
    file=${line%%: *}
    command=${line#*: }
    # Screenshots are taken by scripts/screenshots.sh, in a browser.
    [ "$command" = scripts/screenshots.sh ] && continue
    if [ "${file% (scripts/benchmarks.sh)}" != "$file" ]; then
        $quick && continue
        file=${file% (scripts/benchmarks.sh)}
    fi
    out="$work/$(basename "$file")"
    # The manifest's commands have no quotes: split at spaces, the picture's
    # path put in the temporary folder.
    read -ra words <<< "${command#winmove }"
    args=()
    for word in "${words[@]}"; do
        [ "$word" = "$file" ] && word=$out
        args+=("$word")
    done
    "$W" "${args[@]}" > /dev/null
    if cmp -s "$out" "$file"; then
        echo "$file: as its command writes it"
    else
        echo "$file: stale, run: $command" >&2
        stale=1
    fi
done < docs/figures.txt
exit "$stale"
