//! Evaluation functions: a heuristic score of a position from x's side,
//! for a search that stops at a depth limit (the lecture's depth-limited
//! minimax scores its frontier with one).
//!
//! Each is an integer computed from the ten lines alone, so each is
//! invariant under the 32 automorphisms of the lines (which map lines onto
//! lines): a table that shares entries across symmetric positions stays
//! honest. Neither is ever asked about a finished game: a four and a full
//! board are scored by the rules first.

use crate::game::bitboard::BitBoard;
use crate::game::board::{Board, Mark};
use crate::game::lines::{LINE_COUNT, LINES};
use std::fmt;
use std::str::FromStr;

/// An evaluation function, named as `--eval` spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// The lecture's open lines: lines with no o, minus lines with no x
    /// (from -10 to 10).
    Lines,
    /// Over the lines holding marks of one side only: `+W[k]` for k x's,
    /// `-W[k]` for k o's, `W[1] = 1`, `W[2] = 10`, `W[3] = 100`.
    Weighted,
}

/// `WEIGHTS[k]`: what a line holding `k` marks of one side only is worth
/// to that side in [`Eval::Weighted`]. A line of four ends the game before
/// any evaluation, so `WEIGHTS[4]` is never used; it continues the scale.
pub const WEIGHTS: [i32; 5] = [0, 1, 10, 100, 1000];

impl Eval {
    /// Every evaluation, in the order the help lists them.
    pub const ALL: [Eval; 2] = [Eval::Lines, Eval::Weighted];

    /// The name `--eval` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Eval::Lines => "lines",
            Eval::Weighted => "weighted",
        }
    }

    /// What it scores, in the one line `--help` shows.
    pub const fn summary(self) -> &'static str {
        match self {
            Eval::Lines => {
                "lines with no o minus lines with no x (-10..10: the lecture's open lines)"
            }
            Eval::Weighted => {
                "one side's lines: +1, +10, +100 for 1, 2, 3 x's; -1, -10, -100 for o's"
            }
        }
    }

    /// The score of `board` from x's side.
    #[inline]
    pub fn score(self, board: Board) -> i32 {
        match self {
            Eval::Lines => open_lines(board),
            Eval::Weighted => weighted(board),
        }
    }
}

/// Lines with no o (open to x) minus lines with no x (open to o).
#[inline]
fn open_lines(board: Board) -> i32 {
    board.open_lines(Mark::X).count_ones() as i32 - board.open_lines(Mark::O).count_ones() as i32
}

/// Bits per line in a packed count: enough for 0..=4.
const FIELD: u32 = 3;

/// `COUNTS[half][byte]`: for the squares `byte` selects in the low
/// (`half = 0`) or high (`half = 1`) eight squares, how many lie on each
/// line, line `i` in bits `3i..3i + 3`. The counts of a whole set are the
/// sum of its two halves' (no field exceeds 4, so no carry crosses).
static COUNTS: [[u32; 256]; 2] = {
    let mut table = [[0u32; 256]; 2];
    let mut half = 0;
    while half < 2 {
        let mut byte = 0;
        while byte < 256 {
            let set = (byte as u16) << (8 * half);
            let mut packed = 0;
            let mut i = 0;
            while i < LINE_COUNT {
                packed |= (LINES[i].0 & set).count_ones() << (FIELD * i as u32);
                i += 1;
            }
            table[half][byte] = packed;
            byte += 1;
        }
        half += 1;
    }
    table
};

/// How many squares of `set` lie on each line, packed as in [`COUNTS`].
#[inline]
fn line_counts(set: BitBoard) -> u32 {
    COUNTS[0][(set.0 & 0xff) as usize] + COUNTS[1][(set.0 >> 8) as usize]
}

/// [`Eval::Weighted`]: a line counts for x if it holds no o, for o if it
/// holds no x (an empty line is worth `WEIGHTS[0] = 0` to both).
#[inline]
fn weighted(board: Board) -> i32 {
    let (x, o) = (
        line_counts(board.marks(Mark::X)),
        line_counts(board.marks(Mark::O)),
    );
    let mut score = 0;
    for i in 0..LINE_COUNT as u32 {
        let (kx, ko) = (x >> (FIELD * i) & 7, o >> (FIELD * i) & 7);
        // One of the two is 0 on a line of one side only; on a line of
        // both, neither side scores.
        let (own, other) = (WEIGHTS[kx as usize], WEIGHTS[ko as usize]);
        score += if ko == 0 { own } else { 0 } - if kx == 0 { other } else { 0 };
    }
    score
}

/// A name that is no evaluation's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEval(pub String);

impl fmt::Display for UnknownEval {
    /// `unknown evaluation 'NAME' (known: lines, weighted)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Eval::ALL.iter().map(|e| e.name()).collect();
        write!(
            f,
            "unknown evaluation '{}' (known: {})",
            self.0.escape_debug(),
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownEval {}

impl FromStr for Eval {
    type Err = UnknownEval;

    /// The evaluation called `name` (as [`Eval::name`] spells it).
    fn from_str(name: &str) -> Result<Eval, UnknownEval> {
        Eval::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| UnknownEval(name.to_string()))
    }
}

impl fmt::Display for Eval {
    /// The name `--eval` takes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from four rows of `.`, `x`, `o`.
    fn board(rows: [&str; 4]) -> Board {
        Board::from_rows(rows)
    }
    use crate::game::random::{Rng, uniform_question};
    use crate::game::symmetry::{COUNT, map_board};

    #[test]
    fn names_parse_back_and_unknown_ones_are_listed() {
        for e in Eval::ALL {
            assert_eq!(e.name().parse(), Ok(e));
            assert_eq!(e.to_string(), e.name());
        }
        assert_eq!(
            "open".parse::<Eval>().unwrap_err().to_string(),
            "unknown evaluation 'open' (known: lines, weighted)"
        );
    }

    /// Values worked out by hand, line by line: each line's marks, then
    /// what it is worth to `weighted`, and whether it is open to x (no o)
    /// and to o (no x) for `lines`.
    #[test]
    fn scores_agree_with_hand_counts() {
        // The empty board: every line open to both, worth nothing.
        assert_eq!(Eval::Lines.score(Board::EMPTY), 0);
        assert_eq!(Eval::Weighted.score(Board::EMPTY), 0);
        // x in a corner: row 0, column 0 and the diagonal hold one x (+1
        // each) and are closed to o: 10 - 7 lines open.
        let corner = board(["x...", "....", "....", "...."]);
        assert_eq!(Eval::Lines.score(corner), 3);
        assert_eq!(Eval::Weighted.score(corner), 3);
        // row 0: x x (+10); row 1: o (-1); column 0: x (+1); column 1 and
        // the diagonal: x and o (0); five empty lines. No o: 7; no x: 6.
        let b = board(["xx..", ".o..", "....", "...."]);
        assert_eq!(Eval::Weighted.score(b), 10);
        assert_eq!(Eval::Lines.score(b), 1);
        // The statement's second question. row 0: o (-1); row 2: x x x
        // (+100); the anti-diagonal (0,3)-(3,0): . x x x (+100); every
        // other line holds both. No o: row 2, anti-diagonal; no x: row 0.
        let b = board(["o...", ".ox.", ".xxx", "xooo"]);
        assert_eq!(Eval::Weighted.score(b), 199);
        assert_eq!(Eval::Lines.score(b), 1);
        // row 0: o o o (-100); row 1: empty; row 2: o o (-10); row 3: x
        // (+1); column 0: o o (-10); column 1: o o (-10); column 2: o (-1);
        // column 3: x (+1); diagonal: o and x (0); anti-diagonal: o (-1).
        // No o: rows 1, 3, column 3 (3); no x: rows 0-2, columns 0-2 and
        // the anti-diagonal (7).
        let b = board(["ooo.", "....", "oo..", "...x"]);
        assert_eq!(Eval::Weighted.score(b), -130);
        assert_eq!(Eval::Lines.score(b), -4);
    }

    #[test]
    fn scores_are_invariant_under_the_automorphisms() {
        let mut rng = Rng::new(17);
        for _ in 0..2000 {
            let b = uniform_question(&mut rng);
            for eval in Eval::ALL {
                let score = eval.score(b);
                for g in 0..COUNT {
                    assert_eq!(eval.score(map_board(g, b)), score, "{eval} {g}\n{b}");
                }
            }
        }
    }

    #[test]
    fn scores_are_antisymmetric_in_the_players() {
        let mut rng = Rng::new(1568);
        for _ in 0..2000 {
            let b = uniform_question(&mut rng);
            let swapped = Board::from_sets(b.marks(Mark::O), b.marks(Mark::X)).unwrap();
            for eval in Eval::ALL {
                assert_eq!(eval.score(swapped), -eval.score(b), "{eval}\n{b}");
            }
        }
    }
}
