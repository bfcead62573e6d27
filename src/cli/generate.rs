//! `winmove generate`: seeded random legal questions.

use super::args::{Arg, Args, no_file};
use super::output::{Io, Status};
use super::{Subcommand, UsageError, option_lines, print};
use crate::game::random::{BoardClass, Rng};

/// The subcommand.
pub const SUBCOMMAND: Subcommand = Subcommand {
    name: "generate",
    summary: "write random legal questions (seeded) to standard output",
    options: &["--class", "--count", "--seed", "--help"],
    searches: false,
    run,
};

fn help() -> String {
    let mut text = String::from(
        "winmove generate: random legal questions in the judge's format, ending with '$'

USAGE:
    winmove generate [OPTIONS]

OPTIONS:
",
    );
    let class_help = classes_help("which boards (default judge):");
    text.push_str(&option_lines(&[
        ("--class NAME", &class_help),
        ("--count N", "number of questions (default 20000)"),
        ("--seed N", "seed of the generator (default 1)"),
        ("-h, --help", "print this help"),
    ]));
    text
}

/// `first`, then a line per class: its name and what it holds.
pub fn classes_help(first: &str) -> String {
    let mut text = first.to_string();
    for class in BoardClass::NAMED {
        text.push_str(&format!("\n  {:<15}{}", class.name(), class.summary()));
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
fn run(mut args: Args, io: &mut Io) -> Status {
    let (mut class, mut count, mut seed) = (BoardClass::Judge, 20_000u64, 1u64);
    while let Some(arg) = args.next_arg()? {
        let opt = match arg {
            Arg::Option(opt) => opt,
            Arg::Positional(word) => return Err(no_file("winmove generate", &word).into()),
        };
        match opt.name.as_str() {
            "-h" | "--help" => return print(io, &help()),
            "--class" => {
                class = class_named(&args.text(&opt)?)?;
            }
            "--count" => count = args.number(&opt, 0, u64::MAX)?,
            "--seed" => seed = args.number(&opt, 0, u64::MAX)?,
            _ => return Err(SUBCOMMAND.unknown_option(&opt).into()),
        }
    }
    let mut rng = Rng::new(seed);
    for _ in 0..count {
        let board = class.draw(&mut rng);
        io.out_fmt(format_args!("?\n{board}"))?;
    }
    io.out(b"$\n")?;
    io.flush()
}
