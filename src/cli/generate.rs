//! `winmove generate`: seeded random legal questions.

use super::Help::Made;
use super::output::{Io, Status};
use super::{Command, Row, Subcommand, UsageError, Words, set};
use crate::game::random::{BoardClass, Rng};

/// The options of a run.
struct Options {
    class: BoardClass,
    count: u64,
    seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            class: CLASS,
            count: COUNT,
            seed: SEED,
        }
    }
}

/// The subcommand.
pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "generate",
    summary: "write random legal questions (seeded) to standard output",
    options: &[
        Row::value("--class", "NAME", Made(class_help), |o, given| {
            set(&mut o.class, class_named(&given.text()?)?)
        }),
        Row::value("--count", "N", Made(count_help), |o, given| {
            set(&mut o.count, given.number(0, u64::MAX)?)
        }),
        Row::value("--seed", "N", Made(seed_help), |o, given| {
            set(&mut o.seed, given.number(0, u64::MAX)?)
        }),
        Row::HELP,
    ],
    words: Words::Nothing(""),
    help,
    run,
};

/// The class of the questions unless `--class` says.
const CLASS: BoardClass = BoardClass::Judge;

/// Questions unless `--count` says.
const COUNT: u64 = 20_000;

/// The seed unless `--seed` says.
const SEED: u64 = 1;

/// The help of `--class`.
fn class_help() -> String {
    classes_help(&format!("which boards (default {}):", CLASS.name()))
}

/// The help of `--count`.
fn count_help() -> String {
    format!("number of questions (default {COUNT})")
}

/// The help of `--seed`.
fn seed_help() -> String {
    format!("seed of the generator (default {SEED})")
}

/// Its help.
fn help(options: &str) -> String {
    let mut text = String::from(
        "winmove generate: random legal questions in the judge's format, ending with '$'

USAGE:
    winmove generate [OPTIONS]

OPTIONS:
",
    );
    text.push_str(options);
    text
}

/// Widest a class's summary is written: after the help's column of 26,
/// 2 spaces and the 15 of the name, lines stay within 100 columns.
const SUMMARY_WIDTH: usize = 100 - 26 - 2 - 15;

/// `first`, then a line per class: its name and what it holds (wrapped
/// under itself when longer than [`SUMMARY_WIDTH`]).
pub fn classes_help(first: &str) -> String {
    let mut text = first.to_string();
    for class in BoardClass::NAMED {
        let mut line = String::new();
        let mut name = class.name();
        for word in class.summary().split(' ') {
            if !line.is_empty() && line.len() + 1 + word.len() > SUMMARY_WIDTH {
                text.push_str(&format!("\n  {name:<15}{line}"));
                (name, line) = ("", String::new());
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        text.push_str(&format!("\n  {name:<15}{line}"));
    }
    text
}

/// The class called `name`, or the error listing the known ones.
pub fn class_named(name: &str) -> Result<BoardClass, UsageError> {
    BoardClass::from_name(name).ok_or_else(|| {
        let names: Vec<_> = BoardClass::NAMED.iter().map(|c| c.name()).collect();
        UsageError::new(format!(
            "unknown class '{}' (known: {})",
            name.escape_debug(),
            names.join(", ")
        ))
    })
}

/// `winmove generate`.
fn run(Options { class, count, seed }: Options, io: &mut Io) -> Status {
    let mut rng = Rng::new(seed);
    for _ in 0..count {
        let board = class.draw(&mut rng);
        io.out_fmt(format_args!("?\n{board}"))?;
    }
    io.out(b"$\n")?;
    io.flush()
}
