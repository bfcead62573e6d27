#!/usr/bin/env bash
# Regenerates BENCHMARKS.md and docs/leaves-vs-depth.svg: every table and
# figure in them comes from the commands below, run on this machine.
#   scripts/benchmarks.sh            # about ten minutes on 2 cores
# Needs: cargo, python3 (standard library only), GNU time (/usr/bin/time,
# Debian's package `time`) for the memory figures.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --all-features --quiet
cargo build --release --all-features --quiet --example parse_only --example judge_in_process --example sss_steps
W=target/release/winmove
E=target/release/examples
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$W" generate --count 20000 --seed 1 > "$work/judge20k.in"
"$W" generate --count 2000 --seed 2 > "$work/judge2k.in"
"$W" generate --count 1000000 --seed 5 > "$work/judge1m.in"
"$W" generate --count 2000000 --seed 5 > "$work/judge2m.in"

# Peak resident memory of a command, in MB (GNU time's own is about 2 MB).
peak() {
    /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.1f", $1 / 1024}'
}

machine() {
    echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores available (shared)"
    echo "- memory: $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "- $(rustc --version), release profile (LTO, one codegen unit)"
    echo "- generated on $(date -u +%Y-%m-%d)"
}

backend_times() {
    echo "| backend | time (median of 5) | leaves | nodes | own counters |"
    echo "|---|---:|---:|---:|---|"
    for algo in $("$W" --help | awk '/^ALGORITHMS/ {on = 1; next} on && /^    [a-z]/ {print $1} /^$/ {on = 0}'); do
        total=$("$W" --algo "$algo" --stats < "$work/judge2k.in" 2>&1 >/dev/null | tail -1)
        ms=$(python3 scripts/bench_judge.py --runs 5 "$work/judge2k.in" "x=$W --algo $algo" | awk '$1 == "x" {print $2}')
        leaves=$(sed 's/.* leaves=\([0-9]*\).*/\1/' <<< "$total")
        nodes=$(sed 's/.* nodes=\([0-9]*\).*/\1/' <<< "$total")
        own=$(sed 's/.* nodes=[0-9]*//' <<< "$total")
        echo "| $algo | $ms ms | $leaves | $nodes | ${own:- -} |"
    done
}

# ns per evaluated leaf of every backend on uniform trees, whole process
# (start-up is well under 1% of these runs).
per_leaf() {
    echo "| shape | backend | leaves (5 trees) | time (median of 5) | ns per leaf | ratio to alphabeta |"
    echo "|---|---|---:|---:|---:|---:|"
    for shape in 2:20 4:10 8:6; do
        ab=""
        for algo in $("$W" --help | awk '/^ALGORITHMS/ {on = 1; next} on && /^    [a-z]/ {print $1} /^$/ {on = 0}'); do
            cmd="$W tree --uniform $shape --count 5 --algo $algo"
            leaves=$($cmd --stats 2>&1 >/dev/null | tail -1 | sed 's/.* leaves=\([0-9]*\).*/\1/')
            ms=$(python3 scripts/bench_judge.py --runs 5 /dev/null "x=$cmd" | awk '$1 == "x" {print $2}')
            ns=$(python3 -c "print(f'{$ms * 1e6 / $leaves:.1f}')")
            [ "$algo" = alphabeta ] && ab=$ns
            ratio=$(python3 -c "print(f'{$ns / $ab:.2f}')")
            echo "| $shape | $algo | $leaves | $ms ms | $ns | $ratio |"
        done
    done
}

# Peak resident memory of every backend on one large uniform tree.
memory() {
    echo "| backend | peak resident memory | own counters |"
    echo "|---|---:|---|"
    for algo in $("$W" --help | awk '/^ALGORITHMS/ {on = 1; next} on && /^    [a-z]/ {print $1} /^$/ {on = 0}'); do
        cmd="$W tree --uniform 4:12 --algo $algo"
        own=$($cmd --stats 2>&1 >/dev/null | tail -1 | sed 's/.* nodes=[0-9]*//')
        echo "| $algo | $(peak $cmd) MB | ${own:- -} |"
    done
}

{
cat <<'TEXT'
# Benchmarks

What each algorithm costs, measured. Every table and the figure below are
written by `scripts/benchmarks.sh`; each section names the command that
produced it. Node and leaf counts are exact and the same on every machine;
times are on the machine below (2 shared cores: compare them as ratios
within one run; a rerun moves them by up to a tenth or so).

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
- `textbook`: the contest lecture's one-bound MinSearch/MaxSearch on the raw
  tree with the "≤ 4 pieces" shortcut:
  `winmove --algo alphabeta-shallow --enhance shortcut`.

```
TEXT
python3 scripts/bench_judge.py --runs 11 "$work/judge20k.in" \
    "engine=$W" \
    "parse-only=$E/parse_only" \
    "textbook=$W --algo alphabeta-shallow --enhance shortcut"
cat <<'TEXT'
```

In process, on 2,000,000 boards (`winmove generate --count 2000000 --seed
5`), reading the file from memory, `examples/judge_in_process.rs` times
reading every case and writing a fixed answer (parse-only) against reading
and answering it with a fresh default-engine solver, alternating, median of
7, three times (the goal is an engine within twice parse-only; it is not
met yet):

```
TEXT
for _ in 1 2 3; do "$E/judge_in_process" "$work/judge2m.in"; done
cat <<'TEXT'
```

Memory, as GNU time reports the peak resident size: a million boards
(`winmove generate --count 1000000 --seed 5`, 22 MB of input):
TEXT
echo "$(peak "$W" "$work/judge1m.in") MB for \`winmove\`, $(peak "$E/parse_only" < "$work/judge1m.in") MB for parse-only (the input is streamed; the transposition table stops growing at 8 MiB)."
cat <<'TEXT'

Every backend on 2,000 random legal boards (`winmove generate --count 2000
--seed 2`), with every enhancement that applies to it (the depth-first
backends, minimax included, use them all; SCOUT and SSS* have no
transposition table and search each move with the full window, but use
the forced moves, the ordering, the bounds and the shortcut), answers
identical; times by `scripts/bench_judge.py`, counts by
`winmove --algo NAME --stats`:

TEXT
backend_times
cat <<'TEXT'

The criterion benches measure the same in process: `cargo bench
--all-features` (`benches/judge.rs`: the 20,000-board file three ways, the
empty board and the slowest sparse boards; `benches/boards.rs`: every class
and backend; `benches/trees.rs` and `benches/sss.rs`: uniform trees).

## Node counts on boards

`winmove compare` answers every board of each class with every backend and
counts, per question, leaves (static evaluations of terminal nodes, repeats
included), nodes and the backend's own counters; "± s.e." is the standard
error of the mean. Classes: the statement's sample, then 20 boards each of
`winmove generate`'s classes (judge: uniform over legal boards; sparse: ≤ 4
pieces, equal counts; sparse-unequal: ≤ 5 pieces, unequal counts; six: 3 +
3; eight: 4 + 4; midgame: 6 to 12 pieces).

### With every enhancement (`winmove compare`)

Here the depth-first backends also have the transposition table and the
win-only window, which SCOUT and SSS* do not use: the ratios measure the
engines, not the algorithms.

TEXT
"$W" compare | tail -n +5
cat <<'TEXT'

### On the raw tree (`winmove compare --raw`)

The textbook searches with only the proven count shortcut (sparse-unequal
boards are left out: 11 to 16 empty squares are out of reach of the raw
minimax). The answer loop gives the window-taking backends an edge: each of
x's moves is searched with the window (best so far, +inf), while SCOUT, SSS*
and the MT drivers compute every move's exact value, so here SSS* can
evaluate more leaves than alpha-beta.

TEXT
"$W" compare --raw | tail -n +5
cat <<'TEXT'

### One value search per board, raw tree (`winmove compare --raw --value`)

The setting of Stockman's theorem: each board (x to move) searched once for
its minimax value with the window (-inf, +inf); the claims are checked
board by board on the leaves each backend evaluated (by path, in order),
on the boards of at most 10 empty squares.

TEXT
"$W" compare --raw --value | tail -n +5
cat <<'TEXT'

## Uniform random trees, and the literature

`winmove compare --trees --values both --svg docs/leaves-vs-depth.svg`:
uniform trees never held in memory (`winmove tree --uniform B:D`), branching
2 to 8, from depth 2 to 20 (b = 2), 13, 12 (b = 4), 10, 9, 8 and 8 (b = 8),
with leaf values uniform in -1,000,000..=1,000,000 (ties rare: the
literature's continuous model) and with leaves 0 or 1 (Pearl's discrete
model, the groups marked 0/1).

![Leaves relative to alpha-beta, and alpha-beta relative to the minimal tree, against depth](docs/leaves-vs-depth.svg)

TEXT
"$W" compare --trees --values both --svg docs/leaves-vs-depth.svg | tail -n +5
cat <<'TEXT'

Reading the tables and the figure, next to the literature:

- Stockman, Plaat et al. and Reinefeld: the claims above hold on every tree
  they were checked on, leaf by leaf (SSS* and NegaScout evaluate no leaf
  alpha-beta skips; MT-SSS* evaluates exactly SSS*'s leaves in SSS*'s
  order). The tables show the same from the counts: `sss` and `mt-sss` have
  equal leaf counts everywhere.
- NegaScout and SSS*: neither dominates; NegaScout's re-searches count, so
  on random wide-valued trees it often evaluates more leaves than SSS*, and
  sometimes fewer.
- SSS*/alpha-beta (red) falls with depth on continuous values and stays flat
  near 1 on 0/1 leaves (dashed), as the literature discusses: with only two
  leaf values, most cutoffs of alpha-beta are already as good as SSS*'s.
- Pearl: alpha-beta's measured branching factor approaches ξ/(1−ξ) from
  above as the depth grows, within the noise shown (± one standard error of
  the sample of trees); the minimal tree of Knuth and Moore is never beaten.
TEXT
cat <<'TEXT'

## Cost per evaluated leaf

Every backend on 5 uniform trees (`winmove tree --uniform B:D --count 5
--algo NAME`, whole process, median of 5 by `scripts/bench_judge.py`),
divided by the leaves it evaluated (`--stats`):

TEXT
per_leaf
cat <<'TEXT'

The criterion benches give the same per backend in process: `cargo bench
--all-features --bench trees` (throughput in evaluated leaves per second)
and `--bench sss` (SSS* against alpha-beta, up to where alpha-beta takes
about a second).

## Memory per backend

Peak resident memory (GNU time) of one search of one large uniform tree,
`winmove tree --uniform 4:12 --algo NAME` (16.8 million leaves, never held
in memory), with the counters that say what the backend held:

TEXT
memory
cat <<'TEXT'

SSS* holds OPEN (`max_open` states) and the nodes above it, freed when
solved or purged; the MT drivers hold a table of every node they reached
(`table`), which on node keys forgets nothing within a search up to 4
million nodes (then new nodes are not stored), so memory stays bounded.
The MT drivers' cost per leaf above is mostly their passes: on wide-valued
trees every pass moves the bound by little (`passes` in the thousands), and
each walks the stored tree again from the root.

## Written trees

A uniform tree of branching 4 and depth 11 written out in bracket notation
(5,592,405 nodes; leaf values from Python's seeded generator), read and
searched by `winmove tree` (alpha-beta), peak resident memory by GNU time:

TEXT
python3 -c '
import random
random.seed(1)
def tree(d):
    if d == 0:
        return str(random.randint(-1000000, 1000000))
    return "[" + ",".join(tree(d - 1) for _ in range(4)) + "]"
print(tree(11))' > "$work/tree-4-11.txt"
mb=$(peak "$W" tree "$work/tree-4-11.txt")
echo "$(du -m "$work/tree-4-11.txt" | cut -f1) MB of text; $mb MB at the peak: $(python3 -c "print(f'{$mb * 1048576 / 5592405:.1f}')") bytes a node, the process included (a finished tree takes 8 bytes a node)."
echo
echo "\`winmove tree < /dev/zero\`: $(/usr/bin/time -f %M "$W" tree < /dev/zero 2>&1 >/dev/null | tail -1 | awk '{printf "%.1f", $1 / 1024}') MB at the peak: it stops at the first byte."
cat <<'TEXT'

## `winmove verify`

The whole check, with GNU time:

TEXT
/usr/bin/time -f "%e s wall, %U s of CPU, %M KB at the peak" "$W" verify 2>&1 >/dev/null | tail -1
cat <<'TEXT'

## SSS*'s cost per leaf and memory

`examples/sss_steps.rs B D alphabeta sss` searches one uniform tree with
both backends in one process and prints ns per leaf and what SSS* kept:

```
TEXT
for shape in "4 12" "8 8" "2 24"; do "$E/sss_steps" $shape alphabeta sss; done
cat <<'TEXT'
```
TEXT
} > BENCHMARKS.md
echo "wrote BENCHMARKS.md and docs/leaves-vs-depth.svg" >&2
