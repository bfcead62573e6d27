//! Lines of input, read as a stream in bounded memory (through a
//! `source::Source`).
//!
//! A line ends at `\n`, at `\r\n` or at a lone `\r`; spaces and tabs
//! around the text are not part of it, nor is a UTF-8 byte-order mark at
//! the very start of the input. Only the first [`KEEP`] bytes of a line's
//! text are kept (no valid line comes near that).
//!
//! The reader stops, and reads nothing more, as soon as a line is settled
//! before its end; the line is returned as read so far, ending with the
//! byte that settled it:
//! - its text starts with `$`, which ends the input whatever follows;
//! - a byte of its first [`KEEP`] bytes of text is never text (a control
//!   byte other than tab and the line ends, DEL, a byte never found in
//!   UTF-8);
//! - its text is longer than [`KEEP`] bytes ([`Line::cut`]).
//!
//! A line settled early is never valid unless it is the `$` line, and
//! nothing that follows in it could change its first error.

use super::source::Source;
use std::io::{self, Read};
use std::ops::Range;

/// Bytes of a line's text that are kept.
pub const KEEP: usize = 256;

/// One line of input.
#[derive(Debug)]
pub struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The text, without the blanks around it (at most [`KEEP`] bytes); a
    /// line settled early ends where it settled (a cut line's text is its
    /// first [`KEEP`] bytes, blanks included).
    pub text: &'a [u8],
    /// Characters before the text on the line: its leading blanks (a
    /// byte-order mark is none).
    pub indent: usize,
    /// Whether the text was longer than [`KEEP`] bytes.
    pub cut: bool,
}

/// What a byte is to the reader.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Any byte that may be text.
    Text,
    /// A space or a tab.
    Blank,
    /// A line end: `\n`, or `\r` (alone, or with the `\n` after it).
    End,
    /// Never text: a control byte but tab, CR and LF; DEL; a byte never
    /// found in UTF-8.
    Never,
}

/// [`Class`] of every byte.
const CLASS: [Class; 256] = {
    let mut table = [Class::Text; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b' ' | b'\t' => Class::Blank,
            b'\r' | b'\n' => Class::End,
            0x00..=0x1f | 0x7f | 0xc0 | 0xc1 | 0xf5..=0xff => Class::Never,
            _ => Class::Text,
        };
        b += 1;
    }
    table
};

/// Splits a byte stream into [`Line`]s.
pub struct LineReader<R> {
    source: Source<R>,
    /// Number of lines returned.
    lines: usize,
    /// The text of a line read a byte at a time.
    text: Vec<u8>,
    indent: usize,
    cut: bool,
}

impl<R: Read> LineReader<R> {
    /// A reader of the lines of `source`.
    pub fn new(source: R) -> LineReader<R> {
        LineReader {
            source: Source::new(source),
            lines: 0,
            text: Vec::with_capacity(KEEP),
            indent: 0,
            cut: false,
        }
    }

    /// The next line, or `None` at the end of the input (or after a line
    /// that settled early).
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.text.clear();
        self.indent = 0;
        self.cut = false;
        // A byte-order mark alone is a line, if an empty one.
        let bom = self.source.start_line()?;
        let number = self.source.line();
        if let Some((lead, text, len)) = plain_line(self.source.buffered()) {
            // The fast path; the bytes would go through `take` to the same line.
            self.indent += lead;
            self.lines = number;
            return Ok(Some(Line {
                number,
                text: self.source.pass_line(len, text),
                indent: self.indent,
                cut: false,
            }));
        }
        let mut empty = !bom;
        let mut settled = false;
        loop {
            let Some(b) = self.source.next_byte()? else {
                if empty {
                    return Ok(None);
                }
                break;
            };
            empty = false;
            match self.take(b) {
                Step::More => {}
                Step::End => break,
                Step::Settled => {
                    settled = true;
                    self.source.stop();
                    break;
                }
            }
        }
        if !settled {
            while self.text.last().is_some_and(|&b| is_blank(b)) {
                self.text.pop();
            }
        }
        self.lines = number;
        Ok(Some(Line {
            number,
            text: &self.text,
            indent: self.indent,
            cut: self.cut,
        }))
    }

    /// Number of lines returned so far.
    pub fn lines_read(&self) -> usize {
        self.lines
    }

    /// Adds byte `b` to the current line.
    #[inline]
    fn take(&mut self, b: u8) -> Step {
        let class = CLASS[b as usize];
        match class {
            // The source has passed it as a line end.
            Class::End => return Step::End,
            Class::Blank if self.text.is_empty() => self.indent += 1,
            Class::Blank => {
                if self.text.len() < KEEP {
                    self.text.push(b);
                }
            }
            Class::Text | Class::Never => {
                if self.text.len() == KEEP {
                    self.cut = true;
                    return Step::Settled;
                }
                self.text.push(b);
                let dollar = b == b'$' && self.text.len() == 1;
                if dollar || class == Class::Never {
                    return Step::Settled;
                }
            }
        }
        Step::More
    }
}

/// The line that `rest` (the bytes buffered) starts with, if it lies whole
/// in them with its line end and is plain: text and blanks, neither a `$`
/// line nor a long one. Its leading blanks, its text's place in `rest`,
/// and the length of the line with its line end. A line ending at the
/// last byte buffered, a `\r`, is left to the slow path (a `\n` may follow).
/// Always inline: the judge's reader of standard input otherwise calls it
/// once a line (about 110 more instructions a board).
#[inline(always)]
fn plain_line(rest: &[u8]) -> Option<(usize, Range<usize>, usize)> {
    let end = rest
        .iter()
        .position(|&b| !matches!(CLASS[b as usize], Class::Text | Class::Blank))?;
    let len = match rest[end] {
        b'\n' => end + 1,
        b'\r' => match rest.get(end + 1)? {
            b'\n' => end + 2,
            _ => end + 1,
        },
        _ => return None,
    };
    let line = &rest[..end];
    let lead = line.iter().take_while(|&&b| is_blank(b)).count();
    let trail = line[lead..]
        .iter()
        .rev()
        .take_while(|&&b| is_blank(b))
        .count();
    let text = lead..end - trail;
    if text.len() > KEEP || rest[text.clone()].first() == Some(&b'$') {
        return None;
    }
    Some((lead, text, len))
}

/// Whether `b` is a blank around a line's text: space or tab.
fn is_blank(b: u8) -> bool {
    CLASS[b as usize] == Class::Blank
}

/// What a byte did to the line being read.
enum Step {
    /// The line goes on.
    More,
    /// The line ended at a line end.
    End,
    /// The line is settled: stop reading.
    Settled,
}

impl<R> std::fmt::Debug for LineReader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineReader")
            .field("lines_read", &self.lines)
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::source::CHUNK;

    /// A source that gives at most `step` bytes per read, and counts them.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        given: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(out.len()).min(self.bytes.len() - self.given);
            out[..n].copy_from_slice(&self.bytes[self.given..self.given + n]);
            self.given += n;
            Ok(n)
        }
    }

    /// The lines of `input` read `step` bytes at a time, and the bytes read.
    fn lines_by(input: &[u8], step: usize) -> (Vec<(usize, String, usize, bool)>, usize) {
        let mut source = Trickle {
            bytes: input,
            step,
            given: 0,
        };
        let mut reader = LineReader::new(&mut source);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            let text = line.text.escape_ascii().to_string();
            out.push((line.number, text, line.indent, line.cut));
        }
        assert!(
            reader.next_line().unwrap().is_none(),
            "nothing after the end"
        );
        drop(reader);
        (out, source.given)
    }

    /// The lines of `input`, the same however the reads split it.
    fn lines(input: &[u8]) -> Vec<(usize, String, usize, bool)> {
        let (all, _) = lines_by(input, CHUNK);
        for step in [1, 2, 3, 5, 64] {
            assert_eq!(lines_by(input, step).0, all, "{step} bytes at a time");
        }
        all
    }

    fn line(number: usize, text: &str, indent: usize, cut: bool) -> (usize, String, usize, bool) {
        (number, text.to_string(), indent, cut)
    }

    #[test]
    fn trims_spaces_and_tabs() {
        let got = lines(b"  ?\r\n\t....  \r\n \t xo\n");
        assert_eq!(
            got,
            [
                line(1, "?", 2, false),
                line(2, "....", 1, false),
                line(3, "xo", 3, false)
            ]
        );
    }

    #[test]
    fn a_line_ends_at_lf_crlf_or_a_lone_cr() {
        // `\r\n` is one line end; a `\r` followed by anything else, or by
        // nothing, is one too.
        let got = lines(b"a\rb\r\r\nc\n\rd \r\n\r");
        let texts: Vec<_> = got.iter().map(|l| (l.0, l.1.as_str())).collect();
        assert_eq!(
            texts,
            [
                (1, "a"),
                (2, "b"),
                (3, ""),
                (4, "c"),
                (5, ""),
                (6, "d"),
                (7, "")
            ]
        );
        let got = lines(b"  ?\r\t....  \r\r xo\n");
        assert_eq!(
            got,
            [
                line(1, "?", 2, false),
                line(2, "....", 1, false),
                line(3, "", 0, false),
                line(4, "xo", 1, false)
            ]
        );
    }

    #[test]
    fn a_line_ending_at_a_cr_is_returned_before_the_next_byte_is_read() {
        // A byte at a time: the line `?` is whole once its `\r` is read;
        // the `\n` after it is read with the next line.
        let mut source = Trickle {
            bytes: b"?\r\n....\r",
            step: 1,
            given: 0,
        };
        let mut reader = LineReader::new(&mut source);
        assert_eq!(reader.next_line().unwrap().unwrap().text, b"?");
        assert_eq!(reader.source.buffered(), b"");
        let line = reader.next_line().unwrap().unwrap();
        assert_eq!((line.number, line.text), (2, &b"...."[..]));
        assert!(reader.next_line().unwrap().is_none());
        drop(reader);
        assert_eq!(source.given, 8);
    }

    #[test]
    fn keeps_a_last_line_without_newline_and_blank_lines() {
        let got = lines(b"a\n\n  \nb");
        let texts: Vec<_> = got.iter().map(|l| l.1.as_str()).collect();
        assert_eq!(texts, ["a", "", "", "b"]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn blanks_of_any_length_are_read_through() {
        let mut input = vec![b' '; 200_000];
        input.extend_from_slice(b"....");
        input.extend(std::iter::repeat_n(b' ', 300_000));
        input.extend_from_slice(b"\r\n?");
        let got = lines(&input);
        assert_eq!(
            got,
            [line(1, "....", 200_000, false), line(2, "?", 0, false)]
        );
    }

    #[test]
    fn a_long_line_is_cut_and_ends_the_reading() {
        let mut input = b"?\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 300_000));
        input.extend_from_slice(b"\n....\n");
        let got = lines(&input);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1], line(2, &"x".repeat(KEEP), 0, true));
        assert_eq!(
            lines_by(&input, 1).1,
            2 + KEEP + 1,
            "read up to the byte after KEEP"
        );
        // Text after a long run of blanks makes the line long too.
        let mut input = "\u{feff}?".as_bytes().to_vec();
        input.extend(std::iter::repeat_n(b' ', 300));
        input.extend_from_slice(b"junk\n");
        let kept = format!("?{}", " ".repeat(KEEP - 1));
        assert_eq!(lines(&input), [line(1, &kept, 0, true)]);
    }

    #[test]
    fn a_byte_that_is_never_text_ends_the_reading_there() {
        // The input, the second line as returned, and the bytes read when
        // the source gives one at a time: up to the settling byte.
        for (input, text, read) in [
            (&b"?\n..\x00..\n....\n"[..], "..\\x00", 5),
            (b"?\n\x1b[31m\n", "\\x1b", 3),
            (b"?\n.\xff\n", ".\\xff", 4),
            (b"?\n \x7f", "\\x7f", 4),
            (b"?\r..\x01.\n", "..\\x01", 5),
            (b"?\n$ \x00 anything\n", "$", 3),
        ] {
            let got = lines(input);
            assert_eq!(got.len(), 2, "{input:?}");
            assert_eq!(got[1].1, text, "{input:?}");
            assert_eq!(lines_by(input, 1).1, read, "{input:?}");
        }
    }

    #[test]
    fn random_inputs_read_the_same_whatever_the_reads() {
        const BYTES: &[u8] = b"?$.xo  \t\r\n\n\n\x00\x0b\xff\xc3\xa9\xef\xbb\xbf";
        let mut rng = crate::game::random::Rng::new(1568);
        for _ in 0..2000 {
            let len = rng.below(40) as usize;
            let mut input: Vec<u8> = (0..len)
                .map(|_| BYTES[rng.below(BYTES.len() as u64) as usize])
                .collect();
            if rng.below(4) == 0 {
                let at = rng.below(len as u64 + 1) as usize;
                let blanks = KEEP - 8 + rng.below(16) as usize;
                input.splice(at..at, std::iter::repeat_n(b' ', blanks));
            }
            lines(&input);
        }
    }

    #[test]
    fn a_byte_order_mark_counts_only_at_the_very_start() {
        // It is not part of the line's indent: it is no character of it.
        assert_eq!(lines("\u{feff}?\n".as_bytes()), [line(1, "?", 0, false)]);
        assert_eq!(lines("\u{feff}".as_bytes()), [line(1, "", 0, false)]);
        let mut padded = "\u{feff}".as_bytes().to_vec();
        padded.extend(std::iter::repeat_n(b' ', 300));
        padded.extend_from_slice(b"?\n");
        assert_eq!(lines(&padded), [line(1, "?", 300, false)]);
        assert_eq!(lines(b"\xef\xbb?"), [line(1, "\\xef\\xbb?", 0, false)]);
        assert_eq!(lines(b"\xef"), [line(1, "\\xef", 0, false)]);
        let late = lines(" \u{feff}?\n".as_bytes());
        assert_eq!(late, [line(1, "\\xef\\xbb\\xbf?", 1, false)]);
        let second = lines("\n\u{feff}?\n".as_bytes());
        assert_eq!(second[1], line(2, "\\xef\\xbb\\xbf?", 0, false));
    }
}
