//! The answer to one question: the first square, in row-major order, from
//! which x has a forced win.

use crate::bitboard::{BitBoard, Square};
use crate::board::{Board, Forced, Mark};
use crate::position::{BoardTree, Enhancements, Position};
use crate::search::Search;
use crate::tree::GameTree;
use crate::value::{INF, UNBOUNDED};

/// Whether the proven count rule settles the board without search: with
/// equal counts and at most 4 pieces, x has no forced win. `winmove verify`
/// checks this against the tablebase on every board it applies to.
pub fn shortcut_applies(board: Board) -> bool {
    let (x, o) = (board.marks(Mark::X).len(), board.marks(Mark::O).len());
    x == o && x + o <= 4
}

/// Answers questions with one search backend and one set of enhancements.
pub struct Solver<S: Search> {
    search: S,
    tree: BoardTree,
}

impl<S: Search> Solver<S> {
    /// A solver that searches with `search` on the board tree shaped by
    /// `enhancements`.
    pub fn new(search: S, enhancements: Enhancements) -> Solver<S> {
        Solver {
            search,
            tree: BoardTree::new(enhancements),
        }
    }

    /// The backend (for its statistics).
    pub fn search(&self) -> &S {
        &self.search
    }

    /// The backend, mutably (to reset its statistics).
    pub fn search_mut(&mut self) -> &mut S {
        &mut self.search
    }

    /// The first square, in row-major order, from which x (to move) has a
    /// forced win on `board`; `None` if there is none. The board must not
    /// hold a completed line.
    pub fn winning_move(&mut self, board: Board) -> Option<Square> {
        self.winning_move_with(board, |_| {})
    }

    /// [`Solver::winning_move`], calling `before` with each of x's moves
    /// just before it is searched (to label a trace).
    pub fn winning_move_with(
        &mut self,
        board: Board,
        mut before: impl FnMut(Square),
    ) -> Option<Square> {
        let enhancements = self.tree.enhancements();
        if enhancements.shortcut && shortcut_applies(board) {
            return None;
        }
        let root = Position {
            board,
            to_move: Mark::X,
        };
        // Static bounds may already rule out a win.
        if self.tree.upper_bound(&root) < INF {
            return None;
        }
        let empty = board.empty();
        // The squares to search, and the answer if none of them wins.
        let (candidates, otherwise) = if enhancements.forced {
            match board.forced(Mark::X) {
                // Only an earlier square can come before an immediate win.
                Forced::Win(sq) => (empty.before(sq), Some(sq)),
                Forced::Lose => (BitBoard::EMPTY, None),
                Forced::Block(sq) => (sq.bit(), None),
                Forced::Free => (empty, None),
            }
        } else {
            (empty, None)
        };
        // The window (0, INF) asks only "win or not"; the plain search asks
        // for the value with the window that rules nothing out.
        let (mut alpha, beta) = if enhancements.window {
            (0, INF)
        } else {
            (-UNBOUNDED, UNBOUNDED)
        };
        for sq in candidates {
            before(sq);
            let value = self.search.search(&self.tree, root.play(sq), alpha, beta);
            if value == INF {
                return Some(sq);
            }
            alpha = alpha.max(value);
        }
        otherwise
    }
}
