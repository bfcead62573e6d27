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

/// Judges `run` against the exact `answers`, one per case in order, in
/// memory that does not grow with the output (the lines are walked, never
/// collected).
pub fn judge(answers: &[Option<Square>], run: &Run) -> Judgement {
    let expected = |case: usize| answer_line(answers[case]);
    let killed = !matches!(run.ended, Ended::Exited(_));
    let lines = lines(&run.output, killed);
    // Each answer with its line.
    let given = lines.clone().filter_map(|line| {
        let text = trim_blanks(line);
        (!text.is_empty()).then_some((text, line))
    });
    let answers_right = given.clone().count() == answers.len()
        && given
            .clone()
            .enumerate()
            .all(|(i, g)| g.0 == &expected(i)[..5]);
    let verdict = match run.ended {
        Ended::OutputLimit => Verdict::OutputLimitExceeded,
        Ended::TimedOut => Verdict::TimeLimitExceeded,
        Ended::MemoryLimit => Verdict::MemoryLimitExceeded,
        Ended::Exited(status) if !status.success() => Verdict::RuntimeError,
        Ended::Exited(_) if exact(answers, &run.output) => Verdict::Accepted,
        Ended::Exited(_) if answers_right => Verdict::PresentationError,
        Ended::Exited(_) => Verdict::WrongAnswer,
    };
    let failing = match verdict {
        Verdict::Accepted => None,
        Verdict::PresentationError => {
            first_differing(answers.len(), lines, |i, line| line == &expected(i)[..])
        }
        _ => first_differing(answers.len(), given.map(|(_, line)| line), |i, line| {
            trim_blanks(line) == &expected(i)[..5]
        }),
    };
    Judgement { verdict, failing }
}

/// Whether `output` is the expected output of `answers`, byte for byte.
fn exact(answers: &[Option<Square>], output: &[u8]) -> bool {
    let size = answer_line(None).len();
    output.len() == answers.len() * size
        && output
            .chunks(size)
            .zip(answers)
            .all(|(line, &a)| line == answer_line(a))
}

/// The first of `cases` cases whose line (of `lines`, in order) is not
/// `right` for it, or missing.
fn first_differing<'a>(
    cases: usize,
    mut lines: impl Iterator<Item = &'a [u8]>,
    right: impl Fn(usize, &[u8]) -> bool,
) -> Option<Failing> {
    (0..cases).find_map(|case| match lines.next() {
        Some(line) if right(case, line) => None,
        got => Some(Failing {
            case,
            got: got.map(<[u8]>::to_vec),
        }),
    })
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
fn lines(output: &[u8], killed: bool) -> impl Iterator<Item = &[u8]> + Clone {
    let end = match output.iter().rposition(|&b| b == b'\n') {
        Some(last) if killed => last + 1,
        None if killed => 0,
        _ => output.len(),
    };
    output[..end].split_inclusive(|&b| b == b'\n')
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
