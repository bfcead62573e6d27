//! Cases: a line `?` and four rows of `.`, `x`, `o`; a line starting with
//! `$` ends the input. Blank lines are skipped anywhere.

use super::error::{ReadError, TextError};
use super::lines::{Line, LineReader};
use super::validate::validate;
use crate::game::bitboard::BitBoard;
use crate::game::board::Board;
use std::io::Read;

/// One question of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// 1-based number of the case in the input.
    pub number: usize,
    /// Line of the case's `?`.
    pub line: usize,
    /// The board; x is to move.
    pub board: Board,
}

/// The cases of an input, read one at a time. After an error, or after the
/// `$` line, the iterator yields nothing more and reads nothing more.
#[derive(Debug)]
pub struct Cases<R> {
    lines: LineReader<R>,
    count: usize,
    done: bool,
}

impl<R: Read> Cases<R> {
    /// The cases of `source`.
    pub fn new(source: R) -> Cases<R> {
        Cases {
            lines: LineReader::new(source),
            count: 0,
            done: false,
        }
    }

    fn next_case(&mut self) -> Result<Option<Case>, ReadError> {
        let number = self.count + 1;
        let mut start = 0;
        let (mut xs, mut os) = (0u16, 0u16);
        let mut rows = 0;
        loop {
            let Some(line) = self.lines.next_line()? else {
                if start == 0 {
                    return Ok(None);
                }
                let message = format!(
                    "the input ends inside case {number} (started on line {start}): \
                     {rows} of 4 rows read"
                );
                return Err(TextError::at_line(self.lines.lines_read() + 1, message).into());
            };
            if line.text.is_empty() {
                continue;
            }
            if line.text[0] == b'$' {
                if start == 0 {
                    return Ok(None);
                }
                let message = format!(
                    "'$' ends the input inside case {number} (started on line {start}): \
                     {rows} of 4 rows read"
                );
                return Err(TextError::at(line.number, line.indent + 1, message).into());
            }
            if start == 0 {
                // A cut line had more text than was kept: never a bare '?'.
                if line.text != b"?" || line.cut {
                    check_text(&line)?;
                    let message = format!(
                        "expected '?' to start case {number}, found {}",
                        shown(&line)
                    );
                    return Err(TextError::at_line(line.number, message).into());
                }
                start = line.number;
                continue;
            }
            let cells = if line.cut { None } else { row_cells(line.text) };
            let Some((x, o)) = cells else {
                return Err(row_error(&line).into());
            };
            let shift = 4 * rows;
            (xs, os) = (xs | x << shift, os | o << shift);
            rows += 1;
            if rows == 4 {
                let board = Board::from_sets(BitBoard(xs), BitBoard(os))
                    .expect("rows fill distinct squares");
                if let Err(finished) = validate(board) {
                    let message = format!(
                        "case {number} (lines {start}-{}) is not a question: {finished}",
                        line.number
                    );
                    return Err(TextError::at_line(line.number, message).into());
                }
                self.count = number;
                return Ok(Some(Case {
                    number,
                    line: start,
                    board,
                }));
            }
        }
    }
}

impl<R: Read> Iterator for Cases<R> {
    type Item = Result<Case, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_case();
        if !matches!(next, Ok(Some(_))) {
            self.done = true;
        }
        next.transpose()
    }
}

/// The line's text quoted for a message; a long line is shown by its
/// first 40 characters.
fn shown(line: &Line<'_>) -> String {
    let text = String::from_utf8_lossy(line.text);
    let first: String = text.chars().take(40).collect();
    if line.cut || text.chars().count() > 40 {
        format!("{first:?} (the first 40 characters)")
    } else {
        format!("{first:?}")
    }
}

/// Rejects bytes that are not text: the first control character (other
/// than tab) or byte of invalid UTF-8 is an error.
fn check_text(line: &Line<'_>) -> Result<(), TextError> {
    let control = line
        .text
        .iter()
        .position(|&b| (b < 0x20 && b != b'\t') || b == 0x7f);
    let invalid = match std::str::from_utf8(line.text) {
        Ok(_) => None,
        // A multi-byte character cut at KEEP is not the input's fault.
        Err(e) if e.error_len().is_none() && line.cut => None,
        Err(e) => Some(e.valid_up_to()),
    };
    match control.into_iter().chain(invalid).min() {
        Some(at) => Err(not_text(line, at)),
        None => Ok(()),
    }
}

/// The error for the byte at `at` in the line's text, which is not text
/// (the text before it is).
fn not_text(line: &Line<'_>, at: usize) -> TextError {
    let column = line.indent + characters(&line.text[..at]) + 1;
    let message = format!("byte 0x{:02x} is not text", line.text[at]);
    TextError::at(line.number, column, message)
}

/// Number of characters in `text`, valid UTF-8: the bytes that do not
/// continue a character.
fn characters(text: &[u8]) -> usize {
    text.iter().filter(|&&b| b & 0xc0 != 0x80).count()
}

/// `CELL[byte]`: bit 0 for `x`, bit 1 for `o`, bit 2 for any cell character.
const CELL: [u8; 256] = {
    let mut table = [0u8; 256];
    table[b'.' as usize] = 4;
    table[b'x' as usize] = 5;
    table[b'o' as usize] = 6;
    table
};

/// The x and o squares (bits 0-3) of a row of exactly four cells.
#[inline]
fn row_cells(text: &[u8]) -> Option<(u16, u16)> {
    let &[a, b, c, d] = text else { return None };
    // Table lookups, no branches: cells are random and would mispredict.
    let [a, b, c, d] = [a, b, c, d].map(|cell| CELL[cell as usize] as u16);
    let x = (a & 1) | (b & 1) << 1 | (c & 1) << 2 | (d & 1) << 3;
    let o = (a >> 1 & 1) | (b >> 1 & 1) << 1 | (c >> 1 & 1) << 2 | (d >> 1 & 1) << 3;
    (a & b & c & d & 4 != 0).then_some((x, o))
}

/// The error for a row that is not four cells of `.`, `x`, `o`.
#[cold]
fn row_error(line: &Line<'_>) -> TextError {
    if let Err(e) = check_text(line) {
        return e;
    }
    // Find the first wrong character, counting columns in characters (the
    // text is valid UTF-8 here).
    let text = String::from_utf8_lossy(line.text);
    let wrong = text
        .chars()
        .enumerate()
        .find(|&(i, ch)| i >= 4 || !matches!(ch, '.' | 'x' | 'o'))
        .map(|(i, _)| i);
    let message = format!("expected 4 cells of '.', 'x' or 'o', found {}", shown(line));
    match wrong {
        Some(i) => TextError::at(line.number, line.indent + i + 1, message),
        None => TextError::at_line(line.number, message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bitboard::Square;
    use crate::game::board::Mark;

    fn read(input: &str) -> (Vec<Board>, Option<String>) {
        let mut boards = Vec::new();
        for case in Cases::new(input.as_bytes()) {
            match case {
                Ok(case) => boards.push(case.board),
                Err(e) => return (boards, Some(e.to_string())),
            }
        }
        (boards, None)
    }

    const SAMPLE: &str = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";

    #[test]
    fn reads_the_statement_sample() {
        let (boards, error) = read(SAMPLE);
        assert_eq!(error, None);
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[0].get(Square::new(1, 1)), Some(Mark::X));
        assert_eq!(boards[0].get(Square::new(1, 2)), Some(Mark::O));
        assert_eq!(boards[1].pieces(), 10);
    }

    #[test]
    fn tolerates_crlf_spaces_blank_lines_and_no_final_dollar() {
        let messy =
            " ? \r\n\r\n....\r\n .xo.\r\n.ox. \r\n....\r\n\r\n\r\n?\no...\n.ox.\n.xxx\nxooo";
        assert_eq!(read(messy), read(SAMPLE));
    }

    #[test]
    fn tolerates_cr_only_line_ends_and_counts_their_lines() {
        assert_eq!(read(&SAMPLE.replace('\n', "\r")), read(SAMPLE));
        let mixed = "?\r....\r\n.xo.\n\r.ox.\r....\r\r\n?\no...\r.ox.\r.xxx\rxooo\r$";
        assert_eq!(read(mixed), read(SAMPLE));
        // Line 7 is the one after the blank line 6 (`\r` then `\r\n`).
        let (_, error) = read("?\r....\r\n.xo.\r.ox.\r....\r\r\n?\r....z\r");
        assert_eq!(
            error.unwrap(),
            "line 8, column 5: expected 4 cells of '.', 'x' or 'o', found \"....z\""
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        // The byte 0x01 is the third character of its line, the fifth byte.
        let (_, error) = read("?\n\u{e9}\u{e9}\u{1}.\n");
        assert_eq!(error.unwrap(), "line 2, column 3: byte 0x01 is not text");
        let (_, error) = read("?\n \u{e9}\u{e9}\u{1}.\n");
        assert_eq!(error.unwrap(), "line 2, column 4: byte 0x01 is not text");
        let mut bytes = "?\n\u{e9}".as_bytes().to_vec();
        bytes.extend_from_slice(&[0xff, b'.', b'\n']);
        let error = Cases::new(&bytes[..]).find_map(|c| c.err()).unwrap();
        assert_eq!(error.to_string(), "line 2, column 2: byte 0xff is not text");
        // A byte-order mark opening the input is no column either.
        let (_, error) = read("\u{feff} \u{0}?\n");
        assert_eq!(error.unwrap(), "line 1, column 2: byte 0x00 is not text");
        let (_, error) = read("\u{feff}?\n....\n$");
        assert_eq!(
            error.unwrap(),
            "line 3, column 1: '$' ends the input inside case 1 (started on line 1): 1 of 4 rows read"
        );
    }

    #[test]
    fn stops_at_the_dollar_line() {
        let (boards, error) = read("$ end\n?\nzzzz\n");
        assert!(boards.is_empty());
        assert_eq!(error, None);
    }

    #[test]
    fn names_the_line_and_column_of_a_bad_cell() {
        let input = "?\n....\n.xo.\n.ox.\n....\n?\n....\n....\n.oz.\n....\n";
        let (boards, error) = read(input);
        assert_eq!(boards.len(), 1);
        assert_eq!(
            error.unwrap(),
            "line 9, column 3: expected 4 cells of '.', 'x' or 'o', found \".oz.\""
        );
    }

    #[test]
    fn rejects_short_and_long_rows() {
        let (_, error) = read("?\n...\n");
        assert_eq!(
            error.unwrap(),
            "line 2: expected 4 cells of '.', 'x' or 'o', found \"...\""
        );
        let (_, error) = read("?\n.....\n");
        assert!(
            error
                .unwrap()
                .starts_with("line 2, column 5: expected 4 cells")
        );
    }

    #[test]
    fn rejects_a_case_cut_short() {
        let (_, error) = read("?\n....\n....\n");
        assert_eq!(
            error.unwrap(),
            "line 4: the input ends inside case 1 (started on line 1): 2 of 4 rows read"
        );
        let (_, error) = read("?\n....\n$\n");
        assert!(
            error
                .unwrap()
                .starts_with("line 3, column 1: '$' ends the input inside case 1")
        );
    }

    #[test]
    fn rejects_a_missing_question_mark() {
        let (_, error) = read("....\n");
        assert_eq!(
            error.unwrap(),
            "line 1: expected '?' to start case 1, found \"....\""
        );
    }

    #[test]
    fn rejects_finished_boards() {
        let (_, error) = read("?\nxxxx\no...\no...\no...\n");
        assert_eq!(
            error.unwrap(),
            "line 5: case 1 (lines 1-5) is not a question: x already has four in row 0"
        );
    }

    #[test]
    fn rejects_text_hidden_after_a_long_run_of_spaces() {
        let padded = format!("?{}junk\n....\n....\n....\n....\n", " ".repeat(300));
        let (boards, error) = read(&padded);
        assert!(boards.is_empty());
        assert!(
            error
                .unwrap()
                .starts_with("line 1: expected '?' to start case 1")
        );
        let padded = format!("?\n....{}junk\n", " ".repeat(300));
        let (_, error) = read(&padded);
        assert!(
            error
                .unwrap()
                .starts_with("line 2, column 5: expected 4 cells")
        );
    }

    #[test]
    fn rejects_form_feeds_and_a_late_byte_order_mark() {
        let (_, error) = read("?\n....\x0c\n");
        assert_eq!(error.unwrap(), "line 2, column 5: byte 0x0c is not text");
        let (_, error) = read("  \u{feff}?\n");
        assert!(error.unwrap().starts_with("line 1: expected '?'"));
    }

    /// A source that gives one byte per read.
    struct OneByte<'a>(&'a [u8]);

    impl Read for OneByte<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            out[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn a_byte_order_mark_then_long_blanks_keeps_the_line() {
        let input = |first: &str| {
            let blanks = " ".repeat(300);
            format!("\u{feff}{blanks}{first}\n....\n.xo.\n.ox.\n....\n$\n")
        };
        let statement = read(SAMPLE).0;
        assert_eq!(read(&input("?")), (vec![statement[0]], None));
        let cases: Vec<_> = Cases::new(OneByte(input("?").as_bytes())).collect();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].as_ref().unwrap().board, statement[0]);
        let expected = "line 1: expected '?' to start case 1, found \"garbage\"";
        assert_eq!(read(&input("garbage")), (vec![], Some(expected.into())));
        let garbage = input("garbage");
        let mut cases = Cases::new(OneByte(garbage.as_bytes()));
        assert_eq!(cases.next().unwrap().unwrap_err().to_string(), expected);
    }

    #[test]
    fn endless_input_stops_at_the_first_sure_error() {
        let first = |source: &mut dyn Read| {
            Cases::new(source)
                .next()
                .map(|c| c.map_err(|e| e.to_string()))
        };
        let zeros = first(&mut std::io::repeat(0));
        assert_eq!(
            zeros,
            Some(Err("line 1, column 1: byte 0x00 is not text".into()))
        );
        let row = first(&mut b"?\n".chain(std::io::repeat(b'x')));
        let row = row.unwrap().unwrap_err();
        assert!(
            row.starts_with("line 2, column 5: expected 4 cells of '.', 'x' or 'o', found \"xxxx"),
            "{row}"
        );
        assert!(row.ends_with("(the first 40 characters)"), "{row}");
        let padded = first(
            &mut b"?"
                .chain(std::io::repeat(b' ').take(1000))
                .chain(std::io::repeat(b'?')),
        );
        assert!(
            padded
                .unwrap()
                .unwrap_err()
                .starts_with("line 1: expected '?'")
        );
        // A carriage return ends the line: the row before it is short.
        let cr = first(&mut b"?\n..\r.".chain(std::io::repeat(b'.')));
        assert_eq!(
            cr,
            Some(Err(
                "line 2: expected 4 cells of '.', 'x' or 'o', found \"..\"".into()
            ))
        );
        assert_eq!(first(&mut b"$".chain(std::io::repeat(0))), None);
    }

    #[test]
    fn names_the_first_byte_that_is_not_text() {
        let (_, error) = read("?\n\u{0}\u{7f}..\n");
        assert_eq!(error.unwrap(), "line 2, column 1: byte 0x00 is not text");
        // A byte of invalid UTF-8 after a control byte.
        let mut bytes = b"?\n.\x01".to_vec();
        bytes.extend_from_slice(&[0x80, b'.', b'\n']);
        let error = Cases::new(&bytes[..]).find_map(|c| c.err()).unwrap();
        assert_eq!(error.to_string(), "line 2, column 2: byte 0x01 is not text");
        let mut bytes = b"?\n..".to_vec();
        bytes.extend_from_slice(&[0xc3, 0x00, b'\n']);
        let error = Cases::new(&bytes[..]).find_map(|c| c.err()).unwrap();
        assert_eq!(error.to_string(), "line 2, column 3: byte 0xc3 is not text");
    }

    #[test]
    fn shows_characters_that_are_not_printable_escaped() {
        let (_, error) = read("\u{85}\u{202e}x\n");
        assert_eq!(
            error.unwrap(),
            "line 1: expected '?' to start case 1, found \"\\u{85}\\u{202e}x\""
        );
    }

    #[test]
    fn rejects_bytes_that_are_not_text() {
        let (_, error) = read("?\n..\u{0}.\n");
        assert_eq!(error.unwrap(), "line 2, column 3: byte 0x00 is not text");
        let mut bytes = b"?\n .".to_vec();
        bytes.extend_from_slice(&[0xff, b'.', b'.', b'\n']);
        let error = Cases::new(&bytes[..]).find_map(|c| c.err()).unwrap();
        assert_eq!(error.to_string(), "line 2, column 3: byte 0xff is not text");
    }
}
