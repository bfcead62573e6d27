#!/usr/bin/env bash
# Regenerates BENCHMARKS.md and docs/leaves-vs-depth.svg: every table and
# figure in them comes from the commands below, run on this machine.
#   scripts/benchmarks.sh            # about two minutes on 2 cores
# Needs: cargo, python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --features scout,sss --quiet
cargo build --release --features scout,sss --example parse_only --example sss_steps --quiet
W=target/release/winmove
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$W" generate --count 20000 --seed 1 > "$work/judge20k.in"
"$W" generate --count 2000 --seed 2 > "$work/judge2k.in"

machine() {
    echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores available"
    echo "- memory: $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "- $(rustc --version), release profile (LTO, one codegen unit)"
    echo "- generated on $(date -u +%Y-%m-%d)"
}

backend_times() {
    echo "| backend | time (median of 5) | leaves | nodes | own counters |"
    echo "|---|---:|---:|---:|---|"
    for algo in alphabeta alphabeta-shallow minimax scout sss; do
        total=$("$W" --algo "$algo" --stats < "$work/judge2k.in" 2>&1 >/dev/null | tail -1)
        ms=$(python3 scripts/bench_judge.py --runs 5 "$work/judge2k.in" "x=$W --algo $algo" | awk '$1 == "x" {print $2}')
        leaves=$(sed 's/.* leaves=\([0-9]*\).*/\1/' <<< "$total")
        nodes=$(sed 's/.* nodes=\([0-9]*\).*/\1/' <<< "$total")
        own=$(sed 's/.* nodes=[0-9]*//' <<< "$total")
        echo "| $algo | $ms ms | $leaves | $nodes | ${own:- -} |"
    done
}

{
cat <<'TEXT'
# Benchmarks

What each algorithm costs, measured. Every table and the figure below are
written by `scripts/benchmarks.sh`; each section names the command that
produced it. Node and leaf counts are exact and the same on every machine;
times are whole-process wall times on the machine below (2 shared cores:
compare them as ratios within one run).

## The machine
TEXT
machine
cat <<'TEXT'

## The judge engine

`scripts/bench_judge.py FILE 'NAME=COMMAND' ...` runs each command on the
file, in turn (A B C A B C ...), 11 times, and prints the median wall time of
the whole process (start-up included) and its ratio to the first command.
The file: 20,000 random legal boards with equal counts, drawn uniformly from
all such boards (`winmove generate --count 20000 --seed 1`).

- `engine`: `winmove`, the default engine (alpha-beta with every enhancement);
- `parse-only`: `examples/parse_only.rs`, which reads the boards exactly as
  `winmove` does and prints a fixed answer for each;
- `textbook`: seed 003's one-bound MinSearch/MaxSearch on the raw tree with
  the "≤ 4 pieces" shortcut: `winmove --algo alphabeta-shallow --enhance shortcut`.

```
TEXT
python3 scripts/bench_judge.py --runs 11 "$work/judge20k.in" \
    "engine=$W" \
    "parse-only=target/release/examples/parse_only" \
    "textbook=$W --algo alphabeta-shallow --enhance shortcut"
cat <<'TEXT'
```

Every backend on 2,000 random legal boards (`winmove generate --count 2000
--seed 2`), with the enhancements that apply to it (all of them for
alphabeta, alphabeta-shallow and minimax, which share one search; SCOUT and
SSS* use the forced moves, the ordering and the shortcut), answers identical; times by `scripts/bench_judge.py`, counts by
`winmove --algo NAME --stats`:

TEXT
backend_times
cat <<'TEXT'

The criterion benches measure the same in-process, per board class and
backend: `cargo bench --features scout,sss` (HTML report with plots in
`target/criterion/report/index.html`); `benches/judge.rs` holds the
20,000-board comparison, the empty board and the slowest sparse boards.

## Node counts on boards

`winmove compare` answers every board of each class with every backend and
counts, per question, leaves (static evaluations of terminal nodes), nodes
and cutoffs; "leaves / alphabeta" compares mean leaves. Classes: the
statement's sample, then 20 boards each of `winmove generate`'s classes
(judge: uniform over legal boards; sparse: ≤ 4 pieces, equal counts;
sparse-unequal: ≤ 5 pieces, unequal counts; six: 3 + 3; eight: 4 + 4;
midgame: 6 to 12 pieces).

### With every enhancement (`winmove compare`)

Here alpha-beta also has the static bounds, the transposition table and the
win-only window, which the other backends cannot use: the ratios measure
the engine, not the algorithms.

TEXT
"$W" compare | tail -n +5
cat <<'TEXT'

### On the raw tree (`winmove compare --raw`)

The textbook searches with only the proven count shortcut (sparse-unequal
boards are left out: 11 to 16 empty squares are out of reach of the raw
minimax). The answer loop gives alpha-beta an edge the others lack: each of
x's moves is searched with the window (best so far, +inf), while SCOUT and
SSS* compute every move's exact value, so here SSS* can evaluate more leaves
than alpha-beta.

TEXT
"$W" compare --raw | tail -n +5
cat <<'TEXT'

### One value search per board, raw tree (`winmove compare --raw --value`)

The setting of Stockman's theorem: each board (x to move) searched once for
its minimax value with the window (-inf, +inf). SSS* never evaluates more
leaves than alpha-beta, as the theorem says (the tests check it leaf by leaf).

TEXT
"$W" compare --raw --value | tail -n +5
cat <<'TEXT'

## Uniform random trees, and the literature

`winmove compare --trees --svg docs/leaves-vs-depth.svg`: 20 trees per shape,
branching 2-8 and depth 2-8 (up to 2^18 leaves a tree), leaf values drawn
uniformly from -1,000,000..=1,000,000 (so ties are rare, as in the
literature's continuous model).

![Leaves relative to alpha-beta, and alpha-beta relative to the minimal tree, against depth](docs/leaves-vs-depth.svg)

TEXT
"$W" compare --trees --svg docs/leaves-vs-depth.svg | tail -n +5
cat <<'TEXT'

Reading the figure: SSS* stays below alpha-beta everywhere (red, under the
dashed line), with 15-35% fewer leaves from depth 4 on; SCOUT (blue) evaluates more
leaves than alpha-beta here (1.2 to 1.9 times): a child whose TEST says it
beats the best so far is searched again by EVAL, its leaves counted again,
and with values from a wide range new bests are frequent; the one-bound form (green) loses ground
with depth, as it gives up deep cutoffs; alpha-beta's distance to the
minimal tree (grey) grows with depth, since random trees are far from
perfectly ordered. The branching factors measured from the two deepest
depths sit near Pearl's ξ/(1−ξ) for alpha-beta, SCOUT and SSS*, and far below
the b of plain minimax.
TEXT
cat <<'TEXT'

## The cost of an SSS* step

OPEN is kept in two ordered sets (by merit and by Dewey path), so a step, an
insert or the purge of a subtree costs a logarithm of OPEN's size, not a scan
of it. On uniform trees of depth 3, where OPEN grows to b² states
(`cargo run --release --features sss --example sss_steps`, median of 5):

TEXT
target/release/examples/sss_steps
cat <<'TEXT'

From 16 to 16,384 states in OPEN (1,024 times more) a step costs about 7
times more; a linear scan of OPEN would make it about 1,000 times more.
TEXT
} > BENCHMARKS.md
echo "wrote BENCHMARKS.md and docs/leaves-vs-depth.svg" >&2
