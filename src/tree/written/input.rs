//! The bytes of a tree's text, read through a buffer of fixed size, with
//! the line and column (in characters) of the next byte.

use std::io::{self, Read};

/// Size of the buffer: the input never holds more bytes than this.
pub(super) const CHUNK: usize = 1 << 16;

/// A byte stream read a buffer at a time.
pub(super) struct Input<R> {
    source: R,
    /// Holds `buf[pos..len]`, the bytes read and not yet passed.
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    /// Whether the source has ended.
    eof: bool,
    /// 1-based line of the next byte.
    pub line: usize,
    /// 1-based column of the next byte, in characters.
    pub column: usize,
}

impl<R: Read> Input<R> {
    /// The bytes of `source`, from line 1, column 1.
    pub fn new(source: R) -> Input<R> {
        Input {
            source,
            buf: vec![0; CHUNK].into_boxed_slice(),
            pos: 0,
            len: 0,
            eof: false,
            line: 1,
            column: 1,
        }
    }

    /// The next byte, `None` at the end of the input.
    #[inline]
    pub fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.len && !self.fill(1)? {
            return Ok(None);
        }
        Ok(Some(self.buf[self.pos]))
    }

    /// Passes the next byte, one character of the line.
    #[inline]
    pub fn bump(&mut self) {
        self.pos += 1;
        self.column += 1;
    }

    /// Passes the next `n` bytes without counting columns (a byte-order
    /// mark, the carriage return of a CRLF line end).
    pub fn skip_unseen(&mut self, n: usize) {
        self.pos += n;
    }

    /// Passes the newline that is the next byte.
    pub fn newline(&mut self) {
        self.pos += 1;
        self.line += 1;
        self.column = 1;
    }

    /// Passes spaces and tabs.
    pub fn skip_blanks(&mut self) -> io::Result<()> {
        loop {
            let blanks = self.buf[self.pos..self.len]
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

    /// The next `n` bytes (fewer at the end of the input), not passed.
    pub fn lookahead(&mut self, n: usize) -> io::Result<&[u8]> {
        self.fill(n)?;
        Ok(&self.buf[self.pos..self.len.min(self.pos + n)])
    }

    /// Reads until `n` bytes are unpassed or the input ends, moving the
    /// unpassed bytes to the front first; whether any byte is unpassed.
    fn fill(&mut self, n: usize) -> io::Result<bool> {
        if self.len - self.pos < n && !self.eof {
            self.buf.copy_within(self.pos..self.len, 0);
            self.len -= self.pos;
            self.pos = 0;
            while self.len < n && !self.eof {
                match self.source.read(&mut self.buf[self.len..]) {
                    Ok(0) => self.eof = true,
                    Ok(read) => self.len += read,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(self.pos < self.len)
    }

    /// Bytes held in memory, for tests of the bound.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.buf.len()
    }
}
