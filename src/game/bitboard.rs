//! Squares of the 4×4 board and sets of them packed in a `u16`.
//!
//! Square `4 * row + col` is bit `4 * row + col`, so iterating a set from
//! its lowest bit visits squares in the judge's row-major order.

use std::fmt;

/// One of the 16 squares, numbered `4 * row + col` (row-major order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `row`, `col` (both `0..4`).
    #[inline]
    pub const fn new(row: usize, col: usize) -> Square {
        assert!(row < 4 && col < 4);
        Square((4 * row + col) as u8)
    }

    /// The square with row-major number `index` (`0..16`).
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        assert!(index < 16);
        Square(index as u8)
    }

    /// Row-major number of the square, `0..16`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, `0..4` from the top.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 4
    }

    /// Column, `0..4` from the left.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % 4
    }

    /// The one-square set.
    #[inline]
    pub const fn bit(self) -> BitBoard {
        BitBoard(1 << self.0)
    }
}

/// Written as the judge wants it: `(r,c)`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row(), self.col())
    }
}

/// A set of squares: bit `i` is square `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BitBoard(pub u16);

impl BitBoard {
    /// No square.
    pub const EMPTY: BitBoard = BitBoard(0);
    /// All 16 squares.
    pub const FULL: BitBoard = BitBoard(u16::MAX);

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> BitBoard {
        BitBoard(self.0 | 1 << sq.0)
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has two squares or more (without counting them).
    #[inline]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The first square in row-major order, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// Squares in both sets.
    #[inline]
    pub const fn and(self, other: BitBoard) -> BitBoard {
        BitBoard(self.0 & other.0)
    }

    /// Squares in either set.
    #[inline]
    pub const fn or(self, other: BitBoard) -> BitBoard {
        BitBoard(self.0 | other.0)
    }

    /// Squares not in the set.
    #[inline]
    pub const fn not(self) -> BitBoard {
        BitBoard(!self.0)
    }

    /// Squares of the set that come before `sq` in row-major order.
    #[inline]
    pub const fn before(self, sq: Square) -> BitBoard {
        BitBoard(self.0 & ((1u16 << sq.0) - 1))
    }
}

/// The squares of a set, in row-major order.
#[derive(Clone, Copy, Debug)]
pub struct Squares(u16);

impl Squares {
    /// The squares not yet iterated.
    #[inline]
    pub const fn rest(&self) -> BitBoard {
        BitBoard(self.0)
    }
}

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let first = BitBoard(self.0).first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for BitBoard {
    type Item = Square;
    type IntoIter = Squares;

    /// The squares in row-major order.
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_iterate_in_row_major_order() {
        let set = BitBoard::EMPTY
            .with(Square::new(3, 3))
            .with(Square::new(0, 2))
            .with(Square::new(1, 0));
        let shown: Vec<String> = set.into_iter().map(|sq| sq.to_string()).collect();
        assert_eq!(shown, ["(0,2)", "(1,0)", "(3,3)"]);
    }

    #[test]
    fn before_keeps_only_earlier_squares() {
        let set = BitBoard(0b1011_0110);
        assert_eq!(set.before(Square::from_index(5)), BitBoard(0b0001_0110));
        assert_eq!(set.before(Square::from_index(0)), BitBoard::EMPTY);
    }
}
