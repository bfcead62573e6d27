//! `winmove verify`: the engine against an independent tablebase, on every
//! position of the game.

use super::command::{Command, Subcommand, Words};
use super::output::{Io, Status, passed};
use super::search_options::{algo_named, require_built};
use super::table::Help::Made;
use super::table::{Row, set};
use std::io::Write;
use std::sync::Mutex;
use winmove::answer::verify::{self, MAX_THREADS as RUNNING, tablebase::BOARDS};
use winmove::protocol::words::count;
use winmove::search::{Algo, Settings};
use winmove::tree::board::BoardTree;

/// The options as given.
#[derive(Default)]
struct Options {
    threads: Option<usize>,
    algo: Option<Algo>,
}

pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "verify",
    summary: "check the engine on every position against an independent tablebase",
    options: &[
        Row::value(
            "--threads",
            "N",
            Made(|| {
                format!(
                    "threads, 1 to {MAX_THREADS} (default: the available processors); at most \
                     {RUNNING} run, which bounds the memory"
                )
            }),
            |o, given| set(&mut o.threads, Some(given.number(1, MAX_THREADS)?)),
        ),
        Row::value(
            "--algo",
            "NAME",
            Made(|| {
                format!(
                    "the backend whose answers are checked (default {ALGO}); the default takes \
                     seconds, backends without a transposition table far longer"
                )
            }),
            |o, given| {
                let algo = algo_named(given.text()?.trim())?;
                require_built(algo)?;
                set(&mut o.algo, Some(algo))
            },
        ),
        Row::HELP,
    ],
    words: Words::Nothing(""),
    help,
    run,
};

/// Most worker threads `--threads` accepts.
const MAX_THREADS: usize = 256;

/// The backend checked unless `--algo` says.
const ALGO: Algo = Algo::AlphaBeta;

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    format!(
        "winmove verify: the engine checked against an independent tablebase of the whole game

USAGE:
    winmove verify [OPTIONS]

Builds a tablebase of every board (3^16, either player to move) by retrograde analysis, in
code that shares nothing with the engine, then checks on every position the rules of the
enhanced tree, the 32 automorphisms, the count shortcut and the engine's answer on all
33,818,437 questions, with every enhancement on: exit status 0 if all hold, 1 otherwise. About
10 s on 2 cores; at most {RUNNING} threads run, so memory stays near 72 MiB. docs/algorithms.md
says what is checked in full.

OPTIONS:
{options}"
    )
}

fn run(options: Options, io: &mut Io) -> Status {
    let algo = options.algo.unwrap_or(ALGO);
    let threads = verify::threads(options.threads);
    let start = std::time::Instant::now();
    let on_terminal = io.err_terminal;
    // The workers report from their threads: straight to standard error,
    // each line once.
    let last = Mutex::new(String::new());
    let progress = |stage: &str, fraction: f64| {
        if !on_terminal {
            return;
        }
        let line = format!("verify: {stage} {:3.0}%", 100.0 * fraction);
        let mut last = last.lock().expect("no panics");
        if *last != line {
            // Progress is a courtesy: a failed write is not worth stopping.
            let _ = write!(std::io::stderr(), "\r{line}");
            *last = line;
        }
    };
    let make =
        || (algo.make::<BoardTree>(&Settings::default())).expect("only built backends are named");
    let verified = verify::verify(threads, &make, &progress);
    if on_terminal {
        let _ = write!(std::io::stderr(), "\r{:30}\r", "");
    }
    let Ok((table, found)) = verified else {
        let megabytes = BOARDS.div_ceil(2) as f64 / 1e6;
        return Err(io.fail(format!(
            "out of memory for the tablebase ({megabytes:.1} MB)"
        )));
    };
    let text = verify::report(&table, &found, &format!("{algo} with every enhancement"));
    let verdict = if found.ok() { "OK" } else { "FAILED" };
    let seconds = start.elapsed().as_secs_f64();
    let threads = count(threads, "thread", "threads");
    io.out_fmt(format_args!(
        "{text}\nverify: {verdict} in {seconds:.1} s with {threads}\n"
    ))?;
    io.flush()?;
    passed(found.ok())
}
