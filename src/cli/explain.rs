//! `winmove explain [OPTIONS] [FILE]`: why each answer is what it is.

use super::Help::{Made, Text};
use super::args::{Arg, Args, one_file};
use super::output::{Io, Status};
use super::{Row, Subcommand, Table, UsageError, input_path, open, print};
use crate::answer::explain::Explainer;
use crate::protocol::Cases;
use std::ffi::OsString;
use std::path::PathBuf;

/// The subcommand.
pub const SUBCOMMAND: Subcommand = Subcommand {
    name: "explain",
    summary: "explain each answer: every square's outcome, the reason, the winning strategy",
    options: &OPTIONS,
    run,
};

/// Its options, as the parser tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Strategy,
    MaxLines,
    Help,
}

/// Its options, in the order of its help.
const OPTIONS: Table<Key> = Table(&[
    Row::flag(
        "--strategy",
        Key::Strategy,
        Text(
            "when x wins, add x's winning strategy: 'strategy: K lines', then one line\n\
             'play S1 S2 ...' per line of play: the answer, then o's replies (every\n\
             empty square, in row-major order) and x's moves alternating, up to x\n\
             completing four. After the answer, x always plays the first square that\n\
             wins in the fewest moves against best defence.",
        ),
    ),
    Row::value("--max-lines", "N", Key::MaxLines, Made(max_lines_help)),
    Row::help(Key::Help),
    Row::EndOfOptions,
]);

/// Strategies with more lines than this are not printed, by default.
const DEFAULT_MAX_LINES: u64 = 10_000;

/// Its help.
fn help() -> String {
    let mut text = String::from(
        "winmove explain: why each answer is what it is

USAGE:
    winmove explain [OPTIONS] [FILE]    (default: standard input)

INPUT:
    The questions, as for 'winmove' itself (see 'winmove --help'). Bad input stops the run
    with a message naming the line, after the blocks of the earlier cases, and exit status 1.

OUTPUT:
    One block per case, blocks separated by a blank line:
        case N: ANSWER          the judge's answer, (r,c) or #####
        four rows               the board
        outcomes:               then four rows of four symbols: x or o where the square is
                                taken, else what x playing there leads to with best play:
                                W x forces a win, D a draw at best, L o then forces a win
    then the reason in words. The answer is the first W in row-major order: x wins at once,
    or with a block that wins, a double threat, or a longer forced win (in how many of x's
    moves at the latest). For ##### each empty square gets an o reply that keeps x from
    forcing a win, and what follows it.

OPTIONS:
",
    );
    text.push_str(&OPTIONS.help());
    text
}

/// The help of `--max-lines`, with its default.
fn max_lines_help() -> String {
    format!(
        "print no strategy of more than N lines, only its size (default {DEFAULT_MAX_LINES});\n\
         the largest, measured over all 33.8 million questions, has 1628 lines (x\n\
         holding (2,3), (3,0) and (3,1), o nothing): the default only guards the output"
    )
}

/// The options of a run.
struct Options {
    strategy: bool,
    max_lines: u64,
    input: Option<PathBuf>,
}

/// Parses the arguments; `None` for `--help`.
fn parse(mut args: Args) -> Result<Option<Options>, UsageError> {
    let mut strategy = false;
    let mut max_lines = None;
    let mut input: Option<OsString> = None;
    while let Some(arg) = args.next_arg()? {
        match arg {
            Arg::Positional(path) => {
                one_file(&mut input, path, &args)?;
            }
            Arg::Option(opt) => {
                let Some((key, given)) = OPTIONS.find(&opt, &mut args)? else {
                    return Err(SUBCOMMAND.unknown_option(&opt));
                };
                match key {
                    Key::Help => return Ok(None),
                    Key::Strategy => strategy = true,
                    Key::MaxLines => max_lines = Some(given.number(0, u64::MAX)?),
                }
            }
        }
    }
    if max_lines.is_some() && !strategy {
        return Err(UsageError::new("--max-lines needs --strategy"));
    }
    Ok(Some(Options {
        strategy,
        max_lines: max_lines.unwrap_or(DEFAULT_MAX_LINES),
        input: input_path(input),
    }))
}

/// `winmove explain`.
fn run(args: Args, io: &mut Io) -> Status {
    let Some(options) = parse(args)? else {
        return print(io, &help());
    };
    let input = open(&options.input, io)?;
    let mut explainer = Explainer::new();
    for case in Cases::new(input) {
        let case = case.map_err(|e| io.fail(e))?;
        if case.number > 1 {
            io.out(b"\n")?;
        }
        let explanation = explainer.explain(case.board);
        io.out(explanation.text(case.number).as_bytes())?;
        if let (true, Some(answer)) = (options.strategy, explanation.answer) {
            let planner = explainer.planner();
            let count = planner.line_count(case.board, answer);
            if count > options.max_lines {
                io.out_fmt(format_args!(
                    "strategy: {count} lines, more than --max-lines {}: not printed\n",
                    options.max_lines
                ))?;
            } else {
                let plural = if count == 1 { "" } else { "s" };
                io.out_fmt(format_args!("strategy: {count} line{plural}\n"))?;
                planner.for_each_line(case.board, answer, &mut |line| {
                    let moves: Vec<String> = line.iter().map(|sq| sq.to_string()).collect();
                    io.out_fmt(format_args!("play {}\n", moves.join(" ")))
                })?;
            }
        }
        io.case_done()?;
    }
    io.flush()
}
