//! The judge's protocol: questions in, answers out.
//!
//! Input is read as a stream of lines ([`lines`]), turned into boards
//! ([`cases`]), each checked to be a question ([`validate`]). Errors
//! ([`error`]) name the line, and the column where it helps; they are the
//! errors of every text input, written trees included. Questions are
//! written by [`questions_text`], answers by [`answer_line`]. Messages and
//! reports count and quote with [`words`].

pub mod cases;
pub mod error;
pub mod lines;
pub(crate) mod source;
pub mod validate;
pub mod words;

pub use cases::{Case, Cases};
pub use error::{ReadError, TextError};
pub use source::BOM;

use crate::game::bitboard::Square;
use crate::game::board::Board;
use std::fmt::Write;

/// The statement's sample input: two questions.
pub const STATEMENT: &str = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";

/// Boards written as the judge's input: for each, a line `?` and its four
/// rows; then the line `$`.
pub fn questions_text(boards: &[Board]) -> String {
    let mut text = String::with_capacity(boards.len() * 22 + 2);
    for board in boards {
        let _ = write!(text, "?\n{board}");
    }
    text.push_str("$\n");
    text
}

/// An answer as text: `(r,c)`, or `#####` where x cannot force a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer(pub Option<Square>);

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(square) => write!(f, "{square}"),
            None => f.write_str("#####"),
        }
    }
}

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
