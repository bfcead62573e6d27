//! Reading a subcommand's arguments: options, their values, positionals.
//!
//! Arguments are OS strings, so file names need not be UTF-8. `--name=value`
//! and `--name value` are the same; a flag given a value (`--stats=no`) is
//! an error; a value that starts with `--` must follow `=` (`--draw=--pv`),
//! so that a forgotten value does not swallow the next option, while
//! `--guess -5` keeps its negative number; `--` ends the options; `-` alone
//! is a positional (standard input, but a file named `-` after `--`); an
//! option given twice is an error. Which options take a value is the
//! subcommand's option table's to say ([`Kind`]).

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::str::FromStr;
use winmove::protocol::words::quoted;

/// A usage mistake: the message to print before exiting with status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl UsageError {
    /// A usage error with `message`.
    pub fn new(message: impl Into<String>) -> UsageError {
        UsageError(message.into())
    }
}

/// One argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// An option, `-x` or `--name`, with its `=value` if it had one.
    Option(Opt),
    /// Anything else.
    Positional(OsString),
}

/// An option as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opt {
    /// `--name` or `-x`, without any `=value`.
    pub name: String,
    /// The value after `=`, if any.
    inline: Option<OsString>,
}

/// The arguments of one subcommand, read one at a time.
pub struct Args {
    rest: std::vec::IntoIter<OsString>,
    /// After `--`, everything is a positional.
    positional_only: bool,
    seen: HashSet<String>,
}

impl Args {
    /// The arguments after the program name (and the subcommand).
    pub fn new(args: Vec<OsString>) -> Args {
        Args {
            rest: args.into_iter(),
            positional_only: false,
            seen: HashSet::new(),
        }
    }

    /// The next argument; an error for an option given twice or one whose
    /// name is not text.
    pub fn next_arg(&mut self) -> Result<Option<Arg>, UsageError> {
        let Some(arg) = self.rest.next() else {
            return Ok(None);
        };
        if self.positional_only {
            return Ok(Some(Arg::Positional(arg)));
        }
        if arg == "--" {
            self.positional_only = true;
            return self.next_arg();
        }
        let bytes = arg.as_encoded_bytes();
        if bytes.len() < 2 || bytes[0] != b'-' {
            return Ok(Some(Arg::Positional(arg)));
        }
        let (name, inline) = match bytes.iter().position(|&b| b == b'=') {
            Some(at) if bytes.starts_with(b"--") => {
                // Splitting at an ASCII '=' keeps both halves valid OS strings.
                let (name, value) = bytes.split_at(at);
                (name.to_vec(), Some(after_equals(&arg, value.len() - 1)))
            }
            _ => (bytes.to_vec(), None),
        };
        let name = String::from_utf8(name)
            .map_err(|_| UsageError::new(format!("unknown option {}", quoted(&arg))))?;
        if !self.seen.insert(name.clone()) && name != "-h" && name != "--help" {
            return Err(UsageError::new(format!(
                "{name} is given twice (each option may be given once)"
            )));
        }
        Ok(Some(Arg::Option(Opt { name, inline })))
    }

    /// What `opt` was given, as `kind` says: the next argument (or what
    /// follows its `=`) for an option that takes a value; nothing for a
    /// flag, an error if it has a value; nothing for an option that prints
    /// (`--help`), whatever follows its `=`.
    pub fn read(&mut self, opt: &Opt, kind: Kind) -> Result<Given, UsageError> {
        let given = match kind {
            Kind::Flag => {
                self.flag(opt)?;
                None
            }
            Kind::Print => None,
            Kind::Value(placeholder) => Some(self.value(opt, placeholder)?),
        };
        Ok(Given {
            option: opt.name.clone(),
            given,
        })
    }

    /// The value of `opt`: after `=`, or the next argument unless that
    /// starts with `--` (a value may start with one `-`, as in `--guess
    /// -5`).
    fn value(&mut self, opt: &Opt, placeholder: &str) -> Result<OsString, UsageError> {
        if let Some(value) = &opt.inline {
            return Ok(value.clone());
        }
        let name = &opt.name;
        match self.rest.next() {
            None => Err(UsageError::new(format!("{name} needs a value"))),
            Some(next) if next.as_encoded_bytes().starts_with(b"--") => {
                Err(UsageError::new(format!(
                    "{name} needs {placeholder}, found the option {} (a value that starts with -- is written {name}=VALUE)",
                    quoted(&next)
                )))
            }
            Some(next) => Ok(next),
        }
    }

    /// Takes `path` as the one input file; an error if there is one
    /// already. `-` is standard input, except after `--`, where it is the
    /// file named `-`.
    pub fn one_file(&self, input: &mut Option<OsString>, path: OsString) -> Result<(), UsageError> {
        if input.is_some() {
            return Err(UsageError::new(format!(
                "only one input file may be given, found {} too",
                quoted(&path)
            )));
        }
        let literal_dash = self.positional_only && path == "-";
        *input = Some(if literal_dash { "./-".into() } else { path });
        Ok(())
    }

    /// Checks that the flag `opt` was not given a value.
    fn flag(&self, opt: &Opt) -> Result<(), UsageError> {
        match &opt.inline {
            None => Ok(()),
            Some(value) => Err(UsageError::new(format!(
                "{} takes no value, found {}={}",
                opt.name,
                opt.name,
                quoted(value).trim_matches('\'')
            ))),
        }
    }
}

/// What follows an option's name on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Nothing: a flag (`--stats`); a value after `=` is an error.
    Flag,
    /// A value, after `=` or as the next argument; the placeholder the
    /// help shows (`N` in `--count N`).
    Value(&'static str),
    /// Nothing, and a value after `=` is ignored: an option that prints a
    /// text and ends the run (`--help`, `--version`).
    Print,
}

/// What an option was given: its value, if it takes one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    /// The option's name as written, for messages.
    option: String,
    /// The value; `None` for a flag.
    given: Option<OsString>,
}

impl Given {
    /// The option's name as written.
    pub fn option(&self) -> &str {
        &self.option
    }

    /// The value as given.
    pub fn os(self) -> OsString {
        self.given
            .expect("only an option of kind Value is asked for its value")
    }

    /// The value as a file name.
    pub fn path(self) -> PathBuf {
        PathBuf::from(self.os())
    }

    /// The value as text.
    pub fn text(self) -> Result<String, UsageError> {
        let option = self.option.clone();
        self.os().into_string().map_err(|value| {
            UsageError::new(format!("{option} needs text, found {}", quoted(&value)))
        })
    }

    /// The value as a number in `lo..=hi`.
    pub fn number<T>(self, lo: T, hi: T) -> Result<T, UsageError>
    where
        T: FromStr + PartialOrd + std::fmt::Display + Copy,
    {
        let option = self.option.clone();
        let text = self.text()?;
        match text.trim().parse::<T>() {
            Ok(n) if lo <= n && n <= hi => Ok(n),
            _ => Err(UsageError::new(format!(
                "{option} needs a whole number from {lo} to {hi}, found '{}'",
                text.escape_debug()
            ))),
        }
    }

    /// What `pick` makes of the value as text: an error, if nothing,
    /// saying the option is one of `choices`.
    pub fn choice<T>(
        self,
        choices: &str,
        pick: impl FnOnce(&str) -> Option<T>,
    ) -> Result<T, UsageError> {
        let option = self.option.clone();
        let text = self.text()?;
        pick(&text).ok_or_else(|| {
            UsageError::new(format!(
                "{option} is {choices}, found '{}'",
                text.escape_debug()
            ))
        })
    }
}

/// The last `len` bytes of `arg` (what follows its `=`), as an OS string.
fn after_equals(arg: &OsStr, len: usize) -> OsString {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = arg.as_bytes();
        OsStr::from_bytes(&bytes[bytes.len() - len..]).to_owned()
    }
    #[cfg(not(unix))]
    {
        let _ = len;
        let text = arg.to_string_lossy();
        OsString::from(text.split_once('=').map_or("", |(_, value)| value))
    }
}

/// The word of `candidates` closest to `word`, if it is close: at most two
/// edits away, or one for short words.
pub fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = if word.chars().count() <= 4 { 1 } else { 2 };
    candidates
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance between two words, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + (ca != cb) as usize;
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}
