//! `winmove check`: judge another program on generated questions, and
//! shrink a board it fails on.

use super::Help::Made;
use super::args::{Arg, Args, quoted};
use super::output::{Failure, Io, Status};
use super::{Row, Subcommand, Table, UsageError, print};
use crate::answer::check::judge::Verdict;
use crate::answer::check::run::{Ended, GRACE, Program, describe};
use crate::answer::check::shrink::{CountRule, End};
use crate::answer::check::{Checker, NotShrunk, Progress, Report, Trial};
use crate::game::bitboard::Square;
use crate::game::board::Board;
use crate::game::random::BoardClass;
use crate::protocol::{Cases, answer_line, questions_text};
use std::ffi::OsString;
use std::fmt::Write;
use std::path::PathBuf;
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
    Input,
    TimeLimit,
    MemoryLimit,
    ShrinkRuns,
    Help,
}

/// Its options, in the order of its help.
const OPTIONS: Table<Key> = Table(&[
    Row::value("--class", "NAME", Key::Class, Made(class_help)),
    Row::value("--count", "N", Key::Count, Made(count_help)),
    Row::value("--seed", "N", Key::Seed, Made(seed_help)),
    Row::value("--input", "FILE", Key::Input, Made(input_help)),
    Row::value("--time-limit", "SECONDS", Key::TimeLimit, Made(time_help)),
    Row::value("--memory-limit", "MIB", Key::MemoryLimit, Made(memory_help)),
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

/// The help of `--input`.
fn input_help() -> String {
    "the questions of FILE instead (the judge's format, read as 'winmove' reads\n\
     it; not with --class, --count or --seed)"
        .to_string()
}

/// The help of `--memory-limit`.
fn memory_help() -> String {
    format!(
        "resident memory of the program and the processes it starts, in MiB,\n\
         1 to {MAX_MIB} (default: none); Linux only (read from /proc)"
    )
}

/// Largest memory limit, in MiB.
const MAX_MIB: u64 = 1 << 20;

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

/// The options of a run.
struct Options {
    questions: Questions,
    time: Duration,
    /// In MiB.
    memory: Option<u64>,
    shrink_runs: usize,
    program: Program,
}

/// Parses the arguments; `None` for `--help`.
fn parse(mut args: Args) -> Result<Option<Options>, UsageError> {
    let (mut class, mut count, mut seed) = (CLASS, COUNT, SEED);
    let mut generator_option: Option<String> = None;
    let mut input: Option<PathBuf> = None;
    let (mut time, mut shrink_runs) = (Duration::from_secs_f64(SECONDS), SHRINK_RUNS);
    let mut memory = None;
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
        if matches!(key, Key::Class | Key::Count | Key::Seed) {
            generator_option = Some(opt.name.to_string());
        }
        match key {
            Key::Help => return Ok(None),
            Key::Class => class = super::generate::class_named(&given.text()?)?,
            Key::Count => count = given.number(1, MAX_COUNT)?,
            Key::Seed => seed = given.number(0, u64::MAX)?,
            Key::Input => input = Some(given.path()),
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
            Key::MemoryLimit => {
                if !cfg!(target_os = "linux") {
                    return Err(UsageError::new(
                        "--memory-limit is measured from /proc, on Linux only",
                    ));
                }
                memory = Some(given.number(1, MAX_MIB)?);
            }
            Key::ShrinkRuns => shrink_runs = given.number(0, 1_000_000)?,
        }
    }
    if command.is_empty() {
        return Err(UsageError::new(
            "'winmove check' needs the command to judge: winmove check [OPTIONS] -- COMMAND [ARGS...]",
        ));
    }
    let questions = match (input, generator_option) {
        (Some(_), Some(option)) => {
            return Err(UsageError::new(format!(
                "{option} generates questions: not with --input, which reads them"
            )));
        }
        (Some(path), None) => Questions::File(path),
        (None, _) => Questions::Generated { class, count, seed },
    };
    let program = Program {
        command: command.remove(0),
        args: command,
    };
    Ok(Some(Options {
        questions,
        time,
        memory,
        shrink_runs,
        program,
    }))
}

/// `winmove check`.
fn run(args: Args, io: &mut Io) -> Status {
    let Some(o) = parse(args)? else {
        return print(io, &help());
    };
    let (boards, rule) = match &o.questions {
        Questions::Generated { class, count, seed } => {
            (class.boards(*seed, *count), Some(CountRule::of(*class)))
        }
        Questions::File(path) => (read_questions(path, io)?, None),
    };
    let memory = o.memory.map(|mib| mib << 20);
    let mut checker = Checker::new(o.program.clone(), o.time, memory);
    let on_terminal = io.err_terminal;
    let mut progress = |now: Progress| {
        if on_terminal {
            // Progress is a courtesy: a failed write is not worth stopping.
            let line = format!("\r\x1b[Kcheck: {}", progress_line(now));
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
        }
    };
    let checked = checker.check(&boards, rule, o.shrink_runs, &mut progress);
    if on_terminal {
        let _ = std::io::Write::write_all(&mut std::io::stderr(), b"\r\x1b[K");
    }
    let report = checked.map_err(|e| io.fail(cannot_run(&o.program, &e)))?;
    let verdict = report.full.judgement.verdict;
    let mut text = header(&o, &report);
    write_failure(&mut text, &o, &report);
    io.out(text.as_bytes())?;
    io.flush()?;
    if verdict == Verdict::Accepted {
        Ok(())
    } else {
        Err(Failure::Failed)
    }
}

/// The questions of the file at `path`, read as the answer loop reads
/// them; an error names the file and the line.
fn read_questions(path: &PathBuf, io: &mut Io) -> Result<Vec<Board>, Failure> {
    let shown = quoted(path.as_os_str());
    let input = super::open(&Some(path.clone()), io)?;
    let mut boards = Vec::new();
    for case in Cases::new(input) {
        let case = case.map_err(|e| io.fail(format_args!("{shown}: {e}")))?;
        boards.push(case.board);
    }
    if boards.is_empty() {
        return Err(io.fail(format_args!("{shown} has no questions")));
    }
    Ok(boards)
}

/// What a progress line says.
fn progress_line(now: Progress) -> String {
    match now {
        Progress::Alone => "running the failing case alone".to_string(),
        Progress::Locating { runs } => {
            format!("looking for the slow case, {}", count(runs, "run", "runs"))
        }
        Progress::Shrinking {
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
    if command.contains(' ') && !std::path::Path::new(&program.command).exists() {
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

/// `N thing` or `N things`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The report's first lines: the verdict, the command, the questions, the
/// run, and for a failure the command that reproduces it.
fn header(o: &Options, report: &Report) -> String {
    let shown: Vec<String> = std::iter::once(&o.program.command)
        .chain(&o.program.args)
        .map(|word| quoted(word))
        .collect();
    let questions = match &o.questions {
        Questions::Generated { class, count, seed } => {
            format!("{count} of class {}, seed {seed}", class.name())
        }
        Questions::File(path) => {
            format!("{} from {}", report.full.boards.len(), quoted(path.as_os_str()))
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
fn fed_from(o: &Options) -> String {
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

/// The command line that runs the program on `board` alone.
fn reproduce_board(o: &Options, board: Board) -> String {
    let text = questions_text(&[board]).replace('\n', "\\n");
    format!("reproduce: printf '{text}' | {}", shell_line(&o.program))
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
        let _ = write!(ended, ", peak memory {:.1} MiB", peak as f64 / f64::from(1 << 20));
    }
    format!("{:.3} s, {ended}", run.elapsed.as_secs_f64())
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
fn write_failure(text: &mut String, o: &Options, report: &Report) {
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
    if let Some(alone) = &report.alone {
        let _ = writeln!(
            text,
            "alone: {}, {}",
            alone.judgement.verdict.name(),
            how_it_ran(alone)
        );
        let shown_alone = report.slow.is_none() && alone.judgement.verdict != Verdict::Accepted;
        if shown_alone && !matches!(report.smallest, Some(Ok(_))) {
            let _ = writeln!(text, "{}", reproduce_board(o, alone.boards[0]));
        }
    }
    if let Some(slow) = &report.slow {
        let alone = &slow.alone;
        let found = format!(
            "found in {}: the first that passes the time limit run after the cases from the first failing one",
            count(slow.runs, "run", "runs")
        );
        if alone.judgement.verdict == Verdict::Accepted {
            let _ = writeln!(
                text,
                "slow case: none alone (cases {} to {} together pass the time limit; case {} alone: {}, {})",
                full.judgement.failing.as_ref().map_or(0, |f| f.case) + 1,
                slow.case + 1,
                slow.case + 1,
                alone.judgement.verdict.name(),
                how_it_ran(alone)
            );
        } else {
            let _ = writeln!(text, "slow case: {}, {found}", case_of(slow.case, cases));
            write_case(text, alone, 0);
            let _ = writeln!(
                text,
                "alone: {}, {}",
                alone.judgement.verdict.name(),
                how_it_ran(alone)
            );
            if !matches!(report.smallest, Some(Ok(_))) {
                let _ = writeln!(text, "{}", reproduce_board(o, alone.boards[0]));
            }
        }
    }
    match &report.smallest {
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
            let _ = writeln!(text, "{}", reproduce_board(o, shrunk.board));
        }
        Some(Err(NotShrunk::PassesAlone)) if report.slow.is_none() => {
            let _ = writeln!(
                text,
                "smallest failing board: none (the case alone is answered right: the failure needs the cases before it)"
            );
        }
        Some(Err(NotShrunk::PassesAlone)) => {
            let _ = writeln!(
                text,
                "smallest failing board: none (no case found that fails alone)"
            );
        }
        Some(Err(NotShrunk::Presentation)) => {
            let _ = writeln!(
                text,
                "smallest failing board: not sought (a Presentation Error is in the form of the output, whatever the board)"
            );
        }
        Some(Err(NotShrunk::NoRuns)) | None => {}
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
