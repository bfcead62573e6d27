#!/usr/bin/env bash
# Every kind of output of a winmove binary, for comparing two builds byte for
# byte (a refactoring must leave them identical):
#
#   scripts/outputs.sh BIN DIR        runs ~170 commands with BIN, writing
#                                     DIR/NNN.cmd, .out (with the exit status)
#                                     and .err; from the repository's root
#   scripts/outputs.sh --compare A B  names the outputs that differ (the times
#                                     in check's reports aside)
#
# Needs python3 (check judges samples/hashes.py); takes about 4 minutes.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --compare ]; then
    A=$2 B=$3 bad=0
    norm() { sed -E 's/[0-9]+\.[0-9]+ s/T s/g' "$1"; }
    for f in "$A"/*.cmd; do
        i=$(basename "$f" .cmd)
        for s in out err; do
            if ! cmp -s <(norm "$A/$i.$s") <(norm "$B/$i.$s"); then
                echo "differs: $i.$s: $(cat "$f")"
                bad=1
            fi
        done
    done
    [ $bad = 0 ] && echo "all $(ls "$A"/*.cmd | wc -l) identical"
    exit $bad
fi

export B=$1
OUT=$2
mkdir -p "$OUT"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ALL=alphabeta,alphabeta-shallow,minimax,scout,sss,negascout,mt-sss,mt-dual,mtdf,pns,dfpn,mcts
n=0
run() {
    n=$((n + 1))
    local f
    f="$OUT/$(printf %03d $n)"
    echo "$1" | sed "s#$T#\$T#g" > "$f.cmd"
    timeout 300 bash -c "$1" > "$f.out" 2> "$f.err"
    echo "rc=$?" >> "$f.out"
}
"$B" generate --count 300 --seed 7 --class all > "$T/all.in"
"$B" generate --count 100 --seed 3 --class midgame > "$T/mid.in"
"$B" generate --count 40 --seed 5 --class eight > "$T/eight.in"
head -10 "$T/eight.in" > "$T/two.in"
echo '$' >> "$T/two.in"
for f in samples/*.in; do
    run "\$B $f"
    run "\$B --stats --order $f"
done
run "\$B $T/all.in"
run "\$B --algo $ALL --stats $T/mid.in"
run "\$B --plain --algo $ALL --stats --order $T/eight.in"
run "\$B --enhance all,etc --algo $ALL --stats $T/mid.in"
for e in shortcut forced bounds window tt symmetry ordering; do
    run "\$B --without $e --algo $ALL --stats $T/eight.in"
done
run "\$B --algo $ALL --trace samples/strategy.in"
run "\$B --algo $ALL --trace $T/two.in"
run "\$B --without tt,bounds --algo alphabeta,sss,pns,dfpn --trace $T/two.in"
for t in samples/textbook.trees samples/japanese.tree samples/stockman.tree; do
    run "\$B tree --algo $ALL --stats --order --pv $t"
    run "\$B tree --algo $ALL --trace $t"
    run "\$B tree --algo mtdf --guess 5 --trace --stats $t"
    run "\$B tree --draw - --algo $ALL $t"
    run "\$B tree --html - --algo $ALL $t"
done
for s in 2:3 3:4 4:3 1-4:4; do
    for o in random best worst strong; do
        run "\$B tree --uniform $s --ordering $o --count 5 --seed 11 --algo $ALL --stats --order --pv"
    done
done
run "\$B tree --uniform 3:3 --count 3 --values 01 --algo $ALL --trace --stats"
run "\$B tree --uniform 2:4 --count 3 --seed 3 --algo $ALL --trace"
run "\$B tree --uniform 5:4 --count 4 --algo $ALL --stats --table-size 30"
run "\$B tree --uniform 3:3 --draw - --algo $ALL"
run "\$B tree --uniform 3:3 --html - --algo $ALL"
run "echo '[[1,0],[inf,-inf],[[2,3],[4,[5,6]]]]' | \$B tree --algo $ALL --stats --order --trace --pv"
run "printf '?\nxxox\no.oo\nxoox\nx...\n\$\n' | \$B tree --board --algo $ALL --stats --order --pv --trace"
run "printf '?\nxxox\no.oo\nxoox\nx...\n\$\n' | \$B tree --board --html - --draw -"
run "\$B tree --board --algo $ALL --stats samples/regression.in"
for a in ${ALL//,/ }; do
    for d in 0 1 3 5; do run "\$B value --depth $d --algo $a --stats $T/mid.in"; done
    run "\$B value --algo $a --stats samples/regression.in"
    run "\$B value --depth 4 --eval weighted --iterative --stats --algo $a $T/eight.in"
    run "\$B value --depth 3 --algo $a --trace samples/statement.in"
    run "\$B value --plain --depth 2 --stats --order --algo $a samples/strategy.in"
done
run "\$B value --depth 4 --iterative --history --stats --algo mtdf $T/eight.in"
run "\$B value --depth 4 --iterative --aspiration 5 --stats --eval weighted --algo negascout samples/statement.in"
run "\$B explain samples/regression.in"
run "\$B explain --strategy $T/mid.in"
run "\$B explain --strategy --max-lines 20 samples/regression.in"
run "\$B compare"
run "\$B compare --raw --samples 4"
run "\$B compare --value --raw --samples 4"
run "\$B compare --boards samples/regression.in --format csv"
run "\$B compare --trees --samples 3 --svg -"
run "\$B compare --trees --samples 3 --ordering strong --format csv"
run "\$B compare --trees --samples 3 --ragged --values 01"
run "\$B compare --depth 3 --samples 3 --eval both --svg -"
run "\$B compare --depth 3 --samples 3 --raw --static-order --format csv"
run "\$B generate --count 50 --seed 9 --class all"
run "\$B check --count 30 --time-limit 2 -- python3 samples/hashes.py"
run "\$B check --count 30 --time-limit 2 -- sh -c 'while read l; do :; done; yes \"#####\" | head -30'"
run "\$B samples/typo.txt"
run "printf '?\n....\n' | \$B"
run "printf '[1,[2,' | \$B tree"
run "\$B tree --uniform 6:3 --html /dev/null"
run "\$B --algo nonesuch"
run "\$B tree --algo sss,dfpn --enhance etc x"
echo "$n commands, outputs in $OUT"
