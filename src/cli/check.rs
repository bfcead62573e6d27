//! `winmove check`: judge another program on generated questions, and
//! shrink a board it fails on.

use super::args::{UsageError, quoted};
use super::command::{Command, Subcommand, Words};
use super::generate::{class_named, classes_help};
use super::output::{Failure, Io, Progress, Status, passed, read_boards};
use super::table::Help::{Made, Text};
use super::table::{Row, count, set};
use crate::answer::check::judge::Verdict;
use crate::answer::check::run::{Ended, GRACE, Program, describe};
use crate::answer::check::shrink::{CountRule, End};
use crate::answer::check::{Checker, NotShrunk, Progress as Step, Report, Trial};
use crate::game::bitboard::Square;
use crate::game::board::Board;
use crate::game::random::BoardClass;
use crate::protocol::{answer_line, questions_text};
use std::ffi::OsString;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The options as given.
#[derive(Default)]
struct Options {
    class: Option<BoardClass>,
    count: Option<usize>,
    seed: Option<u64>,
    /// The last of `--class`, `--count` and `--seed` given, as written.
    generator: Option<String>,
    input: Option<PathBuf>,
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
            Text("the questions of FILE instead (not with --class, --count or --seed)"),
            |o, given| set(&mut o.input, Some(given.path())),
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
            Made(|| format!("resident memory, 1 to {MAX_MIB} MiB (default: none); see MEMORY")),
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

/// Largest memory limit, in MiB.
const MAX_MIB: u64 = 1 << 20;

/// Lines of the program's standard error shown at most.
const STDERR_LINES: usize = 10;

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    let grace_s = GRACE.as_secs_f64();
    format!(
        "winmove check: judge a program on generated questions, as a judge would

USAGE:
    winmove check [OPTIONS] [--] COMMAND [ARGS...]

Runs COMMAND with ARGS once, the questions in the judge's format on its standard input
(generated by --class, --count and --seed, or read from --input FILE), and compares its
standard output byte for byte with the exact answers (from the engine, which 'winmove verify'
proves right on every question). COMMAND is executed directly, never through a shell: give the
command and each argument as separate words ('python3 x.py' in one word is a file of that
name). Put '--' before COMMAND if an argument of it starts with '-'. The program runs in a
process group of its own (on Unix): when the run ends, whatever ended it, every process of the
group is killed, so nothing it started outlives the verdict. Once it has exited, its output is
read {grace_s} s longer at most if a process it started holds it open; that output is then
judged.

If a case fails, it is run alone; if the run timed out and the case alone does not, the slow
case is sought by bisection (the program may keep its answers in a buffer). A case that fails
alone (but by a Presentation Error, which is in the form of the output) is shrunk: pieces are
removed, one try a run, while the program still fails the same way, the board staying a
question of its class (for --input, of its counts). At a terminal, standard error shows the
progress.

VERDICTS (the first that applies):
    Output Limit Exceeded   more than twice the expected output plus 4096 bytes: killed
    Time Limit Exceeded     still running at the time limit: killed
    Memory Limit Exceeded   resident memory past --memory-limit: killed
    Runtime Error           a non-zero exit status, or killed by a signal (even when every
                            answer was right)
    Accepted                the output is the expected output, byte for byte
    Presentation Error      every answer right, but blank lines, spaces, tabs or a '\\r'
                            around an answer, or a missing final newline
    Wrong Answer            a wrong, missing or extra answer
    An answer is a line with the spaces, tabs and '\\r' around it trimmed; a line of only
    those is blank, and not an answer. Any other byte (a form feed, a vertical tab) is text.

MEMORY (--memory-limit, Linux only): the resident memory (RSS) of the program's process group,
read from /proc at each look (every few milliseconds): the sum over the group's processes, and
the program's own peak as the kernel keeps it (VmHWM). A child's memory between two looks, and
a process that leaves the group (setsid), are not seen.

REPORT (standard output; the verdict on the first line, then 'key: value' lines):
    VERDICT                 one of the verdicts above
    command: ...            the command and its arguments, each quoted
    questions: N of class CLASS, seed S, time limit T s
                            or 'N from FILE'; then ', memory limit M MiB' if given
    run: T s, HOW           the run's time, and how it ended: 'exit status N', 'killed by
                            signal N (NAME)', 'killed at the time limit', 'killed at the
                            memory limit' or 'killed after N bytes of output, the bound';
                            then ', its output held open by a process it started (killed
                            {grace_s} s later)' if so, and ', peak memory M MiB' with a memory limit
    If the run is not accepted:
    reproduce: COMMAND      a shell command line that gives the program the same input:
                            'winmove generate ... | PROGRAM', or 'PROGRAM < FILE'
    first failing case: K of N (input lines A-B)
                            then the case in the judge's format, 'expected: LINE' and
                            'program: LINE' (each line quoted with its line end; or
                            '(no line)'; or '(answered right)' when the run failed after
                            it); or 'first failing case: none (WHY)', and no more but
                            stderr
    alone: VERDICT, T s, HOW
                            the verdict on that case run alone
    slow case: K of N (input lines A-B), found in R runs: ...
                            if sought: the case, 'expected:', 'program:', and 'alone:' as
                            above; or 'slow case: none alone (WHY)'
    smallest failing board: P pieces (from Q), MINIMAL, R runs in T s
                            MINIMAL is 'minimal (no single removal still fails)', 'perhaps
                            not minimal (K of its M single removals timed out, ...)', 'not
                            minimal (the R runs allowed were spent)' or 'not minimal
                            (stopped after R runs)'; then ', K of them timed out' if any
                            did; then the board, 'expected:' and 'program:' as above; or
                            'smallest failing board: none (WHY)' or 'not sought (WHY)';
                            nothing with --shrink-runs 0
    reproduce: printf ... | PROGRAM
                            the program on the smallest failing board (else on the case
                            that fails alone)
    stopped: WHY            a later run could not be made: what was found before stands
    stderr: LINE            the last {STDERR_LINES} lines of the program's standard error, if any
    Exit status 0 if accepted, 1 otherwise (or if the program cannot be run), 2 on a bad
    command line.

OPTIONS:
{options}{}",
        classes_help()
    )
}

/// Where the questions come from.
enum Questions {
    /// Generated: a class, a count, a seed.
    Generated {
        class: BoardClass,
        count: usize,
        seed: u64,
    },
    /// Read from a file.
    File(PathBuf),
}

/// A check: the questions, the limits, the program.
struct Check {
    questions: Questions,
    time: Duration,
    /// In MiB.
    memory: Option<u64>,
    shrink_runs: usize,
    program: Program,
}

impl Options {
    /// The check the options ask for, checked against each other.
    fn check(mut self) -> Result<Check, UsageError> {
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
            (Some(path), None) => Questions::File(path),
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
        Ok(Check {
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
        Questions::File(path) => (read_questions(path, io)?, None),
    };
    let memory = o.memory.map(|mib| mib << 20);
    let mut checker = Checker::new(o.program.clone(), o.time, memory);
    let mut progress = Progress::new(io, io.err_terminal);
    let checked = checker.check(&boards, rule, o.shrink_runs, &mut |now| {
        progress.show(format_args!("\x1b[Kcheck: {}", progress_line(now)))
    });
    progress.show(format_args!("\x1b[K"));
    let report = checked.map_err(|e| io.fail(cannot_run(&o.program, &e)))?;
    let verdict = report.full.judgement.verdict;
    let mut text = header(&o, &report);
    write_failure(&mut text, &o, &report);
    io.out(text.as_bytes())?;
    io.flush()?;
    passed(verdict == Verdict::Accepted)
}

/// The questions of the file at `path`; an error names the file and the
/// line.
fn read_questions(path: &Path, io: &mut Io) -> Result<Vec<Board>, Failure> {
    let shown = quoted(path.as_os_str());
    let boards = read_boards(&Some(path.to_path_buf()), &shown, io)?;
    if boards.is_empty() {
        return Err(io.fail(format_args!("{shown} has no questions")));
    }
    Ok(boards)
}

/// What a progress line says.
fn progress_line(now: Step) -> String {
    match now {
        Step::Alone => "running the failing case alone".to_string(),
        Step::Locating { runs } => {
            format!("looking for the slow case, {}", count(runs, "run", "runs"))
        }
        Step::Shrinking {
            runs,
            max_runs,
            pieces,
        } => format!(
            "shrinking, {} of at most {max_runs}, smallest failing board {}",
            count(runs, "run", "runs"),
            count(pieces as usize, "piece", "pieces")
        ),
    }
}

/// Why the program cannot be run: the error, and a hint when the command
/// is one word with spaces that is no file (a command line given whole).
fn cannot_run(program: &Program, error: &std::io::Error) -> String {
    let mut message = format!("cannot run {}: {error}", quoted(&program.command));
    let command = program.command.to_string_lossy();
    if command.contains(' ') && !Path::new(&program.command).exists() {
        let words: Vec<String> = command.split_whitespace().map(shell_word).collect();
        let _ = write!(
            message,
            "\n(no shell is used: give the command and its arguments as separate words, \
             e.g. winmove check -- {})",
            words.join(" ")
        );
    }
    message
}

/// The report's first lines: the verdict, the command, the questions, the
/// run, and for a failure the command that reproduces it.
fn header(o: &Check, report: &Report) -> String {
    let shown: Vec<String> = std::iter::once(&o.program.command)
        .chain(&o.program.args)
        .map(|word| quoted(word))
        .collect();
    let questions = match &o.questions {
        Questions::Generated { class, count, seed } => {
            format!("{count} of class {}, seed {seed}", class.name())
        }
        Questions::File(path) => {
            format!(
                "{} from {}",
                report.full.boards.len(),
                quoted(path.as_os_str())
            )
        }
    };
    let mut limits = format!("time limit {} s", o.time.as_secs_f64());
    if let Some(mib) = o.memory {
        let _ = write!(limits, ", memory limit {mib} MiB");
    }
    let mut text = format!(
        "{}\ncommand: {}\nquestions: {questions}, {limits}\nrun: {}\n",
        report.full.judgement.verdict.name(),
        shown.join(" "),
        how_it_ran(&report.full)
    );
    if report.full.judgement.verdict != Verdict::Accepted {
        let feed = match &o.questions {
            Questions::Generated { class, count, seed } => format!(
                "winmove generate --class {} --count {count} --seed {seed} | ",
                class.name()
            ),
            Questions::File(_) => String::new(),
        };
        let _ = writeln!(text, "reproduce: {feed}{}", fed_from(o));
    }
    text
}

/// The program's command line for a shell, its input from the file of
/// `--input` if given (else from a pipe).
fn fed_from(o: &Check) -> String {
    let mut line = shell_line(&o.program);
    if let Questions::File(path) = &o.questions {
        let _ = write!(line, " < {}", shell_word(&path.to_string_lossy()));
    }
    line
}

/// The program's command and arguments for a shell.
fn shell_line(program: &Program) -> String {
    let words: Vec<String> = std::iter::once(&program.command)
        .chain(&program.args)
        .map(|word| shell_word(&word.to_string_lossy()))
        .collect();
    words.join(" ")
}

/// A word as a POSIX shell reads it: as it is if it has only characters
/// no shell treats specially, otherwise in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// `0.041 s, exit status 0`, or how the run was stopped.
fn how_it_ran(trial: &Trial) -> String {
    let run = &trial.run;
    let mut ended = match run.ended {
        Ended::Exited(status) => describe(status),
        Ended::TimedOut => "killed at the time limit".to_string(),
        Ended::OutputLimit => format!(
            "killed after {} of output, the bound",
            count(run.output.len(), "byte", "bytes")
        ),
        Ended::MemoryLimit => "killed at the memory limit".to_string(),
    };
    if run.held_open {
        let _ = write!(
            ended,
            ", its output held open by a process it started (killed {} s later)",
            GRACE.as_secs_f64()
        );
    }
    if let Some(peak) = run.peak_memory {
        let _ = write!(
            ended,
            ", peak memory {:.1} MiB",
            peak as f64 / f64::from(1 << 20)
        );
    }
    format!("{:.3} s, {ended}", run.elapsed.as_secs_f64())
}

/// `alone: VERDICT, T s, HOW`: how a case run alone fared.
fn alone_line(alone: &Trial) -> String {
    format!(
        "alone: {}, {}",
        alone.judgement.verdict.name(),
        how_it_ran(alone)
    )
}

/// `K of N (input lines A-B)`: case `case` (from 0) of `of`.
fn case_of(case: usize, of: usize) -> String {
    // Each case is 5 lines of the input: '?' and four rows.
    format!(
        "{} of {of} (input lines {}-{})",
        case + 1,
        5 * case + 1,
        5 * case + 5
    )
}

/// The report's lines after `run:`, for a run that was not accepted.
fn write_failure(text: &mut String, o: &Check, report: &Report) {
    let full = &report.full;
    if full.judgement.verdict == Verdict::Accepted {
        return;
    }
    let cases = full.boards.len();
    match &full.judgement.failing {
        Some(failing) => {
            let _ = writeln!(text, "first failing case: {}", case_of(failing.case, cases));
            write_case(text, full, failing.case);
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
    // The board that reproduces the failure alone, unless shrunk.
    let mut failing_alone = None;
    if let Some(alone) = &report.alone {
        let _ = writeln!(text, "{}", alone_line(alone));
        if report.slow.is_none() && alone.judgement.verdict != Verdict::Accepted {
            failing_alone = Some(alone.boards[0]);
        }
    }
    if let Some(slow) = &report.slow {
        let alone = &slow.alone;
        if alone.judgement.verdict == Verdict::Accepted {
            let _ = writeln!(
                text,
                "slow case: none alone (cases {} to {} together pass the time limit; case {} {})",
                full.judgement.failing.as_ref().map_or(0, |f| f.case) + 1,
                slow.case + 1,
                slow.case + 1,
                alone_line(alone)
            );
        } else {
            let _ = writeln!(
                text,
                "slow case: {}, found in {}: the first that passes the time limit run after the cases from the first failing one",
                case_of(slow.case, cases),
                count(slow.runs, "run", "runs")
            );
            write_case(text, alone, 0);
            let _ = writeln!(text, "{}", alone_line(alone));
            failing_alone = Some(alone.boards[0]);
        }
    }
    let not_shrunk = match &report.smallest {
        Some(Ok(smallest)) => {
            let shrunk = &smallest.shrunk;
            let from = match &report.slow {
                Some(slow) => slow.alone.boards[0],
                None => report.alone.as_ref().expect("run alone").boards[0],
            };
            let runs = count(shrunk.runs, "run", "runs");
            let end = match shrunk.end {
                _ if shrunk.minimal() => "minimal (no single removal still fails)".to_string(),
                End::Tried {
                    removals,
                    timed_out,
                } => format!(
                    "perhaps not minimal ({timed_out} of its {} timed out, and might fail given more time)",
                    count(removals, "single removal", "single removals")
                ),
                End::RunsSpent => format!("not minimal (the {runs} allowed were spent)"),
                End::Stopped => format!("not minimal (stopped after {runs})"),
            };
            let timed_out = match shrunk.timed_out {
                0 => String::new(),
                n => format!(", {n} of them timed out"),
            };
            let _ = writeln!(
                text,
                "smallest failing board: {} (from {}), {end}, {runs} in {:.3} s{timed_out}",
                count(shrunk.board.pieces() as usize, "piece", "pieces"),
                from.pieces(),
                smallest.time.as_secs_f64()
            );
            write_case(text, &smallest.trial, 0);
            failing_alone = Some(shrunk.board);
            None
        }
        Some(Err(NotShrunk::PassesAlone)) if report.slow.is_none() => {
            Some("none (the case alone is answered right: the failure needs the cases before it)")
        }
        Some(Err(NotShrunk::PassesAlone)) => Some("none (no case found that fails alone)"),
        Some(Err(NotShrunk::Presentation)) => Some(
            "not sought (a Presentation Error is in the form of the output, whatever the board)",
        ),
        Some(Err(NotShrunk::NoRuns)) | None => None,
    };
    if let Some(board) = failing_alone {
        let text_board = questions_text(&[board]).replace('\n', "\\n");
        let _ = writeln!(
            text,
            "reproduce: printf '{text_board}' | {}",
            shell_line(&o.program)
        );
    }
    if let Some(why) = not_shrunk {
        let _ = writeln!(text, "smallest failing board: {why}");
    }
    if let Some(why) = &report.stopped {
        let _ = writeln!(
            text,
            "stopped: a later run could not be made: {}",
            cannot_run(&o.program, &std::io::Error::other(why.clone()))
        );
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
