//! `winmove generate`: seeded random legal questions.

use super::args::UsageError;
use super::command::{Command, Subcommand, Words};
use super::output::{Io, Status};
use super::table::Help::Made;
use super::table::{Row, option_lines, set, unknown};
use winmove::game::random::{BoardClass, Rng};

/// The options as given.
#[derive(Default)]
struct Options {
    class: Option<BoardClass>,
    count: Option<u64>,
    seed: Option<u64>,
}

pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "generate",
    summary: "write random legal questions (seeded) to standard output",
    options: &[
        Row::value(
            "--class",
            "NAME",
            Made(|| format!("which boards (default {}; see CLASSES)", CLASS.name())),
            |o, given| set(&mut o.class, Some(class_named(&given.text()?)?)),
        ),
        Row::value(
            "--count",
            "N",
            Made(|| format!("number of questions (default {COUNT})")),
            |o, given| set(&mut o.count, Some(given.number(0, u64::MAX)?)),
        ),
        Row::value(
            "--seed",
            "N",
            Made(|| format!("seed of the generator (default {SEED})")),
            |o, given| set(&mut o.seed, Some(given.number(0, u64::MAX)?)),
        ),
        Row::HELP,
    ],
    words: Words::Nothing(""),
    help,
    run,
};

/// The class of the questions unless `--class` says (here and in
/// `winmove check`).
pub const CLASS: BoardClass = BoardClass::Judge;

/// Questions unless `--count` says.
const COUNT: u64 = 20_000;

/// The seed unless `--seed` says (here and in `winmove check`).
pub const SEED: u64 = 1;

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
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
    let lines = BoardClass::NAMED.map(|class| (class.name(), class.summary()));
    format!("\nCLASSES (--class):\n{}", option_lines(&lines))
}

/// The class called `name`, or the error listing the known ones.
pub fn class_named(name: &str) -> Result<BoardClass, UsageError> {
    let known = BoardClass::NAMED.map(BoardClass::name);
    BoardClass::from_name(name).ok_or_else(|| unknown("class", name, &known))
}

fn run(o: Options, io: &mut Io) -> Status {
    let (class, mut rng) = (o.class.unwrap_or(CLASS), Rng::new(o.seed.unwrap_or(SEED)));
    for _ in 0..o.count.unwrap_or(COUNT) {
        let board = class.draw(&mut rng);
        io.out_fmt(format_args!("?\n{board}"))?;
    }
    io.out(b"$\n")?;
    io.flush()
}
