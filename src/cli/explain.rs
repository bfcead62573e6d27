//! `winmove explain [OPTIONS] [FILE]`: why each answer is what it is.

use super::args::UsageError;
use super::command::{Command, Subcommand, Words};
use super::output::{Io, Status, input_path, open};
use super::table::Help::{Made, Text};
use super::table::{Row, set};
use std::ffi::OsString;
use winmove::answer::explain::Explainer;
use winmove::protocol::Cases;

/// The options as given.
#[derive(Default)]
struct Options {
    strategy: bool,
    max_lines: Option<u64>,
    input: Option<OsString>,
}

pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "explain",
    summary: "explain each answer: every square's outcome, the reason, the winning strategy",
    options: &[
        Row::flag(
            "--strategy",
            Text("when x wins, add x's winning strategy as a tree (see STRATEGY)"),
            |o, _| set(&mut o.strategy, true),
        ),
        Row::value(
            "--max-lines",
            "N",
            Made(|| {
                format!(
                    "print no strategy whose tree takes more than N lines (default {MAX_LINES})"
                )
            }),
            |o, given| set(&mut o.max_lines, Some(given.number(0, u64::MAX)?)),
        ),
        Row::HELP,
    ],
    words: Words::File(|o| &mut o.input),
    help,
    run,
};

/// Strategies whose tree takes more lines than this are not printed, by
/// default.
const MAX_LINES: u64 = 10_000;

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    format!(
        "winmove explain: why each answer is what it is

USAGE:
    winmove explain [OPTIONS] [FILE]    (default: standard input)

The questions are read as 'winmove' reads them (see 'winmove --help'). One block per case,
blocks separated by a blank line: 'case N: ANSWER', the board, 'outcomes:' and four rows of
four symbols (x or o where the square is taken, else what x playing there leads to with best
play: W x forces a win, D a draw at best, L o then forces a win), then the reason in words.

STRATEGY (--strategy):
    The tree of x's winning strategy: 'x S', the answer, then a line 'o R, x S' for each reply
    R of o with x's answer S, indented two spaces a step, down to x completing four; after
    the answer, x plays the first square that wins soonest. A tree of more than --max-lines
    lines is not printed, only its size; the one with the most lines of play over all 33.8
    million questions (1628: x holding (2,3), (3,0) and (3,1), o nothing) takes 1899.
    docs/judging.md describes the blocks in full.

OPTIONS:
{options}"
    )
}

fn run(options: Options, io: &mut Io) -> Status {
    if options.max_lines.is_some() && !options.strategy {
        return Err(UsageError::new("--max-lines needs --strategy").into());
    }
    let max_lines = options.max_lines.unwrap_or(MAX_LINES);
    let input = open(&input_path(options.input), io)?;
    let mut explainer = Explainer::new();
    for case in Cases::new(input) {
        let case = case.map_err(|e| io.fail(e))?;
        if case.number > 1 {
            io.out(b"\n")?;
        }
        let explanation = explainer.explain(case.board);
        io.out(explanation.text(case.number).as_bytes())?;
        if let (true, Some(answer)) = (options.strategy, explanation.answer) {
            let strategy = explainer.planner().written(case.board, answer, max_lines);
            io.out(strategy.as_bytes())?;
        }
        io.case_done()?;
    }
    io.flush()
}
