//! The judge's work in-process. Group `judge-file`: files of questions
//! drawn as a judge would (`BoardClass::Judge`, fixed seed), read and
//! answered: parse-only (a fixed answer per case) and the default engine on
//! 1,000,000 questions (the engine's goal: within twice parse-only), and
//! the textbook form on the first 20,000. Group `hard-boards`: the empty
//! board and the slowest sparse boards with unequal counts, each answered
//! by a fresh default-engine solver.
//!
//! Run: `cargo bench --all-features --bench judge`

mod common;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use std::time::Duration;
use winmove::AlphaBeta;
use winmove::Cases;
use winmove::Square;
use winmove::game::random::BoardClass;
use winmove::protocol::{answer_line, questions_text};
use winmove::search::alphabeta::Pruning;
use winmove::{Board, Enhancement, Enhancements, Solver};

/// The seed the judge file is drawn from.
const JUDGE_SEED: u64 = 1568;

/// Questions in the judge file.
const JUDGE_BOARDS: usize = 1_000_000;

/// Questions the textbook form answers (about two seconds' work).
const TEXTBOOK_BOARDS: usize = 20_000;

/// The textbook tree: nothing but the proven count shortcut.
const TEXTBOOK: Enhancements = Enhancements::NONE.with(Enhancement::Shortcut);

/// Hard boards by name (`xRC`: an x on row R, column C), as the judge's
/// four rows. Besides the empty board (settled by the count shortcut), the
/// three slowest for a fresh default-engine solver among all 162,228 legal
/// boards with unequal counts and at most 5 pieces (every board
/// `BoardClass::SparseUnequal` can draw): each timed once, then the 40
/// slowest again as the best of 21 runs. At commit f2ca652 they take about
/// 0.12-0.14 ms; all three have 3 x and no o.
const HARD_BOARDS: [(&str, &str); 4] = [
    ("empty", "....\n....\n....\n....\n"),
    ("x10-x12-x23", "....\nx.x.\n...x\n....\n"),
    ("x13-x20-x21", "....\n...x\nxx..\n....\n"),
    ("x02-x11-x31", "..x.\n.x..\n....\n.x..\n"),
];

/// Reads every case of `text` and writes the output `answer` gives.
fn answer_file(text: &str, mut answer: impl FnMut(Board) -> Option<Square>) -> Vec<u8> {
    let mut out = Vec::with_capacity(JUDGE_BOARDS * 6);
    for case in Cases::new(text.as_bytes()) {
        let board = case.expect("generated input is valid").board;
        out.extend_from_slice(&answer_line(answer(board)));
    }
    out
}

/// Answers `text` with a fresh solver of the given pruning and tree.
fn solve_file(text: &str, pruning: Pruning, enhancements: Enhancements) -> Vec<u8> {
    let mut solver = Solver::new(AlphaBeta::new(pruning), enhancements);
    answer_file(text, |board| solver.winning_move(board))
}

/// The judge file three ways: parse-only and the default engine on all
/// [`JUDGE_BOARDS`] questions, the textbook form on the first
/// [`TEXTBOOK_BOARDS`]. Solvers are created inside the timed closure: one
/// per file, as the program does.
fn judge_file(c: &mut Criterion) {
    let boards = BoardClass::Judge.boards(JUDGE_SEED, JUDGE_BOARDS);
    let text = questions_text(&boards);
    let textbook_text = questions_text(&boards[..TEXTBOOK_BOARDS]);
    let mut group = c.benchmark_group("judge-file");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("parse-only-1m", |b| b.iter(|| answer_file(&text, |_| None)));
    group.bench_function("engine-1m", |b| {
        b.iter(|| solve_file(&text, Pruning::Deep, Enhancements::DEFAULT))
    });
    // About 2 s per iteration on a quiet machine (more under load): 12 s
    // do not hold 10 samples, so criterion warns and takes longer.
    group.measurement_time(Duration::from_secs(12));
    group.bench_function("textbook-20k", |b| {
        b.iter(|| solve_file(&textbook_text, Pruning::Shallow, TEXTBOOK))
    });
    group.finish();
}

/// The hard boards, each answered by a fresh default-engine solver created
/// inside the timed closure (so no table carries over); `new-solver` times
/// that creation alone, to subtract from the others.
fn hard_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("hard-boards");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1));
    group.bench_function("new-solver", |b| {
        b.iter(|| Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::DEFAULT))
    });
    for (name, rows) in HARD_BOARDS {
        let text = format!("?\n{rows}$\n");
        let board = Cases::new(text.as_bytes())
            .next()
            .expect("one case")
            .expect("hard boards are valid")
            .board;
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut solver = Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::DEFAULT);
                solver.winning_move(board)
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = judge_file, hard_boards
}
criterion_main!(benches);
