//! The judge's protocol: questions in, answers out.
//!
//! Input is read as a stream of lines ([`lines`]), turned into boards
//! ([`cases`]), each checked to be a question ([`validate`]). Errors name
//! the line, and the column where it helps. Answers are written by
//! [`answer_line`].

pub mod cases;
pub mod lines;
pub(crate) mod source;
pub mod validate;

use std::fmt;

pub use cases::{Case, Cases};

use crate::game::bitboard::Square;

/// The UTF-8 byte-order mark, skipped at the start of any input (boards
/// or trees).
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// An answer as the judge wants it: `(r,c)` or `#####`, and a newline.
pub fn answer_line(answer: Option<Square>) -> [u8; 6] {
    match answer {
        Some(sq) => [
            b'(',
            b'0' + sq.row() as u8,
            b',',
            b'0' + sq.col() as u8,
            b')',
            b'\n',
        ],
        None => *b"#####\n",
    }
}

/// What is wrong with the input, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, where it helps.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl InputError {
    /// An error on `line` at no particular column.
    pub fn at_line(line: usize, message: impl Into<String>) -> InputError {
        InputError {
            line,
            column: None,
            message: message.into(),
        }
    }

    /// An error at `line`, `column`.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> InputError {
        InputError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }
}

/// `line N: message` or `line N, column C: message`.
impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: {}", self.line, column, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// What reading the input can fail with.
#[derive(Debug)]
pub enum ReadError {
    /// The input is not a valid list of questions.
    Input(InputError),
    /// The input could not be read at all.
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Input(e) => e.fmt(f),
            ReadError::Io(e) => write!(f, "cannot read the input: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<InputError> for ReadError {
    fn from(e: InputError) -> Self {
        ReadError::Input(e)
    }
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Io(e)
    }
}
