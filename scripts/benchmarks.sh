#!/usr/bin/env bash
# Regenerates BENCHMARKS.md, docs/leaves-vs-depth.svg,
# docs/depth-limited.svg and docs/anytime.svg (with the commands
# docs/figures.txt gives them,
# which tests/suite/figures.rs holds this script to): every table and
# figure in them comes from the commands below, run on this machine, and
# every sentence that depends on a figure is computed from the saved
# tables by scripts/benchmarks_checks.py;
# scripts/benchmarks_tables.py makes the tables that are not winmove's own.
# It writes BENCHMARKS.md whole: what was measured by hand, not here, is in
# docs/history.md, which it never touches.
#   scripts/benchmarks.sh            # about 15 minutes on 2 shared cores,
#                                    # after the release build
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
ALGOS=$("$W" --help | awk '/^ALGORITHMS/ {on = 1; next} on && /^    [a-z]/ {print $1} /^$/ {on = 0}')

"$W" generate --count 20000 --seed 1 > "$work/judge20k.in"
"$W" generate --count 2000 --seed 2 > "$work/judge2k.in"
"$W" generate --count 1000000 --seed 5 > "$work/judge1m.in"
"$W" generate --count 2000000 --seed 5 > "$work/judge2m.in"
"$W" generate --count 5000000 --seed 5 > "$work/judge5m.in"
# Written out before anything is timed.
sync

# The sentences that depend on the figures, computed from the saved tables:
# check NAME [ARGS...].
check() {
    python3 scripts/benchmarks_checks.py "$1" "$work" "${@:2}"
}

# Peak resident memory of a command, in MiB (GNU time reports the
# command's peak in KiB; /bin/true shows about 1 MiB).
peak() {
    /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.1f", $1 / 1024}'
}

# Median wall time in ms of a whole command, by scripts/bench_judge.py.
median_ms() {
    local runs=$1 input=$2
    shift 2
    python3 scripts/bench_judge.py --runs "$runs" "$input" "x=$*" | awk '$1 == "x" {print $2}'
}

machine() {
    echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores available (shared)"
    echo "- memory: $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "- $(rustc --version), release profile (LTO, one codegen unit)"
    echo "- generated on $(date -u +%Y-%m-%d)"
}

# Every backend on the 2,000 boards: time, counts, and its answers, kept to
# be compared with alpha-beta's.
backend_times() {
    echo "| backend | time (median of 5) | leaves | nodes | own counters |"
    echo "|---|---:|---:|---:|---|"
    # Every backend's runs in turn (A B C A B C ...).
    local specs=() algo
    for algo in $ALGOS; do
        specs+=("$algo=$W --algo $algo")
    done
    python3 scripts/bench_judge.py --runs 5 "$work/judge2k.in" "${specs[@]}" > "$work/times.txt"
    for algo in $ALGOS; do
        "$W" --algo "$algo" --stats < "$work/judge2k.in" > "$work/answers-$algo.txt" 2> "$work/stats-$algo.txt"
        total=$(tail -1 "$work/stats-$algo.txt")
        ms=$(awk -v a="$algo" '$1 == a {print $2}' "$work/times.txt")
        leaves=$(sed 's/.* leaves=\([0-9]*\).*/\1/' <<< "$total")
        nodes=$(sed 's/.* nodes=\([0-9]*\).*/\1/' <<< "$total")
        own=$(sed 's/.* nodes=[0-9]*//' <<< "$total")
        echo "| $algo | $ms ms | $leaves | $nodes | ${own:- -} |"
    done
}

# Whether every backend's answers are alpha-beta's, byte for byte.
answers_agree() {
    local differ="" algo
    for algo in $ALGOS; do
        cmp -s "$work/answers-alphabeta.txt" "$work/answers-$algo.txt" || differ="$differ \`$algo\`"
    done
    local n
    n=$(wc -l < "$work/answers-alphabeta.txt")
    if [ -z "$differ" ]; then
        echo "Every backend's answers (the runs above, compared by the script) are alpha-beta's, byte for byte, on all $(python3 -c "print(f'{$n:,}')") boards."
    else
        echo "The answers of$differ DIFFER from alpha-beta's on these $n boards."
    fi
}

# Time per evaluated leaf and per node reached of every backend on uniform
# trees, whole process: enough trees that alpha-beta takes tens of
# milliseconds; start-up is measured apart and its share printed.
per_leaf() {
    echo "| shape | trees | backend | leaves | nodes | time (median of 7) | ns per leaf | ns per node | per leaf, to alphabeta | per node, to alphabeta |"
    echo "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"
    : > "$work/perleaf.tsv"
    for shape_count in 2:20:25 4:10:40 8:6:100; do
        shape=${shape_count%:*}
        count=${shape_count##*:}
        # Every backend's runs in turn (A B C A B C ...), so that other
        # work on the machine falls on all of them alike.
        specs=()
        for algo in $ALGOS; do
            specs+=("$algo=$W tree --uniform $shape --count $count --algo $algo")
        done
        python3 scripts/bench_judge.py --runs 7 /dev/null "${specs[@]}" > "$work/times.txt"
        for algo in $ALGOS; do
            total=$("$W" tree --uniform "$shape" --count "$count" --algo "$algo" --stats 2>&1 >/dev/null | tail -1)
            leaves=$(sed 's/.* leaves=\([0-9]*\).*/\1/' <<< "$total")
            nodes=$(sed 's/.* nodes=\([0-9]*\).*/\1/' <<< "$total")
            ms=$(awk -v a="$algo" '$1 == a {print $2}' "$work/times.txt")
            echo "$shape $count $algo $leaves $nodes $ms" >> "$work/perleaf.tsv"
        done
    done
    python3 scripts/benchmarks_tables.py per-leaf "$work/perleaf.tsv"
    median_ms 11 /dev/null "$W" tree --uniform 2:1 > "$work/startup.txt"
}

# Peak resident memory of every backend on one large uniform tree.
memory() {
    echo "| backend | peak resident memory | own counters |"
    echo "|---|---:|---|"
    for algo in $ALGOS; do
        cmd="$W tree --uniform 4:12 --algo $algo"
        own=$($cmd --stats 2>&1 >/dev/null | tail -1 | sed 's/.* nodes=[0-9]*//')
        echo "| $algo | $(peak $cmd) MiB | ${own:- -} |"
    done
}

# Per question of each class: mcts proving the answer beside alpha-beta's
# leaves and df-pn's expansions, with every enhancement and, on the classes
# the raw tree reaches, with none (`--plain`); times are whole-process
# medians of 5 by scripts/bench_judge.py over the 20 questions.
proving() {
    echo "| class | enhancements | mcts playouts | mcts ms | alphabeta leaves | alphabeta ms | dfpn expansions | dfpn ms |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
    local class flags algo counter total value ms row
    for class in judge sparse sparse-unequal six eight midgame; do
        "$W" generate --class "$class" --count 20 --seed 1 > "$work/class-$class.in"
        for flags in "" --plain; do
            case "$flags:$class" in --plain:sparse*) continue ;; esac
            python3 scripts/bench_judge.py --runs 5 "$work/class-$class.in" \
                "mcts=$W --algo mcts $flags" "alphabeta=$W --algo alphabeta $flags" \
                "dfpn=$W --algo dfpn $flags" > "$work/times.txt"
            row="| $class | ${flags:-every one} |"
            for algo in mcts alphabeta dfpn; do
                case $algo in mcts) counter=playouts ;; alphabeta) counter=leaves ;; dfpn) counter=expansions ;; esac
                total=$("$W" --algo "$algo" $flags --stats < "$work/class-$class.in" 2>&1 >/dev/null | tail -1)
                value=$(sed "s/.* $counter=\([0-9]*\).*/\1/" <<< "$total")
                ms=$(awk -v a="$algo" '$1 == a {print $2}' "$work/times.txt")
                row="$row $(python3 -c "print(f'{$value / 20:,.1f} | {$ms / 20:.2f}')") |"
            done
            echo "$row"
        done
    done
}

{
cat <<'TEXT'
# Benchmarks

What each algorithm costs, measured. Every table and figure below is
written by `scripts/benchmarks.sh`; each section names the command that
produced it, and every sentence about what a table shows is computed by the
script from the table it has just written. What was measured by hand, not
by the script (the judge's history, the criterion benches, design choices),
is in [docs/history.md](docs/history.md). Node and leaf counts are exact and the same on
every machine; times are on the machine below, whose 2 cores are shared
with other work: compare them as ratios within one table, and expect a
rerun to move them (the min and max columns of `scripts/bench_judge.py`
show how far single runs moved within one measurement). Memory is in MiB
(GNU time's KiB / 1024).

## The machine
TEXT
machine
cat <<'TEXT'

## The judge engine

`scripts/bench_judge.py FILE 'NAME=COMMAND' ...` runs each command on the
file, in turn (A B C A B C ...), 11 times after one warm-up run each, and
prints the median wall time of the whole process (start-up included) and
its ratio to the first command. The file: 20,000 random legal boards with
equal counts, drawn uniformly from all such boards (`winmove generate
--count 20000 --seed 1`).

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

In process, on 1, 2 and 5 million boards (`winmove generate --count N
--seed 5`), reading the file from memory, `examples/judge_in_process.rs`
times reading every case and writing a fixed answer (parse-only) against
reading and answering it with a fresh default-engine solver, in turn, 15
pairs of runs; the ratio is the median of each engine run over the
parse-only run just before it:

```
TEXT
for n in 1m 2m 5m; do "$E/judge_in_process" "$work/judge$n.in"; done | tee "$work/inprocess.txt"
cat <<'TEXT'
```

TEXT
check in-process
cat <<'TEXT'

The whole process per size, on 20,000 (`--seed 1`), 1 and 5 million boards
(`--seed 5`): `scripts/judge_sizes.py` runs `parse_only < FILE > /dev/null`
and `winmove < FILE > /dev/null` in turn, 11 pairs after one warm-up run
each, and prints the median CPU time (user + system) per board of each, the
median of the paired CPU ratios, and the same ratio of wall times:

```
TEXT
python3 scripts/judge_sizes.py --runs 11 "$W" "$E/parse_only" \
    "$work/judge20k.in" "$work/judge1m.in" "$work/judge5m.in" | tee "$work/sizes.txt"
cat <<'TEXT'
```

TEXT
check sizes
cat <<'TEXT'

How the judge got here, measured by hand: [docs/history.md](docs/history.md#how-the-judge-got-here).
TEXT
cat <<'TEXT'

Memory, as GNU time reports the peak resident size:
TEXT
echo "a million boards (\`winmove generate --count 1000000 --seed 5\`, $(python3 -c "import os; print(f'{os.path.getsize(\"$work/judge1m.in\") / 1e6:.1f}')") MB of input) in $(peak "$W" "$work/judge1m.in") MiB for \`winmove\`, $(peak "$E/parse_only" < "$work/judge1m.in") MiB for parse-only (the input is streamed; the transposition table stops growing at 8 MiB)."
cat <<'TEXT'

Every backend on 2,000 random legal boards (`winmove generate --count 2000
--seed 2`), with every enhancement that applies to it: alpha-beta, the
one-bound form, minimax and NegaScout use them all; the MT drivers use the
transposition table but not the win-only window (they compute each move's
exact value); SCOUT and SSS* use the forced moves, the bounds, the
ordering and the shortcut, and neither the table nor the window (they too
compute exact values). Times by `scripts/bench_judge.py` (the backends in
turn), counts by `winmove --algo NAME --stats`:

TEXT
backend_times
echo
answers_agree
cat <<'TEXT'
Beyond these boards, `tests/suite/tablebase.rs` checks every backend's answers
against an independent tablebase on random questions of every piece count
(with every enhancement, and on the raw tree up to 9 empty squares), and
`winmove verify` (below) checks the engine's on all 33,818,437 questions.

## Node counts on boards

`winmove compare` answers every board of each class with every backend and
counts, per question, leaves (static evaluations of terminal nodes, repeats
included), nodes and the backend's own counters; "± s.e." is the standard
error of the mean. Classes: the statement's sample, then 20 boards each of
`winmove generate`'s classes (judge: uniform over legal boards with equal
counts; sparse: ≤ 4 pieces, equal counts; sparse-unequal: ≤ 5 pieces,
unequal counts; six: 3 + 3; eight: 4 + 4; midgame: 6 to 12 pieces). The
first line under each heading is `compare`'s own.

### With every enhancement (`winmove compare`)

Here alpha-beta, the one-bound form, minimax and NegaScout search x's moves
with the win-only window (0, +inf) and the transposition table; the MT
drivers have the table but compute each move's exact value; SCOUT and SSS*
have neither: the ratios measure the engines, not the algorithms.

TEXT
"$W" compare > "$work/enhanced.md"
tail -n +3 "$work/enhanced.md"
cat <<'TEXT'

### On the raw tree (`winmove compare --raw`)

The textbook searches with only the proven count shortcut (sparse-unequal
boards are left out: 11 to 16 empty squares are out of reach of the raw
minimax). The answer loop gives the window-taking backends an edge: each of
x's moves is searched with the window (best so far, +inf), while SCOUT, SSS*
and the MT drivers compute every move's exact value,
TEXT
"$W" compare --raw > "$work/raw.md"
check raw-sss
echo
tail -n +3 "$work/raw.md"
cat <<'TEXT'

### One value search per board, raw tree (`winmove compare --raw --value`)

The setting of Stockman's theorem: each board (x to move) searched once for
its minimax value with the window (-inf, +inf); the claims are checked
board by board on the leaves each backend evaluated (by path, in order),
on the boards of at most 10 empty squares (so not on the statement's first
board, which has 12).

TEXT
"$W" compare --raw --value > "$work/value.md"
tail -n +3 "$work/value.md"
cat <<'TEXT'

## Proof-number search on boards (`pns`, `dfpn`)

Allis's proof-number search and Nagai's df-pn answer the judge's question
as it is asked, "does x win after this move?", one proof per move
(`src/search/proof.rs`). Per question, summed over the searches of x's
moves, from the two `compare` runs above as CSV (`winmove compare --format
csv` and `winmove compare --raw --format csv`, 20 boards per class, seed 1):
alpha-beta's leaves and nodes (with every enhancement it has the
transposition table; on the raw tree it has none), the proof-number
backends' leaves and expansions (a node expanded: its leaf read or its
children generated; df-pn enters a node again each time it returns to it),
and the minimal tree of the answer loop.

TEXT
"$W" compare --format csv > "$work/enhanced.csv"
"$W" compare --raw --format csv > "$work/raw.csv"
python3 scripts/benchmarks_tables.py pn "$work/enhanced.csv" "$work/raw.csv"
cat <<'TEXT'

The empty board, without the count shortcut and the static bounds (with
them no search is needed), x to move, every move proven not to win:
`winmove --algo NAME --stats --without shortcut,bounds` (with the table)
and `--without shortcut,bounds,tt` (without it), the empty board as input
(the minimal tree counts the tree, not the graph of positions, so a search
that shares transpositions can go below it):

TEXT
printf '?\n....\n....\n....\n....\n' > "$work/empty.in"
echo "| backend | table | leaves | nodes | expansions | held or table | minimal tree |"
echo "|---|---|---:|---:|---:|---:|---:|"
for run in "alphabeta yes" "alphabeta no" "pns yes" "pns no" "dfpn yes"; do
  set -- $run
  without=shortcut,bounds
  [ "$2" = no ] && without=shortcut,bounds,tt
  "$W" --algo "$1" --stats --without "$without" "$work/empty.in" 2>&1 >/dev/null | python3 scripts/benchmarks_tables.py empty-row "$2"
done | tee "$work/empty.md"
cat <<'TEXT'

df-pn without the table was measured once, by hand:
[docs/history.md](docs/history.md#df-pn-without-its-table).

What Allis claims against what this game shows:

- Allis (1994) finds proof-number search ahead of alpha-beta on trees whose
  branching varies, where the proof numbers point at the narrow, forcing
  lines. The raw board tree is such a tree (lines end games early, forced
  replies are single children), and there both backends evaluate between
  about a tenth and two fifths of alpha-beta's leaves in every class that
  searches at all (`six`: 0.09; `midgame`: 0.37), and never fewer than
  the minimal tree. They pay for it in expansions: `pns`'s stay below
  alpha-beta's nodes on `statement`, `six` and `eight` and go above them
  on `judge` and `midgame`, and df-pn, re-entering nodes, expands about
  half again as many as `pns`.
- With every enhancement the answer loop already plays forced moves, stops
  at static bounds and shares transpositions, and alpha-beta is at or near
  the minimal tree: the proof numbers change nothing in most classes, and
  in `sparse-unequal` and `six` save leaves (0.38 to 0.88 of alpha-beta's,
  means of one to four leaves) for about as many expansions as alpha-beta
  has nodes (up to 1.5 times).
- On the empty board, with the table but without the bounds, the question
  is 16 disproofs of a draw-ish position, the case proof numbers are
  worst at: every reply of o counts, so disproof numbers grow with the
  width of the tree. `pns` fills its 2,097,152 held nodes (alpha-beta then
  answers the nodes that do not fit, so its leaves depend on the table)
  and df-pn evaluates eight times alpha-beta's leaves with fifty times its
  expansions: the scout's experiment (df-pn three times alpha-beta on the
  empty board, fewer on mid-game boards) goes the same way here, more
  steeply.
- Nagai (2002): df-pn expands the most-proving node at every step, as
  proof-number search does. Here, on trees (keys naming nodes) with every
  node in its table, `dfpn` evaluates exactly `pns`'s leaves in the same
  order in every proof and over the proofs of a search (its table gives a
  node searched under another threshold the numbers `pns` works out from
  its tree): `tests/suite/proof_numbers.rs`, on 1,500 random trees proof by
  proof, 80 boards and 1,200 random trees searched for their value; the
  leaf counts above differ where keys name positions.
- Stockman's theorem for SSS* has no counterpart: a proof-number search
  may evaluate a leaf alpha-beta skips with the same null window, the
  smallest tree being `[[1,1],0]` asked "at least 1?".
TEXT
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
"$W" compare --trees --values both --svg docs/leaves-vs-depth.svg > "$work/trees.md"
tail -n +3 "$work/trees.md"
cat <<'TEXT'

Reading the tables and the figure, next to the literature (each statement
computed from the tables above):

TEXT
check sss-mt
check negascout
check sss-alphabeta
check pearl
check knuth
cat <<'TEXT'

## How close to the minimal tree

Knuth and Moore's minimal tree is the fewest leaves that prove a root's
value; a backend's efficiency is its leaves ÷ the minimal tree's (1 is
perfect; `compare`'s `efficiency` column, `minimal=` in `--stats`). Plaat,
Schaeffer, Pijls and de Bruin measured it in chess, Othello and checkers:
"enhanced Alpha-Beta search is capable of building a tree that is close in
size to that of the minimal graph", but the minimal graph they could
compute is "just a left-most approximation", the real one "significantly
smaller", so "game-playing programs are not searching as efficiently as is
widely believed" (*Nearly Optimal Minimax Tree Search?*, University of
Alberta TR 94-19, 1994, abstract). Here the minimal tree is computed
exactly, on every tree and board searched.

On boards, per question (means over each class of the two `compare` runs
above, `--format csv`): with every enhancement, where the table shares
transposed positions and a search can go below the minimal *tree* (it
counts the tree, not the graph), and on the raw tree, where nothing is
shared. A dash: the class's minimal tree has no leaf (the count shortcut
or the static bounds prove every answer).

TEXT
python3 scripts/benchmarks_tables.py efficiency "$work/enhanced.csv" "$work/raw.csv"
cat <<'TEXT'
On uniform trees whose move ordering is known (`winmove tree --uniform
B:D --ordering KIND --count 20 --algo ... --stats`, leaf values distinct;
`strong` is the literature's strongly ordered tree: the best child among
the first quarter with probability 90%, first with 70%, and first with 90%
where the first quarter is the first child alone, as on 4:6 and 3:9), the
efficiency of each backend, summed over the 20 trees:

TEXT
shapes="4:6 8:5 3:9"
algos=alphabeta,negascout,sss,mt-sss,mtdf,pns,dfpn
printf '| shape | ordering |'
for a in ${algos//,/ }; do printf ' %s |' "$a"; done
printf '\n|---|---|'
for a in ${algos//,/ }; do printf -- '---:|'; done
echo
for shape in $shapes; do
  for ordering in best strong random worst; do
    "$W" tree --uniform "$shape" --ordering "$ordering" --count 20 --algo "$algos" --stats 2>&1 >/dev/null |
      python3 scripts/benchmarks_tables.py ordered-row "$shape" "$ordering"
  done
done > "$work/ordered.md"
cat "$work/ordered.md"
cat <<'TEXT'

What the literature says against what these tables show (computed from
them):

TEXT
check efficiency "$algos"
cat <<'TEXT'

## The depth-limited setting, beside Plaat et al. (1996)

`winmove compare --depth 8 --svg docs/depth-limited.svg` (every enhancement
that holds at a depth limit) and `winmove compare --depth 6 --raw` (the
plain depth-limited tree: no table, symmetry, forced moves or static
ordering): the empty board and 20 positions each with 4, 6 and 8 pieces (as
many x as o, seed 1), each deepened by every backend to depths 1, 2, ..., D
with both evaluations (`lines`, −10..10; `weighted`, lines worth ±1, ±10,
±100), one search of the root per depth, a fresh backend per position, and
between iterations what game programs do: a table of each node's best
move, fresh for each position, its move tried first at the next depth
(dynamic move ordering, the table `winmove value --iterative` keeps). The
history heuristic (`value --iterative --history`) is left off: the claims
below are about the best-move table, and the history scores would mix a
second ordering into what the table does. Counts per position are summed
over the iterations. The full tables (every backend, leaves, nodes,
counters with `hinted` and `hint-best`, efficiency) are `compare`'s; here,
each group's figures beside the claims, and the figure: each backend's
leaves relative to aspiration NegaScout against the depth, a panel per
position set and evaluation:

![Leaves under iterative deepening relative to aspiration NegaScout, against depth, a panel per position set and evaluation](docs/depth-limited.svg)

TEXT
"$W" compare --depth 8 --svg docs/depth-limited.svg > "$work/depth.md"
sed -n '/^### Beside/,$p' "$work/depth.md" | tail -n +3
echo
"$W" compare --depth 6 --raw > "$work/depth-raw.md"
echo "On the plain tree:"
echo
sed -n '/^### Beside/,$p' "$work/depth-raw.md" | tail -n +5
# The same runs in the tree's own order, for what the ordering saves.
"$W" compare --depth 8 --static-order > "$work/depth-static.md"
"$W" compare --depth 6 --raw --static-order > "$work/depth-raw-static.md"
cat <<'TEXT'

What they found, in their words, as we could read it:

- "Whereas some simulations show Alpha-Beta expanding almost 100% more leaf
  nodes than other algorithms [9], our results showed variations of less
  than 20%" (Plaat, Schaeffer, Pijls and de Bruin, *A New Paradigm for
  Minimax Search*, University of Alberta TR 94-18, December 1994, abstract).
- "The averaged MTD(ƒ) leaf node counts are consistently better than for
  Aspiration NegaScout, averaging a 5–10% improvement, depending on the
  game", "MTD(ƒ) calls MT about 3 to 6 times per iteration on average", and
  MT-SSS* and MT-DUAL* each "usually performs hundreds of MT searches. The
  wider the range of leaf values, the smaller the steps with which they
  converge, and the more passes they need" (*Best-first fixed-depth minimax
  algorithms*, Artificial Intelligence 87 (1996), section 5.2.2, as read in
  the copy at fliphtml5.com/vudd/dxyb/mtd, its page 25; we did not see the
  journal's own pagination).
- "iterative deepening versions of Alpha-Beta can expand fewer leaf nodes
  than iterative deepening versions of SSS* due to dynamic move re-ordering"
  (*SSS\* = Alpha-Beta + TT*, Plaat, Schaeffer, Pijls and de Bruin, 1995,
  hdl.handle.net/1765/1441 and arXiv 1404.1517, abstract).

Claim by claim on this game, computed from the two tables above:

TEXT
check depth
cat <<'TEXT'

What the dynamic move ordering does, from the same two runs with
`--static-order` (every depth searched in the tree's own order; their
tables are not shown):

TEXT
check depth-order
cat <<TEXT

Why they fail where they fail. The MT drivers need few passes here because
the values are few: \`lines\` takes 21 values, and with fail-soft bounds a
pass returns the best bound it saw, a leaf's value, so the drivers jump
from value to value instead of stepping by one; \`weighted\` spreads the
values wider and the passes grow with the depth, as the literature says,
but to $(check depth-passes) per iteration at most, not hundreds (chess
evaluations take thousands of values). Dynamic move ordering is one thing
real programs have and simulations of uniform trees do not; the lines above
show how much of the spread it accounts for here, and what remains, these
counts do not isolate. Their claim that iterative-deepening alpha-beta
beats SSS* by dynamic move ordering is about an SSS* that no table orders:
Stockman's, whose OPEN list keeps no best move per node. MT-SSS* is the
same search as SSS* (their theorem, which \`compare --trees\` checks), but
it reports its best moves as alpha-beta does, so the table orders both,
and the ordering cannot be what separates them; where alphabeta/mt-sss
falls below 1, the reason is another, which these counts do not isolate.
With every enhancement the MT drivers' table is asked before a node is
expanded, so a stored leaf, or any of its symmetric images, is not
evaluated again, while alpha-beta and NegaScout ask their table only after
the cheap checks and evaluate every leaf they reach: on the empty board,
where most leaves are images of others, much of MTD(f)'s lead over
NegaScout is this engine's difference, not the algorithms'; the plain tree
shows the algorithms without it.
TEXT
cat <<'TEXT'

## The anytime question: MCTS and alpha-beta, against the tablebase

`winmove compare --anytime --samples 100 --svg docs/anytime.svg`: 100
questions of each class of `winmove generate` (seed 1), and how often the
move each search would play keeps the value the independent tablebase of
`winmove verify` gives: MCTS-Solver (`mcts`, the backend's default: the
score bounds and decisive moves) and plain UCT (`uct`) after N playouts,
alpha-beta at depths 1 to 8 with each evaluation. Each searcher's rate
against its budget, a panel per class and kind (a class whose every
question is free has none):

![How often the move played is right: MCTS after N playouts, alpha-beta at depth d, per class](docs/anytime.svg)

TEXT
"$W" compare --anytime --samples 100 --svg docs/anytime.svg > "$work/anytime.md"
tail -n +3 "$work/anytime.md"
cat <<'TEXT'

### Proving the answer: `mcts` beside alpha-beta and df-pn

`winmove --algo NAME --stats` on 20 questions of each class (`winmove
generate --class C --count 20 --seed 1`), per question: `mcts`'s playouts
until the answer loop has its proof (each of x's moves before the answer
proven not to win, the answer proven to win), alpha-beta's leaves, df-pn's
expansions, and each one's whole-process time over the 20 questions
(median of 5 runs by `scripts/bench_judge.py`, start-up included), with
every enhancement and on the raw tree (`--plain`; the sparse classes are
out of its reach). Plain UCT's playouts to play the right move reliably
are the anytime table's above.

TEXT
proving
cat <<'TEXT'

### Beside the `minimax` crate's MonteCarloTreeSearch

`scripts/mcts_vs_minimax.sh` (a throwaway cargo project in a temporary
folder depending on the crate and on winmove; the crate is no dependency
of winmove) implements this game for the crate's `Game` trait from the
rules alone and runs both on the same questions, on one thread:

TEXT
scripts/mcts_vs_minimax.sh 20 20000 100 2>"$work/mvm.err" || echo "(not measured: the script failed: $(tail -1 "$work/mvm.err"))"
cat <<'TEXT'

### What the papers report

- Winands, Björnsson and Saito, *Monte-Carlo Tree Search Solver*
  (Computers and Games 2008), abstract: "Experiments show that a
  Monte-Carlo LOA program using MCTS-Solver defeats a program using MCTS
  by a winning score of 65%", and "MCTS-Solver performs much better than
  a program using MCTS against several different versions of the
  world-class αβ program MIA". Their measure is games won in Lines of
  Action, not the right move on positions of known value; the tables
  above measure the latter, which only an exact tablebase allows.
- Cazenave and Saffidine, *Score Bounded Monte-Carlo Tree Search*
  (Computers and Games 2010): we did not find a copy of its figures to
  quote, so none is set beside ours.
TEXT
cat <<'TEXT'

## Cost per evaluated leaf

Every backend on uniform trees (`winmove tree --uniform B:D --count N
--algo NAME`, whole process, median of 7 by `scripts/bench_judge.py`, the
backends of a shape run in turn), divided by the leaves it evaluated and by
the nodes it reached (`--stats`; a node answered from a table counts):

TEXT
per_leaf
echo
check startup
echo
check mt-cost
cat <<'TEXT'

## Memory per backend

Peak resident memory (GNU time) of one search of one large uniform tree,
`winmove tree --uniform 4:12 --algo NAME` (16.8 million leaves, never held
in memory), with the counters that say what the backend held:

TEXT
memory
cat <<'TEXT'

SSS* holds OPEN (`max_open` states) and the nodes above it, freed when
solved or purged; the MT drivers hold a table of every node they reached
(`table`), which on node keys forgets nothing within a search up to
2,097,152 nodes (then new nodes are not stored), so memory stays bounded.

## Written trees

A uniform tree of branching 4 and depth 11 written out in bracket notation
(5,592,405 nodes; leaf values from Python's seeded generator), read and
searched by `winmove tree` (alpha-beta), peak resident memory by GNU time:

TEXT
python3 scripts/benchmarks_tables.py written-tree > "$work/tree-4-11.txt"
mb=$(peak "$W" tree "$work/tree-4-11.txt")
echo "$(python3 -c "import os; print(f'{os.path.getsize(\"$work/tree-4-11.txt\") / 1e6:.1f}')") MB of text; $mb MiB at the peak: $(python3 -c "print(f'{$mb * 1048576 / 5592405:.1f}')") bytes a node, the process included (a finished tree takes 8 bytes a node; while it is read, the preorder records, 4 bytes a node, are held too)."
echo
echo "\`winmove tree < /dev/zero\`: $(peak "$W" tree < /dev/zero) MiB at the peak: it stops at the first byte."
cat <<'TEXT'

## `winmove verify`

The whole check ([Exact, and proven so](docs/algorithms.md#exact-and-proven-so)),
timed by GNU time; its report:

```
TEXT
/usr/bin/time -f "%e %U %S %M" -o "$work/verify-time.txt" "$W" verify
cat <<'TEXT'
```

TEXT
read -r wall user sys kib < "$work/verify-time.txt"
echo "$wall s wall, $(python3 -c "print(f'{$user + $sys:.1f}')") s of CPU ($user s user, $sys s system), $(python3 -c "print(f'{$kib / 1024:.1f}')") MiB at the peak."
cat <<'TEXT'

## SSS*'s cost per leaf and memory

`examples/sss_steps.rs B D alphabeta sss` searches one uniform tree with
both backends in one process and prints ns per leaf and what SSS* kept:

```
TEXT
for shape in "4 12" "8 8" "2 24"; do "$E/sss_steps" $shape alphabeta sss; done | tee "$work/sss_steps.txt"
cat <<'TEXT'
```

TEXT
check sss-steps
cat <<'TEXT'

## Measured by hand

Not measured by this script, and kept in
[docs/history.md](docs/history.md): the depth-limited search's cost per
node and memory, what the criterion benches measure, and the figures
behind design choices (the MT drivers' table cap, `NODE_ENTRIES`, and the
test profile).
TEXT
} > BENCHMARKS.md
echo "wrote BENCHMARKS.md, docs/leaves-vs-depth.svg, docs/depth-limited.svg and docs/anytime.svg" >&2
