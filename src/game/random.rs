//! Seeded random boards, so that every benchmark and test run sees the
//! same work: the generator, legal boards drawn uniformly, and the classes
//! of boards the benchmarks and comparisons use.

use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Mark};

/// SplitMix64: a small, fast generator with a 64-bit state.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let r = self.next_u64();
            if r < zone {
                return r % n;
            }
        }
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

/// Whether no line of four is complete on `board`: whether it can be asked.
fn is_question(board: Board) -> bool {
    !board.has_four(Mark::X) && !board.has_four(Mark::O)
}

/// `x` marks of x and `o` of o on squares drawn uniformly; lines allowed.
fn placement(rng: &mut Rng, x: usize, o: usize) -> Board {
    assert!(x + o <= 16);
    let mut squares: Vec<usize> = (0..16).collect();
    for i in 0..x + o {
        let j = i + rng.below((16 - i) as u64) as usize;
        squares.swap(i, j);
    }
    let set = |range: &[usize]| {
        range
            .iter()
            .fold(BitBoard::EMPTY, |s, &i| s.with(Square::from_index(i)))
    };
    Board::from_sets(set(&squares[..x]), set(&squares[x..x + o])).expect("disjoint")
}

/// A board drawn uniformly from those with `x` marks of x, `o` of o and
/// no line of four (`x + o <= 16`, and such a board must exist).
pub fn random_board(rng: &mut Rng, x: usize, o: usize) -> Board {
    loop {
        let board = placement(rng, x, o);
        if is_question(board) {
            return board;
        }
    }
}

/// Number of boards with `k` marks of each kind, lines allowed:
/// C(16, k) · C(16 - k, k).
fn equal_count_boards(k: u64) -> u64 {
    let choose = |n: u64, r: u64| (0..r).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
    choose(16, k) * choose(16 - k, k)
}

/// A question drawn uniformly from all legal boards with equal counts (no
/// line of four), as a judge would send: the count by its share of all
/// boards, then the squares, then drawn again if a line is complete.
pub fn uniform_question(rng: &mut Rng) -> Board {
    let total: u64 = (0..=8).map(equal_count_boards).sum();
    loop {
        let mut pick = rng.below(total);
        let mut k = 0;
        while pick >= equal_count_boards(k) {
            pick -= equal_count_boards(k);
            k += 1;
        }
        // Drawing the count again on a rejection keeps the draw uniform.
        let board = placement(rng, k as usize, k as usize);
        if is_question(board) {
            return board;
        }
    }
}

/// Families of boards for benchmarks and comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardClass {
    /// Uniform over all legal boards with equal counts, as a judge sends.
    Judge,
    /// Equal counts, at most 4 pieces.
    Sparse,
    /// Unequal counts, at most 5 pieces.
    SparseUnequal,
    /// 3 x and 3 o.
    Six,
    /// 4 x and 4 o.
    Eight,
    /// Equal counts, 6 to 12 pieces.
    Midgame,
    /// Any legal counts, equal or not, 0 to 16 pieces.
    Unequal,
    /// Each board from a class of [`BoardClass::ALL`] or `Unequal`, drawn
    /// at random (named `all`).
    Mixed,
}

impl BoardClass {
    /// The classes tables list, in their order (every class but `Unequal`
    /// and `Mixed`).
    pub const ALL: [BoardClass; 6] = [
        BoardClass::Judge,
        BoardClass::Sparse,
        BoardClass::SparseUnequal,
        BoardClass::Six,
        BoardClass::Eight,
        BoardClass::Midgame,
    ];

    /// Every class that has a name: [`BoardClass::ALL`], then `Unequal`
    /// and `Mixed`.
    pub const NAMED: [BoardClass; 8] = {
        let mut named = [BoardClass::Unequal; 8];
        let mut i = 0;
        while i < BoardClass::ALL.len() {
            named[i] = BoardClass::ALL[i];
            i += 1;
        }
        named[7] = BoardClass::Mixed;
        named
    };

    /// The class's name on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            BoardClass::Judge => "judge",
            BoardClass::Sparse => "sparse",
            BoardClass::SparseUnequal => "sparse-unequal",
            BoardClass::Six => "six",
            BoardClass::Eight => "eight",
            BoardClass::Midgame => "midgame",
            BoardClass::Unequal => "unequal",
            BoardClass::Mixed => "all",
        }
    }

    /// What the class holds, in a few words.
    pub fn summary(self) -> &'static str {
        match self {
            BoardClass::Judge => {
                "uniform over all legal boards with equal counts, as a judge sends"
            }
            BoardClass::Sparse => "equal counts, at most 4 pieces",
            BoardClass::SparseUnequal => "unequal counts, at most 5 pieces",
            BoardClass::Six => "3 x and 3 o",
            BoardClass::Eight => "4 x and 4 o",
            BoardClass::Midgame => "equal counts, 6 to 12 pieces",
            BoardClass::Unequal => "any legal counts, equal or not, 0 to 16 pieces",
            BoardClass::Mixed => "each board from one of the other classes, drawn at random",
        }
    }

    /// The class called `name`.
    pub fn from_name(name: &str) -> Option<BoardClass> {
        BoardClass::NAMED.into_iter().find(|c| c.name() == name)
    }

    /// One board of the class.
    pub fn draw(self, rng: &mut Rng) -> Board {
        match self {
            BoardClass::Judge => uniform_question(rng),
            BoardClass::Sparse => {
                let k = rng.below(3) as usize;
                random_board(rng, k, k)
            }
            BoardClass::SparseUnequal => loop {
                let (x, o) = (rng.below(6) as usize, rng.below(6) as usize);
                if x != o && x + o <= 5 {
                    return random_board(rng, x, o);
                }
            },
            BoardClass::Six => random_board(rng, 3, 3),
            BoardClass::Eight => random_board(rng, 4, 4),
            BoardClass::Midgame => {
                let k = 3 + rng.below(4) as usize;
                random_board(rng, k, k)
            }
            BoardClass::Unequal => {
                // Some board has x and o marks with no line of four exactly
                // when x <= 12, o <= 12 and x + o <= 16.
                let pieces = rng.below(17) as usize;
                let lo = pieces.saturating_sub(12);
                let x = lo + rng.below((pieces.min(12) - lo + 1) as u64) as usize;
                random_board(rng, x, pieces - x)
            }
            BoardClass::Mixed => {
                // Every named class but `Mixed` itself, the last.
                let others = &BoardClass::NAMED[..BoardClass::NAMED.len() - 1];
                others[rng.below(others.len() as u64) as usize].draw(rng)
            }
        }
    }

    /// `count` boards of the class from `seed`.
    pub fn boards(self, seed: u64, count: usize) -> Vec<Board> {
        let mut rng = Rng::new(seed);
        (0..count).map(|_| self.draw(&mut rng)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether no line of four is complete, found line by line.
    fn no_four(board: Board) -> bool {
        board.four(Mark::X).is_none() && board.four(Mark::O).is_none()
    }

    #[test]
    fn the_same_seed_gives_the_same_boards() {
        let draw = |seed| {
            let mut rng = Rng::new(seed);
            (0..50)
                .map(|_| uniform_question(&mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
        for board in draw(7) {
            assert_eq!(board.marks(Mark::X).len(), board.marks(Mark::O).len());
            assert!(no_four(board));
        }
    }

    #[test]
    fn random_boards_have_the_asked_counts_and_no_line() {
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let (x, o) = (rng.below(9) as usize, rng.below(8) as usize);
            let board = random_board(&mut rng, x, o);
            assert_eq!(
                (
                    board.marks(Mark::X).len() as usize,
                    board.marks(Mark::O).len() as usize
                ),
                (x, o)
            );
            assert!(no_four(board));
        }
    }

    #[test]
    fn unequal_and_mixed_boards_are_legal_and_varied() {
        let mut rng = Rng::new(11);
        let (mut counts, mut unequal) = ([false; 17], 0);
        for _ in 0..2000 {
            let board = BoardClass::Unequal.draw(&mut rng);
            assert!(no_four(board));
            counts[board.pieces() as usize] = true;
            unequal += (board.marks(Mark::X).len() != board.marks(Mark::O).len()) as usize;
        }
        assert!(counts.iter().all(|&seen| seen) && unequal > 1000);
        for board in BoardClass::Mixed.boards(12, 500) {
            assert!(no_four(board));
        }
        assert_eq!(BoardClass::from_name("all"), Some(BoardClass::Mixed));
        for class in BoardClass::NAMED {
            assert_eq!(BoardClass::from_name(class.name()), Some(class));
        }
    }
}
