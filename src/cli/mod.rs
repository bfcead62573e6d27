//! The command line: one file per subcommand, each owning its options, its
//! help and its run; this file dispatches to them, and holds what every
//! subcommand's option table is made of.
//!
//! A subcommand declares its options once, in a [`Table`]: each row a name,
//! the placeholder of its value if it takes one, its help, and a key of the
//! subcommand's own `Key` enum. Its parser looks each option up there and
//! matches on the key (a key without handling does not compile; a key
//! without a row is never constructed, a warning); its help's OPTIONS
//! section is the table's [`Table::help`]; its unknown-option messages
//! and suggestions read the table's names through [`Subcommand::options`].

pub mod args;
pub mod check;
pub mod compare;
pub mod explain;
pub mod generate;
pub mod output;
pub mod search_options;
pub mod searcher;
pub mod solve;
pub mod tree;
pub mod value;
pub mod verify;

use args::{Args, Given, Kind, Opt, closest};
use output::{Failure, Io, Status};
use std::ffi::OsString;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A usage mistake: the message to print before exiting with status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl UsageError {
    /// A usage error with `message`.
    pub fn new(message: impl Into<String>) -> UsageError {
        UsageError(message.into())
    }
}

impl From<UsageError> for Failure {
    fn from(e: UsageError) -> Failure {
        Failure::Usage(e.0)
    }
}

/// A subcommand: its name, what it does, its options, and its entry point
/// (which prints its own `--help`).
pub struct Subcommand {
    /// The word after `winmove` (empty for `winmove` itself).
    pub name: &'static str,
    /// One line for the list of subcommands.
    pub summary: &'static str,
    /// Its option table, the one its parser, its help and its errors read.
    pub options: &'static dyn OptionNames,
    /// Parses its arguments and runs it.
    pub run: fn(Args, &mut Io) -> Status,
}

impl Subcommand {
    /// How it is called: `winmove tree`, or `winmove`.
    pub fn command(&self) -> String {
        if self.name.is_empty() {
            "winmove".to_string()
        } else {
            format!("winmove {}", self.name)
        }
    }

    /// Whether it takes the option `name` (a long name: `--help`).
    pub fn takes(&self, name: &str) -> bool {
        self.options.names().contains(&name)
    }

    /// The error for an option it does not take: the commands that take
    /// it, or else a close option of its own.
    pub fn unknown_option(&self, opt: &Opt) -> UsageError {
        let owners: Vec<String> = std::iter::once(&solve::COMMAND)
            .chain(SUBCOMMANDS)
            .filter(|sub| sub.takes(&opt.name))
            .map(|sub| format!("'{}'", sub.command()))
            .collect();
        if let Some((last, rest)) = owners.split_last() {
            let owners = if rest.is_empty() {
                last.clone()
            } else {
                format!("{} and {last}", rest.join(", "))
            };
            return UsageError::new(format!("{} is an option of {owners}", opt.name));
        }
        let mut message = format!(
            "unknown option '{}' for '{}'",
            opt.name.escape_debug(),
            self.command()
        );
        if let Some(close) = closest(&opt.name, self.options.names().into_iter()) {
            message.push_str(&format!(" (did you mean '{close}'?)"));
        }
        UsageError::new(message)
    }
}

/// Every subcommand but the default one (answering questions).
pub const SUBCOMMANDS: &[Subcommand] = &[
    tree::SUBCOMMAND,
    value::SUBCOMMAND,
    explain::SUBCOMMAND,
    check::SUBCOMMAND,
    verify::SUBCOMMAND,
    compare::SUBCOMMAND,
    generate::SUBCOMMAND,
];

/// Runs the command line `args` (without the program name).
pub fn main(args: Vec<OsString>) -> ExitCode {
    let mut io = Io::new();
    let named = args.first().and_then(|a| a.to_str());
    let (name, status) = match named.and_then(|word| SUBCOMMANDS.iter().find(|s| s.name == word)) {
        Some(sub) => (sub.name, (sub.run)(Args::new(args[1..].to_vec()), &mut io)),
        None => match mistyped_subcommand(&args) {
            Some(message) => ("", Err(Failure::Usage(message))),
            None => ("", solve::run(Args::new(args), &mut io)),
        },
    };
    match status {
        Ok(()) => match io.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Err(Failure::Failed) => ExitCode::FAILURE,
        Err(Failure::Usage(message)) => {
            let _ = io.flush();
            let help = if name.is_empty() {
                "winmove --help".to_string()
            } else {
                format!("winmove {name} --help")
            };
            let _ = io.note(format_args!(
                "error: {message}\nTry '{help}' for the options."
            ));
            let _ = io.flush();
            ExitCode::from(2)
        }
    }
}

/// A first argument that looks like a mistyped subcommand rather than a
/// file: not a file that exists, and close to a subcommand's name.
fn mistyped_subcommand(args: &[OsString]) -> Option<String> {
    let word = args.first()?.to_str()?;
    if word.starts_with('-') || Path::new(word).exists() {
        return None;
    }
    if word == "help" {
        return Some(
            "there is no file or subcommand 'help' (did you mean 'winmove --help'?)".into(),
        );
    }
    let close = closest(word, SUBCOMMANDS.iter().map(|s| s.name))?;
    Some(format!(
        "there is no file or subcommand '{}' (did you mean 'winmove {close}'?)",
        word.escape_debug()
    ))
}

/// The version line.
pub fn version() -> String {
    format!("winmove {}\n", env!("CARGO_PKG_VERSION"))
}

/// Writes `text` (a help or the version) to standard output.
pub fn print(io: &mut Io, text: &str) -> Status {
    io.out(text.as_bytes())
}

/// Formats the option lines of a help: `name` padded, then the text,
/// continuation lines indented.
pub fn option_lines(options: &[(&str, &str)]) -> String {
    let mut text = String::new();
    for (name, what) in options {
        let mut lines = what.lines();
        let first = lines.next().unwrap_or_default();
        if name.len() < 22 {
            text.push_str(&format!("    {name:<22}{first}\n"));
        } else {
            text.push_str(&format!("    {name}\n    {:<22}{first}\n", ""));
        }
        for line in lines {
            text.push_str(&format!("    {:<22}{line}\n", ""));
        }
    }
    text
}

/// An option's text in a help.
#[derive(Clone, Copy, Debug)]
pub enum Help {
    /// Written out.
    Text(&'static str),
    /// Made when the help is printed, from constants or the registry.
    Made(fn() -> String),
}

/// One option of a subcommand: its names, what follows them, its help,
/// and the key its parser tells it by.
#[derive(Debug)]
pub struct Spec<K> {
    /// Its name, `--count`.
    pub name: &'static str,
    /// Its short name too, `-h`, if it has one.
    pub short: Option<&'static str>,
    /// What follows it: nothing, or a value.
    pub kind: Kind,
    /// Its text in the help.
    pub help: Help,
    /// What it is to the parser.
    pub key: K,
}

impl<K> Spec<K> {
    /// A flag: an option that takes no value.
    pub const fn flag(name: &'static str, key: K, help: Help) -> Spec<K> {
        Spec {
            name,
            short: None,
            kind: Kind::Flag,
            help,
            key,
        }
    }

    /// An option that takes a value, shown in the help as `placeholder`.
    pub const fn value(
        name: &'static str,
        placeholder: &'static str,
        key: K,
        help: Help,
    ) -> Spec<K> {
        Spec {
            name,
            short: None,
            kind: Kind::Value(placeholder),
            help,
            key,
        }
    }

    /// Whether `name` (as written) names it.
    fn named(&self, name: &str) -> bool {
        self.name == name || self.short == Some(name)
    }

    /// Its line in the help: its names and placeholder, then its text.
    fn help_line(&self) -> String {
        let mut names = match self.short {
            Some(short) => format!("{short}, {}", self.name),
            None => self.name.to_string(),
        };
        if let Kind::Value(placeholder) = self.kind {
            names.push(' ');
            names.push_str(placeholder);
        }
        match self.help {
            Help::Text(text) => option_lines(&[(&names, text)]),
            Help::Made(make) => option_lines(&[(&names, &make())]),
        }
    }
}

/// A row of a subcommand's option table, in the order its help lists
/// them.
#[derive(Debug)]
pub enum Row<K> {
    /// One of its own options.
    Option(Spec<K>),
    /// The shared search options ([`search_options::OPTIONS`]), each
    /// handed to the parser as the key this makes of its own.
    Search(fn(search_options::Key) -> K),
    /// `--`, which ends the options: a line of the help ([`Args`] reads
    /// it).
    EndOfOptions,
}

impl<K> Row<K> {
    /// A flag: an option that takes no value.
    pub const fn flag(name: &'static str, key: K, help: Help) -> Row<K> {
        Row::Option(Spec::flag(name, key, help))
    }

    /// An option that takes a value, shown in the help as `placeholder`.
    pub const fn value(
        name: &'static str,
        placeholder: &'static str,
        key: K,
        help: Help,
    ) -> Row<K> {
        Row::Option(Spec::value(name, placeholder, key, help))
    }

    /// `-h, --help`.
    pub const fn help(key: K) -> Row<K> {
        Row::Option(Spec {
            name: "--help",
            short: Some("-h"),
            kind: Kind::Print,
            help: Help::Text("print this help"),
            key,
        })
    }

    /// `-V, --version`.
    pub const fn version(key: K) -> Row<K> {
        Row::Option(Spec {
            name: "--version",
            short: Some("-V"),
            kind: Kind::Print,
            help: Help::Text("print the version"),
            key,
        })
    }
}

/// A subcommand's option table: its parser looks options up in it, its
/// help's OPTIONS section is made from it, and its errors suggest from it.
#[derive(Debug)]
pub struct Table<K: 'static>(pub &'static [Row<K>]);

impl<K: Copy> Table<K> {
    /// The key of the option `opt` and what it was given; `None` if the
    /// table has no such option.
    pub fn find(&self, opt: &Opt, args: &mut Args) -> Result<Option<(K, Given)>, UsageError> {
        for row in self.0 {
            let (kind, key) = match row {
                Row::Option(spec) if spec.named(&opt.name) => (spec.kind, spec.key),
                Row::Search(own) => {
                    match search_options::OPTIONS.iter().find(|s| s.named(&opt.name)) {
                        Some(spec) => (spec.kind, own(spec.key)),
                        None => continue,
                    }
                }
                _ => continue,
            };
            return Ok(Some((key, args.read(opt, kind)?)));
        }
        Ok(None)
    }

    /// The lines of the help's OPTIONS section.
    pub fn help(&self) -> String {
        let mut text = String::new();
        for row in self.0 {
            match row {
                Row::Option(spec) => text.push_str(&spec.help_line()),
                Row::Search(_) => {
                    for spec in search_options::OPTIONS {
                        text.push_str(&spec.help_line());
                    }
                }
                Row::EndOfOptions => text.push_str(&option_lines(&[(
                    "--",
                    "end of options: the next argument is the file, whatever its name",
                )])),
            }
        }
        text
    }
}

/// The names of a subcommand's options, whatever the keys of its table.
pub trait OptionNames {
    /// The long names (`--count`), its own in the order of its help, then
    /// the shared search options if it takes them.
    fn names(&self) -> Vec<&'static str>;
}

impl<K> OptionNames for Table<K> {
    fn names(&self) -> Vec<&'static str> {
        let own = self.0.iter().filter_map(|row| match row {
            Row::Option(spec) => Some(spec.name),
            _ => None,
        });
        let searches = self.0.iter().any(|row| matches!(row, Row::Search(_)));
        let shared = search_options::OPTIONS
            .iter()
            .map(|spec| spec.name)
            .filter(|_| searches);
        own.chain(shared).collect()
    }
}

/// The file a positional names: `None` (standard input) for none or `-`.
pub fn input_path(word: Option<OsString>) -> Option<PathBuf> {
    word.filter(|w| w != "-").map(PathBuf::from)
}

/// Opens the input: the named file, or standard input.
pub fn open(input: &Option<PathBuf>, io: &mut Io) -> Result<Box<dyn Read>, Failure> {
    match input {
        None => Ok(Box::new(std::io::stdin().lock())),
        Some(path) => open_file(path, io).map(|f| Box::new(f) as Box<dyn Read>),
    }
}

/// Opens the named file, or says why it cannot.
pub fn open_file(path: &Path, io: &mut Io) -> Result<File, Failure> {
    File::open(path).map_err(|e| {
        let name = args::quoted(path.as_os_str());
        io.fail(format_args!("cannot open {name}: {e}"))
    })
}

/// The help's list of the counters `--stats` shows, from the registry.
pub fn counters_help() -> String {
    let mut text = String::from(
        "\nCOUNTERS (--stats: leaves= and nodes= for every backend, counted alike, then its own):\n",
    );
    text.push_str(&option_lines(&[
        ("leaves", "evaluations of terminal nodes, repeats included"),
        (
            "nodes",
            "node visits, repeats included: each time a search reaches a node\n\
             (depth-first backends: each call on it, a table's answer included;\n\
             SCOUT: each node EVAL or TEST reaches; SSS*: each live state\n\
             popped, once a node)",
        ),
    ]));
    let lines: Vec<(&str, &str)> = crate::search::registry::counters()
        .iter()
        .map(|counter| (counter.name(), counter.meaning()))
        .collect();
    text.push_str(&option_lines(&lines));
    // Counters shown only when an option asks for what they count.
    let optional = [
        crate::search::depth_first::TRANSPOSITION_CUTOFFS,
        crate::answer::value::HINTED,
        crate::answer::value::HINT_BEST,
    ];
    let lines: Vec<(&str, &str)> = optional
        .iter()
        .map(|counter| (counter.name(), counter.meaning()))
        .collect();
    text.push_str(&option_lines(&lines));
    text
}

/// The ALGORITHMS section of a help: every backend, and the feature it
/// needs if this build lacks it.
pub fn algorithms_help() -> String {
    let mut text = String::from("\nALGORITHMS (--algo):\n");
    for algo in crate::search::Algo::ALL {
        text.push_str(&algorithm_lines(algo, algo.built()));
    }
    text
}

/// The help's lines for `algo`: its summary, then on a line of its own
/// (the summaries fill the width) the feature it needs if not `built`.
fn algorithm_lines(algo: crate::search::Algo, built: bool) -> String {
    let summary = if built {
        algo.summary().to_string()
    } else {
        format!(
            "{}\n(not built: needs --features {})",
            algo.summary(),
            algo.feature().unwrap_or_default()
        )
    };
    option_lines(&[(algo.name(), &summary)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Key {
        Pv,
        Count,
        Search(search_options::Key),
        Help,
    }

    const TABLE: Table<Key> = Table(&[
        Row::flag("--pv", Key::Pv, Help::Text("the line")),
        Row::value("--count", "N", Key::Count, Help::Text("how many\ntrees")),
        Row::Search(Key::Search),
        Row::help(Key::Help),
        Row::EndOfOptions,
    ]);

    fn args(line: &str) -> Args {
        Args::new(line.split_whitespace().map(OsString::from).collect())
    }

    /// The key `TABLE` finds for the next argument of `args`.
    fn next_key(args: &mut Args) -> Result<Option<Key>, UsageError> {
        let Some(args::Arg::Option(opt)) = args.next_arg()? else {
            panic!("an option")
        };
        Ok(TABLE.find(&opt, args)?.map(|(key, _)| key))
    }

    #[test]
    fn a_table_finds_its_options_by_either_name() {
        let mut a = args("-h --count 3 --stats --bogus --pv=1");
        assert_eq!(next_key(&mut a), Ok(Some(Key::Help)));
        let Some(args::Arg::Option(count)) = a.next_arg().unwrap() else {
            panic!()
        };
        let (key, given) = TABLE.find(&count, &mut a).unwrap().unwrap();
        assert_eq!((key, given.number(0, 9)), (Key::Count, Ok(3)));
        let stats = Key::Search(search_options::Key::Stats);
        assert_eq!(next_key(&mut a), Ok(Some(stats)));
        assert_eq!(next_key(&mut a), Ok(None));
        let error = next_key(&mut a).unwrap_err();
        assert_eq!(error.0, "--pv takes no value, found --pv=1");
    }

    #[test]
    fn a_table_writes_its_help_lines_and_lists_its_names() {
        let help = TABLE.help();
        let lines = |lines: &[&str]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
        let (own, rest) = help.split_at(help.find("    --algo").unwrap());
        let expected = lines(&[
            "    --pv                  the line",
            "    --count N             how many",
            "                          trees",
        ]);
        assert_eq!(own, expected);
        let end = lines(&[
            "    -h, --help            print this help",
            "    --                    end of options: the next argument is the file, whatever its name",
        ]);
        assert!(rest.ends_with(&end), "{rest}");
        assert_eq!(
            TABLE.names(),
            [
                "--pv",
                "--count",
                "--help",
                "--algo",
                "--guess",
                "--table-size",
                "--stats",
                "--order",
                "--trace"
            ]
        );
    }

    #[test]
    fn a_backend_not_built_is_said_so_within_the_width() {
        for algo in crate::search::Algo::ALL {
            let lines = algorithm_lines(algo, false);
            assert!(lines.contains("(not built: needs --features "), "{lines}");
            for line in lines.lines() {
                assert!(line.chars().count() <= 100, "{line}");
            }
        }
    }

    #[test]
    fn every_subcommand_names_each_option_once() {
        for sub in std::iter::once(&solve::COMMAND).chain(SUBCOMMANDS) {
            let names = sub.options.names();
            for (k, name) in names.iter().enumerate() {
                assert!(name.starts_with("--"), "{}: {name}", sub.command());
                assert!(!names[..k].contains(name), "{}: {name}", sub.command());
            }
            assert!(names.contains(&"--help"), "{}", sub.command());
        }
    }
}
