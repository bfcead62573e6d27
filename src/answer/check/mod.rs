//! Judging a contestant's program: run it on generated questions as a
//! judge would, give a verdict, and shrink a failing board.
//!
//! [`run`] runs a program in its own process group with a time limit and
//! bounds on its output and memory, [`judge`](mod@judge) turns its output
//! into a verdict against the engine's exact answers, [`shrink`](mod@shrink)
//! removes pieces from a failing board while the program still fails, and
//! [`Checker`] puts them together: the failing case alone, the slow case
//! behind a timed-out run, the shrinking; [`report`](mod@report) writes
//! what it found; [`sys`] holds the calls of the C library that end what
//! a program started, however the check ends.

pub mod judge;
pub mod report;
pub mod run;
pub mod shrink;
pub mod sys;

use crate::answer::solver::Solver;
use crate::game::bitboard::Square;
use crate::game::board::Board;
use crate::protocol::{answer_line, questions_text};
use crate::search::Search;
use crate::search::alphabeta::{AlphaBeta, Pruning};
use crate::tree::board::{BoardTree, Enhancements};
use judge::{Judgement, Verdict, judge};
use run::{Limits, Program, Run};
use shrink::{CountRule, Outcome, Shrunk, shrink};
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

/// The case that takes too long, found when the run on every question
/// timed out but its first failing case alone did not (the program kept
/// its answers in a buffer, say).
#[derive(Clone, Debug)]
pub struct Slow {
    /// The first case `c` such that the cases from the first failing one
    /// to `c`, run together, time out (found by bisection).
    pub case: usize,
    /// Runs spent finding it.
    pub runs: usize,
    /// That case run alone: timed out if it is slow alone.
    pub alone: Trial,
}

/// The smallest failing board found by shrinking.
#[derive(Clone, Debug)]
pub struct Smallest {
    /// Where shrinking ended.
    pub shrunk: Shrunk,
    /// The run on that board.
    pub trial: Trial,
    /// The time the runs of the shrinking took, together.
    pub time: Duration,
}

/// Why no smaller board was sought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotShrunk {
    /// The case alone is answered right (and no slow case fails alone).
    PassesAlone,
    /// A Presentation Error is in the form of the output, whatever the board.
    Presentation,
    /// No runs were allowed for it.
    NoRuns,
}

/// What a check found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The run on every question.
    pub full: Trial,
    /// The first failing case run alone, if a case failed.
    pub alone: Option<Trial>,
    /// The case found slow, if the run timed out and its first failing
    /// case alone did not.
    pub slow: Option<Slow>,
    /// The smallest failing board, or why none was sought (`None` if no
    /// case was run alone).
    pub smallest: Option<Result<Smallest, NotShrunk>>,
    /// Why the check stopped early: a later run could not be made (the
    /// verdict and what was found before it stand).
    pub stopped: Option<String>,
}

/// What a check is doing, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Running the failing case alone.
    Alone,
    /// Looking for the slow case: runs so far.
    Locating {
        /// Runs so far.
        runs: usize,
    },
    /// Shrinking.
    Shrinking {
        /// Runs so far.
        runs: usize,
        /// Most runs allowed.
        max_runs: usize,
        /// Pieces of the smallest failing board so far.
        pieces: u32,
    },
}

/// A program to judge, and the engine that knows the answers.
#[derive(Debug)]
pub struct Checker {
    program: Program,
    time: Duration,
    memory: Option<u64>,
    solver: Solver<Box<dyn Search<BoardTree>>>,
}

impl Checker {
    /// A checker of `program`, each run limited to `time` and, if given,
    /// to `memory` bytes of resident memory.
    pub fn new(program: Program, time: Duration, memory: Option<u64>) -> Checker {
        let backend: Box<dyn Search<BoardTree>> = Box::new(AlphaBeta::new(Pruning::Deep));
        Checker {
            program,
            time,
            memory,
            solver: Solver::new(backend, Enhancements::DEFAULT),
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
            memory: self.memory,
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

    /// Judges the program on `boards` (an error if it cannot be run). If a
    /// case fails, runs it alone; if the run timed out and the case alone
    /// does not, looks for the case that does ([`Slow`]); shrinks the case
    /// that fails alone by `rule` (the rule of each board if `None`) with
    /// at most `max_runs` more runs. Tells `progress` what it does. A later
    /// run that cannot be made stops the check with what it found.
    pub fn check(
        &mut self,
        boards: &[Board],
        rule: Option<CountRule>,
        max_runs: usize,
        progress: &mut dyn FnMut(Progress),
    ) -> io::Result<Report> {
        let full = self.trial(boards)?;
        let mut report = Report {
            full,
            alone: None,
            slow: None,
            smallest: None,
            stopped: None,
        };
        if let Err(e) = self.look_closer(boards, rule, max_runs, progress, &mut report) {
            report.stopped = Some(e.to_string());
        }
        Ok(report)
    }

    /// The runs after the first: the failing case alone, the slow case,
    /// the shrinking, each written into `report` as it is done.
    fn look_closer(
        &mut self,
        boards: &[Board],
        rule: Option<CountRule>,
        max_runs: usize,
        progress: &mut dyn FnMut(Progress),
        report: &mut Report,
    ) -> io::Result<()> {
        let Some(failing) = &report.full.judgement.failing else {
            return Ok(());
        };
        let first = failing.case;
        progress(Progress::Alone);
        let alone = self.trial(&[boards[first]])?;
        let mut failing_alone = (alone.judgement.verdict != Verdict::Accepted).then_some(first);
        let timed_out = report.full.judgement.verdict == Verdict::TimeLimitExceeded;
        report.alone = Some(alone);
        if timed_out && failing_alone.is_none() {
            let slow = self.locate(boards, first, progress)?;
            if slow.alone.judgement.verdict != Verdict::Accepted {
                failing_alone = Some(slow.case);
            }
            report.slow = Some(slow);
        }
        let Some(case) = failing_alone else {
            report.smallest = Some(Err(NotShrunk::PassesAlone));
            return Ok(());
        };
        let trial = match &report.slow {
            Some(slow) => &slow.alone,
            None => report.alone.as_ref().expect("run alone"),
        };
        let verdict = trial.judgement.verdict;
        if verdict == Verdict::PresentationError {
            report.smallest = Some(Err(NotShrunk::Presentation));
            return Ok(());
        }
        if max_runs == 0 {
            report.smallest = Some(Err(NotShrunk::NoRuns));
            return Ok(());
        }
        let board = boards[case];
        let rule = rule.unwrap_or_else(|| CountRule::of_board(board));
        let mut last = trial.clone();
        let mut time = Duration::ZERO;
        let (mut pieces, mut runs) = (board.pieces(), 0);
        let (shrunk, error) = shrink(board, rule, max_runs, |smaller| -> io::Result<Outcome> {
            progress(Progress::Shrinking {
                runs,
                max_runs,
                pieces,
            });
            runs += 1;
            let trial = self.trial(&[smaller])?;
            time += trial.run.elapsed;
            let got = trial.judgement.verdict;
            Ok(if got == verdict {
                pieces = smaller.pieces();
                last = trial;
                Outcome::Fails
            } else if got == Verdict::TimeLimitExceeded {
                Outcome::TimedOut
            } else {
                Outcome::Other
            })
        });
        report.smallest = Some(Ok(Smallest {
            shrunk,
            trial: last,
            time,
        }));
        error.map_or(Ok(()), Err)
    }

    /// Finds the first case `c` from `first` such that the cases from
    /// `first` to `c` together time out, by bisection (the run on all of
    /// them timed out), and runs it alone.
    fn locate(
        &mut self,
        boards: &[Board],
        first: usize,
        progress: &mut dyn FnMut(Progress),
    ) -> io::Result<Slow> {
        let (mut low, mut high) = (first, boards.len() - 1);
        let mut runs = 0;
        while low < high {
            progress(Progress::Locating { runs });
            let middle = low + (high - low) / 2;
            let trial = self.trial(&boards[first..=middle])?;
            runs += 1;
            if trial.judgement.verdict == Verdict::TimeLimitExceeded {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        progress(Progress::Locating { runs });
        let alone = self.trial(&[boards[low]])?;
        Ok(Slow {
            case: low,
            runs: runs + 1,
            alone,
        })
    }
}
