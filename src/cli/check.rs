//! `winmove check`: judge another program on generated questions, and
//! shrink a board it fails on.

use super::args::UsageError;
use super::command::{Command, Subcommand, Words};
use super::generate::{CLASS, SEED, class_named, classes_help};
use super::output::{Failure, Io, Progress, Status, input_path, open, passed};
use super::table::Help::Made;
use super::table::{Row, set};
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;
use winmove::answer::check::judge::Verdict;
use winmove::answer::check::report::{Questions, STDERR_LINES, Setup, cannot_run};
use winmove::answer::check::run::{GRACE, Program};
use winmove::answer::check::shrink::CountRule;
use winmove::answer::check::sys;
use winmove::answer::check::{Checker, OUTPUT_SLACK};
use winmove::game::board::Board;
use winmove::game::random::BoardClass;
use winmove::protocol::Cases;
use winmove::protocol::words::quoted;

/// The options as given.
#[derive(Default)]
struct Options {
    class: Option<BoardClass>,
    count: Option<usize>,
    seed: Option<u64>,
    /// The last of `--class`, `--count` and `--seed` given, as written.
    generator: Option<String>,
    input: Option<OsString>,
    time: Option<Duration>,
    /// In MiB.
    memory: Option<u64>,
    shrink_runs: Option<usize>,
    /// The program and its arguments.
    command: Vec<OsString>,
}

pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "check",
    summary: "judge another program on generated questions; shrink a board it fails on",
    options: &[
        Row::value(
            "--class",
            "NAME",
            Made(|| {
                format!(
                    "the questions' class (default {}; see CLASSES)",
                    CLASS.name()
                )
            }),
            |o, given| {
                o.generator = Some(given.option().to_string());
                set(&mut o.class, Some(class_named(&given.text()?)?))
            },
        ),
        Row::value(
            "--count",
            "N",
            Made(|| format!("number of questions, 1 to {MAX_COUNT} (default {COUNT})")),
            |o, given| {
                o.generator = Some(given.option().to_string());
                set(&mut o.count, Some(given.number(1, MAX_COUNT)?))
            },
        ),
        Row::value(
            "--seed",
            "N",
            Made(|| format!("seed of the generator (default {SEED})")),
            |o, given| {
                o.generator = Some(given.option().to_string());
                set(&mut o.seed, Some(given.number(0, u64::MAX)?))
            },
        ),
        Row::value(
            "--input",
            "FILE",
            Made(|| {
                format!(
                    "the questions of FILE instead, at most {MAX_COUNT} ('-': standard input; not with --class, --count or --seed)"
                )
            }),
            |o, given| set(&mut o.input, Some(given.os())),
        ),
        Row::value(
            "--time-limit",
            "SECONDS",
            Made(|| {
                format!(
                    "wall-clock time of each run, {MIN_SECONDS} to {MAX_SECONDS} (default {SECONDS})"
                )
            }),
            |o, given| {
                let text = given.text()?;
                match text.trim().parse::<f64>() {
                    Ok(s) if (MIN_SECONDS..=MAX_SECONDS).contains(&s) => {
                        set(&mut o.time, Some(Duration::from_secs_f64(s)))
                    }
                    _ => Err(UsageError::new(format!(
                        "--time-limit needs seconds from {MIN_SECONDS} to {MAX_SECONDS}, found '{}'",
                        text.escape_debug()
                    ))),
                }
            },
        ),
        Row::value(
            "--memory-limit",
            "MIB",
            Made(|| format!("resident memory, 1 to {MAX_MIB} MiB (Linux only; default: none)")),
            |o, given| {
                if !cfg!(target_os = "linux") {
                    return Err(UsageError::new(
                        "--memory-limit is measured from /proc, on Linux only",
                    ));
                }
                set(&mut o.memory, Some(given.number(1, MAX_MIB)?))
            },
        ),
        Row::value(
            "--shrink-runs",
            "N",
            Made(|| {
                format!(
                    "most runs spent shrinking the failing board (default {SHRINK_RUNS}; 0: none)"
                )
            }),
            |o, given| set(&mut o.shrink_runs, Some(given.number(0, 1_000_000)?)),
        ),
        Row::HELP,
    ],
    words: Words::Command(|o| &mut o.command),
    help,
    run,
};

/// Questions unless `--count` says.
const COUNT: usize = 1000;

/// Most questions in one run.
const MAX_COUNT: usize = 1_000_000;

/// The time limit unless `--time-limit` says, in seconds.
const SECONDS: f64 = 5.0;

/// Shortest time limit, in seconds.
const MIN_SECONDS: f64 = 0.01;

/// Longest time limit, in seconds.
const MAX_SECONDS: f64 = 3600.0;

/// Runs spent shrinking unless `--shrink-runs` says.
const SHRINK_RUNS: usize = 200;

/// Largest memory limit, in MiB.
const MAX_MIB: u64 = 1 << 20;

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    format!(
        "winmove check: judge a program on generated questions, as a judge would

USAGE:
    winmove check [OPTIONS] [--] COMMAND [ARGS...]

Runs COMMAND with ARGS once, never through a shell (the command and each argument as separate
words; '--' before COMMAND if an argument starts with '-'), in a process group of its own that
is killed whole when the run ends, the questions on its standard input, and compares its output
byte for byte with the exact answers; output is read {grace_s} s longer at most if a process it
started holds it open. A failing case is run alone, the slow case behind a timeout sought by
bisection, and a board that fails alone shrunk while it fails the same way.

PROCESSES: the program gets its standard input, output and error only (descriptors from 3 up
that the checker inherited are closed for it). When a run ends, whatever ended it, its process
group is killed; SIGINT, SIGTERM, SIGHUP or SIGQUIT to the checker kill it first, then end the
checker by that signal. On Linux the checker is the subreaper of what it starts, so every
process the program started, even one that left the group (setsid, setpgid), is killed then
too. Not covered: on other systems, a process that left the group; anywhere, a process started
through another program that is no descendant (a daemon, ssh, at); and all of it when the
checker itself dies of SIGKILL or of another signal.

VERDICTS (the first that applies):
    Output Limit Exceeded   more than twice the expected output plus {OUTPUT_SLACK} bytes: killed
    Time Limit Exceeded     still running at the time limit: killed
    Memory Limit Exceeded   resident memory past --memory-limit: killed
    Runtime Error           a non-zero exit status, or killed by a signal (even when every
                            answer was right)
    Accepted                the output is the expected output, byte for byte
    Presentation Error      every answer right, but blank lines, spaces, tabs or a '\\r'
                            around an answer, or a missing final newline
    Wrong Answer            a wrong, missing or extra answer

REPORT (standard output): the verdict, then 'key: value' lines (command, questions, run; for a
failure reproduce, first failing case, alone, slow case, smallest failing board, stopped, and
the last {STDERR_LINES} lines of the program's stderr), as docs/judging.md describes them. Exit
status 0 if accepted, 1 otherwise (or if the program cannot be run), 2 on a bad command line.

OPTIONS:
{options}{}",
        classes_help(),
        grace_s = GRACE.as_secs_f64(),
    )
}

impl Options {
    /// The check the options ask for, checked against each other.
    fn check(mut self) -> Result<Setup, UsageError> {
        if self.command.is_empty() {
            return Err(UsageError::new(
                "'winmove check' needs the command to judge: winmove check [OPTIONS] -- COMMAND [ARGS...]",
            ));
        }
        let questions = match (self.input, self.generator) {
            (Some(_), Some(option)) => {
                return Err(UsageError::new(format!(
                    "{option} generates questions: not with --input, which reads them"
                )));
            }
            (Some(name), None) => Questions::File(input_path(Some(name))),
            (None, _) => Questions::Generated {
                class: self.class.unwrap_or(CLASS),
                count: self.count.unwrap_or(COUNT),
                seed: self.seed.unwrap_or(SEED),
            },
        };
        let program = Program {
            command: self.command.remove(0),
            args: self.command,
        };
        Ok(Setup {
            questions,
            time: self.time.unwrap_or(Duration::from_secs_f64(SECONDS)),
            memory: self.memory,
            shrink_runs: self.shrink_runs.unwrap_or(SHRINK_RUNS),
            program,
        })
    }
}

fn run(options: Options, io: &mut Io) -> Status {
    let o = options.check()?;
    let (boards, rule) = match &o.questions {
        Questions::Generated { class, count, seed } => {
            (class.boards(*seed, *count), Some(CountRule::of(*class)))
        }
        Questions::File(input) => (read_questions(input, io)?, None),
    };
    // The check starts no process but the judged programs: whatever they
    // leave behind is the checker's to end, and a signal ends them first.
    sys::become_subreaper();
    sys::end_runs_on_signals();
    let memory = o.memory.map(|mib| mib << 20);
    let mut checker = Checker::new(o.program.clone(), o.time, memory);
    let mut progress = Progress::new(io, io.err_terminal);
    let checked = checker.check(&boards, rule, o.shrink_runs, &mut |now| {
        progress.show(format_args!("\x1b[Kcheck: {now}"))
    });
    progress.show(format_args!("\x1b[K"));
    let report = checked.map_err(|e| io.fail(cannot_run(&o.program, &e)))?;
    let verdict = report.full.judgement.verdict;
    io.out(o.report(&report).as_bytes())?;
    io.flush()?;
    passed(verdict == Verdict::Accepted)
}

/// The questions of `input` (standard input if `None`), at most
/// [`MAX_COUNT`], read as the answer loop reads them; an error names the
/// input and the line. Memory stays bounded: reading stops at the first
/// question past the bound.
fn read_questions(input: &Option<PathBuf>, io: &mut Io) -> Result<Vec<Board>, Failure> {
    let shown = input
        .as_ref()
        .map_or("standard input".to_string(), |p| quoted(p.as_os_str()));
    let mut boards = Vec::new();
    for case in Cases::new(open(input, io)?) {
        let case = case.map_err(|e| io.fail(format_args!("{shown}: {e}")))?;
        if boards.len() == MAX_COUNT {
            return Err(io.fail(format_args!(
                "{shown}: line {}: more than {MAX_COUNT} questions, the most a check takes (split them)",
                case.line
            )));
        }
        if boards.try_reserve(1).is_err() {
            return Err(io.fail(format_args!(
                "{shown}: line {}: out of memory after {} questions",
                case.line,
                boards.len()
            )));
        }
        boards.push(case.board);
    }
    if boards.is_empty() {
        return Err(io.fail(format_args!("{shown} has no questions")));
    }
    Ok(boards)
}
