//! The errors of reading text: where the text is wrong, or that it could
//! not be read.

use std::fmt;

/// What is wrong with a text, and where: the error of every text input
/// (questions, trees).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, where it helps.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl TextError {
    /// An error on `line` at no particular column.
    pub fn at_line(line: usize, message: impl Into<String>) -> TextError {
        TextError {
            line,
            column: None,
            message: message.into(),
        }
    }

    /// An error at `line`, `column`.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> TextError {
        TextError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }
}

/// `line N: message` or `line N, column C: message`.
impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: {}", self.line, column, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for TextError {}

/// What reading a text input can fail with.
#[derive(Debug)]
pub enum ReadError {
    /// The text is not what was expected.
    Text(TextError),
    /// The input could not be read at all.
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Text(e) => e.fmt(f),
            ReadError::Io(e) => write!(f, "cannot read the input: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<TextError> for ReadError {
    fn from(e: TextError) -> Self {
        ReadError::Text(e)
    }
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Io(e)
    }
}
