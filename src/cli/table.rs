//! A command's option table: each option declared once, as a [`Row`]: its
//! name, the placeholder of its value if it takes one, its help, and what
//! it sets in the command's options; a group of options several commands
//! share is one row ([`Row::Shared`]). The help's OPTIONS section is made
//! from the table, and so are the suggestions for a mistyped option; the
//! helpers here write the rest of a help and its common errors.

use super::args::{Args, Given, Kind, Opt, UsageError};

/// The error for a `what` called `name` that is none of `known`.
pub fn unknown(what: &str, name: &str, known: &[&str]) -> UsageError {
    let (name, known) = (name.escape_debug(), known.join(", "));
    UsageError::new(format!("unknown {what} '{name}' (known: {known})"))
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
pub struct About {
    /// Its name, `--count`.
    pub name: &'static str,
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
pub enum Found {
    /// It set the command's options.
    Set,
    /// It asked for the help.
    Help,
    /// It asked for the version.
    Version,
}

impl About {
    /// Whether `name` (as written) names it.
    fn named(&self, name: &str) -> bool {
        self.name == name || self.short == Some(name)
    }

    /// Its line in the help: its names and placeholder, then its text.
    pub fn help_line(&self) -> String {
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
    /// A group of options several commands share ([`Part`]).
    Shared(&'static dyn Rows<O>),
}

/// Options a command takes, whatever they set.
pub trait Rows<O> {
    /// The options, in the order of a help.
    fn listed(&self) -> Vec<&'static About>;
    /// Finds the option `opt` and does what it says to `o`, reading its
    /// value from `args`; `None` if it is not one of them.
    fn apply(&self, o: &mut O, opt: &Opt, args: &mut Args) -> Result<Option<Found>, UsageError>;
}

/// A shared group of options, which set the part of a command's options
/// `part` returns.
pub struct Part<O, T: 'static> {
    /// The group's options.
    pub rows: &'static [Row<T>],
    /// Where they go in the command's options.
    pub part: fn(&mut O) -> &mut T,
}

impl<O, T> Rows<O> for Part<O, T> {
    fn listed(&self) -> Vec<&'static About> {
        listed_in(self.rows)
    }

    fn apply(&self, o: &mut O, opt: &Opt, args: &mut Args) -> Result<Option<Found>, UsageError> {
        apply(self.rows, (self.part)(o), opt, args)
    }
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
pub fn listed_in<O>(rows: &'static [Row<O>]) -> Vec<&'static About> {
    rows.iter()
        .flat_map(|row| match row {
            Row::Option(spec) => vec![&spec.about],
            Row::Shared(rows) => rows.listed(),
        })
        .collect()
}

/// Finds the option `opt` in `rows` and does what it says to `o`, reading
/// its value from `args`; `None` if no row names it.
pub fn apply<O>(
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
            Row::Shared(rows) => rows.apply(o, opt, args)?,
        };
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}
