#!/usr/bin/env bash
# winmove's MCTS beside the `minimax` crate's MonteCarloTreeSearch (crates.io,
# version pinned below), on the same questions: single-thread iterations
# (playouts) per second, and at equal playouts how often each plays a right
# move (one that keeps the value the tablebase of `winmove verify` gives),
# with its standard error.
#
# The crate is NOT a dependency of winmove: this script writes a throwaway
# cargo project in a temporary folder that depends on both (winmove by path,
# with its `mcts` feature), implements 4x4 tic-tac-toe (POJ 1568's rules: x
# and o alternate, a full row, column or diagonal of four wins, a full board
# without one is a draw) for the crate's `Game` trait from the rules alone,
# builds it with winmove's release profile (LTO, one codegen unit) and runs
# it. Needs cargo and the network (or a cargo cache holding the crate).
#   scripts/mcts_vs_minimax.sh [QUESTIONS_PER_CLASS] [SPEED_PLAYOUTS] [RIGHT_QUESTIONS_PER_CLASS]
#   scripts/mcts_vs_minimax.sh 20 20000 100     # the defaults; a few minutes
# Prints Markdown: the machine, then the two tables.
#
# The crate's iterations are the `simulate` calls that did work: once its
# solver proves the root, a call returns at once (no selection, expansion,
# playout or back-propagation), and `set_max_rollouts` still counts it. They
# are counted by the crate's own `Game::undo` hook, which it calls when a
# call steps back to the root (one compare of the state a level, charged to
# the crate's time).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
per_class=${1:-20}
speed_playouts=${2:-20000}
right_per_class=${3:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
cat > "$work/Cargo.toml" <<TOML
[package]
name = "mcts-vs-minimax"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
minimax = "=0.6.0"
winmove = { path = "$repo", features = ["mcts"] }

[profile.release]
codegen-units = 1
lto = true
debug = false
TOML
cat > "$work/src/main.rs" <<'RUST'
//! The crate's MCTS and winmove's on the same questions.

use minimax::{Game, MCTSOptions, MonteCarloTreeSearch, Strategy, Winner};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::Instant;
use winmove::answer::verify::keeping_moves;
use winmove::answer::verify::tablebase::Tablebase;
use winmove::game::bitboard::{BitBoard, Square};
use winmove::game::board::{Board, Mark};
use winmove::game::random::BoardClass;
use winmove::search::mcts::{MctsOptions, best_after};
use winmove::tree::board::{BoardNode, BoardTree, Enhancements, Position};

/// The ten lines of four, from the rules: rows, columns, diagonals.
const LINES: [u16; 10] = {
    let mut lines = [0u16; 10];
    let mut k = 0;
    while k < 4 {
        let mut j = 0;
        while j < 4 {
            lines[k] |= 1 << (4 * k + j);
            lines[4 + k] |= 1 << (4 * j + k);
            j += 1;
        }
        lines[8] |= 1 << (5 * k);
        lines[9] |= 1 << (4 * k + 3 - k);
        k += 1;
    }
    lines
};

/// A position: the marks of the player to move and of the one who just
/// moved, cell i = row i / 4, column i % 4.
#[derive(Clone, Copy, Debug)]
struct State {
    mover: u16,
    moved: u16,
}

struct TicTacToe4;

/// The root of the crate's search (`mover | moved << 16`; the crate runs
/// it on a thread of its own), and its `simulate` calls that did work:
/// each steps back to the root once, through `undo`.
static ROOT: AtomicU32 = AtomicU32::new(0);
static WORKED: AtomicU64 = AtomicU64::new(0);

impl State {
    fn packed(self) -> u32 {
        self.mover as u32 | (self.moved as u32) << 16
    }
}

impl Game for TicTacToe4 {
    type S = State;
    type M = u8;

    fn generate_moves(s: &State, moves: &mut Vec<u8>) -> Option<Winner> {
        if let Some(winner) = Self::get_winner(s) {
            return Some(winner);
        }
        let empty = !(s.mover | s.moved);
        moves.extend((0..16u8).filter(|&i| empty >> i & 1 == 1));
        None
    }

    fn apply(s: &mut State, m: u8) -> Option<State> {
        Some(State {
            mover: s.moved,
            moved: s.mover | 1 << m,
        })
    }

    /// `apply` leaves `s` as it was; a state below the root is never the
    /// root's (it has more marks).
    fn undo(s: &mut State, _m: u8) {
        if s.packed() == ROOT.load(Relaxed) {
            WORKED.store(WORKED.load(Relaxed) + 1, Relaxed);
        }
    }

    fn get_winner(s: &State) -> Option<Winner> {
        if LINES.iter().any(|&l| s.moved & l == l) {
            Some(Winner::PlayerJustMoved)
        } else if s.mover | s.moved == u16::MAX {
            Some(Winner::Draw)
        } else {
            None
        }
    }
}

/// The crate's move after `playouts` rollouts, on one thread.
fn crate_move(board: Board, playouts: u32) -> Option<Square> {
    let state = State {
        mover: board.marks(Mark::X).0,
        moved: board.marks(Mark::O).0,
    };
    ROOT.store(state.packed(), Relaxed);
    let mut mcts = MonteCarloTreeSearch::<TicTacToe4>::new(MCTSOptions::default().with_num_threads(1));
    mcts.set_max_rollouts(playouts);
    mcts.choose_move(&state).map(|m| Square::from_index(m as usize))
}

/// winmove's move after `playouts` playouts: MCTS-Solver with decisive
/// moves (`solver`), or plain UCT.
fn winmove_move(board: Board, playouts: u64, solver: bool) -> Option<Square> {
    let options = MctsOptions {
        seed: 1,
        solver,
        decisive: solver,
        ..MctsOptions::default()
    };
    let root = BoardNode::root(Position { board, to_move: Mark::X });
    let tree = BoardTree::new(Enhancements::NONE);
    let child = best_after(&tree, root, playouts, &options)?;
    board.empty().into_iter().nth(child)
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let (per_class, speed, right_per_class) = (args[0] as usize, args[1], args[2] as usize);
    let classes: Vec<(BoardClass, Vec<Board>)> =
        BoardClass::ALL.iter().map(|&c| (c, c.boards(1, per_class))).collect();

    println!("Single thread, {speed} playouts asked per question, {per_class} questions per class (`winmove generate --class C --count {per_class} --seed 1`): the whole search of each question timed, the two in turns question by question, iterations (selection, expansion, playout, back-propagation) per second of the class's total. The crate's iterations are its `simulate` calls that did work (once its solver proves the root, a call returns at once, though `set_max_rollouts` counts it): the column `crate's calls that worked` gives their share. winmove: plain UCT (`solver: false, decisive: false`, which runs every iteration asked; MCTS-Solver may stop early, when the root is proven).\n");
    println!("| class | minimax crate | crate's calls that worked | winmove uct | winmove / crate |");
    println!("|---|---:|---:|---:|---:|");
    for (class, boards) in &classes {
        // Question by question, in turns (each first every other time), so
        // that a load on the shared machine weighs on both alike.
        let (mut theirs, mut ours) = (0.0, 0.0);
        WORKED.store(0, Relaxed);
        for (k, &b) in boards.iter().enumerate() {
            let time = |f: &dyn Fn()| {
                let start = Instant::now();
                f();
                start.elapsed().as_secs_f64()
            };
            let crate_turn = || time(&|| {
                crate_move(b, speed as u32);
            });
            let our_turn = || time(&|| {
                winmove_move(b, speed, false);
            });
            if k % 2 == 0 {
                theirs += crate_turn();
                ours += our_turn();
            } else {
                ours += our_turn();
                theirs += crate_turn();
            }
        }
        let worked = WORKED.load(Relaxed) as f64;
        let n = (boards.len() as u64 * speed) as f64;
        println!(
            "| {} | {:.0} | {:.1}% | {:.0} | {:.2} |",
            class.name(),
            worked / theirs,
            100.0 * worked / n,
            n / ours,
            (n / ours) / (worked / theirs)
        );
    }

    let table = Tablebase::build(2, &|_| {}).expect("memory for the tablebase");
    let budgets = [100u64, 1_000, 10_000];
    let classes: Vec<(BoardClass, Vec<Board>)> =
        BoardClass::ALL.iter().map(|&c| (c, c.boards(1, right_per_class))).collect();
    println!("\nRight moves at equal playouts, on {right_per_class} questions per class (`--count {right_per_class} --seed 1`; `asked`: those where some move is wrong): the fraction of the questions asked on which the move played keeps the tablebase's value, ± its standard error (sqrt(p (1 - p) / asked)). The crate's rollouts are seeded by `rand::rng()`, so its rows move from run to run; winmove's are seeded (seed 1).\n");
    print!("| class | asked | searcher |");
    for n in budgets {
        print!(" N = {n} |");
    }
    println!();
    println!("|---|---:|---|{}", "---:|".repeat(budgets.len()));
    for (class, boards) in &classes {
        let asked: Vec<(Board, BitBoard)> = boards
            .iter()
            .map(|&b| (b, keeping_moves(&table, b)))
            .filter(|&(b, right)| right != b.empty())
            .collect();
        let searchers: [(&str, &dyn Fn(Board, u64) -> Option<Square>); 3] = [
            ("minimax crate", &|b, n| crate_move(b, n as u32)),
            ("winmove mcts", &|b, n| winmove_move(b, n, true)),
            ("winmove uct", &|b, n| winmove_move(b, n, false)),
        ];
        for (name, choose) in searchers {
            print!("| {} | {} | {name} |", class.name(), asked.len());
            for n in budgets {
                let right = asked
                    .iter()
                    .filter(|&&(b, right)| choose(b, n).is_some_and(|s| right.has(s)))
                    .count();
                if asked.is_empty() {
                    print!(" - |");
                } else {
                    let p = right as f64 / asked.len() as f64;
                    let se = (p * (1.0 - p) / asked.len() as f64).sqrt();
                    print!(" {p:.2} ± {se:.2} |");
                }
            }
            println!();
        }
    }
}
RUST
echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores available (shared)"
echo "- $(rustc --version); minimax 0.6.0 and winmove $(git -C "$repo" rev-parse --short HEAD), both built with LTO and one codegen unit"
echo
cd "$work"
cargo build --release --quiet
"$work/target/release/mcts-vs-minimax" "$per_class" "$speed_playouts" "$right_per_class"
