//! Facts about the lines for every set of squares, looked up instead of
//! computed: each table is indexed by a 16-bit set and built at compile time.

use crate::lines::{LINES, LINE_COUNT};

/// A table with one entry per set of squares.
type PerSet<T> = [T; 1 << 16];

/// Builds a [`PerSet`] table from a `const fn(u16) -> u16`.
macro_rules! per_set {
    ($f:ident) => {{
        let mut table = [0u16; 1 << 16];
        let mut m = 0;
        while m < table.len() {
            table[m] = $f(m as u16);
            m += 1;
        }
        table
    }};
}

/// `COMPLETERS[m]`: the squares that would complete a line in which `m`
/// holds exactly three squares (whatever is on them).
#[allow(long_running_const_eval)] // 65536 entries take a while to build
pub static COMPLETERS: PerSet<u16> = per_set!(completers);

/// `TOUCHED[m]`: the lines (bit `i` for `LINES[i]`) holding a square of `m`.
#[allow(long_running_const_eval)] // 65536 entries take a while to build
pub static TOUCHED: PerSet<u16> = per_set!(touched);

/// `PAIRS[m]`: the lines in which `m` holds exactly two squares.
#[allow(long_running_const_eval)] // 65536 entries take a while to build
pub static PAIRS: PerSet<u16> = per_set!(pairs);

/// `LINE_SQUARES[l]`: the squares of the lines in the line set `l`.
pub static LINE_SQUARES: [u16; 1 << LINE_COUNT] = {
    let mut table = [0u16; 1 << LINE_COUNT];
    let mut set = 0;
    while set < table.len() {
        let mut i = 0;
        while i < LINE_COUNT {
            if set & 1 << i != 0 {
                table[set] |= LINES[i].0;
            }
            i += 1;
        }
        set += 1;
    }
    table
};

/// `ALL_LINES`: the set of every line.
pub const ALL_LINES: u16 = (1 << LINE_COUNT) - 1;

const fn completers(m: u16) -> u16 {
    let mut squares = 0;
    let mut i = 0;
    while i < LINE_COUNT {
        let missing = LINES[i].0 & !m;
        if missing != 0 && missing & (missing - 1) == 0 {
            squares |= missing;
        }
        i += 1;
    }
    squares
}

const fn touched(m: u16) -> u16 {
    let mut lines = 0;
    let mut i = 0;
    while i < LINE_COUNT {
        if LINES[i].0 & m != 0 {
            lines |= 1 << i;
        }
        i += 1;
    }
    lines
}

const fn pairs(m: u16) -> u16 {
    let mut lines = 0;
    let mut i = 0;
    while i < LINE_COUNT {
        if (LINES[i].0 & m).count_ones() == 2 {
            lines |= 1 << i;
        }
        i += 1;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_lines() {
        for m in (0..=u16::MAX).step_by(7) {
            for (i, line) in LINES.iter().enumerate() {
                let held = (line.0 & m).count_ones();
                assert_eq!(TOUCHED[m as usize] >> i & 1 == 1, held > 0);
                assert_eq!(PAIRS[m as usize] >> i & 1 == 1, held == 2);
                if held == 3 {
                    assert_ne!(COMPLETERS[m as usize] & line.0 & !m, 0);
                }
            }
            let expected = LINES
                .iter()
                .filter(|l| (l.0 & m).count_ones() == 3)
                .fold(0, |acc, l| acc | (l.0 & !m));
            assert_eq!(COMPLETERS[m as usize], expected);
        }
        assert_eq!(LINE_SQUARES[ALL_LINES as usize], u16::MAX);
        assert_eq!(LINE_SQUARES[1], LINES[0].0);
    }
}
