//! Facts about the lines for every set of squares, looked up instead of
//! computed. The big table, indexed by a 16-bit set, is written by the
//! build script from [`crate::game::line_facts`]; the test below checks it
//! against the lines themselves.

use crate::game::lines::{LINE_COUNT, LINES};

/// A table with one entry per set of squares.
type PerSet<T> = [T; 1 << 16];

/// The facts about one set of squares `m`, side by side so that one
/// lookup (one cache line) gives all three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(8))]
pub struct SetFacts {
    /// The squares that would complete a line in which `m` holds exactly
    /// three squares.
    pub completers: u16,
    /// The lines (bit `i` for `LINES[i]`) holding a square of `m`.
    pub touched: u16,
    /// The lines in which `m` holds exactly two squares.
    pub pairs: u16,
}

// SET_FACTS, written by `build.rs` from `line_facts`.
include!(concat!(env!("OUT_DIR"), "/line_tables.rs"));

/// `SQUARES_ON[l][k - 1]`: the squares on at least `k` of the lines in
/// the line set `l`, for `k` = 1, 2, 3 (no square is on four lines).
pub static SQUARES_ON: [[u16; 3]; 1 << LINE_COUNT] = {
    let mut table = [[0u16; 3]; 1 << LINE_COUNT];
    let mut set = 0;
    while set < table.len() {
        let [mut once, mut twice, mut thrice] = [0u16; 3];
        let mut i = 0;
        while i < LINE_COUNT {
            if set & 1 << i != 0 {
                thrice |= twice & LINES[i].0;
                twice |= once & LINES[i].0;
                once |= LINES[i].0;
            }
            i += 1;
        }
        table[set] = [once, twice, thrice];
        set += 1;
    }
    table
};

/// `ALL_LINES`: the set of every line.
pub const ALL_LINES: u16 = (1 << LINE_COUNT) - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_lines() {
        for m in (0..=u16::MAX).step_by(7) {
            for (i, line) in LINES.iter().enumerate() {
                let held = (line.0 & m).count_ones();
                let facts = SET_FACTS[m as usize];
                assert_eq!(facts.touched >> i & 1 == 1, held > 0);
                assert_eq!(facts.pairs >> i & 1 == 1, held == 2);
                if held == 3 {
                    assert_ne!(facts.completers & line.0 & !m, 0);
                }
            }
            let expected = LINES
                .iter()
                .filter(|l| (l.0 & m).count_ones() == 3)
                .fold(0, |acc, l| acc | (l.0 & !m));
            assert_eq!(SET_FACTS[m as usize].completers, expected);
        }
        assert_eq!(SQUARES_ON[1], [LINES[0].0, 0, 0]);
        for set in 0..=ALL_LINES {
            for (k, &squares) in SQUARES_ON[set as usize].iter().enumerate() {
                for index in 0..16 {
                    let lines = (0..LINE_COUNT)
                        .filter(|&i| set >> i & 1 == 1 && LINES[i].0 >> index & 1 == 1)
                        .count();
                    assert_eq!(squares >> index & 1 == 1, lines > k, "{set:b} {k} {index}");
                }
            }
        }
    }
}
