//! `winmove [OPTIONS] [FILE]`: the judge's job, an answer per question.

use super::Help::Text;
use super::args::{Arg, Args, Given, one_file};
use super::output::{Io, Status};
use super::search_options::{self, Report, SearchOptions};
use super::searcher::Searcher;
use super::{
    Row, SUBCOMMANDS, Subcommand, Table, UsageError, algorithms_help, counters_help, input_path,
    open, option_lines, print, version,
};
use crate::Board;
use crate::answer::solver::answer;
use crate::game::bitboard::Square;
use crate::protocol::{Cases, answer_line};
use crate::tree::board::{BoardTree, Enhancement, Enhancements};
use crate::tree::recording::dewey;
use std::io::Write;
use std::path::PathBuf;

/// The options of a run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The search.
    pub search: SearchOptions,
    /// Enhancements for boards.
    pub enhancements: Enhancements,
    /// The input file; standard input if `None`.
    pub input: Option<PathBuf>,
}

/// `winmove` itself, answering questions: not listed among the
/// subcommands, but described as one.
pub const COMMAND: Subcommand = Subcommand {
    name: "",
    summary: "answer the questions",
    options: &OPTIONS,
    run,
};

/// Its options, as the parser tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Plain,
    Enhance,
    Without,
    Search(search_options::Key),
    Help,
    Version,
}

/// Its options, in the order of its help.
const OPTIONS: Table<Key> = Table(&[
    Row::flag("--plain", Key::Plain, Text(PLAIN_HELP)),
    Row::value("--enhance", "LIST", Key::Enhance, Text(ENHANCE_HELP)),
    Row::value("--without", "LIST", Key::Without, Text(WITHOUT_HELP)),
    Row::Search(Key::Search),
    Row::help(Key::Help),
    Row::version(Key::Version),
    Row::EndOfOptions,
]);

/// The help of `--plain`.
pub const PLAIN_HELP: &str = "the textbook algorithm on the raw tree: no enhancement at all";

/// The help of `--enhance`.
pub const ENHANCE_HELP: &str =
    "use exactly these enhancements (comma-separated names, or all, none)";

/// The help of `--without`.
pub const WITHOUT_HELP: &str = "use every enhancement but these";

/// The help of `winmove` itself.
pub fn help() -> String {
    let mut text = String::from(
        "winmove: exact answers to \"Find the Winning Move\" (POJ 1568, UVa 10111, ZOJ 1703)

USAGE:
    winmove [OPTIONS] [FILE]         answer the questions in FILE (default: standard input)
    winmove SUBCOMMAND --help        the options of a subcommand:
",
    );
    for sub in SUBCOMMANDS {
        text.push_str(&format!("        {:<12}{}\n", sub.name, sub.summary));
    }
    text.push_str(
        "
QUESTIONS:
    Each case is a line '?' and four rows of '.', 'x', 'o'; a line starting with '$' ends the
    input. x is to move. The answer is the first square (r,c), in row-major order, from which
    x has a forced win, or ##### if there is none. Blank lines, spaces and tabs around lines,
    CRLF or CR line ends and a UTF-8 byte-order mark are fine. Bad input stops the run with
    a message naming the line (and column, in characters), after the answers to the earlier
    cases, and exit status 1. Typed at a terminal, each case is answered as soon as it is read.

OPTIONS:
",
    );
    text.push_str(&OPTIONS.help());
    text.push_str("\nENHANCEMENTS (all but etc on by default; each keeps every answer exact):\n");
    text.push_str(&option_lines(
        &Enhancement::ALL.map(|e| (e.name(), e.summary())),
    ));
    text.push_str(&algorithms_help());
    text.push_str(&counters_help());
    text.push_str(
        "
EXIT STATUS:
    0 every answer written; 1 bad input, a failed check or a failed write; 2 bad command line.
",
    );
    text
}

/// Applies a comma-separated list of enhancement names to `set`.
fn set_enhancements(
    set: &mut Enhancements,
    option: &str,
    list: &str,
    on: bool,
) -> Result<(), UsageError> {
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    if names.iter().any(|n| n.is_empty()) {
        return Err(UsageError::new(format!(
            "{option} needs a comma-separated list of enhancement names, found '{}'",
            list.escape_debug()
        )));
    }
    for name in names {
        match name {
            "all" => {
                *set = if on {
                    Enhancements::ALL
                } else {
                    Enhancements::NONE
                }
            }
            "none" => {
                *set = if on {
                    Enhancements::NONE
                } else {
                    Enhancements::ALL
                }
            }
            _ => match name.parse::<Enhancement>() {
                Ok(e) if on => *set = set.with(e),
                Ok(e) => *set = set.without(e),
                Err(_) => {
                    let known: Vec<_> = Enhancement::ALL.map(Enhancement::name).to_vec();
                    return Err(UsageError::new(format!(
                        "unknown enhancement '{}' (known: {}, all, none)",
                        name.escape_debug(),
                        known.join(", ")
                    )));
                }
            },
        }
    }
    Ok(())
}

/// Which of `--plain`, `--enhance LIST` and `--without LIST` a command
/// line gave (at most one), and the set it chose.
#[derive(Clone, Debug, Default)]
pub struct EnhancementChoice(Option<(String, Enhancements)>);

/// One of the options that choose the enhancements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choose {
    /// `--plain`.
    Plain,
    /// `--enhance LIST`.
    Enhance,
    /// `--without LIST`.
    Without,
}

impl EnhancementChoice {
    /// Takes the option `option` (the name as written), which is `how`
    /// and was `given`; an error if another was given before.
    pub fn set(&mut self, option: &str, how: Choose, given: Given) -> Result<(), UsageError> {
        let set = match how {
            Choose::Plain => Enhancements::NONE,
            Choose::Enhance | Choose::Without => {
                let on = how == Choose::Enhance;
                let list = given.text()?;
                let mut set = if on {
                    Enhancements::NONE
                } else {
                    Enhancements::ALL
                };
                set_enhancements(&mut set, option, &list, on)?;
                set
            }
        };
        if let Some((other, _)) = &self.0 {
            return Err(UsageError::new(format!(
                "{option} cannot be combined with {other} (use one of --plain, --enhance, --without)"
            )));
        }
        self.0 = Some((option.to_string(), set));
        Ok(())
    }

    /// The set chosen: every enhancement if no option chose one.
    pub fn chosen(&self) -> Enhancements {
        self.0.as_ref().map_or(Enhancements::ALL, |(_, set)| *set)
    }
}

/// What the command line asked for: a run, or a text to print.
#[derive(Clone, Debug)]
pub enum Parsed {
    /// Answer the questions.
    Run(Options),
    /// Print this text (the help, the version).
    Print(String),
}

/// Parses the arguments of `winmove [OPTIONS] [FILE]`.
pub fn parse(mut args: Args) -> Result<Parsed, UsageError> {
    let mut search = SearchOptions::default();
    let mut enhancements = EnhancementChoice::default();
    let mut input = None;
    while let Some(arg) = args.next_arg()? {
        let opt = match arg {
            Arg::Positional(path) => {
                one_file(&mut input, path)?;
                continue;
            }
            Arg::Option(opt) => opt,
        };
        let Some((key, given)) = OPTIONS.find(&opt, &mut args)? else {
            return Err(COMMAND.unknown_option(&opt));
        };
        let how = match key {
            Key::Search(key) => {
                search.set(key, given)?;
                continue;
            }
            Key::Help => return Ok(Parsed::Print(help())),
            Key::Version => return Ok(Parsed::Print(version())),
            Key::Plain => Choose::Plain,
            Key::Enhance => Choose::Enhance,
            Key::Without => Choose::Without,
        };
        enhancements.set(&opt.name, how, given)?;
    }
    search.check(false)?;
    Ok(Parsed::Run(Options {
        search,
        enhancements: enhancements.chosen(),
        input: input_path(input),
    }))
}

/// `winmove [OPTIONS] [FILE]`.
pub fn run(args: Args, io: &mut Io) -> Status {
    let options = match parse(args)? {
        Parsed::Print(text) => return print(io, &text),
        Parsed::Run(options) => options,
    };
    let tree = BoardTree::new(options.enhancements);
    let mut searcher = Searcher::<BoardTree>::new(&options.search, io)?;
    // The Dewey paths of a case's leaves, each after its move's number.
    let mut order = Vec::new();
    let input = open(&options.input, io)?;
    let mut report = Report::new(&options.search);
    // Without the forced moves, the bounds or the table, a sparse board
    // can take minutes: say so, and show which move is being searched.
    let slow = !(options.enhancements.contains(Enhancement::Forced)
        && options.enhancements.contains(Enhancement::Bounds));
    let progress = slow && io.err_terminal && !options.search.trace;
    if progress {
        io.note(format_args!(
            "winmove: without the forced moves and the bounds, a sparse board can take minutes"
        ))?;
        io.flush()?;
    }
    for case in Cases::new(input) {
        let case = case.map_err(|e| io.fail(e))?;
        let number = case.number;
        let mut err = io.err.clone();
        let answer = if options.search.trace {
            answer_board(&tree, &mut searcher, &mut order, case.board, &mut |sq| {
                let _ = writeln!(err, "# case {number}: x plays {sq}");
            })
        } else if progress {
            let answer = answer_board(&tree, &mut searcher, &mut order, case.board, &mut |sq| {
                // A courtesy on a terminal: a failed write is noticed later.
                let _ = write!(err, "\rcase {number}: searching x's move {sq} ");
                let _ = err.flush();
            });
            let _ = write!(err, "\r{:50}\r", "");
            let _ = err.flush();
            answer
        } else {
            answer_board(&tree, &mut searcher, &mut order, case.board, &mut |_| {})
        };
        io.out(&answer_line(answer))?;
        if report_wanted(&options.search) {
            let shown = answer.map_or("#####".to_string(), |sq| sq.to_string());
            let result = format!("answer={shown}");
            report.case(io, number, searcher.backend(), &result, &order.join(","))?;
            order.clear();
        }
        io.case_done()?;
    }
    report.finish(io)?;
    io.flush()
}

/// The answer to `board`; `label` is called with each of x's moves before
/// it is searched, and the leaves of its search (with `--order`) go to
/// `order` after the move's number.
fn answer_board(
    tree: &BoardTree,
    searcher: &mut Searcher<BoardTree>,
    order: &mut Vec<String>,
    board: Board,
    label: &mut dyn FnMut(Square),
) -> Option<Square> {
    answer(tree, board, |candidate, window| {
        label(candidate.square);
        let (value, leaves, _) = searcher.search(*tree, candidate.node, window);
        for path in leaves {
            let mut full = vec![candidate.number as u32];
            full.extend(path);
            order.push(dewey(&full));
        }
        value
    })
}

/// Whether a per-case line goes to standard error.
fn report_wanted(options: &SearchOptions) -> bool {
    options.stats || options.order
}
