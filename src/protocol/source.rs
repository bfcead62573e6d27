//! A stream of bytes read through a buffer of fixed size, with the line and
//! column of the next byte: the one source both text readers read from,
//! the judge's lines ([`super::lines`]) and the written trees
//! ([`crate::tree::written::TreeReader`]).
//!
//! A line ends at `\n`, at `\r\n` (one line end) or at a lone `\r`.
//! Columns count characters: a byte that continues a UTF-8 character
//! adds none, and a byte-order mark is passed unseen. A source reads
//! nothing until asked, and only as far as asked: one read when its buffer
//! runs dry, more only for a lookahead; so a line that ends at `\r` is
//! ended there, and a `\n` after it is passed when the next line starts.

use std::io::{self, Read};
use std::ops::Range;

/// The UTF-8 byte-order mark, skipped at the start of any input (boards
/// or trees).
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// Size of the buffer: a source never holds more bytes than this.
pub(crate) const CHUNK: usize = 1 << 16;

/// A byte stream read a buffer at a time.
pub(crate) struct Source<R> {
    reader: R,
    /// Holds `buf[pos..len]`, the bytes read and not yet passed.
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    /// Whether the reader has ended, or the source was stopped: nothing
    /// more is read.
    ended: bool,
    /// What the next line may start with that is not part of it.
    before: Before,
    /// 1-based line of the next byte.
    line: usize,
    /// 1-based column of the next byte, in characters.
    column: usize,
}

/// What [`Source::start_line`] passes before a line's first byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Before {
    /// Nothing.
    Nothing,
    /// A byte-order mark, if there is one: the input starts here.
    Bom,
    /// A `\n`, if there is one: the last line ended at a `\r`, and `\r\n`
    /// is one line end.
    Newline,
}

impl<R: Read> Source<R> {
    /// The bytes of `reader`, from line 1, column 1.
    pub fn new(reader: R) -> Source<R> {
        Source {
            reader,
            buf: vec![0; CHUNK].into_boxed_slice(),
            pos: 0,
            len: 0,
            ended: false,
            before: Before::Bom,
            line: 1,
            column: 1,
        }
    }

    /// 1-based line of the next byte.
    #[inline]
    pub fn line(&self) -> usize {
        self.line
    }

    /// 1-based column of the next byte, in characters.
    #[inline]
    pub fn column(&self) -> usize {
        self.column
    }

    /// The bytes read and not yet passed (none when the buffer has run dry).
    #[inline]
    pub fn buffered(&self) -> &[u8] {
        &self.buf[self.pos..self.len]
    }

    /// At the start of a line, passes what comes before its first byte
    /// and is no part of it: at the very start of the input, a UTF-8
    /// byte-order mark; after a line that ended at a `\r`, a `\n` (a CRLF
    /// line end). Reads only if there may be one, and only as far as needed
    /// to tell (the reader may give a byte at a time); whether it passed a
    /// byte-order mark. Every reader calls it before reading a line.
    #[inline]
    pub fn start_line(&mut self) -> io::Result<bool> {
        if self.before == Before::Nothing {
            return Ok(false);
        }
        self.pass_before()
    }

    #[cold]
    fn pass_before(&mut self) -> io::Result<bool> {
        let before = std::mem::replace(&mut self.before, Before::Nothing);
        if before == Before::Newline {
            if self.peek()? == Some(b'\n') {
                self.pos += 1;
            }
            return Ok(false);
        }
        while self.buffered().len() < BOM.len()
            && BOM.starts_with(self.buffered())
            && self.read_more()?
        {}
        let bom = self.buffered().starts_with(BOM);
        if bom {
            self.pos += BOM.len();
        }
        Ok(bom)
    }

    /// The next byte, not passed; `None` at the end of the input.
    #[inline]
    pub fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.len && !self.fill(1)? {
            return Ok(None);
        }
        Ok(Some(self.buf[self.pos]))
    }

    /// The next `n` bytes (fewer at the end of the input), not passed; `n`
    /// at most [`CHUNK`].
    pub fn lookahead(&mut self, n: usize) -> io::Result<&[u8]> {
        self.fill(n)?;
        Ok(&self.buf[self.pos..self.len.min(self.pos + n)])
    }

    /// Passes the next byte and returns it, `None` at the end of the input:
    /// a line end (`\n` or `\r`) starts the next line, a byte that starts
    /// a character counts a column.
    #[inline]
    pub fn next_byte(&mut self) -> io::Result<Option<u8>> {
        let next = self.peek()?;
        match next {
            Some(b'\n' | b'\r') => self.line_end(),
            Some(b) => {
                self.pos += 1;
                self.column += usize::from(b & 0xc0 != 0x80);
            }
            None => {}
        }
        Ok(next)
    }

    /// Passes the next byte, one character of the line.
    #[inline]
    pub fn bump(&mut self) {
        self.pos += 1;
        self.column += 1;
    }

    /// Passes the line end that is the next byte, `\n` or `\r`; a `\n`
    /// that follows a `\r` is passed by [`Source::start_line`].
    #[inline]
    pub fn line_end(&mut self) {
        if self.buf[self.pos] == b'\r' {
            self.before = Before::Newline;
        }
        self.pos += 1;
        self.line += 1;
        self.column = 1;
    }

    /// Passes the next `n` buffered bytes, a whole line with its line end
    /// (`\n`, `\r\n`, or a `\r` followed by a byte other than `\n`), and
    /// returns the part `text` of them.
    #[inline]
    pub fn pass_line(&mut self, n: usize, text: Range<usize>) -> &[u8] {
        // Sliced as `buffered()[text]`, so that its bound checks are the
        // caller's own, already made.
        let text = &self.buf[self.pos..self.len][text];
        self.pos += n;
        self.line += 1;
        self.column = 1;
        text
    }

    /// Passes spaces and tabs.
    pub fn skip_blanks(&mut self) -> io::Result<()> {
        loop {
            let blanks = self
                .buffered()
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            self.pos += blanks;
            self.column += blanks;
            if self.pos < self.len || !self.fill(1)? {
                return Ok(());
            }
        }
    }

    /// Drops the bytes not passed, and reads nothing more: the input ends
    /// here.
    pub fn stop(&mut self) {
        self.ended = true;
        self.pos = self.len;
    }

    /// Reads until `n` bytes are unpassed or the input ends, moving the
    /// unpassed bytes to the front first; whether any byte is unpassed.
    fn fill(&mut self, n: usize) -> io::Result<bool> {
        if self.len - self.pos < n && !self.ended {
            self.buf.copy_within(self.pos..self.len, 0);
            self.len -= self.pos;
            self.pos = 0;
            while self.len < n && self.read_more()? {}
        }
        Ok(self.pos < self.len)
    }

    /// Reads more bytes after `buf[..len]` (there must be room); `false`
    /// at the end of the input.
    fn read_more(&mut self) -> io::Result<bool> {
        if self.ended {
            return Ok(false);
        }
        loop {
            match self.reader.read(&mut self.buf[self.len..]) {
                Ok(0) => {
                    self.ended = true;
                    return Ok(false);
                }
                Ok(read) => {
                    self.len += read;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Bytes held in memory, for tests of the bound.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.buf.len()
    }
}

impl<R> std::fmt::Debug for Source<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Source")
            .field("line", &self.line)
            .field("column", &self.column)
            .field("ended", &self.ended)
            .field("before", &self.before)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives one byte per read, and counts the reads.
    struct OneByte<'a> {
        bytes: &'a [u8],
        reads: usize,
    }

    impl Read for OneByte<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.reads += 1;
            let Some((&first, rest)) = self.bytes.split_first() else {
                return Ok(0);
            };
            out[0] = first;
            self.bytes = rest;
            Ok(1)
        }
    }

    #[test]
    fn a_byte_order_mark_is_read_only_as_far_as_needed() {
        // The input, whether it opens with a mark, and the bytes read.
        for (input, bom, read) in [
            (&b"\xef\xbb\xbf?"[..], true, 3),
            (b"\xef\xbb?", false, 3),
            (b"\xef?", false, 2),
            (b"?\xef\xbb\xbf", false, 1),
            (b"\xef\xbb", false, 2),
            (b"", false, 0),
        ] {
            let mut reader = OneByte {
                bytes: input,
                reads: 0,
            };
            let mut source = Source::new(&mut reader);
            assert_eq!(source.start_line().unwrap(), bom, "{input:?}");
            assert!(!source.start_line().unwrap(), "only at the start");
            assert_eq!(source.column(), 1);
            drop(source);
            assert_eq!(input.len() - reader.bytes.len(), read, "{input:?}");
        }
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let mut source = Source::new("é\tx\n\u{feff}y\nz".as_bytes());
        let mut seen = Vec::new();
        while let Some(b) = source.next_byte().unwrap() {
            seen.push((b, source.line(), source.column()));
        }
        let positions: Vec<_> = seen.iter().map(|&(_, l, c)| (l, c)).collect();
        assert_eq!(
            positions,
            [
                (1, 2),
                (1, 2),
                (1, 3),
                (1, 4),
                (2, 1),
                (2, 2),
                (2, 2),
                (2, 2),
                (2, 3),
                (3, 1),
                (3, 2)
            ]
        );
    }

    #[test]
    fn a_stopped_source_reads_nothing_more() {
        let mut reader = OneByte {
            bytes: b"ab",
            reads: 0,
        };
        let mut source = Source::new(&mut reader);
        assert_eq!(source.next_byte().unwrap(), Some(b'a'));
        source.stop();
        assert_eq!(source.peek().unwrap(), None);
        assert_eq!(source.lookahead(2).unwrap(), b"");
        drop(source);
        assert_eq!(reader.reads, 1);
    }

    #[test]
    fn lookahead_keeps_the_bytes_across_reads() {
        let mut reader = OneByte {
            bytes: b"abcd",
            reads: 0,
        };
        let mut source = Source::new(&mut reader);
        assert_eq!(source.lookahead(3).unwrap(), b"abc");
        source.bump();
        assert_eq!(source.lookahead(5).unwrap(), b"bcd");
        assert_eq!(source.buffered(), b"bcd");
        assert_eq!(source.pass_line(2, 0..2), b"bc");
        assert_eq!((source.line(), source.column()), (2, 1));
    }
}
