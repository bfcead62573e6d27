//! The answer to one question: the first square, in row-major order, from
//! which x has a forced win.

use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Forced, Mark};
use crate::game::line_tables::{ALL_LINES, LINES_THROUGH};
use crate::search::Search;
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
    let (candidates, otherwise) = if enhancements.contains(Enhancement::Forced) {
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
                let bounds = enhancements.contains(Enhancement::Bounds);
                before_a_win(board, sq, candidates, bounds)
            }
            Forced::Lose => (BitBoard::EMPTY, None),
            Forced::Block(sq) => (sq.bit(), None),
            // A move making two threats wins (o has none to make first):
            // only the squares before the first such move are searched.
            Forced::Free => match board.threat_makers_on(Mark::X, ALL_LINES)[1].first() {
                Some(fork) => (empty.before(fork), Some(fork)),
                None => (empty, None),
            },
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
    // With the forced moves, no move searched completes a line.
    let forced = enhancements.contains(Enhancement::Forced);
    let mut number = 0;
    for square in candidates {
        let node = BoardNode::root(root.play(square));
        if forced && blocked_threat_is_bounded(tree, &node) {
            continue;
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

/// Whether x's move that made `node` (o to move), a move that completes
/// no line, is shown not to win without a search: it leaves x a threat, o
/// may block it, and then x cannot force a win by the static bound
/// (`bounds`; a second threat would still stand after the block, and give
/// no bound).
fn blocked_threat_is_bounded(tree: &BoardTree, node: &BoardNode) -> bool {
    let board = node.position.board;
    let Some(threat) = board.threats(Mark::X).first() else {
        return false;
    };
    let blocked = Position {
        board: board.play(threat, Mark::O),
        to_move: Mark::X,
    };
    tree.upper_bound(&BoardNode::root(blocked)) < INF
}

/// The squares to search before x's immediate win at `sq` (the first),
/// and the answer if none of them wins, from `candidates`: the earlier
/// squares after which o cannot complete a line at once. Each of them
/// leaves o to block `sq`, so those the threats decide are not searched:
/// - a candidate wins if x already threatens twice, or if it makes a
///   threat on a line not through `sq` (o cannot block both): the first
///   such candidate is the answer unless an earlier one wins;
/// - with `bounds`, any other candidate lets o block `sq`, and leaves x
///   to move, with no threat, on only the lines it could complete that do
///   not pass through `sq`: with at most one of them, x cannot force a
///   win (the static bound, applied here to every candidate at once, as
///   it is to the root before), so nothing is searched.
fn before_a_win(
    board: Board,
    sq: Square,
    candidates: BitBoard,
    bounds: bool,
) -> (BitBoard, Option<Square>) {
    let elsewhere = board.open_lines(Mark::X) & !LINES_THROUGH[sq.index()];
    let winners = if board.threats(Mark::X).has_several() {
        candidates
    } else {
        candidates.and(board.threat_makers_on(Mark::X, elsewhere)[0])
    };
    let first = winners.first();
    let otherwise = first.or(Some(sq));
    if bounds && elsewhere & elsewhere.wrapping_sub(1) == 0 {
        return (BitBoard::EMPTY, otherwise);
    }
    let searched = first.map_or(candidates, |win| candidates.before(win));
    (searched, otherwise)
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
