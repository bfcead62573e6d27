//! The judge's work in process, against the parse-only floor: reads a file
//! of questions into memory, then times, in turn, reading every case and
//! writing a fixed answer, and reading every case and answering it with
//! the default engine (a fresh solver per run). Prints the median time of
//! each, and the median of the ratios of each engine run to the parse-only
//! run just before it (pairing keeps the ratio steady when the machine's
//! speed drifts).
//!
//! `cargo run --release --example judge_in_process -- FILE [PAIRS]` (15
//! pairs of runs unless told)
//! (`winmove generate --count 2000000 --seed 5 > FILE` for 2 M boards)

use std::time::Instant;
use winmove::AlphaBeta;
use winmove::Cases;
use winmove::protocol::answer_line;
use winmove::search::alphabeta::Pruning;
use winmove::{Enhancements, Solver};

/// Reads every case of `input` and writes the answers `answer` gives.
fn run(input: &[u8], mut answer: impl FnMut(winmove::Board) -> Option<winmove::Square>) -> usize {
    let mut out = Vec::with_capacity(input.len() / 3);
    for case in Cases::new(input) {
        let board = case.expect("a valid input").board;
        out.extend_from_slice(&answer_line(answer(board)));
    }
    out.len()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), pairs) = (args.next(), args.next()) else {
        eprintln!("usage: judge_in_process FILE [PAIRS]");
        std::process::exit(2);
    };
    let Ok(pairs) = pairs.map_or(Ok(15), |n| n.parse::<usize>()) else {
        eprintln!("judge_in_process: PAIRS must be a whole number");
        std::process::exit(2);
    };
    let input = std::fs::read(&path).expect("a readable file");
    let boards = Cases::new(&input[..]).count();
    let (mut parse, mut engine, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..pairs.max(1) {
        let start = Instant::now();
        std::hint::black_box(run(&input, |_| None));
        let floor = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let mut solver = Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::DEFAULT);
        std::hint::black_box(run(&input, |board| solver.winning_move(board)));
        let answered = start.elapsed().as_secs_f64();
        parse.push(floor);
        engine.push(answered);
        ratios.push(answered / floor);
    }
    let median = |mut times: Vec<f64>| {
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let per_board = |t: f64| t * 1e9 / boards as f64;
    println!(
        "{boards} boards: parse-only {:.1} ns per board, engine {:.1} ns per board, ratio {:.2} (medians of {} pairs of runs)",
        per_board(median(parse)),
        per_board(median(engine)),
        median(ratios),
        pairs.max(1)
    );
}
