//! The answer to one question: the first square, in row-major order, from
//! which x has a forced win.

use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Forced, Mark};
use crate::protocol::Answer;
use crate::search::{Algo, Search};
use crate::tree::GameTree;
use crate::tree::board::{BoardNode, BoardTree, Enhancement, Enhancements, Position};
use crate::tree::value::{INF, Value, Window};

/// Whether the proven count rule settles the board without search: with
/// equal counts and at most 4 pieces, x has no forced win. `winmove verify`
/// checks this against the tablebase on every board it applies to.
pub fn shortcut_applies(board: Board) -> bool {
    // At most 4 pieces: none left once the lowest four are taken away (a
    // quick test first, as nearly every question has more).
    let mut pieces = board.empty().not().0;
    for _ in 0..4 {
        pieces &= pieces.wrapping_sub(1);
    }
    pieces == 0 && board.marks(Mark::X).len() == board.marks(Mark::O).len()
}

/// One of x's moves the answer loop (or the value loop, with a node of
/// the depth-limited tree) searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate<N = BoardNode> {
    /// Its number among the moves searched for this question, from 1.
    pub number: usize,
    /// The square x plays.
    pub square: Square,
    /// The position after the move (o to move), as the root of a search.
    pub node: N,
}

/// The answer loop: the first square, in row-major order, from which x (to
/// move) has a forced win on `board` in the tree `tree`, or `None`.
/// `search(candidate, window)` searches one of x's moves with a window and
/// returns a fail-soft result. The board must not hold a completed line.
pub fn answer(
    tree: &BoardTree,
    board: Board,
    mut search: impl FnMut(Candidate, Window) -> Value,
) -> Option<Square> {
    let enhancements = tree.enhancements();
    if enhancements.contains(Enhancement::Shortcut) && shortcut_applies(board) {
        return None;
    }
    let root = Position {
        board,
        to_move: Mark::X,
    };
    // Static bounds may already rule out a win.
    if tree.upper_bound(&BoardNode::root(root)) < INF {
        return None;
    }
    let empty = board.empty();
    // The squares to search, and the answer if none of them wins.
    let forced = enhancements.contains(Enhancement::Forced);
    let (candidates, otherwise) = if forced {
        match board.forced(Mark::X) {
            // Only an earlier square can come before an immediate win, and
            // only one that leaves o no line to complete at once.
            Forced::Win(sq) => {
                let earlier = empty.before(sq);
                let candidates = match board.defence(Mark::X) {
                    Forced::Free => earlier,
                    Forced::Block(block) => earlier.and(block.bit()),
                    Forced::Lose | Forced::Win(_) => BitBoard::EMPTY,
                };
                (candidates, Some(sq))
            }
            Forced::Lose => (BitBoard::EMPTY, None),
            Forced::Block(sq) => (sq.bit(), None),
            Forced::Free => (empty, None),
        }
    } else {
        (empty, None)
    };
    // The window (0, INF) asks only "win or not"; the plain search asks
    // for each move's value with the window that rules nothing out, then
    // lets a move that cannot beat the best so far fail low.
    let mut window = if enhancements.contains(Enhancement::Window) {
        Window::new(0, INF)
    } else {
        Window::FULL
    };
    // With the forced moves, no move left completes a line or leaves o
    // one to complete at once, so the threats it makes may decide it.
    let mut number = 0;
    for square in candidates {
        let node = BoardNode::root(root.play(square));
        if forced {
            match decided_by_threats(tree, &node) {
                Some(true) => return Some(square),
                Some(false) => continue,
                None => {}
            }
        }
        number += 1;
        let candidate = Candidate {
            number,
            square,
            node,
        };
        let value = search(candidate, window);
        if value == INF {
            return Some(square);
        }
        window.alpha = window.alpha.max(value);
    }
    otherwise
}

/// Whether x's move that made `node` (o to move) wins or not, as its
/// threats decide without a search; `None` if they do not. The move must
/// complete no line and leave o no line to complete at once (as every
/// move the loop searches with the forced moves). Then two threats win, as
/// o can block only one; one threat may be blocked, after which x, with
/// no threat, may be unable to force a win by the static bound (`bounds`).
fn decided_by_threats(tree: &BoardTree, node: &BoardNode) -> Option<bool> {
    let board = node.position.board;
    let threats = board.threats(Mark::X);
    let threat = threats.first()?;
    if threats.has_several() {
        return Some(true);
    }
    let blocked = Position {
        board: board.play(threat, Mark::O),
        to_move: Mark::X,
    };
    (tree.upper_bound(&BoardNode::root(blocked)) < INF).then_some(false)
}

/// Answers questions with one search backend and one set of enhancements.
#[derive(Debug)]
pub struct Solver<S: Search<BoardTree>> {
    search: S,
    tree: BoardTree,
}

impl<S: Search<BoardTree>> Solver<S> {
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

    /// The tree the solver searches.
    pub fn tree(&self) -> &BoardTree {
        &self.tree
    }

    /// The first square, in row-major order, from which x (to move) has a
    /// forced win on `board`; `None` if there is none. The board must not
    /// hold a completed line.
    pub fn winning_move(&mut self, board: Board) -> Option<Square> {
        let Solver { search, tree } = self;
        answer(tree, board, |candidate, window| {
            search.search(tree, candidate.node, window)
        })
    }
}

/// An error if two backends answered case `number` differently: each
/// answer is exact, so that is a bug in one of them.
pub fn disagreement(
    number: usize,
    (first, its): (Algo, Option<Square>),
    (other, answer): (Algo, Option<Square>),
) -> Result<(), String> {
    if its == answer {
        return Ok(());
    }
    Err(format!(
        "case {number}: --algo {first} answers {} but {other} answers {}: a bug in one of \
         them (please report it)",
        Answer(its),
        Answer(answer)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backends_that_answer_differently_are_an_error_naming_both() {
        let square = Some(Square::new(0, 1));
        let agree = disagreement(3, (Algo::AlphaBeta, square), (Algo::Minimax, square));
        assert_eq!(agree, Ok(()));
        let differ = disagreement(3, (Algo::AlphaBeta, square), (Algo::Minimax, None));
        assert_eq!(
            differ.unwrap_err(),
            "case 3: --algo alphabeta answers (0,1) but minimax answers #####: a bug in one of \
             them (please report it)"
        );
    }
}
