#!/usr/bin/env bash
# The screenshots of the learner's page (`winmove tree --html`) that README
# shows, at 1400x1000 in headless Chromium (`chromium`, or the program
# $CHROMIUM names), written into docs/ (docs/figures.txt lists them):
# Stockman's tree under sss, mtdf and dfpn at a middle step, a 100-leaf
# tree, a board's game tree, and two backends side by side in lockstep.
# Pixels differ between Chromium versions and fonts, so the tests do not
# compare them: rerun this after changing the page, and look at each.
#   scripts/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --all-features --quiet
W=target/release/winmove
browser=${CHROMIUM:-chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shot PNG PAGE FRAGMENT: the page opened at the fragment, as a picture.
shot() {
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --no-first-run --disable-background-networking --disable-sync \
        --user-data-dir="$work/profile" --window-size=1400,1000 \
        --screenshot="$1" "file://$work/$2$3" 2> /dev/null
    echo "$1: $2$3"
}

"$W" tree --algo sss,mtdf,dfpn --html "$work/stockman.html" samples/stockman.tree > /dev/null
# A step in the middle of each search.
shot docs/page-stockman-sss.png stockman.html '#algo=sss&step=12'
shot docs/page-stockman-mtdf.png stockman.html '#algo=mtdf&step=26'
shot docs/page-stockman-dfpn.png stockman.html '#algo=dfpn&step=54'

# 100 leaves, at 100% following the step's node.
"$W" tree --uniform 10:2 --values 01 --algo alphabeta,sss --html "$work/hundred.html" > /dev/null
shot docs/page-100-leaves.png hundred.html '#algo=sss&step=40&zoom=100'

# A board with four empty squares: x wins at (0,2), its first move.
printf '?\nxo.o\noxx.\nxox.\no.xo\n$\n' |
    "$W" tree --board --algo alphabeta --html "$work/board.html" > /dev/null
shot docs/page-board.png board.html '#algo=alphabeta&step=12'

# Alpha-beta and SSS* side by side, in lockstep by leaves evaluated, at
# the step where they part.
"$W" tree --algo alphabeta,sss --html "$work/side.html" samples/stockman.tree > /dev/null
shot docs/page-side-by-side.png side.html '#algo=alphabeta&step=13&side=sss&lock=leaves'
