//! Judging a contestant's program: run it on generated questions as a
//! judge would, give a verdict, and shrink a failing board.
//!
//! [`run`] runs a program with a time limit and an output bound,
//! [`judge`](mod@judge) turns its output into a verdict against the
//! engine's exact answers, [`shrink`](mod@shrink) removes pieces from a
//! failing board while the program still fails, and [`Checker`] puts them
//! together.

pub mod judge;
pub mod run;
pub mod shrink;

use crate::answer::solver::Solver;
use crate::game::bitboard::Square;
use crate::game::board::Board;
use crate::protocol::{answer_line, questions_text};
use crate::search::Search;
use crate::search::alphabeta::{AlphaBeta, Pruning};
use crate::tree::board::{BoardTree, Enhancements};
use judge::{Judgement, Verdict, judge};
use run::{Limits, Program, Run};
use shrink::{CountRule, Shrunk, shrink};
use std::io;
use std::time::Duration;

/// Bytes of output allowed beyond twice the expected output.
pub const OUTPUT_SLACK: usize = 4096;

/// One judged run of the program.
#[derive(Clone, Debug)]
pub struct Trial {
    /// The questions it was given.
    pub boards: Vec<Board>,
    /// Their exact answers.
    pub answers: Vec<Option<Square>>,
    /// What it produced.
    pub run: Run,
    /// The verdict.
    pub judgement: Judgement,
}

/// What a check found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The run on every question.
    pub full: Trial,
    /// The first failing case run alone, if a case failed.
    pub alone: Option<Trial>,
    /// The smallest board the program fails on alone as it failed on that
    /// case, with its run, if the case failed alone.
    pub smallest: Option<(Shrunk, Trial)>,
    /// The time the runs of the shrinking took, together.
    pub shrink_time: Duration,
}

/// A program to judge, and the engine that knows the answers.
#[derive(Debug)]
pub struct Checker {
    program: Program,
    time: Duration,
    solver: Solver<Box<dyn Search<BoardTree>>>,
}

impl Checker {
    /// A checker of `program`, each run limited to `time`.
    pub fn new(program: Program, time: Duration) -> Checker {
        let backend: Box<dyn Search<BoardTree>> = Box::new(AlphaBeta::new(Pruning::Deep));
        Checker {
            program,
            time,
            solver: Solver::new(backend, Enhancements::ALL),
        }
    }

    /// Runs the program once on `boards` and judges its output.
    pub fn trial(&mut self, boards: &[Board]) -> io::Result<Trial> {
        let answers: Vec<_> = boards
            .iter()
            .map(|&b| self.solver.winning_move(b))
            .collect();
        let limits = Limits {
            time: self.time,
            // Every answer line has the same length.
            output: 2 * answers.len() * answer_line(None).len() + OUTPUT_SLACK,
        };
        let run = self
            .program
            .run(questions_text(boards).into_bytes(), limits)?;
        let judgement = judge(&answers, &run);
        Ok(Trial {
            boards: boards.to_vec(),
            answers,
            run,
            judgement,
        })
    }

    /// Judges the program on `boards`; if a case fails, runs it alone,
    /// and if it fails alone too, shrinks it by `rule` with at most
    /// `max_runs` more runs.
    pub fn check(
        &mut self,
        boards: &[Board],
        rule: CountRule,
        max_runs: usize,
    ) -> io::Result<Report> {
        let full = self.trial(boards)?;
        let mut report = Report {
            alone: None,
            smallest: None,
            shrink_time: Duration::ZERO,
            full,
        };
        let Some(failing) = &report.full.judgement.failing else {
            return Ok(report);
        };
        let board = boards[failing.case];
        let alone = self.trial(&[board])?;
        let verdict = alone.judgement.verdict;
        if verdict != Verdict::Accepted {
            let mut last = alone.clone();
            let shrunk = shrink(board, rule, max_runs, |smaller| -> io::Result<bool> {
                let trial = self.trial(&[smaller])?;
                report.shrink_time += trial.run.elapsed;
                let fails = trial.judgement.verdict == verdict;
                if fails {
                    last = trial;
                }
                Ok(fails)
            })?;
            report.smallest = Some((shrunk, last));
        }
        report.alone = Some(alone);
        Ok(report)
    }
}
