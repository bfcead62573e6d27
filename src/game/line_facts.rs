// The ten lines as 16-bit masks, and the facts about a set of squares that
// `line_tables` tabulates. Plain `const fn`s over `u16`, with no outer
// dependency, so that the build script (`build.rs`) can `include!` this
// file and write the 65,536-entry tables once, instead of the compiler
// evaluating them as constants on every build.
//
// Bit `4 * row + col` is the square (row, col).

/// Number of lines.
pub const LINE_COUNT: usize = 10;

/// Every line as a mask: rows 0-3, columns 0-3, then the diagonal
/// (0,0)-(3,3) and the anti-diagonal (0,3)-(3,0).
pub const LINE_MASKS: [u16; LINE_COUNT] = [
    0x000f, 0x00f0, 0x0f00, 0xf000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248,
];

/// The squares that would complete a line in which `m` holds exactly
/// three squares (whatever is on them).
pub const fn completers(m: u16) -> u16 {
    let mut squares = 0;
    let mut i = 0;
    while i < LINE_COUNT {
        let missing = LINE_MASKS[i] & !m;
        if missing != 0 && missing & (missing - 1) == 0 {
            squares |= missing;
        }
        i += 1;
    }
    squares
}

/// The lines (bit `i` for line `i`) holding a square of `m`.
pub const fn touched(m: u16) -> u16 {
    let mut lines = 0;
    let mut i = 0;
    while i < LINE_COUNT {
        if LINE_MASKS[i] & m != 0 {
            lines |= 1 << i;
        }
        i += 1;
    }
    lines
}

/// The lines in which `m` holds exactly two squares.
pub const fn pairs(m: u16) -> u16 {
    let mut lines = 0;
    let mut i = 0;
    while i < LINE_COUNT {
        if (LINE_MASKS[i] & m).count_ones() == 2 {
            lines |= 1 << i;
        }
        i += 1;
    }
    lines
}
