//! `winmove package DIR`: the problem as a contest package.

use super::command::{Command, Subcommand, Words};
use super::output::{Io, Status};
use super::table::Help::Made;
use super::table::{Row, set};
use std::ffi::OsString;
use std::path::Path;
use winmove::answer::package::{LIMIT, MIN_PIECES, Package, Sizes};
use winmove::answer::solver::Solver;
use winmove::answer::verify::{self, tablebase::Tablebase};
use winmove::protocol::Answer;
use winmove::protocol::words::quoted;
use winmove::search::alphabeta::{AlphaBeta, Pruning};
use winmove::tree::board::Enhancements;

#[derive(Default)]
struct Options {
    count: Option<usize>,
    seed: Option<u64>,
    dir: Option<OsString>,
}

pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "package",
    summary: "write the problem as a contest package (Kattis format) for judges",
    options: &[
        Row::value(
            "--count",
            "N",
            Made(|| {
                let default = Sizes::default().count;
                format!("boards in each file of drawn boards, 1 to {LIMIT} (default {default})")
            }),
            |o, given| set(&mut o.count, Some(given.number(1, LIMIT)?)),
        ),
        Row::value(
            "--seed",
            "N",
            Made(|| format!("seed of every draw (default {})", Sizes::default().seed)),
            |o, given| set(&mut o.seed, Some(given.number(0, u64::MAX)?)),
        ),
        Row::HELP,
    ],
    words: Words::File(|o| &mut o.dir),
    help,
    run,
};

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    format!(
        "winmove package: the problem as a contest package, for judges

USAGE:
    winmove package [OPTIONS] DIR

Writes into DIR (created; it must not exist, or be empty) a problem package in the Kattis
problem package format, version legacy, which Kattis's verifyproblem checks and DOMjudge
imports as a zip: problem.yaml, the statement (problem_statement/problem.en.tex), the
statement's sample and the secret data (a file of each generate class, the tricky cases of
samples/regression.in, boards where the first winning square comes before an immediate win,
boards of the count rule's exceptions, and the largest input: {LIMIT} boards of {MIN_PIECES}
pieces), an input validator (Python), its rejected inputs (invalid_input/) and submissions by
verdict. Every answer is the engine's, checked against the tablebase of `winmove verify`
before anything is written. docs/judging.md says what each file holds.

OPTIONS:
{options}"
    )
}

fn run(o: Options, io: &mut Io) -> Status {
    let Some(dir) = o.dir else {
        return Err(io.fail("name the package's directory: winmove package DIR"));
    };
    let dir = Path::new(&dir);
    let sizes = Sizes {
        count: o.count.unwrap_or(Sizes::default().count),
        seed: o.seed.unwrap_or(Sizes::default().seed),
    };
    let occupied = std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some());
    if occupied {
        let shown = quoted(dir.as_os_str());
        return Err(io.fail(format_args!(
            "{shown} is not empty: the package is written into a new directory"
        )));
    }
    let mut solver = Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::DEFAULT);
    let package = Package::new(sizes, &mut solver);
    let Ok(table) = Tablebase::build(verify::threads(None), &|_| {}) else {
        return Err(io.fail("out of memory for the tablebase"));
    };
    if let Err((path, k, answer, exact)) = package.check(&table) {
        let (answer, exact) = (Answer(answer), Answer(exact));
        return Err(io.fail(format_args!(
            "{path}.in, board {k}: the engine answers {answer}, the tablebase {exact}"
        )));
    }
    let files = package.files();
    for (path, bytes) in &files {
        let path = dir.join(path);
        let written = match path.parent() {
            Some(parent) => {
                std::fs::create_dir_all(parent).and_then(|()| std::fs::write(&path, bytes))
            }
            None => std::fs::write(&path, bytes),
        };
        if let Err(e) = written {
            return Err(io.fail(format_args!(
                "cannot write {}: {e}",
                quoted(path.as_os_str())
            )));
        }
    }
    let boards: usize = package.tests.iter().map(|t| t.boards.len()).sum();
    io.out_fmt(format_args!(
        "package: {} files in {}; {} test files, {boards} boards, every answer checked against the tablebase; {} invalid inputs\n",
        files.len(),
        dir.display(),
        package.tests.len(),
        package.invalid.len(),
    ))?;
    io.flush()
}
