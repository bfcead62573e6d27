//! `winmove compare`: what every backend costs, as Markdown tables.

use super::args::{quoted, unknown_option, Arg, Args};
use super::output::{Failure, Io, Status};
use super::{option_lines, print, Subcommand, UsageError};
use std::ffi::OsString;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use winmove::compare::{self, Task};
use winmove::gen::BoardClass;
use winmove::protocol::Cases;
use winmove::Enhancements;

/// The subcommand.
pub const SUBCOMMAND: Subcommand = Subcommand {
    name: "compare",
    summary: "tabulate every backend's work on board classes or uniform trees (Markdown)",
    options: &[
        "--boards",
        "--trees",
        "--raw",
        "--value",
        "--svg",
        "--samples",
    ],
    run,
};

/// Most boards per class or trees per shape.
const MAX_SAMPLES: usize = 1_000_000;

/// Largest uniform tree `--trees` builds, in leaves.
const MAX_LEAVES: u64 = 1 << 18;

fn help() -> String {
    let mut text = String::from(
        "winmove compare: every backend's leaves, nodes and own counters, as Markdown tables

USAGE:
    winmove compare [OPTIONS]             board classes (the statement's sample, then each
                                          class of 'winmove generate')
    winmove compare --boards FILE         the questions in FILE ('-': standard input)
    winmove compare --trees [--svg FILE]  uniform random trees, with the literature's claims

OPTIONS:
",
    );
    text.push_str(&option_lines(&[
        (
            "--boards FILE",
            "compare on the questions in FILE ('-' for standard input)",
        ),
        (
            "--trees",
            "compare on uniform random trees (branching 2-8, depth 2-8)",
        ),
        (
            "--raw",
            "search boards on the raw tree with only the count shortcut (the\n\
             textbook form; default: with every enhancement); may take minutes",
        ),
        (
            "--value",
            "search each board once for its value (x to move, window (-inf, +inf))\n\
             instead of answering it: the setting of Stockman's theorem",
        ),
        (
            "--svg FILE",
            "with --trees: also draw leaves against depth as an SVG figure",
        ),
        (
            "--samples N",
            "boards per class, or trees per shape, 1 to 1000000 (default 20)",
        ),
        ("--seed N", "seed of the generators (default 1)"),
        ("-h, --help", "print this help"),
    ]));
    text
}

/// The options of a run.
struct Options {
    boards: Option<OsString>,
    trees: bool,
    enhanced: bool,
    value: bool,
    svg: Option<PathBuf>,
    samples: usize,
    seed: u64,
}

/// Parses the arguments; `None` for `--help`.
fn parse(mut args: Args) -> Result<Option<Options>, UsageError> {
    let mut o = Options {
        boards: None,
        trees: false,
        enhanced: true,
        value: false,
        svg: None,
        samples: 20,
        seed: 1,
    };
    while let Some(arg) = args.next_arg()? {
        let opt = match arg {
            Arg::Option(opt) => opt,
            Arg::Positional(word) => {
                return Err(UsageError::new(format!(
                    "'winmove compare' takes no file, found {} (use --boards FILE)",
                    quoted(&word)
                )))
            }
        };
        match opt.name.as_str() {
            "-h" | "--help" => return Ok(None),
            "--boards" => o.boards = Some(args.value(&opt)?),
            "--trees" => {
                args.flag(&opt)?;
                o.trees = true;
            }
            "--raw" => {
                args.flag(&opt)?;
                o.enhanced = false;
            }
            "--value" => {
                args.flag(&opt)?;
                o.value = true;
            }
            "--svg" => o.svg = Some(PathBuf::from(args.value(&opt)?)),
            "--samples" => o.samples = args.number(&opt, 1, MAX_SAMPLES)?,
            "--seed" => o.seed = args.number(&opt, 0, u64::MAX)?,
            _ => {
                return Err(unknown_option(
                    &opt,
                    "winmove compare",
                    &[
                        "--boards",
                        "--trees",
                        "--raw",
                        "--value",
                        "--svg",
                        "--samples",
                        "--seed",
                        "--help",
                    ],
                ))
            }
        }
    }
    if o.trees {
        for (given, name) in [
            (o.boards.is_some(), "--boards"),
            (!o.enhanced, "--raw"),
            (o.value, "--value"),
        ] {
            if given {
                return Err(UsageError::new(format!(
                    "{name} is about boards: it cannot be combined with --trees"
                )));
            }
        }
    } else if o.svg.is_some() {
        return Err(UsageError::new(
            "--svg draws the tree figure: use it with --trees",
        ));
    }
    if o.boards.is_some() && o.samples != 20 {
        return Err(UsageError::new(
            "--samples sets the size of the built-in classes: it cannot be combined with --boards",
        ));
    }
    Ok(Some(o))
}

/// `winmove compare`.
fn run(args: Args, io: &mut Io) -> Status {
    let Some(options) = parse(args)? else {
        return print(io, &help());
    };
    // The figure's file is opened first, so that a bad path fails at once.
    let mut svg = match &options.svg {
        Some(path) => Some(File::create(path).map_err(|e| {
            io.fail(format_args!(
                "cannot write {}: {e}",
                quoted(path.as_os_str())
            ))
        })?),
        None => None,
    };
    let algos = compare::built_algos();
    let mut text = String::new();
    if options.trees {
        let shapes = compare::tree_grid(MAX_LEAVES);
        let groups = compare::compare_trees(&shapes, options.samples, options.seed, &algos);
        text.push_str(&format!(
            "## Uniform random trees\n\n{} trees per shape (branching 2-8, depth 2-8, at most {} leaves), leaf values uniform in -1000000..=1000000, seed {}; every backend searches the root with the window that rules nothing out.\n\n",
            options.samples, MAX_LEAVES, options.seed
        ));
        text.push_str(&compare::markdown(&groups));
        text.push_str("\n### What the literature states\n\n");
        text.push_str(&compare::literature(&groups));
        if let (Some(file), Some(path)) = (&mut svg, &options.svg) {
            file.write_all(compare::figure(&groups).as_bytes())
                .map_err(|e| {
                    io.fail(format_args!(
                        "cannot write {}: {e}",
                        quoted(path.as_os_str())
                    ))
                })?;
        }
    } else {
        let enhancements = if options.enhanced {
            Enhancements::ALL
        } else {
            Enhancements {
                shortcut: true,
                ..Enhancements::NONE
            }
        };
        let mut classes = Vec::new();
        let source = match &options.boards {
            Some(name) => {
                let path = (name != "-").then(|| PathBuf::from(name));
                let shown = path
                    .as_ref()
                    .map_or("standard input".to_string(), |p| quoted(p.as_os_str()));
                let input = super::solve::open(&path, io)?;
                let mut boards = Vec::new();
                for case in Cases::new(input) {
                    let case = case.map_err(|e| io.fail(format_args!("{shown}: {e}")))?;
                    boards.push(case.board);
                }
                let header = format!("{} boards from {shown}", boards.len());
                classes.push((shown, boards));
                header
            }
            None => {
                let sample = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";
                let boards = Cases::new(sample.as_bytes())
                    .filter_map(Result::ok)
                    .map(|c| c.board)
                    .collect();
                classes.push(("statement".to_string(), boards));
                for class in BoardClass::ALL {
                    // The raw tree of 11 to 16 empty squares is out of reach;
                    // so is a value search of it (the count shortcut answers
                    // questions, not values).
                    let sparse = class == BoardClass::SparseUnequal
                        || (options.value
                            && matches!(class, BoardClass::Sparse | BoardClass::Judge));
                    if !options.enhanced && sparse {
                        continue;
                    }
                    classes.push((
                        class.name().to_string(),
                        class.boards(options.seed, options.samples),
                    ));
                }
                format!(
                    "{} boards per class, seed {}",
                    options.samples, options.seed
                )
            }
        };
        if !options.enhanced && io.err_terminal {
            io.note(format_args!(
                "compare: the raw tree is searched without enhancements; this may take minutes"
            ))?;
            io.flush()?;
        }
        let task = if options.value {
            Task::Value
        } else {
            Task::Answer
        };
        let groups = compare::compare_boards(&classes, enhancements, &algos, task);
        text.push_str(&format!(
            "## Boards, {}, {}\n\n{source}; {}.\n\n",
            if options.value {
                "one value search per board"
            } else {
                "answering the question"
            },
            if options.enhanced {
                "with every enhancement"
            } else {
                "on the raw tree (the textbook search with the proven count shortcut)"
            },
            if options.value {
                "counts per board: one search of the board, x to move, window (-inf, +inf)"
            } else {
                "counts per question, summed over the searches of x's moves"
            }
        ));
        text.push_str(&compare::markdown(&groups));
    }
    io.out(text.as_bytes())?;
    io.flush().map_err(|_| Failure::Failed)
}
