//! The 32 automorphisms of the board's line structure.
//!
//! A permutation of the squares that maps every line onto a line maps every
//! position onto one of the same value. Besides the 8 symmetries of the
//! square there are 24 more: for instance swapping the two middle rows and,
//! at the same time, the two middle columns keeps every row, column and
//! diagonal a line. Every automorphism has the form `(r, c) -> (p[r], q[c])`
//! or `(r, c) -> (q[c], p[r])` for two permutations `p`, `q` of `0..4`; the
//! table is built at compile time by trying them all.

use crate::game::bitboard::BitBoard;
use crate::game::board::Board;
use crate::game::lines::LINES;

/// Number of automorphisms of the line structure.
pub const COUNT: usize = 32;

/// `AUTOMORPHISMS[g][s]` is the image of square `s` under automorphism `g`;
/// `g = 0` is the identity.
pub const AUTOMORPHISMS: [[u8; 16]; COUNT] = find_automorphisms();

/// `IMAGES[g][half][byte]`: the image under `g` of the squares `byte`
/// selects in the low (`half = 0`) or high (`half = 1`) eight squares.
static IMAGES: [[[u16; 256]; 2]; COUNT] = build_images();

/// The image of a set of squares under automorphism `g`.
pub fn map_set(g: usize, set: BitBoard) -> BitBoard {
    let table = &IMAGES[g];
    BitBoard(table[0][(set.0 & 0xff) as usize] | table[1][(set.0 >> 8) as usize])
}

/// The image of a board under automorphism `g`.
pub fn map_board(g: usize, board: Board) -> Board {
    use crate::game::board::Mark;
    let x = map_set(g, board.marks(Mark::X));
    let o = map_set(g, board.marks(Mark::O));
    Board::from_sets(x, o).expect("a permutation keeps the sets disjoint")
}

/// The smallest `x | o << 16` over the 32 images of `(x, o)`: equal for two
/// boards exactly when one is an automorphic image of the other.
#[inline]
pub fn canonical_key(x: BitBoard, o: BitBoard) -> u32 {
    let mut best = u32::MAX;
    for table in &IMAGES {
        let image = |set: u16| table[0][(set & 0xff) as usize] | table[1][(set >> 8) as usize];
        let key = image(x.0) as u32 | (image(o.0) as u32) << 16;
        best = best.min(key);
    }
    best
}

/// All 24 permutations of `0..4`, in lexicographic order (identity first).
const fn permutations() -> [[usize; 4]; 24] {
    let mut out = [[0; 4]; 24];
    let mut n = 0;
    let mut code = 0;
    while code < 256 {
        // Digits most significant first, so codes count up lexicographically.
        let p = [code >> 6 & 3, code >> 4 & 3, code >> 2 & 3, code & 3];
        let seen = 1 << p[0] | 1 << p[1] | 1 << p[2] | 1 << p[3];
        if seen == 0b1111 {
            out[n] = p;
            n += 1;
        }
        code += 1;
    }
    out
}

/// Whether `image` (square -> square) maps every line onto a line.
const fn keeps_lines(image: &[u8; 16]) -> bool {
    let mut l = 0;
    while l < LINES.len() {
        let mut mapped = 0u16;
        let mut s = 0;
        while s < 16 {
            if LINES[l].0 & 1 << s != 0 {
                mapped |= 1 << image[s];
            }
            s += 1;
        }
        let mut found = false;
        let mut m = 0;
        while m < LINES.len() {
            found |= LINES[m].0 == mapped;
            m += 1;
        }
        if !found {
            return false;
        }
        l += 1;
    }
    true
}

const fn find_automorphisms() -> [[u8; 16]; COUNT] {
    let perms = permutations();
    let mut out = [[0u8; 16]; COUNT];
    let mut n = 0;
    let mut transpose = 0;
    while transpose < 2 {
        let mut i = 0;
        while i < 24 {
            let mut j = 0;
            while j < 24 {
                let (p, q) = (perms[i], perms[j]);
                let mut image = [0u8; 16];
                let mut s = 0;
                while s < 16 {
                    let (r, c) = (p[s / 4], q[s % 4]);
                    image[s] = if transpose == 0 { 4 * r + c } else { 4 * c + r } as u8;
                    s += 1;
                }
                if keeps_lines(&image) {
                    assert!(n < COUNT, "more automorphisms than expected");
                    out[n] = image;
                    n += 1;
                }
                j += 1;
            }
            i += 1;
        }
        transpose += 1;
    }
    assert!(n == COUNT, "fewer automorphisms than expected");
    out
}

const fn build_images() -> [[[u16; 256]; 2]; COUNT] {
    let mut out = [[[0u16; 256]; 2]; COUNT];
    let mut g = 0;
    while g < COUNT {
        let mut half = 0;
        while half < 2 {
            let mut byte = 0;
            while byte < 256 {
                let mut image = 0u16;
                let mut bit = 0;
                while bit < 8 {
                    if byte & 1 << bit != 0 {
                        image |= 1 << AUTOMORPHISMS[g][8 * half + bit];
                    }
                    bit += 1;
                }
                out[g][half][byte] = image;
                byte += 1;
            }
            half += 1;
        }
        g += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bitboard::Square;
    use crate::game::board::Mark;

    /// Counts every permutation of the 16 squares that maps lines onto
    /// lines, by backtracking, without assuming the row/column form.
    fn count_all_automorphisms() -> usize {
        fn extend(image: &mut Vec<u8>, used: u16, count: &mut usize) {
            let placed = image.len();
            if placed == 16 {
                *count += 1;
                return;
            }
            for target in 0..16u8 {
                if used & 1 << target != 0 {
                    continue;
                }
                image.push(target);
                // Every line's placed squares must fit inside some line.
                let fits = LINES.iter().all(|line| {
                    let mapped = (0..=placed)
                        .filter(|&s| line.has(Square::from_index(s)))
                        .fold(0u16, |acc, s| acc | 1 << image[s]);
                    LINES.iter().any(|l| mapped & !l.0 == 0)
                });
                if fits {
                    extend(image, used | 1 << target, count);
                }
                image.pop();
            }
        }
        let mut count = 0;
        extend(&mut Vec::new(), 0, &mut count);
        count
    }

    #[test]
    fn the_table_holds_every_automorphism_once() {
        assert_eq!(count_all_automorphisms(), COUNT);
        let mut sorted = AUTOMORPHISMS.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), COUNT);
        assert_eq!(AUTOMORPHISMS[0], core::array::from_fn(|s| s as u8));
    }

    #[test]
    fn images_of_lines_are_lines() {
        for g in 0..COUNT {
            for line in LINES {
                assert!(LINES.contains(&map_set(g, line)), "g = {g}");
            }
        }
    }

    #[test]
    fn canonical_key_is_the_same_across_an_orbit() {
        let board = Board::EMPTY
            .play(Square::new(0, 1), Mark::X)
            .play(Square::new(2, 3), Mark::O)
            .play(Square::new(1, 1), Mark::X);
        let key = canonical_key(board.marks(Mark::X), board.marks(Mark::O));
        for g in 0..COUNT {
            let image = map_board(g, board);
            assert_eq!(
                canonical_key(image.marks(Mark::X), image.marks(Mark::O)),
                key
            );
        }
    }
}
