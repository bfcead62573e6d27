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
//! removal still fails, unless some of them timed out and might fail given
//! more time) or when the runs allowed are spent.

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

    /// The rule for a board of no known class: equal counts stay equal;
    /// otherwise any counts.
    pub fn of_board(board: Board) -> CountRule {
        if board.marks(Mark::X).len() == board.marks(Mark::O).len() {
            CountRule::Equal
        } else {
            CountRule::Any
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

/// What one run on a smaller board showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The program fails on it as it failed on the board shrunk.
    Fails,
    /// It hit the time limit (and that was not the failure sought): it
    /// might fail as sought given more time.
    TimedOut,
    /// Anything else: accepted, or another failure.
    Other,
}

/// Why shrinking ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every single removal of the board was tried and none fails as
    /// sought; `timed_out` of the `removals` hit the time limit.
    Tried {
        /// The board's single removals (all tried).
        removals: usize,
        /// How many of them timed out.
        timed_out: usize,
    },
    /// The runs allowed were spent first.
    RunsSpent,
    /// A run could not be made (the error is returned beside).
    Stopped,
}

/// Where shrinking ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing board found.
    pub board: Board,
    /// Runs of the program spent.
    pub runs: usize,
    /// How many of them timed out ([`Outcome::TimedOut`]).
    pub timed_out: usize,
    /// Why it ended.
    pub end: End,
}

impl Shrunk {
    /// Whether no single removal of the board still fails, or might given
    /// more time.
    pub fn minimal(&self) -> bool {
        matches!(self.end, End::Tried { timed_out: 0, .. })
    }
}

/// Shrinks `board`, on which the program fails, by `rule`, with at most
/// `max_runs` calls of `run` (one run of the program each, saying what it
/// showed); stops at the first error of `run`, returned with where it was.
pub fn shrink<E>(
    board: Board,
    rule: CountRule,
    max_runs: usize,
    mut run: impl FnMut(Board) -> Result<Outcome, E>,
) -> (Shrunk, Option<E>) {
    let mut shrunk = Shrunk {
        board,
        runs: 0,
        timed_out: 0,
        end: End::RunsSpent,
    };
    'smaller: loop {
        let removals = rule.removals(shrunk.board);
        let mut timed_out = 0;
        for &candidate in &removals {
            if shrunk.runs == max_runs {
                shrunk.end = End::RunsSpent;
                return (shrunk, None);
            }
            shrunk.runs += 1;
            match run(candidate) {
                Err(e) => {
                    shrunk.end = End::Stopped;
                    return (shrunk, Some(e));
                }
                Ok(Outcome::Fails) => {
                    shrunk.board = candidate;
                    continue 'smaller;
                }
                Ok(Outcome::TimedOut) => {
                    shrunk.timed_out += 1;
                    timed_out += 1;
                }
                Ok(Outcome::Other) => {}
            }
        }
        shrunk.end = End::Tried {
            removals: removals.len(),
            timed_out,
        };
        return (shrunk, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from four rows of `.`, `x`, `o`.
    fn board(rows: [&str; 4]) -> Board {
        Board::from_rows(rows)
    }
    use crate::game::bitboard::Square;

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
        let fails = |b: Board| {
            Ok::<_, ()>(if key(b) {
                Outcome::Fails
            } else {
                Outcome::Other
            })
        };
        let (shrunk, error) = shrink(b, CountRule::Equal, 1000, fails);
        assert!(error.is_none() && shrunk.minimal() && key(shrunk.board));
        assert_eq!(shrunk.board.pieces(), 4);
        let (cut, _) = shrink(b, CountRule::Equal, 3, fails);
        assert_eq!(
            (cut.runs, cut.end, cut.minimal()),
            (3, End::RunsSpent, false)
        );
        assert!(key(cut.board));
    }

    #[test]
    fn removals_that_time_out_are_counted_and_leave_it_not_known_minimal() {
        // Fails while x holds (0,0); times out on any board without (3,3).
        let b = board(["xo.o", "x.o.", "o.x.", "...x"]);
        let outcome = |b: Board| {
            Ok::<_, ()>(if b.get(Square::new(3, 3)) != Some(Mark::X) {
                Outcome::TimedOut
            } else if b.get(Square::new(0, 0)) == Some(Mark::X) {
                Outcome::Fails
            } else {
                Outcome::Other
            })
        };
        let (shrunk, _) = shrink(b, CountRule::Equal, 1000, outcome);
        assert!(!shrunk.minimal());
        // Two x and two o left: of the 4 pairs, the 2 with (3,3) time out.
        assert_eq!(shrunk.board.pieces(), 4);
        assert_eq!(
            shrunk.end,
            End::Tried {
                removals: 4,
                timed_out: 2
            }
        );
        assert!(shrunk.timed_out >= 2);
    }

    #[test]
    fn an_error_stops_it_where_it_was() {
        let b = board(["xo..", "x...", "..o.", "...x"]);
        let mut calls = 0;
        let (shrunk, error) = shrink(b, CountRule::Any, 1000, |smaller| {
            calls += 1;
            if calls == 1 {
                Ok(Outcome::Fails)
            } else {
                Err(smaller)
            }
        });
        assert_eq!(shrunk.end, End::Stopped);
        assert_eq!(shrunk.board, board([".o..", "x...", "..o.", "...x"]));
        assert_eq!(shrunk.runs, 2);
        assert!(error.is_some());
    }
}
