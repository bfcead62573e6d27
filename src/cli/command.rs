//! A command: its option table, what it takes besides options, its help
//! and its run; and the one loop that reads every command line against a
//! command's table.

use super::args::{Arg, Args, Opt, UsageError, closest};
use super::output::{Io, Status};
use super::table::{Found, Row, apply, listed_in, option_lines, version};
use std::ffi::OsString;
use winmove::protocol::words::{listed, quoted};

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
    /// Its help, given the lines of its OPTIONS section and every command.
    pub help: fn(&str, &[&dyn Subcommand]) -> String,
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
    /// reading. The error for an option it does not take names those of
    /// `all` that take it.
    pub fn parse(&self, mut args: Args, all: &[&dyn Subcommand]) -> Result<Parsed<O>, UsageError> {
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
                None => return Err(unknown_option(self, &opt, all)),
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
    /// Reads its arguments and runs it, or prints what they ask for; `all`
    /// is every command, for its errors and its help.
    fn main(&self, args: Args, io: &mut Io, all: &[&dyn Subcommand]) -> Status;

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

    fn main(&self, args: Args, io: &mut Io, all: &[&dyn Subcommand]) -> Status {
        match self.parse(args, all)? {
            Parsed::Run(options) => (self.run)(options, io),
            Parsed::Help => io.out((self.help)(&self.options_help(), all).as_bytes()),
            Parsed::Version => io.out(version().as_bytes()),
        }
    }
}

/// The error for an option `command` does not take: the commands of `all`
/// that take it, or else a close option of its own.
fn unknown_option(command: &dyn Subcommand, opt: &Opt, all: &[&dyn Subcommand]) -> UsageError {
    let owners: Vec<String> = (all.iter())
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
