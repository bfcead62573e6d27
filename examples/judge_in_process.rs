//! The judge's work in process, against the parse-only floor: reads a file
//! of questions into memory, then times (median of 7 runs, alternating)
//! reading every case and writing a fixed answer, and reading every case
//! and answering it with the default engine (a fresh solver per run).
//!
//! `cargo run --release --example judge_in_process -- FILE`
//! (`winmove generate --count 2000000 --seed 5 > FILE` for 2 M boards)

use std::time::Instant;
use winmove::protocol::{answer_line, Cases};
use winmove::search::alphabeta::{AlphaBeta, Pruning};
use winmove::{Enhancements, Solver};

/// Reads every case of `input` and writes the answers `answer` gives.
fn run(
    input: &[u8],
    mut answer: impl FnMut(winmove::Board) -> Option<winmove::bitboard::Square>,
) -> usize {
    let mut out = Vec::with_capacity(input.len() / 3);
    for case in Cases::new(input) {
        let board = case.expect("a valid input").board;
        out.extend_from_slice(&answer_line(answer(board)));
    }
    out.len()
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: judge_in_process FILE");
        std::process::exit(2);
    };
    let input = std::fs::read(&path).expect("a readable file");
    let boards = Cases::new(&input[..]).count();
    let (mut parse, mut engine) = (Vec::new(), Vec::new());
    for _ in 0..7 {
        let start = Instant::now();
        std::hint::black_box(run(&input, |_| None));
        parse.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let mut solver = Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::ALL);
        std::hint::black_box(run(&input, |board| solver.winning_move(board)));
        engine.push(start.elapsed().as_secs_f64());
    }
    parse.sort_by(f64::total_cmp);
    engine.sort_by(f64::total_cmp);
    let per_board = |t: f64| t * 1e9 / boards as f64;
    println!(
        "{boards} boards: parse-only {:.1} ns per board, engine {:.1} ns per board, ratio {:.2} (medians of 7)",
        per_board(parse[3]),
        per_board(engine[3]),
        engine[3] / parse[3]
    );
}
