//! Shrinking a failing board: pieces removed while the program still
//! fails on it, the board staying a question of its class.
//!
//! Removing pieces never completes a line, and never raises a count, so a
//! smaller board keeps the "no line of four" rule and any upper bound of
//! its class (at most 4 pieces for `sparse`, 5 for `sparse-unequal`). What
//! a removal must keep is the class's rule on counts ([`CountRule`]); the
//! lower bounds of `six`, `eight` and `midgame` are not kept: a smaller
//! board with equal counts is still a question a judge may send.
//!
//! The search is greedy: try the removals of the current board in a fixed
//! order, take the first on which the program still fails, start again
//! from it; stop when none fails (the board is then minimal: no single
//! removal still fails) or when the runs allowed are spent.

use crate::game::bitboard::BitBoard;
use crate::game::board::{Board, Mark};
use crate::game::random::BoardClass;

/// What a removal must keep of the counts of x and o.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountRule {
    /// Equal counts: one x and one o are removed together.
    Equal,
    /// Different counts: one piece at a time, never leaving them equal.
    Unequal,
    /// Any counts: one piece at a time.
    Any,
}

impl CountRule {
    /// The rule of a class's boards.
    pub fn of(class: BoardClass) -> CountRule {
        match class {
            BoardClass::Judge
            | BoardClass::Sparse
            | BoardClass::Six
            | BoardClass::Eight
            | BoardClass::Midgame => CountRule::Equal,
            BoardClass::SparseUnequal => CountRule::Unequal,
            BoardClass::Unequal | BoardClass::Mixed => CountRule::Any,
        }
    }

    /// The boards one removal away from `board` that keep the rule, in a
    /// fixed order: squares in row-major order, x's square first for a pair.
    pub fn removals(self, board: Board) -> Vec<Board> {
        let (xs, os) = (board.marks(Mark::X), board.marks(Mark::O));
        let without = |x: BitBoard, o: BitBoard| {
            Board::from_sets(xs.and(x.not()), os.and(o.not())).expect("disjoint")
        };
        match self {
            CountRule::Equal => xs
                .into_iter()
                .flat_map(|x| os.into_iter().map(move |o| without(x.bit(), o.bit())))
                .collect(),
            // A square holds one mark: removing it from both sets removes it.
            CountRule::Unequal | CountRule::Any => xs
                .or(os)
                .into_iter()
                .map(|sq| without(sq.bit(), sq.bit()))
                .filter(|b| {
                    self == CountRule::Any || b.marks(Mark::X).len() != b.marks(Mark::O).len()
                })
                .collect(),
        }
    }
}

/// Where shrinking ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing board found.
    pub board: Board,
    /// Runs of the program spent.
    pub runs: usize,
    /// Whether no single removal of `board` still fails (`false`: the runs
    /// allowed were spent first).
    pub minimal: bool,
}

/// Shrinks `board`, on which the program fails, by `rule`, with at most
/// `max_runs` calls of `fails` (one run of the program each); stops at the
/// first error of `fails`.
pub fn shrink<E>(
    board: Board,
    rule: CountRule,
    max_runs: usize,
    mut fails: impl FnMut(Board) -> Result<bool, E>,
) -> Result<Shrunk, E> {
    let mut shrunk = Shrunk {
        board,
        runs: 0,
        minimal: false,
    };
    'smaller: loop {
        for candidate in rule.removals(shrunk.board) {
            if shrunk.runs == max_runs {
                return Ok(shrunk);
            }
            shrunk.runs += 1;
            if fails(candidate)? {
                shrunk.board = candidate;
                continue 'smaller;
            }
        }
        shrunk.minimal = true;
        return Ok(shrunk);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bitboard::Square;

    /// A board from its four rows.
    fn board(rows: [&str; 4]) -> Board {
        let mut b = Board::EMPTY;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    'x' => b = b.play(Square::new(r, c), Mark::X),
                    'o' => b = b.play(Square::new(r, c), Mark::O),
                    _ => {}
                }
            }
        }
        b
    }

    #[test]
    fn removals_keep_the_count_rule_in_a_fixed_order() {
        let b = board(["xo..", "x...", "..o.", "...x"]);
        let pairs = CountRule::Equal.removals(b);
        // 3 x and 2 o: every (x, o) pair, x's square first.
        assert_eq!(pairs.len(), 6);
        assert_eq!(pairs[0], board(["....", "x...", "..o.", "...x"]));
        assert_eq!(pairs[5], board(["xo..", "x...", "....", "...."]));
        let singles = CountRule::Any.removals(b);
        assert_eq!(singles.len(), 5);
        assert_eq!(singles[0], board([".o..", "x...", "..o.", "...x"]));
        assert_eq!(singles[1], board(["x...", "x...", "..o.", "...x"]));
        // Removing an x leaves 2 and 2: not for the unequal rule.
        let unequal = CountRule::Unequal.removals(b);
        assert_eq!(unequal.len(), 2);
        for smaller in unequal {
            assert_eq!(smaller.marks(Mark::X).len(), 3);
        }
    }

    #[test]
    fn shrinks_to_a_minimal_failing_board_within_its_runs() {
        // "Fails" while x holds (0,0) and (3,3): the smallest such board
        // with equal counts keeps those two x and two o.
        let b = board(["xo.o", "x.o.", "o.x.", "...x"]);
        let key = |b: Board| {
            b.get(Square::new(0, 0)) == Some(Mark::X) && b.get(Square::new(3, 3)) == Some(Mark::X)
        };
        let fails = |b: Board| Ok::<bool, ()>(key(b));
        let shrunk = shrink(b, CountRule::Equal, 1000, fails).unwrap();
        assert!(shrunk.minimal && key(shrunk.board));
        assert_eq!(shrunk.board.pieces(), 4);
        let cut = shrink(b, CountRule::Equal, 3, fails).unwrap();
        assert_eq!((cut.runs, cut.minimal), (3, false));
        assert!(key(cut.board));
    }
}
