//! Lines of input, read as a stream in bounded memory.
//!
//! A line ends at `\n`; spaces, tabs and carriage returns around the text
//! (so the `\r` of a CRLF line end) are not part of it. However long a
//! line is, only its first [`KEEP`] bytes of text are kept (no valid line
//! comes near that), and [`Line::cut`] says whether more text followed.

use std::io::{self, Read};

/// Bytes of a line's text that are kept.
pub const KEEP: usize = 256;

/// Bytes read from the source at a time.
const CHUNK: usize = 1 << 16;

/// One line of input.
#[derive(Debug)]
pub struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The text, without the spaces around it (at most [`KEEP`] bytes).
    pub text: &'a [u8],
    /// Bytes before the text on the line (leading spaces, a byte-order mark).
    pub indent: usize,
    /// Whether text beyond the first [`KEEP`] bytes was dropped.
    pub cut: bool,
}

/// Splits a byte stream into [`Line`]s.
pub struct LineReader<R> {
    source: R,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    number: usize,
    text: Vec<u8>,
    indent: usize,
    cut: bool,
}

impl<R: Read> LineReader<R> {
    /// A reader of the lines of `source`.
    pub fn new(source: R) -> LineReader<R> {
        LineReader {
            source,
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
            eof: false,
            number: 0,
            text: Vec::new(),
            indent: 0,
            cut: false,
        }
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.text.clear();
        self.indent = 0;
        self.cut = false;
        let mut pieces = 0;
        loop {
            if self.start == self.end && (self.eof || !self.fill()?) {
                if pieces == 0 {
                    return Ok(None);
                }
                break;
            }
            let available = &self.buf[self.start..self.end];
            let Some(at) = available.iter().position(|&b| b == b'\n') else {
                let (start, stop) = (self.start, self.end);
                self.start = self.end;
                self.add(start, stop);
                pieces += 1;
                continue;
            };
            let (start, stop) = (self.start, self.start + at);
            self.start = stop + 1;
            if pieces == 0 && self.number > 0 {
                // The whole line is in the buffer: no copy needed.
                self.number += 1;
                let (indent, text) = trim(&self.buf[start..stop]);
                let cut = text.len() > KEEP;
                return Ok(Some(Line {
                    number: self.number,
                    text: &text[..text.len().min(KEEP)],
                    indent,
                    cut,
                }));
            }
            self.add(start, stop);
            break;
        }
        self.number += 1;
        // A byte-order mark counts only at the very start of the input.
        if self.number == 1 && self.indent == 0 && self.text.starts_with("\u{feff}".as_bytes()) {
            self.text.drain(..3);
            self.indent += 3;
            let lead = self.text.iter().take_while(|b| is_blank(b)).count();
            self.text.drain(..lead);
            self.indent += lead;
        }
        // A cut line keeps its blanks, as the fast path does: the text
        // that was dropped came after them.
        while !self.cut && self.text.last().is_some_and(is_blank) {
            self.text.pop();
        }
        Ok(Some(Line {
            number: self.number,
            text: &self.text,
            indent: self.indent,
            cut: self.cut,
        }))
    }

    /// Number of lines returned so far.
    pub fn lines_read(&self) -> usize {
        self.number
    }

    /// Reads more bytes; `false` at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        loop {
            match self.source.read(&mut self.buf) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.start = 0;
                    self.end = n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Adds `buf[start..stop]`, a piece of the current line, to its text.
    fn add(&mut self, start: usize, stop: usize) {
        let mut piece = &self.buf[start..stop];
        if self.text.is_empty() {
            let lead = piece.iter().take_while(|b| is_blank(b)).count();
            self.indent += lead;
            piece = &piece[lead..];
        }
        let room = KEEP - self.text.len();
        let (kept, dropped) = piece.split_at(piece.len().min(room));
        self.text.extend_from_slice(kept);
        if dropped.iter().any(|b| !is_blank(b)) {
            self.cut = true;
        }
    }
}

/// Whether a byte is one of the blanks allowed around a line's text:
/// space, tab, or the carriage return of a CRLF line end.
fn is_blank(b: &u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// Splits spaces off both ends: the number of leading bytes dropped, and the text.
fn trim(line: &[u8]) -> (usize, &[u8]) {
    let lead = line.iter().take_while(|b| is_blank(b)).count();
    let trail = line[lead..]
        .iter()
        .rev()
        .take_while(|b| is_blank(b))
        .count();
    (lead, &line[lead..line.len() - trail])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(usize, String, usize, bool)> {
        let mut reader = LineReader::new(input);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            let text = String::from_utf8_lossy(line.text).into_owned();
            out.push((line.number, text, line.indent, line.cut));
        }
        out
    }

    #[test]
    fn trims_spaces_and_carriage_returns() {
        let got = lines(b"  ?\r\n\t....  \r\nxo\n");
        assert_eq!(
            got,
            [
                (1, "?".to_string(), 2, false),
                (2, "....".to_string(), 1, false),
                (3, "xo".to_string(), 0, false)
            ]
        );
    }

    #[test]
    fn keeps_a_last_line_without_newline_and_blank_lines() {
        let got = lines(b"a\n\n  \nb");
        let texts: Vec<_> = got.iter().map(|l| l.1.as_str()).collect();
        assert_eq!(texts, ["a", "", "", "b"]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn long_lines_are_cut_in_bounded_memory() {
        let mut input = vec![b' '; 200_000];
        input.extend_from_slice(b"....");
        input.extend(std::iter::repeat_n(b' ', 300_000));
        input.extend_from_slice(b"\n");
        input.extend(std::iter::repeat_n(b'x', 300_000));
        let got = lines(&input);
        assert_eq!(got[0], (1, "....".to_string(), 200_000, false));
        assert_eq!(got[1].1.len(), KEEP);
        assert!(got[1].3);
    }

    #[test]
    fn skips_a_byte_order_mark() {
        let got = lines("\u{feff}?\n".as_bytes());
        assert_eq!(got[0], (1, "?".to_string(), 3, false));
    }
}
