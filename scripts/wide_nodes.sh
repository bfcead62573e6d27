#!/usr/bin/env bash
# Time and peak memory of the proof-number backends on wide nodes, beside
# alpha-beta's (issue 30: pns and dfpn were quadratic in a node's
# branching, and dfpn held every child of a node outside its table's
# bound). Not a test: times are measured, never asserted.
#   scripts/wide_nodes.sh [BIN]      # BIN: target/release/winmove unless given
# Needs GNU time (/usr/bin/time) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-target/release/winmove}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One node of 100,000 leaves, all 0 but the last, 1.
python3 -c "print('[' + ','.join(['0'] * 99999 + ['1']) + ']')" > "$work/wide.tree"
measure() {
    /usr/bin/time -f "%e s %M KB" "$W" tree "$@" 2>&1 >/dev/null | tail -1
}
for algo in alphabeta pns dfpn; do
    echo "[0,...,0,1] (100,000 leaves) --algo $algo: $(measure --algo "$algo" "$work/wide.tree")"
done
for algo in alphabeta pns dfpn; do
    echo "--uniform 10000000:1 --algo $algo: $(measure --uniform 10000000:1 --algo "$algo")"
done
# [1,2], then a node of 1,000,000 leaves in 40 MB of address space: every
# answer written, no abort.
python3 -c "print('[1,2]'); print('[' + ','.join(['0'] * 999999 + ['1']) + ']')" > "$work/two.trees"
for algo in pns dfpn; do
    status=0
    sh -c 'ulimit -v 40000 && exec "$0" "$@"' "$W" tree --algo "$algo" "$work/two.trees" \
        > "$work/out" 2>/dev/null || status=$?
    echo "[1,2] then 1,000,000 leaves under ulimit -v 40000 --algo $algo: exit $status," \
        "answers: $(tr '\n' ' ' < "$work/out")"
done
