//! Reading trees in bracket notation from a stream, one per line.
//!
//! The text is read through a buffer of fixed size and never held whole:
//! only the nodes are stored (see [`TreeBuilder`]), so a line of spaces
//! however long, or an endless stream of zeros, takes no more memory than
//! the buffer. A UTF-8 byte-order mark may open the input. Blank lines are
//! skipped; a line ends at `\n`, `\r\n` or a lone `\r`. A control byte
//! (anything below 0x20 but tab and the line ends, and 0x7f) or bytes that
//! are not UTF-8 stop the reading at once.

use super::builder::TreeBuilder;
use super::explicit::{ExplicitTree, MAX_DEPTH, MAX_READ_NODES};
use crate::protocol::source::Source;
use crate::protocol::{ReadError, TextError};
use crate::tree::value::{INF, Value};
use std::fmt;
use std::io::Read;

/// Characters of a long word that a message shows.
const SHOWN: usize = 40;

/// Reads trees, one per non-blank line.
///
/// ```
/// use winmove::tree::written::TreeReader;
/// let mut reader = TreeReader::new("[1, 2]\n\n[[3], 4]\n".as_bytes());
/// let (line, tree) = reader.next_tree().unwrap().unwrap();
/// assert_eq!((line, tree.leaf_count()), (1, 2));
/// let (line, tree) = reader.next_tree().unwrap().unwrap();
/// assert_eq!((line, tree.node_count()), (3, 4));
/// assert!(reader.next_tree().unwrap().is_none());
/// ```
pub struct TreeReader<R> {
    input: Source<R>,
    /// Whether reading stopped at an error.
    failed: bool,
    /// Most nodes in a tree.
    max_nodes: usize,
    /// The columns of the `[` of the open inner nodes of the tree being
    /// read, outermost first.
    open: Vec<usize>,
}

impl<R: Read> TreeReader<R> {
    /// A reader of the trees in `source`.
    pub fn new(source: R) -> TreeReader<R> {
        TreeReader {
            input: Source::new(source),
            failed: false,
            max_nodes: MAX_READ_NODES,
            open: Vec::new(),
        }
    }

    /// The next tree and its line number; `None` at the end of the input.
    /// After an error, reading stops: later calls return `None`.
    pub fn next_tree(&mut self) -> Result<Option<(usize, ExplicitTree)>, ReadError> {
        if self.failed {
            return Ok(None);
        }
        let result = self.read_tree();
        self.failed = result.is_err();
        result
    }

    /// The only tree of the input, which must hold exactly one.
    pub(super) fn only_tree(mut self) -> Result<ExplicitTree, ReadError> {
        let Some((_, tree)) = self.read_tree()? else {
            return Err(self.error(
                self.input.column(),
                "expected a number, 'inf', '-inf' or '[', found the end of the text".into(),
            ));
        };
        if self.skip_blank_lines()? {
            let what = self.found()?;
            return Err(self.error(
                self.input.column(),
                format!("expected the end of the text after the tree, found {what}"),
            ));
        }
        Ok(tree)
    }

    /// Skips blank lines, then reads a tree, if any.
    fn read_tree(&mut self) -> Result<Option<(usize, ExplicitTree)>, ReadError> {
        if !self.skip_blank_lines()? {
            return Ok(None);
        }
        let line = self.input.line();
        let tree = self.tree()?;
        Ok(Some((line, tree)))
    }

    /// Passes the end of the line read last, the byte-order mark at the
    /// start and blank lines; whether text follows (rather than the end of
    /// the input).
    fn skip_blank_lines(&mut self) -> Result<bool, ReadError> {
        loop {
            self.input.start_line()?;
            if self.next_byte()?.is_some() {
                return Ok(true);
            }
            if self.input.peek()?.is_none() {
                return Ok(false);
            }
            self.input.line_end();
        }
    }

    /// Passes spaces and tabs; the next byte, not passed, or `None` at the
    /// end of the line (before its line end). A control byte is an error.
    fn next_byte(&mut self) -> Result<Option<u8>, ReadError> {
        self.input.skip_blanks()?;
        match self.input.peek()? {
            None | Some(b'\n' | b'\r') => Ok(None),
            Some(b) if b < 0x20 || b == 0x7f => Err(self.not_text(b)),
            Some(b) => Ok(Some(b)),
        }
    }

    /// Reads the tree that starts at the next byte, to the end of its line.
    fn tree(&mut self) -> Result<ExplicitTree, ReadError> {
        let mut nodes = TreeBuilder::default();
        self.open.clear();
        loop {
            // A node: the root, or the next child of the innermost open node.
            let next = self.next_byte()?;
            let column = self.input.column();
            match next {
                Some(b'[') => {
                    if self.open.len() == MAX_DEPTH {
                        let message = format!("tree deeper than {MAX_DEPTH} levels");
                        return Err(self.error(column, message));
                    }
                    self.room_for_a_node(&mut nodes, column)?;
                    self.input.bump();
                    nodes.open();
                    self.open.push(column);
                    continue;
                }
                Some(b) if is_word(b) => {
                    self.room_for_a_node(&mut nodes, column)?;
                    let value = self.number(column)?;
                    nodes.leaf(value);
                }
                _ => return Err(self.unexpected("expected a number, 'inf', '-inf' or '['")?),
            }
            // After a node: closing brackets, or a comma and the next node.
            loop {
                let next = self.next_byte()?;
                match (next, self.open.last()) {
                    (None, None) => return self.finish(nodes),
                    (Some(b']'), Some(_)) => {
                        nodes.close();
                        self.open.pop();
                        self.input.bump();
                    }
                    (Some(b','), Some(_)) => {
                        self.input.bump();
                        break;
                    }
                    (_, Some(open)) => {
                        let expected =
                            format!("expected ',' or ']' (for the '[' at column {open})");
                        return Err(self.unexpected(&expected)?);
                    }
                    (Some(_), None) => {
                        let what = self.found()?;
                        let message = format!("unexpected {what} after the end of the tree");
                        return Err(self.error(self.input.column(), message));
                    }
                }
            }
        }
    }

    /// Makes room for a new node at `column`; an error if it would make too
    /// many, or if the memory cannot be had.
    fn room_for_a_node(&self, nodes: &mut TreeBuilder, column: usize) -> Result<(), ReadError> {
        if nodes.len() == self.max_nodes {
            let message = format!("the tree has more than {} nodes", self.max_nodes);
            return Err(self.error(column, message));
        }
        nodes.try_reserve().map_err(|_| {
            let message = format!("out of memory after {} nodes of the tree", nodes.len());
            self.error(column, message)
        })
    }

    /// The tree whose line ends here, numbered; an error naming the line if
    /// the memory for it cannot be had.
    fn finish(&self, nodes: TreeBuilder) -> Result<ExplicitTree, ReadError> {
        let count = nodes.len();
        nodes.try_finish().map_err(|_| {
            let message = format!("out of memory for the {count} nodes of the tree");
            TextError::at_line(self.input.line(), message).into()
        })
    }

    /// A leaf's value, from the word at `column`: an optional sign, then
    /// digits or `inf`.
    fn number(&mut self, column: usize) -> Result<Value, ReadError> {
        let mut word = Word::default();
        while let Some(b) = self.input.peek()? {
            if !is_word(b) {
                break;
            }
            word.push(b);
            self.input.bump();
        }
        word.value().map_err(|message| self.error(column, message))
    }

    /// The error "{expected}, found ..." at the next character.
    fn unexpected(&mut self, expected: &str) -> Result<ReadError, ReadError> {
        let what = self.found()?;
        Ok(self.error(self.input.column(), format!("{expected}, found {what}")))
    }

    /// The next character, quoted and escaped as a message shows it, or
    /// "the end of the line"; an error if it is not text.
    fn found(&mut self) -> Result<String, ReadError> {
        let Some(b) = self.next_byte()? else {
            return Ok("the end of the line".into());
        };
        // The character's length, as its first byte gives it.
        let len = match b {
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf7 => 4,
            _ => 1,
        };
        let bytes = self.input.lookahead(len)?;
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
        };
        match text.chars().next() {
            Some(c) => Ok(format!("'{}'", c.escape_debug())),
            None => Err(self.not_text(b)),
        }
    }

    /// The error for byte `b`, the next one, which is not text.
    fn not_text(&self, b: u8) -> ReadError {
        self.error(self.input.column(), format!("byte 0x{b:02x} is not text"))
    }

    /// An error at `column` of the current line.
    fn error(&self, column: usize, message: String) -> ReadError {
        TextError::at(self.input.line(), column, message).into()
    }
}

/// Whether `b` can be part of a leaf's word: a letter, a digit or a sign.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'+'
}

/// A leaf's word, read a byte at a time in constant memory.
struct Word {
    /// Its first [`SHOWN`] bytes.
    start: [u8; SHOWN],
    /// Its length.
    len: usize,
    /// Whether every byte after an optional leading sign is a digit.
    digits: bool,
    /// The value of those digits, capped at `INF`.
    magnitude: i64,
}

impl Default for Word {
    fn default() -> Word {
        Word {
            start: [0; SHOWN],
            len: 0,
            digits: true,
            magnitude: 0,
        }
    }
}

impl Word {
    /// Adds the next byte.
    fn push(&mut self, b: u8) {
        if self.len < SHOWN {
            self.start[self.len] = b;
        }
        let sign = self.len == 0 && (b == b'-' || b == b'+');
        if !sign {
            if b.is_ascii_digit() {
                self.magnitude = (self.magnitude * 10 + i64::from(b - b'0')).min(i64::from(INF));
            } else {
                self.digits = false;
            }
        }
        self.len += 1;
    }

    /// The value, or what is wrong.
    fn value(&self) -> Result<Value, String> {
        let signed = matches!(self.start[0], b'-' | b'+');
        let negative = self.start[0] == b'-';
        let body = &self.start[usize::from(signed)..self.len.min(SHOWN)];
        if body == b"inf" {
            return Ok(if negative { -INF } else { INF });
        }
        if body.is_empty() || !self.digits {
            return Err(format!(
                "expected a number, 'inf', '-inf' or '[', found '{}'",
                self.shown()
            ));
        }
        if self.magnitude >= i64::from(INF) {
            return Err(format!(
                "{} is out of range (values lie strictly between -{INF} and {INF}; write inf for a win)",
                self.shown()
            ));
        }
        let value = self.magnitude as Value;
        Ok(if negative { -value } else { value })
    }

    /// The word as a message shows it: its start, and "..." if longer.
    fn shown(&self) -> String {
        let start: String = self.start[..self.len.min(SHOWN)]
            .iter()
            .map(|&b| b as char)
            .collect();
        if self.len > SHOWN {
            start + "..."
        } else {
            start
        }
    }
}

impl<R> fmt::Debug for TreeReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TreeReader")
            .field("failed", &self.failed)
            .field("max_nodes", &self.max_nodes)
            .finish_non_exhaustive()
    }
}

impl ExplicitTree {
    /// Parses a text holding one tree in bracket notation, on one line
    /// (blank lines around it are allowed).
    pub fn parse(text: &str) -> Result<ExplicitTree, TextError> {
        TreeReader::new(text.as_bytes())
            .only_tree()
            .map_err(|e| match e {
                ReadError::Text(e) => e,
                ReadError::Io(e) => unreachable!("reading a string cannot fail: {e}"),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::source::CHUNK;
    use std::io;

    /// The error `text` gives, as shown.
    fn err(text: &str) -> String {
        ExplicitTree::parse(text).unwrap_err().to_string()
    }

    /// The line and column of a mistake in the text; `None` for a failed read.
    fn position(error: &ReadError) -> Option<(usize, usize)> {
        match error {
            ReadError::Text(e) => Some((e.line, e.column.expect("a tree's error has a column"))),
            ReadError::Io(_) => None,
        }
    }

    /// The trees of `input` (line and leaf count) up to the end or the
    /// first error, and the error.
    fn read(input: &[u8]) -> (Vec<(usize, usize)>, Option<String>) {
        let mut reader = TreeReader::new(input);
        let mut trees = Vec::new();
        loop {
            match reader.next_tree() {
                Ok(Some((line, tree))) => trees.push((line, tree.leaf_count())),
                Ok(None) => return (trees, None),
                Err(e) => return (trees, Some(e.to_string())),
            }
        }
    }

    /// Yields `bytes`, then panics if read again: the reader must stop there.
    struct Then<'a> {
        bytes: &'a [u8],
    }

    impl Read for Then<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            assert!(!self.bytes.is_empty(), "read past the point it had to stop");
            let n = buf.len().min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// `count` bytes `byte`, then `tail`, a piece at a time.
    struct Repeat {
        byte: u8,
        count: usize,
        tail: &'static [u8],
    }

    impl Read for Repeat {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.count > 0 {
                let n = buf.len().min(self.count);
                buf[..n].fill(self.byte);
                self.count -= n;
                return Ok(n);
            }
            let n = buf.len().min(self.tail.len());
            buf[..n].copy_from_slice(&self.tail[..n]);
            self.tail = &self.tail[n..];
            Ok(n)
        }
    }

    #[test]
    fn reports_the_column_of_each_mistake() {
        assert_eq!(
            err("[1,2"),
            "line 1, column 5: expected ',' or ']' (for the '[' at column 1), found the end of the line"
        );
        assert_eq!(
            err("[1,,2]"),
            "line 1, column 4: expected a number, 'inf', '-inf' or '[', found ','"
        );
        assert_eq!(
            err("[]"),
            "line 1, column 2: expected a number, 'inf', '-inf' or '[', found ']'"
        );
        assert_eq!(
            err("[1] 2"),
            "line 1, column 5: unexpected '2' after the end of the tree"
        );
        assert_eq!(
            err("[1 2]"),
            "line 1, column 4: expected ',' or ']' (for the '[' at column 1), found '2'"
        );
        assert_eq!(
            err("[[1],[2 x"),
            "line 1, column 9: expected ',' or ']' (for the '[' at column 6), found 'x'"
        );
        assert_eq!(
            err("[1,2x]"),
            "line 1, column 4: expected a number, 'inf', '-inf' or '[', found '2x'"
        );
        assert_eq!(
            err("[1,-]"),
            "line 1, column 4: expected a number, 'inf', '-inf' or '[', found '-'"
        );
        assert_eq!(
            err("[1,--1]"),
            "line 1, column 4: expected a number, 'inf', '-inf' or '[', found '--1'"
        );
        assert_eq!(
            err("[Inf]"),
            "line 1, column 2: expected a number, 'inf', '-inf' or '[', found 'Inf'"
        );
        assert!(err("[2147483647]").starts_with("line 1, column 2: 2147483647 is out of range"));
        assert!(err("[-1073741824]").starts_with("line 1, column 2: -1073741824 is out of range"));
        assert_eq!(
            err(""),
            "line 1, column 1: expected a number, 'inf', '-inf' or '[', found the end of the text"
        );
        assert_eq!(
            err("[1]\n[2]"),
            "line 2, column 1: expected the end of the text after the tree, found '['"
        );
    }

    #[test]
    fn columns_count_characters_and_tabs_as_one() {
        assert_eq!(
            err("\t[1,\t'"),
            "line 1, column 6: expected a number, 'inf', '-inf' or '[', found '\\''"
        );
        // A character outside ASCII is never part of a tree: it is named at once.
        assert_eq!(
            err("[1, é]"),
            "line 1, column 5: expected a number, 'inf', '-inf' or '[', found 'é'"
        );
    }

    #[test]
    fn long_words_are_shown_cut_and_leading_zeros_are_fine() {
        let long = format!("[{}x]", "1".repeat(1000));
        assert_eq!(
            err(&long),
            format!(
                "line 1, column 2: expected a number, 'inf', '-inf' or '[', found '{}...'",
                "1".repeat(SHOWN)
            )
        );
        let zeros = format!("[-{}7]", "0".repeat(1000));
        let tree = ExplicitTree::parse(&zeros).unwrap();
        let leaf = tree.children(tree.root()).next().unwrap();
        assert_eq!(tree.leaf_value(leaf), Some(-7));
        let huge = format!("[{}]", "9".repeat(1000));
        assert!(err(&huge).contains("is out of range"));
    }

    #[test]
    fn reads_one_tree_per_line_skipping_blank_lines() {
        let (trees, error) = read(b"\n[1,2]\r\n  \t \r\n\n[[1],2,3]\n7");
        assert_eq!(trees, [(1 + 1, 2), (5, 3), (6, 1)]);
        assert_eq!(error, None);
        assert_eq!(read(b"").0, []);
        assert_eq!(read(b" \r\n\t\n").0, []);
    }

    #[test]
    fn a_bad_line_stops_the_reading_after_the_good_ones() {
        let mut reader = TreeReader::new(&b"[1,2]\n[3,]\n[4]\n"[..]);
        assert_eq!(reader.next_tree().unwrap().unwrap().0, 1);
        let error = reader.next_tree().unwrap_err();
        assert_eq!(position(&error), Some((2, 4)));
        assert!(reader.next_tree().unwrap().is_none());
    }

    #[test]
    fn the_end_of_a_crlf_line_is_where_the_carriage_return_is() {
        let (trees, error) = read(b"[1,2]\r\n[1,\r\n");
        assert_eq!(trees, [(1, 2)]);
        assert_eq!(
            error.unwrap(),
            "line 2, column 4: expected a number, 'inf', '-inf' or '[', found the end of the line"
        );
        assert_eq!(read(b"[1,2]\r").0, [(1, 2)]);
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        // Lines: [1,2]; [3]; a blank line (its `\r\n`); [4,5].
        let (trees, error) = read(b"[1,2]\r[3]\r\r\n[4,5]\r");
        assert_eq!((trees, error), (vec![(1, 2), (2, 1), (4, 2)], None));
        assert_eq!(
            read(b"[1,\r2]\n").1.unwrap(),
            "line 1, column 4: expected a number, 'inf', '-inf' or '[', found the end of the line"
        );
        assert_eq!(
            read(b"\r\r\n\n[1]\r[x]").1.unwrap(),
            "line 5, column 2: expected a number, 'inf', '-inf' or '[', found 'x'"
        );
    }

    #[test]
    fn accepts_a_byte_order_mark_at_the_start_only() {
        assert_eq!(read("\u{feff}[1,2]\n".as_bytes()), (vec![(1, 2)], None));
        assert_eq!(
            read("\u{feff}[1,x]".as_bytes()).1.unwrap(),
            "line 1, column 4: expected a number, 'inf', '-inf' or '[', found 'x'"
        );
        assert_eq!(read("\u{feff}".as_bytes()), (vec![], None));
        assert_eq!(
            read("[1]\n\u{feff}[2]".as_bytes()).1.unwrap(),
            "line 2, column 1: expected a number, 'inf', '-inf' or '[', found '\\u{feff}'"
        );
    }

    #[test]
    fn unprintable_characters_are_shown_escaped() {
        assert_eq!(
            read("[1,\u{200b}2]".as_bytes()).1.unwrap(),
            "line 1, column 4: expected a number, 'inf', '-inf' or '[', found '\\u{200b}'"
        );
        assert_eq!(
            read("[1]\u{a0}".as_bytes()).1.unwrap(),
            "line 1, column 4: unexpected '\\u{a0}' after the end of the tree"
        );
        assert_eq!(
            read(b"[1,\x07]").1.unwrap(),
            "line 1, column 4: byte 0x07 is not text"
        );
        assert_eq!(
            read(b"[1,2\x7f]").1.unwrap(),
            "line 1, column 5: byte 0x7f is not text"
        );
        assert_eq!(
            read(b"[1,\xff]").1.unwrap(),
            "line 1, column 4: byte 0xff is not text"
        );
        // A character cut short by the end of the input.
        assert_eq!(
            read(b"[1,\xe2\x80").1.unwrap(),
            "line 1, column 4: byte 0xe2 is not text"
        );
    }

    #[test]
    fn a_mistake_stops_the_reading_at_once() {
        for (input, message) in [
            (
                "[1,é".as_bytes(),
                "line 1, column 4: expected a number, 'inf', '-inf' or '[', found 'é'",
            ),
            (
                b"[1]]",
                "line 1, column 4: unexpected ']' after the end of the tree",
            ),
            (b"[\x07", "line 1, column 2: byte 0x07 is not text"),
            (b"[1,2]\n[3,\0", "line 2, column 4: byte 0x00 is not text"),
            (b"[1,2]\r[3,\0", "line 2, column 4: byte 0x00 is not text"),
            (b"\0", "line 1, column 1: byte 0x00 is not text"),
            (b"  \n \0", "line 2, column 2: byte 0x00 is not text"),
            (b"[1,23\0", "line 1, column 6: byte 0x00 is not text"),
            (b"[1]  \0", "line 1, column 6: byte 0x00 is not text"),
        ] {
            let mut reader = TreeReader::new(Then { bytes: input });
            let error = loop {
                match reader.next_tree() {
                    Ok(Some(_)) => continue,
                    Ok(None) => panic!("no error in {input:?}"),
                    Err(e) => break e,
                }
            };
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn a_failed_read_is_an_input_error() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let error = TreeReader::new(Broken).next_tree().unwrap_err();
        assert!(matches!(error, ReadError::Io(_)));
        assert_eq!(position(&error), None);
        assert_eq!(error.to_string(), "cannot read the input: disk on fire");
    }

    #[test]
    fn rejects_trees_deeper_than_the_limit() {
        let deep = "[".repeat(MAX_DEPTH + 1) + "1" + &"]".repeat(MAX_DEPTH + 1);
        let error = ExplicitTree::parse(&deep).unwrap_err();
        assert_eq!((error.line, error.column), (1, Some(MAX_DEPTH + 1)));
        let ok = "[".repeat(MAX_DEPTH) + "1" + &"]".repeat(MAX_DEPTH);
        assert!(ExplicitTree::parse(&ok).is_ok());
    }

    #[test]
    fn rejects_trees_with_more_nodes_than_the_limit() {
        let mut reader = TreeReader::new(&b"[1,2]\n[[1,2],3]\n"[..]);
        reader.max_nodes = 4;
        assert_eq!(reader.next_tree().unwrap().unwrap().1.node_count(), 3);
        assert_eq!(
            reader.next_tree().unwrap_err().to_string(),
            "line 2, column 8: the tree has more than 4 nodes"
        );
    }

    #[test]
    fn endless_blanks_take_no_memory_beyond_the_buffer() {
        // 20 MB of spaces on a blank line, then as many before a tree.
        let spaces = 20 << 20;
        for tail in [&b"\n7\n"[..], b"7\n"] {
            let mut reader = TreeReader::new(Repeat {
                byte: b' ',
                count: spaces,
                tail,
            });
            let (line, tree) = reader.next_tree().unwrap().unwrap();
            assert_eq!(tree.leaf_value(tree.root()), Some(7));
            assert_eq!(line, if tail.len() == 3 { 2 } else { 1 });
            assert_eq!(reader.input.capacity(), CHUNK);
            assert_eq!(reader.open.capacity(), 0);
            assert!(reader.next_tree().unwrap().is_none());
        }
        // A column past 20 million is counted all the same.
        let mut reader = TreeReader::new(Repeat {
            byte: b' ',
            count: spaces,
            tail: b"[x]",
        });
        assert_eq!(
            position(&reader.next_tree().unwrap_err()),
            Some((1, spaces + 2))
        );
        // And endless zeros stop at the first.
        let mut reader = TreeReader::new(Repeat {
            byte: 0,
            count: usize::MAX,
            tail: b"",
        });
        assert_eq!(position(&reader.next_tree().unwrap_err()), Some((1, 1)));
    }
}
