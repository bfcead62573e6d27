//! The report of a check, as `winmove check` prints it: the verdict on
//! the first line, then `key: value` lines (`command:`, `questions:`,
//! `run:`, and for a failure `reproduce:`, `first failing case:`,
//! `alone:`, `slow case:`, `smallest failing board:`, `stopped:`,
//! `stderr:`); `winmove check --help` says what each line holds. And the
//! line a check's progress shows.

use super::judge::Verdict;
use super::run::{Ended, GRACE, Program, describe};
use super::shrink::End;
use super::{NotShrunk, Progress, Report, Trial};
use crate::game::bitboard::Square;
use crate::game::random::BoardClass;
use crate::protocol::words::{count, quoted};
use crate::protocol::{answer_line, questions_text};
use std::ffi::OsStr;
use std::fmt::{self, Write};
use std::path::{Path, PathBuf};
use std::str::Utf8Chunk;
use std::time::Duration;

/// Lines of the program's standard error a report shows at most.
pub const STDERR_LINES: usize = 10;

/// Where the questions come from.
#[derive(Clone, Debug)]
pub enum Questions {
    /// Generated: a class, a count, a seed.
    Generated {
        /// The class of the boards.
        class: BoardClass,
        /// How many.
        count: usize,
        /// The generator's seed.
        seed: u64,
    },
    /// Read from a file, or from standard input if `None`.
    File(Option<PathBuf>),
}

/// A check as set up: the questions, the limits, the program.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Where the questions come from.
    pub questions: Questions,
    /// The time limit of each run.
    pub time: Duration,
    /// The memory limit of each run, in MiB, if any.
    pub memory: Option<u64>,
    /// Most runs spent shrinking a failing board.
    pub shrink_runs: usize,
    /// The program judged.
    pub program: Program,
}

impl Setup {
    /// The report of `report`, the check this set up: its first lines,
    /// then for a run not accepted what was found.
    pub fn report(&self, report: &Report) -> String {
        let mut text = self.header(report);
        self.write_failure(&mut text, report);
        text
    }

    /// The report's first lines: the verdict, the command, the questions, the
    /// run, and for a failure the command that reproduces it.
    fn header(&self, report: &Report) -> String {
        let shown: Vec<String> = std::iter::once(&self.program.command)
            .chain(&self.program.args)
            .map(|word| quoted(word))
            .collect();
        let questions = match &self.questions {
            Questions::Generated { class, count, seed } => {
                format!("{count} of class {}, seed {seed}", class.name())
            }
            Questions::File(path) => format!(
                "{} from {}",
                report.full.boards.len(),
                path.as_ref()
                    .map_or("standard input".to_string(), |p| quoted(p.as_os_str()))
            ),
        };
        let mut limits = format!("time limit {} s", self.time.as_secs_f64());
        if let Some(mib) = self.memory {
            let _ = write!(limits, ", memory limit {mib} MiB");
        }
        let mut text = format!(
            "{}\ncommand: {}\nquestions: {questions}, {limits}\nrun: {}\n",
            report.full.judgement.verdict.name(),
            shown.join(" "),
            how_it_ran(&report.full)
        );
        if report.full.judgement.verdict != Verdict::Accepted {
            let feed = match &self.questions {
                Questions::Generated { class, count, seed } => format!(
                    "winmove generate --class {} --count {count} --seed {seed} | ",
                    class.name()
                ),
                Questions::File(_) => String::new(),
            };
            let _ = writeln!(text, "reproduce: {feed}{}", self.fed_from());
        }
        text
    }

    /// The program's command line for a shell, its input from the file of
    /// `--input` if given (else from a pipe; said in words for standard
    /// input, which cannot be read again).
    fn fed_from(&self) -> String {
        let mut line = shell_line(&self.program);
        match &self.questions {
            Questions::File(Some(path)) => {
                let _ = write!(line, " < {}", shell_word(path.as_os_str()));
            }
            Questions::File(None) => {
                line.push_str(" (given the questions read from standard input)")
            }
            Questions::Generated { .. } => {}
        }
        line
    }

    /// The report's lines after `run:`, for a run that was not accepted.
    fn write_failure(&self, text: &mut String, report: &Report) {
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
                    "slow case: none alone (cases {} to {} together exceed the time limit; case {} {})",
                    full.judgement.failing.as_ref().map_or(0, |f| f.case) + 1,
                    slow.case + 1,
                    slow.case + 1,
                    alone_line(alone)
                );
            } else {
                let _ = writeln!(
                    text,
                    "slow case: {}, found in {}: the first case that, run after the cases from the first failing one, makes them exceed the time limit",
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
            Some(Err(NotShrunk::PassesAlone)) if report.slow.is_none() => Some(
                "none (the case alone is answered right: the failure needs the cases before it)",
            ),
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
                shell_line(&self.program)
            );
        }
        if let Some(why) = not_shrunk {
            let _ = writeln!(text, "smallest failing board: {why}");
        }
        if let Some(why) = &report.stopped {
            let _ = writeln!(
                text,
                "stopped: a later run could not be made: {}",
                cannot_run(&self.program, &std::io::Error::other(why.clone()))
            );
        }
        let stderr = String::from_utf8_lossy(&full.run.stderr_tail);
        let lines: Vec<&str> = stderr.lines().collect();
        for line in &lines[lines.len().saturating_sub(STDERR_LINES)..] {
            let _ = writeln!(text, "stderr: {}", visible(line));
        }
    }
}

/// Why `program` cannot be run: the error, and a hint when the command
/// is one word with spaces that is no file (a command line given whole).
pub fn cannot_run(program: &Program, error: &std::io::Error) -> String {
    let mut message = format!("cannot run {}: {error}", quoted(&program.command));
    let command = program.command.to_string_lossy();
    if command.contains(' ') && !Path::new(&program.command).exists() {
        let words: Vec<String> = command
            .split_whitespace()
            .map(|word| shell_word(word.as_ref()))
            .collect();
        let _ = write!(
            message,
            "\n(no shell is used: give the command and its arguments as separate words, \
             e.g. winmove check -- {})",
            words.join(" ")
        );
    }
    message
}

/// The program's command and arguments for a shell.
fn shell_line(program: &Program) -> String {
    let words: Vec<String> = std::iter::once(&program.command)
        .chain(&program.args)
        .map(|word| shell_word(word))
        .collect();
    words.join(" ")
}

/// A word as a POSIX shell reads it, byte for byte, and safe to show: as
/// it is if it has only characters no shell treats specially; in single
/// quotes if every character shows as itself; otherwise in `$'...'`
/// (POSIX.1-2024, bash, zsh, ksh), where a character that does not show
/// (a control character, a bidirectional override) and a byte that is not
/// UTF-8 are written `\xHH`, byte by byte.
fn shell_word(word: &OsStr) -> String {
    let bytes = word.as_encoded_bytes();
    let plain = |b: &u8| b.is_ascii_alphanumeric() || b"_-./=:,+@%".contains(b);
    if !bytes.is_empty() && bytes.iter().all(plain) {
        return String::from_utf8_lossy(bytes).into_owned();
    }
    let shows = |chunk: Utf8Chunk| chunk.invalid().is_empty() && !chunk.valid().chars().any(hidden);
    if bytes.utf8_chunks().all(shows) {
        return format!("'{}'", word.to_string_lossy().replace('\'', "'\\''"));
    }
    let mut quoted = String::from("$'");
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' | '\'' => {
                    quoted.push('\\');
                    quoted.push(c);
                }
                '\n' => quoted.push_str("\\n"),
                '\t' => quoted.push_str("\\t"),
                '\r' => quoted.push_str("\\r"),
                _ if hidden(c) => {
                    for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                        let _ = write!(quoted, "\\x{byte:02x}");
                    }
                }
                _ => quoted.push(c),
            }
        }
        for byte in chunk.invalid() {
            let _ = write!(quoted, "\\x{byte:02x}");
        }
    }
    quoted.push('\'');
    quoted
}

/// Whether `c` would not show as itself in a report: a control character
/// (a terminal's escapes, a line end), a bidirectional override, another
/// invisible format character; those `escape_debug` escapes, but for the
/// marks it escapes only at the start of a text, which show after a
/// letter.
fn hidden(c: char) -> bool {
    format!("a{c}").escape_debug().nth(1) == Some('\\') && !matches!(c, '\\' | '\'' | '"')
}

/// `text` with each character that would not show as itself ([`hidden`])
/// but a tab escaped, as `escape_debug` writes it (`\u{202e}`).
fn visible(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if hidden(c) && c != '\t' {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
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
    let grace = GRACE.as_secs_f64();
    match (run.held_open, run.unreached) {
        (true, false) => {
            let _ = write!(
                ended,
                ", its output held open by a process it started (killed {grace} s later)"
            );
        }
        (held_open, true) => {
            let _ = write!(
                ended,
                ", its output held open by a process {}out of reach (still open {grace} s after the kill)",
                if held_open { "it started, " } else { "" }
            );
        }
        (false, false) => {}
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

/// What a progress line says: `shrinking, 12 runs of at most 200, ...`.
impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Progress::Alone => f.write_str("running the failing case alone"),
            Progress::Locating { runs } => {
                write!(
                    f,
                    "looking for the slow case, {}",
                    count(runs, "run", "runs")
                )
            }
            Progress::Shrinking {
                runs,
                max_runs,
                pieces,
            } => write!(
                f,
                "shrinking, {} of at most {max_runs}, smallest failing board {}",
                count(runs, "run", "runs"),
                count(pieces as usize, "piece", "pieces")
            ),
        }
    }
}
