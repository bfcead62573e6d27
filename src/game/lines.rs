//! The ten lines of four: 4 rows, 4 columns and the 2 long diagonals.

use crate::game::bitboard::BitBoard;

pub use crate::game::line_facts::LINE_COUNT;
use crate::game::line_facts::LINE_MASKS;

/// Every line as a set of four squares: rows 0–3, columns 0–3, then the
/// diagonal (0,0)–(3,3) and the anti-diagonal (0,3)–(3,0).
pub const LINES: [BitBoard; LINE_COUNT] = build_lines();

/// Names of the lines, in the order of [`LINES`], for messages.
pub const LINE_NAMES: [&str; LINE_COUNT] = [
    "row 0",
    "row 1",
    "row 2",
    "row 3",
    "column 0",
    "column 1",
    "column 2",
    "column 3",
    "diagonal (0,0)-(3,3)",
    "diagonal (0,3)-(3,0)",
];

const fn build_lines() -> [BitBoard; LINE_COUNT] {
    let mut lines = [BitBoard::EMPTY; LINE_COUNT];
    let mut i = 0;
    while i < LINE_COUNT {
        lines[i] = BitBoard(LINE_MASKS[i]);
        i += 1;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bitboard::Square;

    #[test]
    fn lines_are_the_rows_columns_and_diagonals() {
        let cells = |line: BitBoard| {
            line.into_iter()
                .map(|sq| (sq.row(), sq.col()))
                .collect::<Vec<_>>()
        };
        assert_eq!(cells(LINES[1]), [(1, 0), (1, 1), (1, 2), (1, 3)]);
        assert_eq!(cells(LINES[6]), [(0, 2), (1, 2), (2, 2), (3, 2)]);
        assert_eq!(cells(LINES[8]), [(0, 0), (1, 1), (2, 2), (3, 3)]);
        assert_eq!(cells(LINES[9]), [(0, 3), (1, 2), (2, 1), (3, 0)]);
        for line in LINES {
            assert_eq!(line.len(), 4);
        }
    }

    #[test]
    fn corners_and_centre_lie_on_three_lines_edges_on_two() {
        for index in 0..16 {
            let sq = Square::from_index(index);
            let on = LINES.iter().filter(|line| line.has(sq)).count();
            let edge = (sq.row() == 0 || sq.row() == 3) != (sq.col() == 0 || sq.col() == 3);
            assert_eq!(on, if edge { 2 } else { 3 }, "square {sq}");
        }
    }
}
