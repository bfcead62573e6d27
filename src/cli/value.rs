//! `winmove value [OPTIONS] [FILE]`: the minimax value of each question,
//! exact or to a depth limit with an evaluation, and the first square
//! whose move attains it.

use super::args::UsageError;
use super::command::{Command, Subcommand, Words};
use super::output::{Failure, Io, Status, input_path, open};
use super::search_options::{self, EnhancementChoice, SearchOptions};
use super::searcher::{Backends, report};
use super::table::Help::{Made, Text};
use super::table::{Row, forbid, option_lines, set};
use std::ffi::OsString;
use std::io::{Read, Write};
use winmove::answer::minimal::value_minimal;
use winmove::answer::value::{Valued, at_depth_limit, exact_depth, value_deepened, value_of};
use winmove::game::eval::Eval;
use winmove::protocol::Cases;
use winmove::protocol::words::listed;
use winmove::search::Algo;
use winmove::search::iterative::Deepening;
use winmove::tree::board::{DepthTree, Enhancement, GuidedTree};
use winmove::tree::value::{INF, Shown, Value, Window};

/// The options as given.
#[derive(Default)]
struct Options {
    search: SearchOptions,
    enhancements: EnhancementChoice,
    /// `--depth`; `None` for the exact value.
    depth: Option<u32>,
    eval: Option<Eval>,
    iterative: bool,
    history: bool,
    aspiration: Option<Value>,
    input: Option<OsString>,
}

pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "value",
    summary: "the minimax value of each question, exact or to a depth, and its first square",
    options: &[
        Row::value(
            "--depth",
            "D",
            Made(|| {
                format!(
                    "search D plies from the question (0 to {MAX_DEPTH}); \
                     without it, the exact value (inf, 0 or -inf)"
                )
            }),
            |o, given| set(&mut o.depth, Some(given.number(0, MAX_DEPTH)?)),
        ),
        Row::value(
            "--eval",
            "NAME",
            Made(|| format!("with --depth: see EVALUATIONS (default {EVAL}, the lecture's)")),
            |o, given| {
                let eval = given.text()?.trim().parse::<Eval>();
                set(
                    &mut o.eval,
                    Some(eval.map_err(|e| UsageError::new(e.to_string()))?),
                )
            },
        ),
        Row::flag(
            "--iterative",
            Text(
                "with --depth D: iterative deepening, depths 1 to D, one backend kept across them \
                 (not with --order)",
            ),
            |o, _| set(&mut o.iterative, true),
        ),
        Row::flag(
            "--history",
            Text("with --iterative: the history heuristic too (off by default)"),
            |o, _| set(&mut o.history, true),
        ),
        Row::value(
            "--aspiration",
            "DELTA",
            Made(|| {
                format!(
                    "with --iterative and --algo {}: each depth's root window \
                     (v - DELTA, v + DELTA) around the last depth's value v",
                    listed(&ASPIRING.map(Algo::name), "or")
                )
            }),
            |o, given| set(&mut o.aspiration, Some(given.number(1, INF - 1)?)),
        ),
        Row::Shared(&EnhancementChoice::rows(|o: &mut Options| {
            &mut o.enhancements
        })),
        Row::Shared(&SearchOptions::rows(|o: &mut Options| &mut o.search)),
        Row::HELP,
    ],
    words: Words::File(|o| &mut o.input),
    help,
    run,
};

/// The most plies `--depth` takes: a question has at most 16 empty
/// squares, so deeper is the exact value.
const MAX_DEPTH: u32 = 16;

/// The evaluation unless `--eval` says: the lecture's open lines, so that
/// `winmove value --depth D` is the depth-limited minimax it teaches.
const EVAL: Eval = Eval::Lines;

/// The backends whose root window an aspiration narrows.
const ASPIRING: [Algo; 2] = [Algo::AlphaBeta, Algo::NegaScout];

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    format!(
        "winmove value: the minimax value of each question, exact or to a depth limit

USAGE:
    winmove value [OPTIONS] [FILE]    (default: standard input)

The questions are read as 'winmove' reads them (see 'winmove --help'). One line per case:
VALUE SQUARE, the minimax value from x's side (inf: x can force a win, -inf: o can, or an
integer, 0 for a draw when exact) and the first square (r,c), in row-major order, whose move
attains it (- with no move to make). --depth D searches D plies down and scores the positions
there by the evaluation (a four is still inf or -inf, a full board 0); --iterative deepens,
depths 1 to D with one backend. --stats' minimal= is the fewest leaves proving the value v,
knowing every leaf lies in -inf..=inf: every move worth at most v and one of them at least v
(for inf, one winning move alone; for -inf, every move at most -inf alone); minimal=? past
--minimal-memory. docs/workbench.md describes them in full.

EVALUATIONS (--eval; integers from x's side, invariant under the 32 automorphisms):
{}
OPTIONS:
{options}
ENHANCEMENTS (all but etc on by default; each keeps every value exact):
{}{}
EXIT STATUS:
    0 every value written; 1 bad input or a failed write; 2 bad command line.
",
        option_lines(&Eval::ALL.map(|e| (e.name(), e.summary()))),
        option_lines(&Enhancement::ALL.map(|e| (e.name(), at_depth_limit(e)))),
        search_options::help(),
    )
}

impl Options {
    /// Checks the options against each other.
    fn check(&self) -> Result<(), UsageError> {
        let aspiring = self.iterative && ASPIRING.contains(&self.search.algo());
        forbid(&[
            (
                self.eval.is_some() && self.depth.is_none(),
                "--eval needs --depth (without it the value is exact: no position is scored)",
            ),
            (
                self.iterative && self.depth.is_none(),
                "--iterative needs --depth",
            ),
            (
                self.history && !self.iterative,
                "--history needs --iterative",
            ),
            (
                self.iterative && self.search.order,
                "--order cannot be combined with --iterative",
            ),
            (
                self.aspiration.is_some() && !aspiring,
                &format!(
                    "--aspiration needs --iterative and --algo {}",
                    listed(&ASPIRING.map(Algo::name), "or")
                ),
            ),
        ])?;
        self.search.check(false)
    }

    /// The tree of a question, to the depth limit.
    fn tree(&self) -> DepthTree {
        DepthTree::new(self.enhancements.chosen(), self.eval.unwrap_or(EVAL))
    }

    /// The input.
    fn open(&self, io: &mut Io) -> Result<Box<dyn Read>, Failure> {
        open(&input_path(self.input.clone()), io)
    }
}

fn run(options: Options, io: &mut Io) -> Status {
    options.check()?;
    if options.iterative {
        return run_iterative(&options, io);
    }
    let tree = options.tree();
    let mut backends = Backends::<DepthTree>::new(&options.search, io)?;
    let member = &mut backends.each[0];
    let input = options.open(io)?;
    let budget = options.search.minimal_memory();
    for case in Cases::new(input) {
        let case = case.map_err(|e| io.fail(e))?;
        let number = case.number;
        let depth = options.depth.unwrap_or_else(|| exact_depth(case.board));
        let mut err = io.err.clone();
        member.report.start(number);
        let valued = value_of(
            &tree,
            case.board,
            depth,
            Window::FULL,
            |candidate, window| {
                if options.search.trace {
                    let _ = writeln!(err, "# case {number}: x plays {}", candidate.square);
                }
                let first = Some(candidate.number as u32);
                member.search(tree, candidate.node, window, first).0
            },
        );
        let (value, square) = (Shown(valued.value), shown_square(valued));
        io.out_fmt(format_args!("{value} {square}\n"))?;
        member.case(
            io,
            number,
            &format!("value={value} square={square}"),
            || value_minimal(&tree, case.board, depth, valued.value, budget),
        )?;
        io.case_done()?;
    }
    backends.finish(io)?;
    io.flush()
}

/// `winmove value --iterative`: each case searched to depths 1 to D by
/// one backend, kept over the cases, in a tree whose guide orders each
/// depth's moves by what the last depth found.
fn run_iterative(options: &Options, io: &mut Io) -> Status {
    let deepening = Deepening {
        aspiration: options.aspiration,
    };
    // The minimal tree does not depend on the order of moves: it is counted
    // on the tree the guide orders.
    let depth_tree = options.tree();
    let tree = GuidedTree::new(depth_tree, options.history);
    let mut backend = options.search.backend::<GuidedTree>(io)?;
    let input = options.open(io)?;
    let mut report = report(&options.search, io);
    let depth = options.depth.expect("--iterative needs --depth");
    for case in Cases::new(input) {
        let case = case.map_err(|e| io.fail(e))?;
        let number = case.number;
        let mut trace = options.search.trace.then(|| io.err.clone());
        let searching = |d, square| {
            if let Some(err) = trace.as_mut() {
                let _ = writeln!(err, "# case {number}: depth {d}: x plays {square}");
            }
        };
        let (valued, iterations) = value_deepened(
            &tree,
            &mut backend,
            case.board,
            depth,
            &deepening,
            searching,
        );
        let (value, square) = (Shown(valued.value), shown_square(valued));
        io.out_fmt(format_args!("{value} {square}\n"))?;
        if options.search.stats {
            let mut sum = backend.stats();
            backend.reset_stats();
            let budget = options.search.minimal_memory();
            let mut minimal_sum = Ok(0u64);
            for it in &iterations {
                let minimal = value_minimal(&depth_tree, case.board, it.depth, it.value, budget);
                minimal_sum = minimal_sum.and_then(|sum| Ok(sum.saturating_add(minimal?)));
                io.notes(report.iteration(number, it, minimal))?;
                sum += &it.stats;
            }
            let result = format!("value={value} square={square}");
            io.notes(report.case_stats(number, sum, &result, Some(minimal_sum)))?;
        }
        io.case_done()?;
    }
    io.notes(report.total())?;
    io.flush()
}

/// The square of a value as the output writes it: `(r,c)`, or `-` for
/// none.
fn shown_square(valued: Valued) -> String {
    valued.square.map_or("-".to_string(), |sq| sq.to_string())
}
