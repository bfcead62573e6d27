//! The command line: what the user asked for, or why it cannot be done.

use std::path::PathBuf;
use winmove::gen::BoardClass;
use winmove::position::Enhancements;
use winmove::search::backend::Algo;

/// The help text, with every option.
pub const HELP: &str = "\
winmove: exact answers to \"Find the Winning Move\" (POJ 1568, UVa 10111, ZOJ 1703)

USAGE:
    winmove [OPTIONS] [FILE]           answer the questions in FILE (default: standard input)
    winmove tree [OPTIONS] [FILE]      print the minimax value of each game tree, one per line
    winmove verify [--threads N]       check the engine on every position against a tablebase
    winmove compare [OPTIONS]          tabulate the backends' work on boards or trees (Markdown)
    winmove generate [OPTIONS]         write random legal questions (seeded) to standard output

QUESTIONS:
    Each case is a line '?' and four rows of '.', 'x', 'o'; a line starting with '$' ends the
    input. x is to move. The answer is the first square (r,c), in row-major order, from which
    x has a forced win, or ##### if there is none. Blank lines, spaces around lines and CRLF line
    ends are fine. Bad input stops the run with a message naming the line, after the answers to
    the earlier cases, and exit status 1.

TREES (winmove tree):
    One tree per non-blank line in bracket notation: a leaf is an integer, 'inf' or '-inf'; an
    inner node is [c1,c2,...]. The root is a MAX node and levels alternate.

OPTIONS:
    --algo NAME         search backend: alphabeta (default), alphabeta-shallow, minimax,
                        scout (needs feature 'scout'), sss (needs feature 'sss')
    --plain             the textbook algorithm on the raw tree: no enhancement at all
    --enhance LIST      use exactly these enhancements (comma-separated names, 'all' or 'none')
    --without LIST      use every enhancement but these
    --stats             one line of counts per case on standard error, and a total at the end
    --trace             with --algo sss: the OPEN list after every step, on standard error
    -h, --help          print this help
    -V, --version       print the version

ENHANCEMENTS (all on by default; each keeps every answer exact):
";

/// What a run of the program does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Answer questions.
    Boards(Options),
    /// Evaluate explicit trees.
    Tree(Options),
    /// Check the engine against the tablebase.
    Verify {
        /// Worker threads (default: the available processors).
        threads: Option<usize>,
    },
    /// Tabulate the backends' work.
    Compare(CompareOptions),
    /// Write random questions.
    Generate {
        /// Which boards.
        class: BoardClass,
        /// How many.
        count: usize,
        /// Seed of the generator.
        seed: u64,
    },
    /// Print the help.
    Help,
    /// Print the version.
    Version,
}

/// Options of a search run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The backend, as named by `--algo`.
    pub algo: Algo,
    /// Enhancements for boards.
    pub enhancements: Enhancements,
    /// `--stats`.
    pub stats: bool,
    /// `--trace`.
    pub trace: bool,
    /// The input file; standard input if `None`.
    pub input: Option<PathBuf>,
}

/// Options of `winmove compare`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareOptions {
    /// A board file to compare on; the built-in board classes if `None`.
    pub boards: Option<PathBuf>,
    /// Compare on uniform random trees instead of boards.
    pub trees: bool,
    /// Whether the board searches use the enhancements (else the raw tree).
    pub enhanced: bool,
    /// Write the figure (SVG) of leaves against depth to this file.
    pub svg: Option<PathBuf>,
    /// Search each board once for its value instead of answering it.
    pub value: bool,
    /// Number of boards per class or trees per shape.
    pub samples: usize,
    /// Seed of the generators.
    pub seed: u64,
}

/// A usage mistake: the message to print before exiting with status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn usage(message: impl Into<String>) -> UsageError {
    UsageError(message.into())
}

/// The full help text, with the list of enhancements.
pub fn help() -> String {
    let mut text = HELP.to_string();
    for (name, summary) in Enhancements::NAMES {
        text.push_str(&format!("    {name:<20}{summary}\n"));
    }
    text.push_str(
        "
COMPARE OPTIONS (winmove compare):
    --boards FILE       compare on the questions in FILE (default: built-in board classes)
    --trees             compare on uniform random trees (branching 2-8, depth 2-8)
    --raw               search boards on the raw tree with only the count shortcut (the
                        textbook form; default: with every enhancement)
    --value             search each board once for its value (x to move, window (-inf, +inf))
                        instead of answering it: the setting of Stockman's theorem
    --svg FILE          with --trees: also draw leaves against depth as an SVG figure
    --samples N         boards per class, or trees per shape (default 20)
    --seed N            seed of the generators (default 1)

GENERATE OPTIONS (winmove generate):
    --class NAME        judge (default: uniform over legal boards with equal counts), sparse
                        (<=4 pieces), sparse-unequal (<=5 pieces, unequal counts), six, eight,
                        midgame (6-12 pieces)
    --count N           number of questions (default 20000)
    --seed N            seed of the generator (default 1)

EXIT STATUS:
    0 all answers written; 1 bad input or a failed check; 2 bad command line.
",
    );
    text
}

/// Applies a comma-separated list of enhancement names to `set`.
fn set_enhancements(set: &mut Enhancements, list: &str, on: bool) -> Result<(), UsageError> {
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
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
            _ => match set.flag_mut(name) {
                Some(flag) => *flag = on,
                None => {
                    let names: Vec<_> = Enhancements::NAMES.iter().map(|(n, _)| *n).collect();
                    return Err(usage(format!(
                        "unknown enhancement '{name}' (known: {}, all, none)",
                        names.join(", ")
                    )));
                }
            },
        }
    }
    Ok(())
}

/// Reads the value of option `option` from `args`.
fn value(args: &mut impl Iterator<Item = String>, option: &str) -> Result<String, UsageError> {
    args.next()
        .ok_or_else(|| usage(format!("{option} needs a value")))
}

/// Splits `--name=value` into its two halves.
fn split_inline(arg: &str) -> (String, Option<String>) {
    match arg.split_once('=') {
        Some((name, value)) if name.starts_with("--") => {
            (name.to_string(), Some(value.to_string()))
        }
        _ => (arg.to_string(), None),
    }
}

fn number<T: std::str::FromStr>(text: &str, option: &str) -> Result<T, UsageError> {
    text.parse()
        .map_err(|_| usage(format!("{option} needs a number, found '{text}'")))
}

/// Parses the arguments (without the program name).
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, UsageError> {
    let mut args = args.into_iter().peekable();
    let mode = match args.peek().map(String::as_str) {
        Some("tree") | Some("verify") | Some("compare") | Some("generate") => args.next(),
        _ => None,
    };
    let mut options = Options {
        algo: Algo::AlphaBeta,
        enhancements: Enhancements::ALL,
        stats: false,
        trace: false,
        input: None,
    };
    let mut compare = CompareOptions {
        boards: None,
        trees: false,
        enhanced: true,
        svg: None,
        value: false,
        samples: 20,
        seed: 1,
    };
    let mut threads = None;
    let (mut class, mut count) = (BoardClass::Judge, 20_000);
    let mut enhancement_options = Vec::new();
    let mode = mode.as_deref().unwrap_or("boards");
    while let Some(arg) = args.next() {
        let (name, inline) = split_inline(&arg);
        let take = |args: &mut std::iter::Peekable<_>| match inline.clone() {
            Some(v) => Ok(v),
            None => value(args, &name),
        };
        let allowed = |modes: &[&str]| -> Result<(), UsageError> {
            if modes.contains(&mode) {
                Ok(())
            } else if mode == "boards" {
                Err(usage(format!(
                    "{name} is an option of 'winmove {}'",
                    modes[0]
                )))
            } else {
                Err(usage(format!(
                    "{name} is not an option of 'winmove {mode}'"
                )))
            }
        };
        match name.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--algo" => {
                allowed(&["boards", "tree"])?;
                let algo = take(&mut args)?;
                options.algo = Algo::from_name(&algo).ok_or_else(|| {
                    let names: Vec<_> = Algo::ALL.iter().map(|a| a.name()).collect();
                    usage(format!(
                        "unknown algorithm '{algo}' (known: {})",
                        names.join(", ")
                    ))
                })?;
            }
            "--plain" => {
                allowed(&["boards"])?;
                enhancement_options.push(("--plain".to_string(), "none".to_string(), true));
            }
            "--enhance" | "--without" => {
                allowed(&["boards"])?;
                let list = take(&mut args)?;
                enhancement_options.push((name.clone(), list, name == "--enhance"));
            }
            "--stats" => {
                allowed(&["boards", "tree"])?;
                options.stats = true;
            }
            "--trace" => {
                allowed(&["boards", "tree"])?;
                options.trace = true;
            }
            "--threads" => {
                allowed(&["verify"])?;
                let n: usize = number(&take(&mut args)?, "--threads")?;
                if n == 0 {
                    return Err(usage("--threads needs at least 1"));
                }
                threads = Some(n);
            }
            "--boards" => {
                allowed(&["compare"])?;
                compare.boards = Some(PathBuf::from(take(&mut args)?));
            }
            "--trees" => {
                allowed(&["compare"])?;
                compare.trees = true;
            }
            "--raw" => {
                allowed(&["compare"])?;
                compare.enhanced = false;
            }
            "--value" => {
                allowed(&["compare"])?;
                compare.value = true;
            }
            "--svg" => {
                allowed(&["compare"])?;
                compare.svg = Some(PathBuf::from(take(&mut args)?));
            }
            "--samples" => {
                allowed(&["compare"])?;
                compare.samples = number(&take(&mut args)?, "--samples")?;
                if compare.samples == 0 {
                    return Err(usage("--samples needs at least 1"));
                }
            }
            "--seed" => {
                allowed(&["compare", "generate"])?;
                compare.seed = number(&take(&mut args)?, "--seed")?;
            }
            "--class" => {
                allowed(&["generate"])?;
                let name = take(&mut args)?;
                class = BoardClass::from_name(&name).ok_or_else(|| {
                    let names: Vec<_> = BoardClass::ALL.iter().map(|c| c.name()).collect();
                    usage(format!(
                        "unknown class '{name}' (known: {})",
                        names.join(", ")
                    ))
                })?;
            }
            "--count" => {
                allowed(&["generate"])?;
                count = number(&take(&mut args)?, "--count")?;
            }
            _ if arg.starts_with('-') && arg != "-" => {
                return Err(usage(format!("unknown option '{arg}'")));
            }
            _ => {
                if !matches!(mode, "boards" | "tree") {
                    return Err(usage(format!(
                        "'winmove {mode}' takes no file, found '{arg}'"
                    )));
                }
                if options.input.is_some() {
                    return Err(usage(format!(
                        "only one input file may be given, found '{arg}' too"
                    )));
                }
                if arg != "-" {
                    options.input = Some(PathBuf::from(arg));
                }
            }
        }
    }
    for (option, list, on) in &enhancement_options {
        if enhancement_options.len() > 1 {
            return Err(usage(format!(
                "{option} cannot be combined with another of --plain, --enhance, --without"
            )));
        }
        let mut set = if *on {
            Enhancements::NONE
        } else {
            Enhancements::ALL
        };
        set_enhancements(&mut set, list, *on)?;
        options.enhancements = set;
    }
    if compare.svg.is_some() && !compare.trees {
        return Err(usage("--svg draws the tree figure: use it with --trees"));
    }
    if options.trace && options.algo != Algo::Sss {
        return Err(usage(
            "--trace shows SSS*'s OPEN list: use it with --algo sss",
        ));
    }
    if !options.algo.is_built() {
        let feature = options.algo.feature().unwrap_or_default();
        return Err(usage(format!(
            "algorithm '{}' is not built in: rebuild with --features {feature} (cargo build --release --features {feature})",
            options.algo.name()
        )));
    }
    Ok(match mode {
        "tree" => Command::Tree(options),
        "verify" => Command::Verify { threads },
        "compare" => Command::Compare(compare),
        "generate" => Command::Generate {
            class,
            count,
            seed: compare.seed,
        },
        _ => Command::Boards(options),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Command, UsageError> {
        parse(line.split_whitespace().map(String::from))
    }

    #[test]
    fn defaults_to_alphabeta_with_every_enhancement() {
        let Command::Boards(options) = parse_str("").unwrap() else {
            panic!()
        };
        assert_eq!(options.algo, Algo::AlphaBeta);
        assert_eq!(options.enhancements, Enhancements::ALL);
        assert_eq!(options.input, None);
    }

    #[test]
    fn plain_enhance_and_without_set_the_enhancements() {
        let Command::Boards(o) = parse_str("--plain").unwrap() else {
            panic!()
        };
        assert_eq!(o.enhancements, Enhancements::NONE);
        let Command::Boards(o) = parse_str("--enhance shortcut,forced").unwrap() else {
            panic!()
        };
        assert!(o.enhancements.shortcut && o.enhancements.forced && !o.enhancements.tt);
        let Command::Boards(o) = parse_str("--without=tt").unwrap() else {
            panic!()
        };
        assert!(!o.enhancements.tt && o.enhancements.symmetry);
        assert!(parse_str("--plain --without tt").is_err());
        assert!(parse_str("--enhance speed")
            .unwrap_err()
            .0
            .contains("unknown enhancement 'speed'"));
    }

    #[test]
    fn rejects_unknown_options_and_misplaced_ones() {
        assert!(parse_str("--fast")
            .unwrap_err()
            .0
            .contains("unknown option '--fast'"));
        assert!(parse_str("--algo")
            .unwrap_err()
            .0
            .contains("--algo needs a value"));
        assert!(parse_str("--algo best")
            .unwrap_err()
            .0
            .contains("unknown algorithm 'best'"));
        assert!(parse_str("tree --plain").is_err());
        assert!(parse_str("--trace").unwrap_err().0.contains("--algo sss"));
        assert!(parse_str("a b")
            .unwrap_err()
            .0
            .contains("only one input file"));
    }

    #[test]
    fn names_the_feature_a_missing_backend_needs() {
        for algo in [Algo::Scout, Algo::Sss] {
            let result = parse_str(&format!("--algo {}", algo.name()));
            if algo.is_built() {
                assert!(result.is_ok());
            } else {
                let feature = algo.feature().unwrap();
                assert!(result
                    .unwrap_err()
                    .0
                    .contains(&format!("--features {feature}")));
            }
        }
    }
}
