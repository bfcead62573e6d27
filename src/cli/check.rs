//! `winmove check`: judge another program on generated questions, and
//! shrink a board it fails on.

use super::Help::Made;
use super::args::{Arg, Args, quoted};
use super::output::{Failure, Io, Status};
use super::{Row, Subcommand, Table, UsageError, print};
use crate::answer::check::judge::Verdict;
use crate::answer::check::run::{Ended, Program, describe};
use crate::answer::check::shrink::CountRule;
use crate::answer::check::{Checker, Report, Trial};
use crate::game::bitboard::Square;
use crate::game::random::BoardClass;
use crate::protocol::answer_line;
use std::ffi::OsString;
use std::fmt::Write;
use std::time::Duration;

/// The subcommand.
pub const SUBCOMMAND: Subcommand = Subcommand {
    name: "check",
    summary: "judge another program on generated questions; shrink a board it fails on",
    options: &OPTIONS,
    run,
};

/// Its options, as the parser tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Class,
    Count,
    Seed,
    TimeLimit,
    ShrinkRuns,
    Help,
}

/// Its options, in the order of its help.
const OPTIONS: Table<Key> = Table(&[
    Row::value("--class", "NAME", Key::Class, Made(class_help)),
    Row::value("--count", "N", Key::Count, Made(count_help)),
    Row::value("--seed", "N", Key::Seed, Made(seed_help)),
    Row::value("--time-limit", "SECONDS", Key::TimeLimit, Made(time_help)),
    Row::value("--shrink-runs", "N", Key::ShrinkRuns, Made(shrink_help)),
    Row::help(Key::Help),
]);

/// The class of the questions unless `--class` says.
const CLASS: BoardClass = BoardClass::Judge;

/// Questions unless `--count` says.
const COUNT: usize = 1000;

/// Most questions in one run.
const MAX_COUNT: usize = 1_000_000;

/// The seed unless `--seed` says.
const SEED: u64 = 1;

/// The time limit unless `--time-limit` says, in seconds.
const SECONDS: f64 = 5.0;

/// Shortest time limit, in seconds.
const MIN_SECONDS: f64 = 0.01;

/// Longest time limit, in seconds.
const MAX_SECONDS: f64 = 3600.0;

/// Runs spent shrinking unless `--shrink-runs` says.
const SHRINK_RUNS: usize = 200;

/// The help of `--class`.
fn class_help() -> String {
    let first = format!("the questions (default {}):", CLASS.name());
    super::generate::classes_help(&first)
}

/// The help of `--count`.
fn count_help() -> String {
    format!("number of questions, 1 to {MAX_COUNT} (default {COUNT})")
}

/// The help of `--seed`.
fn seed_help() -> String {
    format!("seed of the generator (default {SEED})")
}

/// The help of `--time-limit`.
fn time_help() -> String {
    format!("wall-clock time of each run, {MIN_SECONDS} to {MAX_SECONDS} (default {SECONDS})")
}

/// The help of `--shrink-runs`.
fn shrink_help() -> String {
    format!(
        "most runs spent shrinking the failing board, each up to the time\n\
         limit (default {SHRINK_RUNS}; 0: none)"
    )
}

/// Lines of the program's standard error shown at most.
const STDERR_LINES: usize = 10;

/// Its help.
fn help() -> String {
    let mut text = format!(
        "winmove check: judge a program on generated questions, as a judge would

USAGE:
    winmove check [OPTIONS] [--] COMMAND [ARGS...]

Runs COMMAND with ARGS (executed directly, never through a shell) once, the questions in the
judge's format on its standard input, and compares its standard output byte for byte with the
exact answers (from the engine, which 'winmove verify' proves right on every question). Put
'--' before COMMAND if an argument of it starts with '-'. If a case fails, it is run alone; if
it fails alone, pieces are removed from it while the program still fails the same way on the
smaller board alone, each try one run: an x and an o together for the classes with equal
counts (the board may end with fewer pieces than six, eight or midgame hold), one piece at a
time keeping the counts unequal for sparse-unequal, any one piece for unequal and all. The
first removal that still fails is kept, until none does or the runs allowed are spent.

VERDICTS (the first that applies):
    Output Limit Exceeded   more than twice the expected output plus 4096 bytes: killed
    Time Limit Exceeded     still running at the time limit: killed
    Runtime Error           a non-zero exit status, or killed by a signal
    Accepted                the output is the expected output, byte for byte
    Presentation Error      every answer right, but blank lines, spaces, tabs or a '\\r'
                            around an answer, or a missing final newline
    Wrong Answer            a wrong, missing or extra answer
    An answer is a line with the spaces, tabs and '\\r' around it trimmed; a line of only
    those is blank, and not an answer. Any other byte (a form feed, a vertical tab) is text.

REPORT (standard output; the verdict on the first line, then 'key: value' lines):
    VERDICT                 one of the verdicts above
    command: ...            the command and its arguments, each quoted
    questions: N of class CLASS, seed S, time limit T s
    run: T s, HOW           the run's time, and how it ended: 'exit status N', 'killed by
                            signal N (NAME)', 'killed at the time limit' or 'killed after
                            N bytes of output, the bound'
    If the run is not accepted:
    first failing case: K of N (input lines A-B)
                            then the case in the judge's format, 'expected: LINE' and
                            'program: LINE' (each line quoted with its line end; or
                            '(no line)'; or '(answered right)' when the run failed after
                            it); or 'first failing case: none (WHY)', and no more but
                            stderr
    alone: VERDICT, T s, HOW
                            the verdict on that case run alone
    smallest failing board: P pieces (from Q), MINIMAL, R runs in T s
                            MINIMAL is 'minimal (no single removal still fails)' or 'not
                            minimal (the R runs allowed were spent)'; then the board,
                            'expected:' and 'program:' as above; or 'smallest failing
                            board: none (WHY)'
    stderr: LINE            the last {STDERR_LINES} lines of the program's standard error, if any
    Exit status 0 if accepted, 1 otherwise (or if the program cannot be run), 2 on a bad
    command line.

OPTIONS:
",
    );
    text.push_str(&OPTIONS.help());
    text
}

/// The options of a run.
struct Options {
    class: BoardClass,
    count: usize,
    seed: u64,
    time: Duration,
    shrink_runs: usize,
    program: Program,
}

/// Parses the arguments; `None` for `--help`.
fn parse(mut args: Args) -> Result<Option<Options>, UsageError> {
    let (mut class, mut count, mut seed) = (CLASS, COUNT, SEED);
    let (mut time, mut shrink_runs) = (Duration::from_secs_f64(SECONDS), SHRINK_RUNS);
    let mut command: Vec<OsString> = Vec::new();
    while let Some(arg) = args.next_arg()? {
        let opt = match arg {
            Arg::Positional(word) => {
                command.push(word);
                continue;
            }
            Arg::Option(opt) if command.is_empty() => opt,
            Arg::Option(opt) => {
                return Err(UsageError::new(format!(
                    "{} comes after the command: put '--' before the command if it is the command's",
                    opt.name
                )));
            }
        };
        let Some((key, given)) = OPTIONS.find(&opt, &mut args)? else {
            return Err(SUBCOMMAND.unknown_option(&opt));
        };
        match key {
            Key::Help => return Ok(None),
            Key::Class => class = super::generate::class_named(&given.text()?)?,
            Key::Count => count = given.number(1, MAX_COUNT)?,
            Key::Seed => seed = given.number(0, u64::MAX)?,
            Key::TimeLimit => {
                let text = given.text()?;
                time = match text.trim().parse::<f64>() {
                    Ok(s) if (MIN_SECONDS..=MAX_SECONDS).contains(&s) => Duration::from_secs_f64(s),
                    _ => {
                        return Err(UsageError::new(format!(
                            "--time-limit needs seconds from {MIN_SECONDS} to {MAX_SECONDS}, found '{}'",
                            text.escape_debug()
                        )));
                    }
                };
            }
            Key::ShrinkRuns => shrink_runs = given.number(0, 1_000_000)?,
        }
    }
    if command.is_empty() {
        return Err(UsageError::new(
            "'winmove check' needs the command to judge: winmove check [OPTIONS] -- COMMAND [ARGS...]",
        ));
    }
    let program = Program {
        command: command.remove(0),
        args: command,
    };
    Ok(Some(Options {
        class,
        count,
        seed,
        time,
        shrink_runs,
        program,
    }))
}

/// `winmove check`.
fn run(args: Args, io: &mut Io) -> Status {
    let Some(o) = parse(args)? else {
        return print(io, &help());
    };
    let boards = o.class.boards(o.seed, o.count);
    let mut checker = Checker::new(o.program.clone(), o.time);
    let report = checker
        .check(&boards, CountRule::of(o.class), o.shrink_runs)
        .map_err(|e| {
            io.fail(format_args!(
                "cannot run {}: {e}",
                quoted(&o.program.command)
            ))
        })?;
    let verdict = report.full.judgement.verdict;
    let mut text = header(&o, &report);
    write_failure(&mut text, &report);
    io.out(text.as_bytes())?;
    io.flush()?;
    if verdict == Verdict::Accepted {
        Ok(())
    } else {
        Err(Failure::Failed)
    }
}

/// The report's first four lines: the verdict, the command, the
/// questions, the run.
fn header(o: &Options, report: &Report) -> String {
    let shown: Vec<String> = std::iter::once(&o.program.command)
        .chain(&o.program.args)
        .map(|word| quoted(word))
        .collect();
    format!(
        "{}\ncommand: {}\nquestions: {} of class {}, seed {}, time limit {} s\nrun: {}\n",
        report.full.judgement.verdict.name(),
        shown.join(" "),
        o.count,
        o.class.name(),
        o.seed,
        o.time.as_secs_f64(),
        how_it_ran(&report.full)
    )
}

/// `0.041 s, exit status 0`, or how the run was stopped.
fn how_it_ran(trial: &Trial) -> String {
    let ended = match trial.run.ended {
        Ended::Exited(status) => describe(status),
        Ended::TimedOut => "killed at the time limit".to_string(),
        Ended::OutputLimit => format!(
            "killed after {} bytes of output, the bound",
            trial.run.output.len()
        ),
    };
    format!("{:.3} s, {ended}", trial.run.elapsed.as_secs_f64())
}

/// The report's lines after `run:`, for a run that was not accepted.
fn write_failure(text: &mut String, report: &Report) {
    let full = &report.full;
    if full.judgement.verdict == Verdict::Accepted {
        return;
    }
    match &full.judgement.failing {
        Some(failing) => {
            let case = failing.case;
            // Each case is 5 lines of the input: '?' and four rows.
            let _ = writeln!(
                text,
                "first failing case: {} of {} (input lines {}-{})",
                case + 1,
                full.boards.len(),
                5 * case + 1,
                5 * case + 5
            );
            write_case(text, full, case);
        }
        None => {
            let why = match full.judgement.verdict {
                Verdict::WrongAnswer => "every case answered right, then more output",
                Verdict::PresentationError => "every line right, then blank lines",
                _ => "every case answered right before the run failed",
            };
            let _ = writeln!(text, "first failing case: none ({why})");
        }
    }
    if let Some(alone) = &report.alone {
        let _ = writeln!(
            text,
            "alone: {}, {}",
            alone.judgement.verdict.name(),
            how_it_ran(alone)
        );
        match &report.smallest {
            Some((shrunk, trial)) => {
                let minimal = if shrunk.minimal {
                    "minimal (no single removal still fails)".to_string()
                } else {
                    format!("not minimal (the {} runs allowed were spent)", shrunk.runs)
                };
                let _ = writeln!(
                    text,
                    "smallest failing board: {} pieces (from {}), {minimal}, {} runs in {:.3} s",
                    shrunk.board.pieces(),
                    alone.boards[0].pieces(),
                    shrunk.runs,
                    report.shrink_time.as_secs_f64()
                );
                write_case(text, trial, 0);
            }
            None => {
                let _ = writeln!(
                    text,
                    "smallest failing board: none (the case alone is answered right: the failure needs the cases before it)"
                );
            }
        }
    }
    let stderr = String::from_utf8_lossy(&full.run.stderr_tail);
    let lines: Vec<&str> = stderr.lines().collect();
    for line in &lines[lines.len().saturating_sub(STDERR_LINES)..] {
        // Control characters (colours, cursor moves) would garble the report.
        let line = line.replace(|c: char| c.is_control() && c != '\t', "\u{fffd}");
        let _ = writeln!(text, "stderr: {line}");
    }
}

/// Case `case` of a trial in the judge's format, the expected line and
/// the program's.
fn write_case(text: &mut String, trial: &Trial, case: usize) {
    let _ = write!(text, "?\n{}", trial.boards[case]);
    let _ = writeln!(text, "expected: {}", expected(trial.answers[case]));
    let got = match trial.judgement.failing.as_ref().filter(|f| f.case == case) {
        Some(failing) => failing
            .got
            .as_deref()
            .map_or("(no line)".to_string(), line_shown),
        None => "(answered right)".to_string(),
    };
    let _ = writeln!(text, "program: {got}");
}

/// The expected line, quoted.
fn expected(answer: Option<Square>) -> String {
    line_shown(&answer_line(answer))
}

/// A line of output quoted, escaped; a long one cut to its first 60
/// characters.
fn line_shown(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let first: String = text.chars().take(60).collect();
    let more = if text.chars().count() > 60 {
        " (the first 60 characters)"
    } else {
        ""
    };
    format!("\"{}\"{more}", first.escape_debug())
}
