//! The judge's protocol: questions in, answers out.
//!
//! Input is read as a stream of lines ([`lines`]), turned into boards
//! ([`cases`]), each checked to be a question ([`validate`]). Errors
//! ([`error`]) name the line, and the column where it helps; they are the
//! errors of every text input, written trees included. Answers are
//! written by [`answer_line`].

pub mod cases;
pub mod error;
pub mod lines;
pub(crate) mod source;
pub mod validate;

pub use cases::{Case, Cases};
pub use error::{ReadError, TextError};

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
