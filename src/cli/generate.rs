//! `winmove generate`: seeded random legal questions.

use super::Help::Made;
use super::output::{Io, Status};
use super::{Command, Row, Subcommand, UsageError, Words, option_lines, set, wrap};
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
        Row::value(
            "--class",
            "NAME",
            Made(|| format!("which boards (default {}; see CLASSES)", CLASS.name())),
            |o, given| set(&mut o.class, class_named(&given.text()?)?),
        ),
        Row::value(
            "--count",
            "N",
            Made(|| format!("number of questions (default {COUNT})")),
            |o, given| set(&mut o.count, given.number(0, u64::MAX)?),
        ),
        Row::value(
            "--seed",
            "N",
            Made(|| format!("seed of the generator (default {SEED})")),
            |o, given| set(&mut o.seed, given.number(0, u64::MAX)?),
        ),
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

/// Its help.
fn help(options: &str) -> String {
    format!(
        "winmove generate: random legal questions in the judge's format, ending with '$'

USAGE:
    winmove generate [OPTIONS]

OPTIONS:
{options}{}",
        classes_help()
    )
}

/// The CLASSES section of a help: each class's name and what it holds.
pub fn classes_help() -> String {
    let lines: Vec<(&str, String)> = (BoardClass::NAMED.iter())
        .map(|class| (class.name(), wrap(class.summary(), 74).join("\n")))
        .collect();
    format!("\nCLASSES (--class):\n{}", option_lines(&lines))
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
