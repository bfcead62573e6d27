//! `winmove [OPTIONS] [FILE]`: the judge's job, an answer per question.

use super::command::{Command, Subcommand, Words};
use super::output::{Io, Progress, Status, input_path, open, open_file};
use super::search_options::{self, EnhancementChoice, SearchOptions};
use super::searcher::{Backends, report};
use super::table::{Row, option_lines, paragraph};
use std::ffi::OsString;
use std::io::{Read, Write};
use winmove::answer::minimal::answer_minimal;
use winmove::answer::solver::{Solver, answer, disagreement};
use winmove::answer::uses::users;
use winmove::game::bitboard::Square;
use winmove::protocol::{Answer, Cases, answer_line};
use winmove::search::{Algo, Search};
use winmove::tree::board::{BoardTree, Enhancement, Enhancements};

/// The options of a run.
#[derive(Default)]
pub struct Options {
    search: SearchOptions,
    enhancements: EnhancementChoice,
    /// The input file; standard input if `None`.
    input: Option<OsString>,
}

/// `winmove` itself, answering questions: not listed among the
/// subcommands, but described as one.
pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "",
    summary: "answer the questions",
    options: &[
        Row::Shared(&EnhancementChoice::rows(|o: &mut Options| {
            &mut o.enhancements
        })),
        Row::Shared(&SearchOptions::rows(|o: &mut Options| &mut o.search)),
        Row::HELP,
        Row::VERSION,
    ],
    words: Words::File(|o| &mut o.input),
    help,
    run,
};

/// The help of `winmove` itself, listing the subcommands of `all`.
fn help(options: &str, all: &[&dyn Subcommand]) -> String {
    let mut text = String::from(
        "winmove: exact answers to \"Find the Winning Move\" (POJ 1568, UVa 10111, ZOJ 1703)

USAGE:
    winmove [OPTIONS] [FILE]         answer the questions in FILE (default: standard input)
    winmove SUBCOMMAND --help        the options of a subcommand:
",
    );
    for sub in all.iter().filter(|sub| !sub.name().is_empty()) {
        text.push_str(&format!("        {:<12}{}\n", sub.name(), sub.summary()));
    }
    text.push_str(&format!(
        "
QUESTIONS:
    Each case is a line '?' and four rows of '.', 'x', 'o'; a line starting with '$' ends the
    input. x is to move. The answer is the first square (r,c), in row-major order, from which
    x has a forced win, or ##### if there is none. Bad input stops the run with a message
    naming the line, after the answers to the earlier cases, and exit status 1.
    docs/judging.md says what the input may hold.

OPTIONS:
{options}
ENHANCEMENTS (all but etc on by default; each keeps every answer exact):
{}{}{}
EXIT STATUS:
    0 every answer written; 1 bad input, a failed check or a failed write; 2 bad command line.
",
        option_lines(&Enhancement::ALL.map(|e| (e.name(), e.summary()))),
        paragraph(&format!(
            "Every backend uses the others, but {}: the window is ignored by the backends \
             that compute the exact value, and SCOUT and SSS* keep no table. Naming with \
             --enhance one that --algo does not use draws a warning on standard error.",
            users()
        )),
        search_options::help(),
    ));
    text
}

fn run(o: Options, io: &mut Io) -> Status {
    o.search.check(true)?;
    let mut warnings: Vec<String> = Vec::new();
    for algo in o.search.named() {
        // A warning that holds for several backends is written once.
        for warning in o.enhancements.warnings(algo) {
            if !warnings.contains(&warning) {
                io.note(format_args!("{warning}"))?;
                warnings.push(warning);
            }
        }
    }
    let (search, enhancements) = (o.search, o.enhancements.chosen());
    let input = input_path(o.input);
    // The judge's job alone (one backend; no report, trace or progress):
    // the lean loop.
    let reported = report(&search, io).wanted();
    let one = search.algos.len() <= 1;
    if one && !(reported || search.trace || progress_wanted(enhancements, io)) {
        let solver = Solver::new(search.backend::<BoardTree>(io)?, enhancements);
        // Each input through its own type, not a boxed reader: the loop
        // then compiles as parse-only's does (3 to 7% less CPU time).
        return match &input {
            None => judge(solver, std::io::stdin().lock(), io),
            Some(path) => judge(solver, open_file(path, io)?, io),
        };
    }
    let mut backends = Backends::<BoardTree>::new(&search, io)?;
    let tree = BoardTree::new(enhancements);
    let input = open(&input, io)?;
    // Without the forced moves, the bounds or the table, a sparse board
    // can take minutes: say so, and show which move is being searched
    // (unless standard error shows the search as it goes).
    let progress = progress_wanted(enhancements, io) && !search.trace && !search.order;
    let mut searching = Progress::new(io, progress);
    if progress {
        io.note(format_args!(
            "winmove: without the forced moves and the bounds, a sparse board can take minutes"
        ))?;
        io.flush()?;
    }
    let budget = search.minimal_memory();
    for case in Cases::new(input) {
        let case = case.map_err(|e| io.fail(e))?;
        let number = case.number;
        // The minimal tree, worked out once for every backend's report.
        let mut minimal = None;
        let mut agreed: Option<(Algo, Option<Square>)> = None;
        for member in &mut backends.each {
            let label = member.label(number);
            let mut err = io.err.clone();
            member.report.start(number);
            let answer = answer(&tree, case.board, |candidate, window| {
                let square = candidate.square;
                if search.trace {
                    // A failed write is noticed by the case's last line.
                    let _ = writeln!(err, "# {label}: x plays {square}");
                }
                searching.show(format_args!("{label}: searching x's move {square} "));
                let first = Some(candidate.number as u32);
                member.search(tree, candidate.node, window, first).0
            });
            searching.show(format_args!("{:50}\r", ""));
            let result = format!("answer={}", Answer(answer));
            member.case(io, number, &result, || {
                *minimal.get_or_insert_with(|| answer_minimal(&tree, case.board, budget))
            })?;
            match agreed {
                None => agreed = Some((member.algo, answer)),
                Some(first) => {
                    disagreement(number, first, (member.algo, answer)).map_err(|e| io.fail(e))?
                }
            }
        }
        let (_, answer) = agreed.expect("--algo names at least one backend");
        io.out(&answer_line(answer))?;
        io.case_done()?;
    }
    backends.finish(io)?;
    io.flush()
}

/// Whether to show which move is being searched: without the forced
/// moves, the bounds or the table, a sparse board can take minutes.
fn progress_wanted(enhancements: Enhancements, io: &Io) -> bool {
    let slow =
        !(enhancements.contains(Enhancement::Forced) && enhancements.contains(Enhancement::Bounds));
    slow && io.err_terminal
}

/// The judge's job and nothing else: an answer per question, written as
/// soon as a person waits for it. Unless a person types the questions,
/// the next case is read before this one is answered, and its board's
/// line-table entries are touched, so that fetching them into the cache
/// overlaps this board's search (the answers and the errors come out in
/// the same order).
fn judge<S: Search<BoardTree>>(mut solver: Solver<S>, input: impl Read, io: &mut Io) -> Status {
    let read_ahead = !io.interactive;
    let mut cases = Cases::new(input);
    let mut next = cases.next();
    while let Some(case) = next {
        let board = case.map_err(|e| io.fail(e))?.board;
        next = if read_ahead { cases.next() } else { None };
        if let Some(Ok(case)) = &next {
            case.board.touch_line_facts();
        }
        io.answer(answer_line(solver.winning_move(board)))?;
        if !read_ahead {
            next = cases.next();
        }
    }
    io.flush()
}
