//! The 4×4 board: where the x and o marks are, and the rules of four in a row.

use crate::game::bitboard::{BitBoard, Square};
use crate::game::line_tables::{ALL_LINES, SET_FACTS, SQUARES_ON, SetFacts};
use crate::game::lines::{LINE_COUNT, LINES};
use std::fmt;
use std::str::FromStr;

/// A player's mark. x is MAX and always moves first in a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The player who is to move in every question (MAX).
    X,
    /// The opponent (MIN).
    O,
}

impl Mark {
    /// The other player.
    #[inline]
    pub const fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
}

/// What the rules force on the player to move, before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced {
    /// The mover completes a line at this square (the first such square).
    Win(Square),
    /// The opponent threatens to complete lines at two or more squares.
    Lose,
    /// The opponent threatens exactly this square: it must be blocked.
    Block(Square),
    /// Nothing is forced.
    Free,
}

/// A 4×4 board: two disjoint sets of squares, x's and o's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    x: BitBoard,
    o: BitBoard,
}

impl Board {
    /// A board from four rows of `.`, `x`, `o` (tests only).
    #[cfg(test)]
    pub(crate) fn from_rows(rows: [&str; 4]) -> Board {
        rows.join("\n").parse().expect("four rows of four cells")
    }

    /// The empty board.
    pub const EMPTY: Board = Board {
        x: BitBoard::EMPTY,
        o: BitBoard::EMPTY,
    };

    /// A board from the squares of each mark; `None` if they overlap.
    #[inline]
    pub const fn from_sets(x: BitBoard, o: BitBoard) -> Option<Board> {
        if x.0 & o.0 == 0 {
            Some(Board { x, o })
        } else {
            None
        }
    }

    /// The squares holding `mark`.
    #[inline]
    pub const fn marks(self, mark: Mark) -> BitBoard {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// The mark on `sq`, if any.
    #[inline]
    pub const fn get(self, sq: Square) -> Option<Mark> {
        if self.x.has(sq) {
            Some(Mark::X)
        } else if self.o.has(sq) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The empty squares.
    #[inline]
    pub const fn empty(self) -> BitBoard {
        BitBoard(!(self.x.0 | self.o.0))
    }

    /// Number of marks on the board.
    #[inline]
    pub const fn pieces(self) -> u32 {
        self.x.len() + self.o.len()
    }

    /// The board with `mark` placed on the empty square `sq`.
    #[inline]
    pub const fn play(self, sq: Square, mark: Mark) -> Board {
        debug_assert!(!self.x.has(sq) && !self.o.has(sq));
        match mark {
            Mark::X => Board {
                x: self.x.with(sq),
                o: self.o,
            },
            Mark::O => Board {
                x: self.x,
                o: self.o.with(sq),
            },
        }
    }

    /// The index in the ten lines of the first line that `mark` has completed.
    #[inline]
    pub fn four(self, mark: Mark) -> Option<usize> {
        let own = self.marks(mark).0;
        LINES.iter().position(|line| own & line.0 == line.0)
    }

    /// Whether `mark` has four in a line: a full row, a full column or a
    /// full diagonal, found with shifts rather than line by line.
    #[inline]
    pub const fn has_four(self, mark: Mark) -> bool {
        let own = self.marks(mark).0;
        // Bit 4r of `rows` is row r, bit c of `columns` is column c.
        let rows = own & own >> 1 & own >> 2 & own >> 3 & 0x1111;
        let columns = own & own >> 4 & own >> 8 & own >> 12;
        let [diagonal, anti] = [LINES[8].0, LINES[9].0];
        rows | columns != 0 || own & diagonal == diagonal || own & anti == anti
    }

    /// Loads the line-table entries of both players' sets and drops them:
    /// a board about to be searched then finds them in the cache (the
    /// table is too big for the fastest one, and boards look up entries
    /// no predictor can guess).
    #[inline]
    pub fn touch_line_facts(self) {
        std::hint::black_box(SET_FACTS[self.x.0 as usize]);
        std::hint::black_box(SET_FACTS[self.o.0 as usize]);
    }

    /// The facts about the lines for `mark`'s set of squares.
    #[inline]
    fn facts(self, mark: Mark) -> SetFacts {
        SET_FACTS[self.marks(mark).0 as usize]
    }

    /// The empty squares where `mark` would complete a line.
    #[inline]
    pub fn threats(self, mark: Mark) -> BitBoard {
        BitBoard(self.facts(mark).completers & self.empty().0)
    }

    /// The lines (bit `i` for `LINES[i]`) that hold no mark of `mark`'s
    /// opponent: the lines `mark` could still complete.
    #[inline]
    pub fn open_lines(self, mark: Mark) -> u16 {
        ALL_LINES & !self.facts(mark.other()).touched
    }

    /// Empty squares where `mark` would make three in an open line: the
    /// moves that create a threat.
    #[inline]
    pub fn threat_makers(self, mark: Mark) -> BitBoard {
        let lines = self.facts(mark).pairs & self.open_lines(mark);
        BitBoard(SQUARES_ON[lines as usize][0] & self.empty().0)
    }

    /// Whether `mark`'s opponent can pair the empty squares: one pair of
    /// empty squares inside each line `mark` could still complete, no
    /// square in two pairs. Then whenever `mark` takes a square of a pair
    /// the opponent takes the other, and `mark` never completes a line.
    #[inline]
    pub fn has_pairing_against(self, mark: Mark) -> bool {
        let (facts, empty) = (self.facts(mark), self.empty().0);
        let open = self.open_lines(mark);
        // The open lines holding two of `mark`'s squares have exactly two
        // empty squares: their pairs are forced.
        let forced = facts.pairs & open;
        let [used, shared, _] = SQUARES_ON[forced as usize].map(|squares| squares & empty);
        // No pairing if two forced pairs share a square, or if an open line
        // has exactly one empty square (`mark` holds three: a threat).
        // Worked out in full, then tested once: the answer is hard to
        // predict.
        let threat = facts.completers & empty != 0;
        if threat | (shared != 0) {
            return false;
        }
        // The other open lines have three or four empty squares and choose,
        // or none (`mark` holds four), and `pairs_fit` finds no pair.
        pairs_fit(open & !forced, empty & !used)
    }

    /// What the rules force on `mover` (who is to move): an immediate win,
    /// a lost position, a block, or nothing.
    #[inline]
    pub fn forced(self, mover: Mark) -> Forced {
        if let Some(sq) = self.threats(mover).first() {
            return Forced::Win(sq);
        }
        self.defence(mover)
    }

    /// What the opponent's threats alone force on `mover` (who is to
    /// move), whatever `mover`'s own: nothing, a block, or a lost position.
    #[inline]
    pub fn defence(self, mover: Mark) -> Forced {
        let blocks = self.threats(mover.other());
        match blocks.first() {
            None => Forced::Free,
            Some(_) if blocks.has_several() => Forced::Lose,
            Some(sq) => Forced::Block(sq),
        }
    }
}

/// The four rows, top first, of `.`, `x` and `o`, each ending in a newline:
/// the board as the judge writes it.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [b'\n'; 20];
        for index in 0..16 {
            text[index / 4 * 5 + index % 4] = match self.get(Square::from_index(index)) {
                Some(Mark::X) => b'x',
                Some(Mark::O) => b'o',
                None => b'.',
            };
        }
        f.write_str(std::str::from_utf8(&text).expect("ASCII"))
    }
}

/// Why a text is not a board: the row (from 1) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoardError {
    /// The row, from 1 (5: a row too many).
    pub row: usize,
    /// What is wrong with it.
    pub message: &'static str,
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}: {}", self.row, self.message)
    }
}

impl std::error::Error for ParseBoardError {}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Four rows of four cells, `.`, `x` or `o`, a line each, as a board
    /// displays; spaces around a row, and blank lines around the board,
    /// are allowed. Any position: whether it is a question (x to move, no
    /// four yet) is the judge's protocol to check.
    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let mut board = Board::EMPTY;
        let mut rows = text.trim().lines().map(str::trim);
        for r in 0..4 {
            let error = |message| ParseBoardError {
                row: r + 1,
                message,
            };
            let row = rows.next().ok_or(error("missing"))?;
            if row.len() != 4 {
                return Err(error("not 4 cells"));
            }
            for (c, cell) in row.bytes().enumerate() {
                let mark = match cell {
                    b'x' => Mark::X,
                    b'o' => Mark::O,
                    b'.' => continue,
                    _ => return Err(error("a cell other than '.', 'x' or 'o'")),
                };
                board = board.play(Square::new(r, c), mark);
            }
        }
        match rows.next() {
            Some(_) => Err(ParseBoardError {
                row: 5,
                message: "more than 4 rows",
            }),
            None => Ok(board),
        }
    }
}

/// Whether each line of the line set `lines` can get its own pair of
/// squares from `free`, no square in two pairs.
fn pairs_fit(lines: u16, free: u16) -> bool {
    let rest = lines & lines.wrapping_sub(1);
    if rest & rest.wrapping_sub(1) == 0 {
        return two_pairs_fit(lines, free);
    }
    // Three lines or more: each pair for the first, then the others.
    let first = LINES[lines.trailing_zeros() as usize].0 & free;
    let mut a_set = first;
    while a_set != 0 {
        let a = a_set & a_set.wrapping_neg();
        a_set &= a_set - 1;
        let mut b_set = a_set;
        while b_set != 0 {
            let b = b_set & b_set.wrapping_neg();
            b_set &= b_set - 1;
            if pairs_fit(rest, free & !(a | b)) {
                return true;
            }
        }
    }
    false
}

/// [`pairs_fit`] for at most two lines, without a branch. Two lines share
/// at most one square: each needs two free squares, and if they share a
/// free square, one of them needs a third.
#[inline]
fn two_pairs_fit(lines: u16, free: u16) -> bool {
    /// The lines by number, then none (for the numbers of missing lines).
    const LINE_OR_NONE: [u16; 17] = {
        let mut table = [0; 17];
        let mut i = 0;
        while i < LINE_COUNT {
            table[i] = LINES[i].0;
            i += 1;
        }
        table
    };
    let (i, j) = (
        lines.trailing_zeros(),
        (lines & lines.wrapping_sub(1)).trailing_zeros(),
    );
    let [a, b] = [i, j].map(|line| BitBoard(LINE_OR_NONE[line as usize] & free));
    let a_fits = (i as usize >= LINE_COUNT) | a.has_several();
    let b_fits = (j as usize >= LINE_COUNT) | b.has_several();
    let three = |set: BitBoard| BitBoard(set.0 & set.0.wrapping_sub(1)).has_several();
    a_fits & b_fits & ((a.0 & b.0 == 0) | three(a) | three(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from four rows of `.`, `x`, `o`.
    fn board(rows: [&str; 4]) -> Board {
        Board::from_rows(rows)
    }

    #[test]
    fn displays_the_four_rows_and_parses_them_back() {
        let rows = ["x...", ".o..", "....", "ox.x"];
        assert_eq!(board(rows).to_string(), "x...\n.o..\n....\nox.x\n");
        assert_eq!(Board::EMPTY.to_string(), "....\n".repeat(4));
        let b = board(rows);
        assert_eq!(b.to_string().parse(), Ok(b));
        assert_eq!(" x... \n.o..\n....\nox.x".parse(), Ok(b));
        let error = |row, message| Err(ParseBoardError { row, message });
        assert_eq!("x...\n.o..\n....".parse::<Board>(), error(4, "missing"));
        assert_eq!(
            "x...\n.o.\n....\n....".parse::<Board>(),
            error(2, "not 4 cells")
        );
        let bad = error(1, "a cell other than '.', 'x' or 'o'");
        assert_eq!("x.y.\n....\n....\n....".parse::<Board>(), bad);
        let extra = "....\n".repeat(5).parse::<Board>();
        assert_eq!(extra.unwrap_err().to_string(), "row 5: more than 4 rows");
    }

    #[test]
    fn fours_are_found_on_every_kind_of_line() {
        assert_eq!(
            board(["xxxx", "....", "....", "...."]).four(Mark::X),
            Some(0)
        );
        assert_eq!(
            board(["..o.", "..o.", "..o.", "..o."]).four(Mark::O),
            Some(6)
        );
        assert_eq!(
            board(["x...", ".x..", "..x.", "...x"]).four(Mark::X),
            Some(8)
        );
        assert_eq!(
            board(["...o", "..o.", ".o..", "o..."]).four(Mark::O),
            Some(9)
        );
        assert_eq!(board(["xxx.", "....", "....", "...."]).four(Mark::X), None);
    }

    #[test]
    fn has_four_agrees_with_the_lines_on_every_set() {
        for m in 0..=u16::MAX {
            let board = Board::from_sets(BitBoard(m), BitBoard::EMPTY).expect("disjoint");
            let expected = LINES.iter().any(|line| m & line.0 == line.0);
            assert_eq!(board.has_four(Mark::X), expected, "{m:#06x}");
        }
    }

    #[test]
    fn threats_need_three_marks_and_an_empty_fourth() {
        let b = board(["xxx.", "o...", "o...", "x..."]);
        assert_eq!(b.threats(Mark::X), Square::new(0, 3).bit());
        assert_eq!(b.threats(Mark::O), BitBoard::EMPTY);
        let blocked = board(["xxxo", "....", "....", "...."]);
        assert_eq!(blocked.threats(Mark::X), BitBoard::EMPTY);
    }

    #[test]
    fn forced_moves_follow_the_rules() {
        let win = board(["xxx.", "ooo.", "....", "...."]);
        assert_eq!(win.forced(Mark::X), Forced::Win(Square::new(0, 3)));
        assert_eq!(win.forced(Mark::O), Forced::Win(Square::new(1, 3)));
        let block = board(["xx..", "ooo.", "x...", "...."]);
        assert_eq!(block.forced(Mark::X), Forced::Block(Square::new(1, 3)));
        let lost = board(["xx..", "ooo.", ".o..", "o..x"]);
        assert_eq!(lost.forced(Mark::X), Forced::Lose);
        // Two lines that both need the same square are one threat.
        let shared = board(["ooo.", "...o", "...o", "x..o"]);
        assert_eq!(shared.forced(Mark::X), Forced::Block(Square::new(0, 3)));
        assert_eq!(Board::EMPTY.forced(Mark::X), Forced::Free);
    }

    #[test]
    fn open_lines_are_lines_without_the_opponent() {
        assert_eq!(Board::EMPTY.open_lines(Mark::X).count_ones(), 10);
        let centre_o = board(["....", ".o..", "....", "...."]);
        assert_eq!(centre_o.open_lines(Mark::X).count_ones(), 7);
        assert_eq!(centre_o.open_lines(Mark::O).count_ones(), 10);
    }

    /// Every way to give each line `mark` could still complete a pair of
    /// its empty squares, tried one by one: whether one has no square in
    /// two pairs.
    fn pairing_by_brute_force(board: Board, mark: Mark) -> bool {
        let other = board.marks(mark.other()).0;
        let empty = board.empty().0;
        let choices: Vec<Vec<u16>> = LINES
            .iter()
            .filter(|line| line.0 & other == 0)
            .map(|line| {
                let squares: Vec<u16> = (0..16)
                    .map(|i| 1u16 << i)
                    .filter(|bit| line.0 & empty & bit != 0)
                    .collect();
                let mut pairs = Vec::new();
                for (i, a) in squares.iter().enumerate() {
                    for b in &squares[i + 1..] {
                        pairs.push(a | b);
                    }
                }
                pairs
            })
            .collect();
        let mut pick = vec![0usize; choices.len()];
        if choices.iter().any(Vec::is_empty) {
            return false;
        }
        loop {
            let mut taken = 0u16;
            let mut disjoint = true;
            for (pairs, &k) in choices.iter().zip(&pick) {
                disjoint &= taken & pairs[k] == 0;
                taken |= pairs[k];
            }
            if disjoint {
                return true;
            }
            // The next combination, as an odometer.
            let mut i = 0;
            loop {
                if i == pick.len() {
                    return false;
                }
                pick[i] += 1;
                if pick[i] < choices[i].len() {
                    break;
                }
                pick[i] = 0;
                i += 1;
            }
        }
    }

    #[test]
    fn pairings_are_found_exactly_when_one_exists() {
        // A generator of the test's own (game::random is built on boards).
        let mut state = 1568u64;
        let mut below = |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 33) % n
        };
        let (mut found, mut boards) = (0, 0);
        while boards < 5_000 {
            let mut b = Board::EMPTY;
            // Mostly full boards, where pairings are in question.
            let pieces = 7 + below(8) as usize;
            for _ in 0..pieces {
                let sq = Square::from_index(below(16) as usize);
                if b.get(sq).is_none() {
                    let mark = if below(2) == 0 { Mark::X } else { Mark::O };
                    b = b.play(sq, mark);
                }
            }
            for mark in [Mark::X, Mark::O] {
                let expected = pairing_by_brute_force(b, mark);
                assert_eq!(b.has_pairing_against(mark), expected, "{b:?} {mark:?}");
                found += expected as u32;
            }
            boards += 1;
        }
        // Both answers occur often.
        assert!(found > 500 && found < 9_500, "{found} pairings");
    }

    #[test]
    fn threat_makers_need_two_marks_in_an_open_line() {
        let b = board(["xx..", "o...", "....", "x..."]);
        // Row 0 gives (0,2) and (0,3); column 0 is blocked by o.
        assert_eq!(
            b.threat_makers(Mark::X),
            Square::new(0, 2).bit().or(Square::new(0, 3).bit())
        );
        assert_eq!(b.threat_makers(Mark::O), BitBoard::EMPTY);
    }
}
