//! Checks that a board is a question: no line of four is complete yet.

use crate::game::board::{Board, Mark};
use crate::game::lines::LINE_NAMES;

/// Why a board is not a question: the mark with four in a line, and which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The mark that has four in a line.
    pub mark: Mark,
    /// The line's name, such as `row 1`.
    pub line: &'static str,
}

/// `Ok` if no line of four is complete on `board`.
pub fn validate(board: Board) -> Result<(), Finished> {
    for mark in [Mark::X, Mark::O] {
        if let Some(line) = board.four(mark) {
            return Err(Finished {
                mark,
                line: LINE_NAMES[line],
            });
        }
    }
    Ok(())
}

impl std::fmt::Display for Finished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mark = match self.mark {
            Mark::X => 'x',
            Mark::O => 'o',
        };
        write!(f, "{mark} already has four in {}", self.line)
    }
}
