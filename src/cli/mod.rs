//! The command line: one file per subcommand, each a [`Command`] that owns
//! its options, its help and its run; this file dispatches to them, and
//! holds the one loop that reads every command line.
//!
//! A command declares each option once, as a [`Row`] of its table: its
//! name, the placeholder of its value if it takes one, its help, and what
//! it sets in the command's options. [`Command::parse`] reads the
//! arguments against that table; the help's OPTIONS section is made from
//! it, and the unknown-option errors suggest from it.

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

use crate::game::board::Board;
use crate::protocol::Cases;
use args::{Arg, Args, Given, Kind, Opt, closest, quoted};
use output::{Failure, Io, Status};
use search_options::{EnhancementChoice, SearchOptions};
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

/// A subcommand (or `winmove` itself): its options, read into an `O`, its
/// help, and its run.
pub struct Command<O: 'static> {
    /// The word after `winmove` (empty for `winmove` itself).
    pub name: &'static str,
    /// One line for the list of subcommands.
    pub summary: &'static str,
    /// Its options, in the order of its help.
    pub options: &'static [Row<O>],
    /// What it takes besides options.
    pub words: Words<O>,
    /// Its help, given the lines of its OPTIONS section.
    pub help: fn(&str) -> String,
    /// Runs it with the options read.
    pub run: fn(O, &mut Io) -> Status,
}

/// What a command takes besides options.
pub enum Words<O> {
    /// Nothing: the error for a word ends with this hint.
    Nothing(&'static str),
    /// One input file; none, or `-`, is standard input.
    File(fn(&mut O) -> &mut Option<OsString>),
    /// A command to run and its arguments, after the options.
    Command(fn(&mut O) -> &mut Vec<OsString>),
}

/// What a command line asked for.
#[derive(Debug)]
pub enum Parsed<O> {
    /// A run with these options.
    Run(O),
    /// The help.
    Help,
    /// The version.
    Version,
}

impl<O: Default> Command<O> {
    /// Reads `args` against the options table: an option sets what its
    /// row says, in the order given; `--help` or `--version` ends the
    /// reading.
    pub fn parse(&self, mut args: Args) -> Result<Parsed<O>, UsageError> {
        let mut o = O::default();
        while let Some(arg) = args.next_arg()? {
            let opt = match arg {
                Arg::Positional(word) => {
                    self.take(&mut o, word, &args)?;
                    continue;
                }
                Arg::Option(opt) => opt,
            };
            // A command's own options follow it: one here means a '--' was
            // forgotten, or an option of ours was put too late.
            let after_command = match self.words {
                Words::Command(command) => !command(&mut o).is_empty(),
                _ => false,
            };
            if after_command {
                return Err(UsageError::new(format!(
                    "{} comes after the command: put '--' before the command if it is the command's",
                    opt.name
                )));
            }
            match apply(self.options, &mut o, &opt, &mut args)? {
                Some(Found::Set) => {}
                Some(Found::Help) => return Ok(Parsed::Help),
                Some(Found::Version) => return Ok(Parsed::Version),
                None => return Err(unknown_option(self, &opt)),
            }
        }
        Ok(Parsed::Run(o))
    }

    /// Takes `word`, which is not an option.
    fn take(&self, o: &mut O, word: OsString, args: &Args) -> Result<(), UsageError> {
        match self.words {
            Words::Nothing(hint) => Err(UsageError::new(format!(
                "'{}' takes no file, found {}{hint}",
                self.command(),
                quoted(&word)
            ))),
            Words::File(input) => args.one_file(input(o), word),
            Words::Command(command) => {
                command(o).push(word);
                Ok(())
            }
        }
    }

    /// The lines of its help's OPTIONS section.
    fn options_help(&self) -> String {
        let mut text: String = listed_in(self.options)
            .iter()
            .map(|s| s.help_line())
            .collect();
        if let Words::File(_) = self.words {
            let end = "end of options: the next argument is the file, whatever its name";
            text.push_str(&option_lines(&[("--", end)]));
        }
        text
    }
}

/// A command whatever the type of its options: what the dispatcher and
/// the errors about options need.
pub trait Subcommand {
    /// The word after `winmove` (empty for `winmove` itself).
    fn name(&self) -> &'static str;
    /// One line for the list of subcommands.
    fn summary(&self) -> &'static str;
    /// The long names of its options (`--count`): its own in the order of
    /// its help, then the shared ones it takes.
    fn names(&self) -> Vec<&'static str>;
    /// Reads its arguments and runs it, or prints what they ask for.
    fn main(&self, args: Args, io: &mut Io) -> Status;

    /// How it is called: `winmove tree`, or `winmove`.
    fn command(&self) -> String {
        match self.name() {
            "" => "winmove".to_string(),
            name => format!("winmove {name}"),
        }
    }
}

impl<O: Default> Subcommand for Command<O> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn names(&self) -> Vec<&'static str> {
        // Its own first, as the suggestions for a mistyped option rank them.
        let rows = self.options.iter();
        let (own, shared): (Vec<_>, Vec<_>) = rows.partition(|row| matches!(row, Row::Option(_)));
        let shared = shared
            .into_iter()
            .flat_map(|row| listed_in(std::slice::from_ref(row)));
        own.into_iter()
            .flat_map(|row| listed_in(std::slice::from_ref(row)))
            .chain(shared)
            .map(|about| about.name)
            .collect()
    }

    fn main(&self, args: Args, io: &mut Io) -> Status {
        match self.parse(args)? {
            Parsed::Run(options) => (self.run)(options, io),
            Parsed::Help => io.out((self.help)(&self.options_help()).as_bytes()),
            Parsed::Version => io.out(version().as_bytes()),
        }
    }
}

/// Every subcommand but the default one (answering questions).
pub const SUBCOMMANDS: &[&dyn Subcommand] = &[
    tree::COMMAND,
    value::COMMAND,
    explain::COMMAND,
    check::COMMAND,
    verify::COMMAND,
    compare::COMMAND,
    generate::COMMAND,
];

/// `winmove` itself and every subcommand.
fn commands() -> impl Iterator<Item = &'static dyn Subcommand> {
    std::iter::once(solve::COMMAND).chain(SUBCOMMANDS.iter().copied())
}

/// The error for an option `command` does not take: the commands that
/// take it, or else a close option of its own.
fn unknown_option(command: &dyn Subcommand, opt: &Opt) -> UsageError {
    let owners: Vec<String> = commands()
        .filter(|sub| sub.names().contains(&opt.name.as_str()))
        .map(|sub| format!("'{}'", sub.command()))
        .collect();
    if !owners.is_empty() {
        let owners = listed(&owners, "and");
        return UsageError::new(format!("{} is an option of {owners}", opt.name));
    }
    let mut message = format!(
        "unknown option '{}' for '{}'",
        opt.name.escape_debug(),
        command.command()
    );
    if let Some(close) = closest(&opt.name, command.names().into_iter()) {
        message.push_str(&format!(" (did you mean '{close}'?)"));
    }
    UsageError::new(message)
}

/// Runs the command line `args` (without the program name).
pub fn main(args: Vec<OsString>) -> ExitCode {
    let mut io = Io::new();
    let named = args.first().and_then(|a| a.to_str());
    let (name, status) = match named.and_then(|word| SUBCOMMANDS.iter().find(|s| s.name() == word))
    {
        Some(sub) => (sub.name(), sub.main(Args::new(args[1..].to_vec()), &mut io)),
        None => match mistyped_subcommand(&args) {
            Some(message) => ("", Err(Failure::Usage(message))),
            None => ("", solve::COMMAND.main(Args::new(args), &mut io)),
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
    let close = closest(word, SUBCOMMANDS.iter().map(|s| s.name()))?;
    Some(format!(
        "there is no file or subcommand '{}' (did you mean 'winmove {close}'?)",
        word.escape_debug()
    ))
}

/// `names` as a list: `a, b and c` (or `or`, as `last` says).
pub fn listed(names: &[impl AsRef<str>], last: &str) -> String {
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    match names.split_last() {
        Some((end, rest)) if !rest.is_empty() => format!("{} {last} {end}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// The error for a `what` called `name` that is none of `known`.
pub fn unknown(what: &str, name: &str, known: &[&str]) -> UsageError {
    let (name, known) = (name.escape_debug(), known.join(", "));
    UsageError::new(format!("unknown {what} '{name}' (known: {known})"))
}

/// `N thing` or `N things`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The error of the first of `mistakes` made: each a combination of
/// options that must not be, and what to say if it is.
pub fn forbid(mistakes: &[(bool, &str)]) -> Result<(), UsageError> {
    match mistakes.iter().find(|(made, _)| *made) {
        Some((_, message)) => Err(UsageError::new(*message)),
        None => Ok(()),
    }
}

/// `text` in lines of at most `width` bytes, broken between words.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("a line");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// `text` as a paragraph of a help: lines of at most 94 characters,
/// indented by 4.
pub fn paragraph(text: &str) -> String {
    wrap(text, 90)
        .iter()
        .map(|line| format!("    {line}\n"))
        .collect()
}

/// The version line.
pub fn version() -> String {
    format!("winmove {}\n", env!("CARGO_PKG_VERSION"))
}

/// Formats the option lines of a help: `name` padded, then the text,
/// its lines broken to fit 100 columns, continuation lines indented.
pub fn option_lines(options: &[(impl AsRef<str>, impl AsRef<str>)]) -> String {
    let mut text = String::new();
    for (name, what) in options {
        let name = name.as_ref();
        if name.len() >= 22 {
            text.push_str(&format!("    {name}\n"));
        }
        let lines = what.as_ref().lines().flat_map(|line| wrap(line, 74));
        for (k, line) in lines.enumerate() {
            let shown = if k == 0 && name.len() < 22 { name } else { "" };
            text.push_str(&format!("    {shown:<22}{line}\n"));
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

/// What an option sets in a command's options, from what it was given.
pub type Setter<O> = fn(&mut O, Given) -> Result<(), UsageError>;

/// Sets `place` to `value`: what most setters do.
pub fn set<T>(place: &mut T, value: T) -> Result<(), UsageError> {
    *place = value;
    Ok(())
}

/// One option of a command: how the help and the errors show it, and
/// what it does.
pub struct Spec<O: 'static> {
    about: About,
    act: Act<O>,
}

/// An option as the help and the errors show it, whatever it sets.
struct About {
    /// Its name, `--count`.
    name: &'static str,
    /// Its short name too, `-h`, if it has one.
    short: Option<&'static str>,
    /// What follows it: nothing, or a value.
    kind: Kind,
    help: Help,
}

/// What an option does.
enum Act<O> {
    /// Sets the command's options.
    Set(Setter<O>),
    Help,
    Version,
}

/// What an option found in a table did.
enum Found {
    Set,
    Help,
    Version,
}

impl About {
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
            names = format!("{names} {placeholder}");
        }
        match self.help {
            Help::Text(text) => option_lines(&[(names, text.to_string())]),
            Help::Made(make) => option_lines(&[(names, make())]),
        }
    }
}

/// A row of a command's option table.
pub enum Row<O: 'static> {
    /// One of its own options.
    Option(Spec<O>),
    /// The shared search options ([`search_options::OPTIONS`]), which set
    /// the part of its options this returns.
    Search(fn(&mut O) -> &mut SearchOptions),
    /// The options that choose the enhancements
    /// ([`search_options::ENHANCEMENTS`]), likewise.
    Enhancements(fn(&mut O) -> &mut EnhancementChoice),
}

impl<O> Row<O> {
    /// A flag: an option that takes no value.
    pub const fn flag(name: &'static str, help: Help, set: Setter<O>) -> Row<O> {
        Row::new(name, None, Kind::Flag, help, Act::Set(set))
    }

    /// An option that takes a value, shown in the help as `placeholder`.
    pub const fn value(
        name: &'static str,
        placeholder: &'static str,
        help: Help,
        set: Setter<O>,
    ) -> Row<O> {
        Row::new(name, None, Kind::Value(placeholder), help, Act::Set(set))
    }

    /// `-h, --help`.
    pub const HELP: Row<O> = Row::new(
        "--help",
        Some("-h"),
        Kind::Print,
        Help::Text("print this help"),
        Act::Help,
    );

    /// `-V, --version`.
    pub const VERSION: Row<O> = Row::new(
        "--version",
        Some("-V"),
        Kind::Print,
        Help::Text("print the version"),
        Act::Version,
    );

    const fn new(
        name: &'static str,
        short: Option<&'static str>,
        kind: Kind,
        help: Help,
        act: Act<O>,
    ) -> Row<O> {
        let about = About {
            name,
            short,
            kind,
            help,
        };
        Row::Option(Spec { about, act })
    }
}

/// The options `rows` list, the shared ones in place.
fn listed_in<O>(rows: &'static [Row<O>]) -> Vec<&'static About> {
    rows.iter()
        .flat_map(|row| match row {
            Row::Option(spec) => vec![&spec.about],
            Row::Search(_) => listed_in(search_options::OPTIONS),
            Row::Enhancements(_) => listed_in(search_options::ENHANCEMENTS),
        })
        .collect()
}

/// Finds the option `opt` in `rows` and does what it says to `o`, reading
/// its value from `args`; `None` if no row names it.
fn apply<O>(
    rows: &[Row<O>],
    o: &mut O,
    opt: &Opt,
    args: &mut Args,
) -> Result<Option<Found>, UsageError> {
    for row in rows {
        let found = match row {
            Row::Option(spec) if spec.about.named(&opt.name) => {
                let given = args.read(opt, spec.about.kind)?;
                Some(match spec.act {
                    Act::Set(set) => {
                        set(o, given)?;
                        Found::Set
                    }
                    Act::Help => Found::Help,
                    Act::Version => Found::Version,
                })
            }
            Row::Option(_) => None,
            Row::Search(part) => apply(search_options::OPTIONS, part(o), opt, args)?,
            Row::Enhancements(part) => apply(search_options::ENHANCEMENTS, part(o), opt, args)?,
        };
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
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

/// The questions of `input` (standard input if `None`), read as the
/// answer loop reads them; an error names the input as `shown`.
pub fn read_boards(
    input: &Option<PathBuf>,
    shown: &str,
    io: &mut Io,
) -> Result<Vec<Board>, Failure> {
    let mut boards = Vec::new();
    for case in Cases::new(open(input, io)?) {
        let case = case.map_err(|e| io.fail(format_args!("{shown}: {e}")))?;
        boards.push(case.board);
    }
    Ok(boards)
}

/// Opens the named file, or says why it cannot.
pub fn open_file(path: &Path, io: &mut Io) -> Result<File, Failure> {
    File::open(path).map_err(|e| {
        let name = quoted(path.as_os_str());
        io.fail(format_args!("cannot open {name}: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default)]
    struct Options {
        pv: bool,
        count: Option<u32>,
        search: SearchOptions,
        input: Option<OsString>,
    }

    const COMMAND: Command<Options> = Command {
        name: "test",
        summary: "",
        options: &[
            Row::flag("--pv", Help::Text("the line"), |o, _| set(&mut o.pv, true)),
            Row::value("--count", "N", Help::Text("how many"), |o, given| {
                set(&mut o.count, Some(given.number(0, 9)?))
            }),
            Row::Search(|o| &mut o.search),
            Row::HELP,
        ],
        words: Words::File(|o| &mut o.input),
        help: |options| options.to_string(),
        run: |_, _| Ok(()),
    };

    fn parse(line: &str) -> Result<Parsed<Options>, UsageError> {
        COMMAND.parse(Args::new(
            line.split_whitespace().map(OsString::from).collect(),
        ))
    }

    #[test]
    fn a_command_sets_what_its_rows_say_and_stops_at_help() {
        let Ok(Parsed::Run(o)) = parse("--count 3 --stats file --pv") else {
            panic!("a run")
        };
        assert_eq!((o.pv, o.count, o.search.stats), (true, Some(3), true));
        assert_eq!(o.input, Some("file".into()));
        assert!(matches!(parse("--pv -h --bogus"), Ok(Parsed::Help)));
        let error = parse("--cout 3").unwrap_err().0;
        let expected = "unknown option '--cout' for 'winmove test' (did you mean '--count'?)";
        assert_eq!(error, expected);
    }

    #[test]
    fn a_command_lists_its_options_and_their_names() {
        let help = COMMAND.options_help();
        assert!(help.starts_with("    --pv                  the line\n    --count N "));
        assert!(help.contains("\n    --algo NAME "), "{help}");
        assert!(help.ends_with("whatever its name\n"), "{help}");
        let names = COMMAND.names();
        assert_eq!(names[..4], ["--pv", "--count", "--help", "--algo"]);
    }

    #[test]
    fn every_subcommand_names_each_option_once() {
        for sub in commands() {
            let names = sub.names();
            for (k, name) in names.iter().enumerate() {
                assert!(name.starts_with("--"), "{}: {name}", sub.command());
                assert!(!names[..k].contains(name), "{}: {name}", sub.command());
            }
            assert!(names.contains(&"--help"), "{}", sub.command());
        }
    }
}
