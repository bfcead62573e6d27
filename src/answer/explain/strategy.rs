//! Quickest wins and the winning strategy behind an answer.
//!
//! A player *wins within n* when it completes four by its n-th move at the
//! latest, whatever the opponent does. [`Planner::distance`] finds the
//! least such n for x (to move) by iterative deepening, each bound settled
//! by a search that follows the forced moves of the rules: a threat must
//! be blocked, two threats cannot both be, a single threat of x leaves o
//! only the block. Bounds proven for a board are remembered.
//!
//! The strategy from a board is the tree where x, at each turn, plays the
//! first square in row-major order that wins within the board's least n,
//! and o's every reply gets its own branch. Each root-to-leaf path is one
//! line of play, ending with x completing four.

use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Mark};
use std::collections::HashMap;

/// What is known of a board with x to move: the largest bound proven not
/// enough, and the least proven enough (`u8::MAX` if none is).
#[derive(Clone, Copy, Debug)]
struct Bounds {
    fails: u8,
    wins: u8,
}

/// Finds quickest wins and walks the strategies built from them.
#[derive(Debug, Default)]
pub struct Planner {
    /// Bounds proven for boards with x to move.
    known: HashMap<Board, Bounds>,
    /// Line counts of strategies from boards with x to move.
    counts: HashMap<Board, u64>,
}

impl Planner {
    /// A planner that knows nothing yet.
    pub fn new() -> Planner {
        Planner::default()
    }

    /// Forgets every proven bound and count (to bound memory between boards).
    pub fn clear(&mut self) {
        self.known.clear();
        self.counts.clear();
    }

    /// The least n such that x, to move on `board`, wins within n moves;
    /// `None` if x has no forced win.
    pub fn distance(&mut self, board: Board) -> Option<u32> {
        // x makes at most one move in every two empty squares.
        let most = board.empty().len().div_ceil(2);
        (1..=most).find(|&n| self.x_wins_within(board, n))
    }

    /// The least n such that x, after playing `first` on `board`, wins
    /// within n moves counting `first`; `None` if `first` does not force a
    /// win.
    pub fn distance_after(&mut self, board: Board, first: Square) -> Option<u32> {
        let after = board.play(first, Mark::X);
        let most = board.empty().len().div_ceil(2);
        (1..=most).find(|&n| self.o_loses_within(after, n - 1))
    }

    /// Whether x, to move on `board`, wins within `n` moves.
    fn x_wins_within(&mut self, board: Board, n: u32) -> bool {
        if board.has_four(Mark::O) || n == 0 {
            return false;
        }
        if !board.threats(Mark::X).is_empty() {
            return true;
        }
        let o_threats = board.threats(Mark::O);
        if n == 1 || o_threats.len() >= 2 || board.has_pairing_against(Mark::X) {
            return false;
        }
        let n8 = n as u8;
        if let Some(bounds) = self.known.get(&board) {
            if n8 >= bounds.wins {
                return true;
            }
            if n8 <= bounds.fails {
                return false;
            }
        }
        let moves = if o_threats.is_empty() {
            board.empty()
        } else {
            o_threats
        };
        let wins = ordered(moves, lively(board))
            .any(|m| self.o_loses_within(board.play(m, Mark::X), n - 1));
        let bounds = self.known.entry(board).or_insert(Bounds {
            fails: 0,
            wins: u8::MAX,
        });
        if wins {
            bounds.wins = bounds.wins.min(n8);
        } else {
            bounds.fails = bounds.fails.max(n8);
        }
        wins
    }

    /// Whether o, to move on `board`, loses to x within `n` more moves of x.
    fn o_loses_within(&mut self, board: Board, n: u32) -> bool {
        if board.has_four(Mark::X) {
            return true;
        }
        if board.empty().is_empty() || !board.threats(Mark::O).is_empty() || n == 0 {
            return false;
        }
        let x_threats = board.threats(Mark::X);
        match x_threats.len() {
            0 => ordered(board.empty(), lively(board))
                .all(|r| self.x_wins_within(board.play(r, Mark::O), n)),
            // Any other reply lets x complete four at once.
            1 => {
                let block = x_threats.first().expect("one threat");
                self.x_wins_within(board.play(block, Mark::O), n)
            }
            _ => true,
        }
    }

    /// x's move in the strategy from `board` (x to move, a forced win): the
    /// first square in row-major order that wins within the least number
    /// of moves; `None` if x has no forced win.
    pub fn strategy_move(&mut self, board: Board) -> Option<Square> {
        let n = self.distance(board)?;
        if n == 1 {
            return board.threats(Mark::X).first();
        }
        board
            .empty()
            .into_iter()
            .find(|&m| self.o_loses_within(board.play(m, Mark::X), n - 1))
    }

    /// The number of lines of the strategy that starts with x playing
    /// `first` on `board`; 0 if `first` does not force a win. Counts past
    /// `u64::MAX` stay there.
    pub fn line_count(&mut self, board: Board, first: Square) -> u64 {
        if self.distance_after(board, first).is_none() {
            return 0;
        }
        self.replies_count(board.play(first, Mark::X))
    }

    /// Lines of the strategy after x's move (o to move on `board`).
    fn replies_count(&mut self, board: Board) -> u64 {
        if board.has_four(Mark::X) {
            return 1;
        }
        board.empty().into_iter().fold(0u64, |sum, r| {
            sum.saturating_add(self.moves_count(board.play(r, Mark::O)))
        })
    }

    /// Lines of the strategy from `board`, x to move and winning.
    fn moves_count(&mut self, board: Board) -> u64 {
        if let Some(&count) = self.counts.get(&board) {
            return count;
        }
        let m = self
            .strategy_move(board)
            .expect("every board of a strategy is a forced win for x");
        let count = self.replies_count(board.play(m, Mark::X));
        self.counts.insert(board, count);
        count
    }

    /// Calls `line` with every line of the strategy that starts with x
    /// playing `first` on `board` (which must force a win), in order: o's
    /// replies in row-major order at each of o's turns. Stops at the first
    /// error `line` returns.
    pub fn for_each_line<E>(
        &mut self,
        board: Board,
        first: Square,
        line: &mut dyn FnMut(&[Square]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut path = vec![first];
        self.walk(board.play(first, Mark::X), &mut path, line)
    }

    /// Walks the strategy after x's last move in `path` (o to move on `board`).
    fn walk<E>(
        &mut self,
        board: Board,
        path: &mut Vec<Square>,
        line: &mut dyn FnMut(&[Square]) -> Result<(), E>,
    ) -> Result<(), E> {
        if board.has_four(Mark::X) {
            return line(path);
        }
        for r in board.empty() {
            let after = board.play(r, Mark::O);
            let m = self
                .strategy_move(after)
                .expect("every board of a strategy is a forced win for x");
            path.extend([r, m]);
            self.walk(after.play(m, Mark::X), path, line)?;
            path.truncate(path.len() - 2);
        }
        Ok(())
    }
}

/// The squares of `moves`, those in `first` before the others, each group
/// in row-major order.
fn ordered(moves: BitBoard, first: BitBoard) -> impl Iterator<Item = Square> {
    let early = moves.and(first);
    early.into_iter().chain(moves.and(early.not()))
}

/// Squares where either player would make three in a line it can still
/// complete: the moves that settle a search soonest.
fn lively(board: Board) -> BitBoard {
    board
        .threat_makers(Mark::X)
        .or(board.threat_makers(Mark::O))
}
