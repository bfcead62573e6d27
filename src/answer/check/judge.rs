//! Verdicts: a run's output against the exact answers.
//!
//! The expected output is one line per case, `(r,c)` or `#####`, each
//! ending with `\n`. How a run is judged, the first rule that applies:
//! - Output Limit Exceeded: more output than the bound (the run was killed);
//! - Time Limit Exceeded: still running at the time limit (killed);
//! - Memory Limit Exceeded: its memory passed the bound (killed);
//! - Runtime Error: a non-zero exit status, or killed by a signal, even
//!   after every answer was right;
//! - Accepted: the output is the expected output, byte for byte;
//! - Presentation Error: the answers are right but the bytes differ, in
//!   ways that leave the answers readable: blank lines, spaces, tabs or a
//!   `\r` around an answer, a missing final newline;
//! - Wrong Answer: anything else (a wrong, missing or extra answer).
//!
//! An answer is a line with its surrounding blanks trimmed; blank lines
//! are not answers. The blanks are spaces, tabs and `\r` ([`BLANKS`]), as
//! judges trim them: a form feed or a vertical tab is text. When the run was killed, a last line without its
//! newline (cut short) is not an answer either.

use super::run::{Ended, Run};
use crate::game::bitboard::Square;
use crate::protocol::answer_line;

/// The judge's verdict on a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The output is the expected output, byte for byte.
    Accepted,
    /// A wrong, missing or extra answer.
    WrongAnswer,
    /// The answers are right; blanks or line ends around them are not.
    PresentationError,
    /// Killed at the time limit.
    TimeLimitExceeded,
    /// Killed when its memory passed the bound.
    MemoryLimitExceeded,
    /// A non-zero exit status or a signal.
    RuntimeError,
    /// Killed for writing more than the output bound.
    OutputLimitExceeded,
}

impl Verdict {
    /// The verdict as a judge writes it.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Accepted => "Accepted",
            Verdict::WrongAnswer => "Wrong Answer",
            Verdict::PresentationError => "Presentation Error",
            Verdict::TimeLimitExceeded => "Time Limit Exceeded",
            Verdict::MemoryLimitExceeded => "Memory Limit Exceeded",
            Verdict::RuntimeError => "Runtime Error",
            Verdict::OutputLimitExceeded => "Output Limit Exceeded",
        }
    }
}

/// The first case a run got wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failing {
    /// Its index among the cases, from 0.
    pub case: usize,
    /// The program's line for it, with its line end if it had one; `None`
    /// if the output has no line for it.
    pub got: Option<Vec<u8>>,
}

/// A verdict, and the case that earned it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// The first case answered wrong or not at all (for a Presentation
    /// Error: the first line that differs from the expected one); `None`
    /// if accepted, or if every case was answered right and the failure
    /// came after the last (extra answers, a crash at the end).
    pub failing: Option<Failing>,
}

/// Judges `run` against the exact `answers`, one per case in order.
pub fn judge(answers: &[Option<Square>], run: &Run) -> Judgement {
    let expected: Vec<[u8; 6]> = answers.iter().map(|&a| answer_line(a)).collect();
    let killed = !matches!(run.ended, Ended::Exited(_));
    let lines = lines(&run.output, killed);
    // Each answer with the index of its line.
    let given: Vec<(&[u8], usize)> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| (trim_blanks(line), i))
        .filter(|(text, _)| !text.is_empty())
        .collect();
    let answers_right =
        given.len() == expected.len() && given.iter().zip(&expected).all(|(g, e)| g.0 == &e[..5]);
    let verdict = match run.ended {
        Ended::OutputLimit => Verdict::OutputLimitExceeded,
        Ended::TimedOut => Verdict::TimeLimitExceeded,
        Ended::MemoryLimit => Verdict::MemoryLimitExceeded,
        Ended::Exited(status) if !status.success() => Verdict::RuntimeError,
        Ended::Exited(_) if run.output == expected.concat() => Verdict::Accepted,
        Ended::Exited(_) if answers_right => Verdict::PresentationError,
        Ended::Exited(_) => Verdict::WrongAnswer,
    };
    let failing = match verdict {
        Verdict::Accepted => None,
        Verdict::PresentationError => (0..expected.len())
            .find(|&i| lines.get(i) != Some(&&expected[i][..]))
            .map(|case| Failing {
                case,
                got: lines.get(case).map(|line| line.to_vec()),
            }),
        _ => (0..expected.len())
            .find(|&i| given.get(i).map(|g| g.0) != Some(&expected[i][..5]))
            .map(|case| Failing {
                case,
                got: given.get(case).map(|&(_, line)| lines[line].to_vec()),
            }),
    };
    Judgement { verdict, failing }
}

/// The bytes trimmed around an answer (with the line end, `\n`).
pub const BLANKS: &[u8] = b" \t\r\n";

/// `line` without the [`BLANKS`] around it.
fn trim_blanks(line: &[u8]) -> &[u8] {
    let blank = |b: &u8| BLANKS.contains(b);
    let start = line.iter().position(|b| !blank(b)).unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|b| !blank(b))
        .map_or(start, |i| i + 1);
    &line[start..end]
}

/// The lines of `output`, each with its `\n` if it has one; without a
/// last line cut short if `killed`.
fn lines(output: &[u8], killed: bool) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = output.split_inclusive(|&b| b == b'\n').collect();
    if killed && lines.last().is_some_and(|line| !line.ends_with(b"\n")) {
        lines.pop();
    }
    lines
}

#[cfg(all(test, unix))]
mod tests {
    /// The expected output for these answers.
    fn expected_output(answers: &[Option<Square>]) -> Vec<u8> {
        answers.iter().flat_map(|&a| answer_line(a)).collect()
    }

    use super::*;
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;
    use std::time::Duration;

    /// Answers `(0,1)`, `#####`, `(3,3)`.
    fn answers() -> Vec<Option<Square>> {
        vec![Some(Square::new(0, 1)), None, Some(Square::new(3, 3))]
    }

    fn run(output: &str, ended: Ended) -> Run {
        Run {
            output: output.as_bytes().to_vec(),
            stderr_tail: Vec::new(),
            ended,
            held_open: false,
            unreached: false,
            elapsed: Duration::ZERO,
            peak_memory: None,
        }
    }

    fn exit(code: i32) -> Ended {
        Ended::Exited(ExitStatus::from_raw(code << 8))
    }

    fn judged(output: &str, ended: Ended) -> (Verdict, Option<(usize, Option<String>)>) {
        let j = judge(&answers(), &run(output, ended));
        let failing = j.failing.map(|f| {
            let got = f.got.map(|g| String::from_utf8(g).unwrap());
            (f.case, got)
        });
        (j.verdict, failing)
    }

    #[test]
    fn the_exact_output_is_accepted() {
        assert_eq!(
            expected_output(&answers()),
            b"(0,1)\n#####\n(3,3)\n".to_vec()
        );
        assert_eq!(
            judged("(0,1)\n#####\n(3,3)\n", exit(0)),
            (Verdict::Accepted, None)
        );
    }

    #[test]
    fn blanks_and_line_ends_are_presentation_errors() {
        for (output, case, got) in [
            ("(0,1)\n#####\n(3,3)", 2, "(3,3)"),
            ("(0,1)\r\n#####\r\n(3,3)\r\n", 0, "(0,1)\r\n"),
            ("(0,1)\n\n#####\n(3,3)\n", 1, "\n"),
            ("(0,1)\n##### \n(3,3)\n", 1, "##### \n"),
        ] {
            assert_eq!(
                judged(output, exit(0)),
                (Verdict::PresentationError, Some((case, Some(got.into())))),
                "{output:?}"
            );
        }
        assert_eq!(
            judged("(0,1)\n#####\n(3,3)\n\n", exit(0)),
            (Verdict::PresentationError, None)
        );
    }

    #[test]
    fn only_spaces_tabs_and_carriage_returns_are_blanks() {
        assert_eq!(
            judged("\t(0,1) \r\n \r\n#####\n(3,3)\n", exit(0)).0,
            Verdict::PresentationError
        );
        for output in ["(0,1)\x0c\n#####\n(3,3)\n", "(0,1)\n\x0b#####\n(3,3)\n"] {
            assert_eq!(
                judged(output, exit(0)).0,
                Verdict::WrongAnswer,
                "{output:?}"
            );
        }
        assert_eq!(
            judged("(0,1)\n\x0c\n#####\n(3,3)\n", exit(0)),
            (Verdict::WrongAnswer, Some((1, Some("\x0c\n".into()))))
        );
    }

    #[test]
    fn a_wrong_missing_or_extra_answer_is_wrong() {
        assert_eq!(
            judged("(0,1)\n(2,2)\n(3,3)\n", exit(0)),
            (Verdict::WrongAnswer, Some((1, Some("(2,2)\n".into()))))
        );
        assert_eq!(
            judged("(0,1)\n#####\n", exit(0)),
            (Verdict::WrongAnswer, Some((2, None)))
        );
        assert_eq!(
            judged("(0,1)\n\n #####(3,3)\n", exit(0)),
            (
                Verdict::WrongAnswer,
                Some((1, Some(" #####(3,3)\n".into())))
            )
        );
        assert_eq!(
            judged("(0,1)\n#####\n(3,3)\n(3,3)\n", exit(0)),
            (Verdict::WrongAnswer, None)
        );
    }

    #[test]
    fn limits_and_crashes_come_first_and_name_the_first_unanswered_case() {
        assert_eq!(
            judged("(0,1)\n#####\n(3,", Ended::TimedOut),
            (Verdict::TimeLimitExceeded, Some((2, None)))
        );
        assert_eq!(
            judged("(0,1)\n#####\n(3,3)\n", exit(1)),
            (Verdict::RuntimeError, None)
        );
        assert_eq!(
            judged("(0,1)\n", Ended::Exited(ExitStatus::from_raw(11))),
            (Verdict::RuntimeError, Some((1, None)))
        );
        assert_eq!(
            judged("(0,1)\n(0,1)\n", Ended::OutputLimit),
            (
                Verdict::OutputLimitExceeded,
                Some((1, Some("(0,1)\n".into())))
            )
        );
    }
}
