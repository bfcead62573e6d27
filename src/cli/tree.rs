//! `winmove tree [OPTIONS] [FILE]`: the minimax value of written trees.

use super::args::{unknown_option, Arg, Args};
use super::output::{Io, Status};
use super::search_options::{self, Report, SearchOptions};
use super::solve::{algorithms_help, open};
use super::{option_lines, print, Subcommand, UsageError};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use winmove::explicit::ExplicitTree;
use winmove::order::Recording;
use winmove::search::Search;
use winmove::value::{Shown, Window};

/// The subcommand.
pub const SUBCOMMAND: Subcommand = Subcommand {
    name: "tree",
    summary: "print the minimax value of each game tree written in bracket notation",
    options: &[],
    run,
};

/// Its help.
fn help() -> String {
    let mut text = String::from(
        "winmove tree: the minimax value of each game tree, one per line

USAGE:
    winmove tree [OPTIONS] [FILE]    (default: standard input)

TREES:
    One tree per non-blank line in bracket notation: a leaf is an integer, 'inf' or '-inf';
    an inner node is [c1,c2,...]; spaces may go anywhere between tokens. The root is a MAX
    node and levels alternate. A malformed tree stops the run with a message naming the line
    and column, after the values of the earlier trees, and exit status 1.

OPTIONS:
",
    );
    text.push_str(&option_lines(search_options::HELP));
    text.push_str(&option_lines(&[
        ("-h, --help", "print this help"),
        (
            "--",
            "end of options: the next argument is the file, whatever its name",
        ),
    ]));
    text.push_str(&algorithms_help());
    text
}

/// The options of a run.
struct Options {
    search: SearchOptions,
    input: Option<PathBuf>,
}

/// Parses the arguments; `None` for `--help`.
fn parse(mut args: Args) -> Result<Option<Options>, UsageError> {
    let mut search = SearchOptions::default();
    let mut input: Option<OsString> = None;
    while let Some(arg) = args.next_arg()? {
        match arg {
            Arg::Positional(path) => {
                if input.is_some() {
                    return Err(UsageError::new(format!(
                        "only one input file may be given, found {} too",
                        super::args::quoted(&path)
                    )));
                }
                input = Some(path);
            }
            Arg::Option(opt) => {
                if search.take(&opt, &mut args)? {
                    continue;
                }
                match opt.name.as_str() {
                    "-h" | "--help" => return Ok(None),
                    _ => {
                        let mut known = vec!["--help"];
                        known.extend_from_slice(search_options::NAMES);
                        return Err(unknown_option(&opt, "winmove tree", &known));
                    }
                }
            }
        }
    }
    search.check()?;
    Ok(Some(Options {
        search,
        input: input.filter(|p| p != "-").map(PathBuf::from),
    }))
}

/// The backend, on the trees or on recordings of them.
enum Backend {
    Plain(Box<dyn Search<ExplicitTree>>),
    Recorded(Box<dyn Search<Recording<ExplicitTree>>>),
}

/// `winmove tree`.
fn run(args: Args, io: &mut Io) -> Status {
    let Some(options) = parse(args)? else {
        return print(io, &help());
    };
    let mut backend = if options.search.order {
        Backend::Recorded(options.search.backend(io)?)
    } else {
        Backend::Plain(options.search.backend(io)?)
    };
    let input = BufReader::new(open(&options.input, io)?);
    let mut report = Report::new(&options.search);
    let mut case = 0;
    for (index, line) in input.split(b'\n').enumerate() {
        let number = index + 1;
        let line = line.map_err(|e| io.fail(format_args!("cannot read the input: {e}")))?;
        let tree = match std::str::from_utf8(&line) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => ExplicitTree::parse(text)
                .map_err(|e| io.fail(format_args!("line {number}, {e}")))?,
            Err(e) => {
                return Err(io.fail(format_args!(
                    "line {number}, column {}: byte 0x{:02x} is not text",
                    e.valid_up_to() + 1,
                    line[e.valid_up_to()]
                )))
            }
        };
        case += 1;
        if options.search.trace {
            let _ = writeln!(io.err, "# case {case}");
        }
        let (value, order) = match &mut backend {
            Backend::Plain(search) => (
                search.search(&tree, tree.root(), Window::FULL),
                String::new(),
            ),
            Backend::Recorded(search) => {
                let root = tree.root();
                let recording = Recording::new(tree, root);
                let value = search.search(&recording, recording.root(), Window::FULL);
                (value, recording.order())
            }
        };
        io.out_fmt(format_args!("{}\n", Shown(value)))?;
        let result = format!("value={}", Shown(value));
        match &mut backend {
            Backend::Plain(search) => report.case(io, case, search.as_mut(), &result, &order)?,
            Backend::Recorded(search) => report.case(io, case, search.as_mut(), &result, &order)?,
        }
        io.case_done()?;
    }
    report.finish(io)?;
    io.flush()
}
