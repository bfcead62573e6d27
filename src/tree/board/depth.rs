//! The board searched to a depth limit, the lecture's depth-limited
//! minimax: a node carries the plies left, and a position with none left
//! is scored by an evaluation function ([`Eval`]).
//!
//! Whatever the depth, the rules come first: a four completed by the
//! player who just moved is won for that player (±inf), a full board
//! without four is 0. Any other position with no plies left is a leaf
//! worth its evaluation. The value of a node is so, by definition, that of
//! a plain depth-limited minimax; every enhancement keeps it:
//!
//! - `forced` concludes only what the plies left reveal: an immediate win
//!   needs one ply (the four is terminal at any depth), a lost position
//!   (two threats against the mover) and a forced block two (the
//!   opponent's four one ply after the mover's move);
//! - `bounds` (no forced win, so a value of at most 0) hold only when the
//!   search reaches the end of every line of play, with at least as many
//!   plies left as empty squares: then every leaf is a finished game;
//! - `tt` keys a position with its plies left, capped at its empty squares
//!   (deeper is the same exact value) and the evaluation when it is not
//!   exact, so equal keys still have equal values;
//! - `symmetry` stays: both evaluations are invariant under the 32
//!   automorphisms of the lines;
//! - `ordering` only orders, so it stays;
//! - `window` and `shortcut` belong to the answer loop, not to the tree.

use super::enhancements::{Enhancement, Enhancements};
use super::exact::BoardTree;
use super::moves::{self, Moves};
use super::position::DepthNode;
use crate::game::eval::Eval;
use crate::tree::value::{UNBOUNDED, Value, Window};
use crate::tree::{Expansion, GameTree, Keys};

/// The board's game tree searched to a depth limit, scored by an
/// evaluation, shaped by the enhancements that stay exact there: the exact
/// tree's, its bounds where the search is exact.
#[derive(Clone, Copy, Debug)]
pub struct DepthTree {
    board: BoardTree,
    eval: Eval,
}

impl DepthTree {
    /// The tree scored by `eval`, with `enhancements`.
    pub fn new(enhancements: Enhancements, eval: Eval) -> DepthTree {
        DepthTree {
            board: BoardTree::new(enhancements),
            eval,
        }
    }

    /// The enhancements in use.
    pub fn enhancements(&self) -> Enhancements {
        self.board.enhancements()
    }

    /// The evaluation at the depth limit.
    pub fn eval(&self) -> Eval {
        self.eval
    }
}

/// The children of a depth-limited node: the board's moves, one ply less
/// left.
#[derive(Clone, Debug)]
pub struct DepthMoves {
    pub(super) moves: Moves,
    pub(super) depth: u32,
}

impl Iterator for DepthMoves {
    type Item = DepthNode;

    #[inline]
    fn next(&mut self) -> Option<DepthNode> {
        let node = self.moves.next()?;
        Some(DepthNode {
            node,
            depth: self.depth,
        })
    }

    /// As the board's moves count: without making the children.
    #[inline]
    fn count(self) -> usize {
        self.moves.count()
    }

    /// As the board's moves skip: without making the children skipped.
    #[inline]
    fn nth(&mut self, n: usize) -> Option<DepthNode> {
        let node = self.moves.nth(n)?;
        Some(DepthNode {
            node,
            depth: self.depth,
        })
    }

    /// Exact, as the board's moves' is.
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for DepthMoves {}

/// A key's bits above the position's (33 of them: the board's 32, then
/// the player to move): 0 where the search is exact, else the plies left
/// plus one (5 bits) and the evaluation's number above them.
fn horizon(node: &DepthNode, eval: Eval) -> u64 {
    if node.exact() {
        0
    } else {
        (node.depth as u64 + 1) | (eval as u64) << 5
    }
}

impl GameTree for DepthTree {
    type Node = DepthNode;
    type Children = DepthMoves;

    #[inline]
    fn is_max(&self, node: &DepthNode) -> bool {
        self.board.is_max(&node.node)
    }

    #[inline(always)] // into the search's node loop, as the board tree's
    fn expand(&self, node: &DepthNode) -> Expansion<DepthMoves> {
        let enhancements = self.enhancements();
        let score = |board| self.eval.score(board);
        match moves::expand(&node.node, enhancements, node.depth, score) {
            Expansion::Leaf(value) => Expansion::Leaf(value),
            Expansion::Inner(moves) => Expansion::Inner(DepthMoves {
                moves,
                depth: node.depth - 1,
            }),
        }
    }

    /// The board's bound, where the search is exact.
    #[inline]
    fn upper_bound(&self, node: &DepthNode) -> Value {
        if node.exact() {
            self.board.upper_bound(&node.node)
        } else {
            UNBOUNDED
        }
    }

    /// The board's bound, where the search is exact.
    #[inline]
    fn lower_bound(&self, node: &DepthNode) -> Value {
        if node.exact() {
            self.board.lower_bound(&node.node)
        } else {
            -UNBOUNDED
        }
    }

    /// As the board's tree settles, where the search is exact.
    #[inline]
    fn settle(&self, node: &DepthNode, window: Window) -> Option<Value> {
        if !node.exact() {
            return None;
        }
        self.board.settle(&node.node, window)
    }

    /// With `tt`, keys name positions with their plies left; without it,
    /// paths from the root.
    #[inline]
    fn keys(&self) -> Keys {
        self.board.keys()
    }

    #[inline]
    fn key(&self, node: &DepthNode) -> Option<u64> {
        let key = self.board.key(&node.node)?;
        if !self.enhancements().contains(Enhancement::Tt) {
            return Some(key);
        }
        Some(key | horizon(node, self.eval) << 33)
    }

    #[inline]
    fn transposition_cutoffs(&self) -> bool {
        self.board.transposition_cutoffs()
    }
}
